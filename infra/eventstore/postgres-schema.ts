/** The `events` table of the PostgreSQL event store, and the advisory lock keys its protocol uses. */
import type { Pool } from 'pg';

/**
 * Two-int advisory lock keys (pg_locks shows them as classid/objid with objsubid = 2).
 * APPENDS_IN_FLIGHT is held in SHARED mode by every append from before it draws positions until it
 * ends; shared holders never block each other, the lock only makes in-flight appends visible to readers.
 */
export const LOCK_NAMESPACE = 0x687a;
export const APPENDS_IN_FLIGHT = 1;
const SCHEMA_SETUP = 2;
/** Namespace of per-stream exclusive locks (second key: a 32-bit hash of the stream name). */
export const STREAM_LOCK_NAMESPACE = 0x687b;

/** The channel appends notify after they commit; listeners treat it as a wake-up only. */
export const EVENTS_CHANNEL = 'events_appended';

/** Select list with bigints as text; its aliases shadow the columns, so ORDER BY must say `events.position`. */
export const EVENT_COLUMNS = 'position::text AS position, stream, revision::text AS revision, id::text AS id, type, data, metadata, created_at';

export interface EventRow {
  position: string; stream: string; revision: string; id: string; type: string;
  data: unknown; metadata: Record<string, unknown> | null; created_at: Date;
}

/**
 * Creates the table when missing. Concurrent CREATE TABLE IF NOT EXISTS can still fail on the
 * catalog's unique indexes, so the DDL runs under a transaction-level advisory lock.
 */
export async function ensureEventsTable(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, SCHEMA_SETUP]);
    // CACHE 1 keeps the sequence strictly increasing in the order values are drawn across sessions,
    // which the gap-safe reader relies on.
    await client.query(`
      CREATE TABLE IF NOT EXISTS events (
        position   bigint GENERATED ALWAYS AS IDENTITY (CACHE 1) PRIMARY KEY,
        stream     text        NOT NULL,
        revision   bigint      NOT NULL,
        id         uuid        NOT NULL,
        type       text        NOT NULL,
        data       jsonb       NOT NULL,
        metadata   jsonb       NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_revision_key UNIQUE (stream, revision)
      )`);
    await client.query('COMMIT');
  } catch (err: unknown) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
