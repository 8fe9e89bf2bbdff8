/**
 * Results held for the moment of the charge. A worker writes its result here *before* it charges the
 * reservation, so whenever a reservation is charged its result is durable and whoever settles the
 * request's answer (the API process holding the client, a retry with the same Idempotency-Key, a
 * retried job, the reservation sweeper) can deliver it, even when the worker died right after the
 * charge or could not publish. A row is a short-lived hand-over, not history (the event log holds the
 * charge; the idempotency stream holds a keyed result for replays): it is deleted once the result is
 * delivered and stored, or once its reservation was refunded. Rows are keyed by account and request
 * id, so equal request ids of two accounts never meet.
 */
import type { Pool } from 'pg';
import type { CompanionStatement } from './eventstore/types.js';
import { LOCK_NAMESPACE, PENDING_RESULTS_SETUP } from './eventstore/postgres-schema.js';

export interface PendingResult {
  accountId: string;
  requestId: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
  createdAt: Date;
}

export interface PendingEntry {
  accountId: string; requestId: string; idempotencyKey: string | null; body: Record<string, unknown>;
  /** `body` already serialised (JSON.stringify), when the caller has it. */
  json?: string;
}

export interface PendingResultsPort {
  put(entry: PendingEntry): Promise<void>;
  /** The put as a statement to commit with the charge, where the event store shares this database (`EventStore.companions`). */
  putStatement(entry: PendingEntry): CompanionStatement;
  get(accountId: string, requestId: string): Promise<PendingResult | null>;
  delete(accountId: string, requestId: string): Promise<void>;
}

interface Row { account_id: string; request_id: string; idempotency_key: string | null; body: Record<string, unknown>; created_at: Date }

const toResult = (r: Row): PendingResult => ({ accountId: r.account_id, requestId: r.request_id, idempotencyKey: r.idempotency_key, body: r.body, createdAt: r.created_at });

interface QueuedDelete { accountId: string; requestId: string; done: (err?: unknown) => void }

export class PendingResults implements PendingResultsPort {
  /** Deletes asked for while one DELETE statement is in flight: they go together in the next one. */
  private queued: QueuedDelete[] = [];
  private deleting = false;

  /**
   * `deleteLingerMs`: a delete that finds none in flight waits this long for others to join it (default 10). Deleting
   * each delivered result at once made about two statements for every three requests under load, each a transaction
   * and a WAL flush of its own; the worker waits these few milliseconds after the answer has gone out.
   */
  constructor(private readonly pool: Pool, private readonly deleteLingerMs = 10) {}

  /**
   * Creates the table when missing, under a transaction-level advisory lock: processes starting together raced on
   * `CREATE TABLE IF NOT EXISTS`, whose loser can fail on the catalog's unique indexes in more ways than a duplicate
   * table (`type "pending_results" already exists` stopped an API process of a scale-out start).
   */
  async setup(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, PENDING_RESULTS_SETUP]);
      await client.query(`CREATE TABLE IF NOT EXISTS pending_results (
        account_id text NOT NULL,
        request_id text NOT NULL,
        idempotency_key text,
        body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, request_id)
      )`);
      await client.query('CREATE INDEX IF NOT EXISTS pending_results_created_at ON pending_results (created_at)');
      await client.query('COMMIT');
    } catch (err: unknown) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Idempotent: a retried job writing its own result again keeps the first one (the one that may have been charged). */
  async put(entry: PendingEntry): Promise<void> {
    const { text, values } = this.putStatement(entry);
    await this.pool.query(text, values);
  }

  putStatement(entry: PendingEntry): CompanionStatement {
    return {
      text: `INSERT INTO pending_results (account_id, request_id, idempotency_key, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, request_id) DO NOTHING`,
      values: [entry.accountId, entry.requestId, entry.idempotencyKey, entry.json ?? JSON.stringify(entry.body)],
    };
  }

  async get(accountId: string, requestId: string): Promise<PendingResult | null> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM pending_results WHERE account_id = $1 AND request_id = $2', [accountId, requestId]);
    return rows[0] ? toResult(rows[0]) : null;
  }

  /**
   * Resolves once the row is gone. Sent after `deleteLingerMs` when no delete is in flight; otherwise it joins the rows
   * that go together in one statement as soon as the one in flight is done (one statement for many delivered results
   * under load).
   */
  delete(accountId: string, requestId: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ accountId, requestId, done: (err?: unknown) => (err === undefined ? resolve() : reject(err)) });
      if (this.deleting) return;
      this.deleting = true;
      if (this.deleteLingerMs > 0) setTimeout(() => void this.deleteQueued(), this.deleteLingerMs);
      else void this.deleteQueued();
    });
  }

  private async deleteQueued(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        // Named: prepared once per connection (it runs for every delivered result).
        await this.pool.query({
          name: 'hz_pending_delete',
          text: `DELETE FROM pending_results p USING unnest($1::text[], $2::text[]) AS gone(account_id, request_id)
           WHERE p.account_id = gone.account_id AND p.request_id = gone.request_id`,
          values: [batch.map((d) => d.accountId), batch.map((d) => d.requestId)],
        });
        for (const d of batch) d.done();
      } catch (err: unknown) {
        for (const d of batch) d.done(err ?? new Error('delete failed'));
      }
    }
    this.deleting = false;
  }

  /** Rows older than `before` (the sweeper finishes or drops them), oldest first. */
  async olderThan(before: Date, limit: number): Promise<PendingResult[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM pending_results WHERE created_at < $1 ORDER BY created_at LIMIT $2', [before, limit]);
    return rows.map(toResult);
  }
}
