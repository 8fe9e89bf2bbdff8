/** What a read model is to the runner: its tables and how it applies events to them. */
import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../infra/eventstore/types.js';

export interface Projection {
  name: string;
  /** Idempotent DDL for its tables (CREATE TABLE IF NOT EXISTS ...). */
  setup(client: PoolClient): Promise<void>;
  /** Table names it owns (emptied, inside the rebuild's transaction, on rebuild). */
  tables: string[];
  /** Applies one event with idempotent upserts; ignores event types it does not handle. */
  apply(event: RecordedEvent, client: PoolClient): Promise<void>;
  /**
   * Optional: applies consecutive events at once, with the same end state as `apply` on each in order but
   * fewer statements (batches and rebuilds use it when present).
   */
  applyMany?(events: readonly RecordedEvent[], client: PoolClient): Promise<void>;
}
