/**
 * The PostgreSQL event store: one append-only `events` table. How positions stay gap-safe for
 * readers while appends run concurrently is explained in postgres-log-reader.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import {
  WrongExpectedRevisionError,
  type AllSubscription, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent,
  type ReadOptions, type RecordedEvent,
} from './types.js';
import {
  APPENDS_IN_FLIGHT, EVENT_COLUMNS, LOCK_NAMESPACE, STREAM_LOCK_NAMESPACE, ensureEventsTable, type EventRow,
} from './postgres-schema.js';
import { readLogAfter, toRecordedEvent } from './postgres-log-reader.js';
import { AppendNotifications, pollingSubscription } from './postgres-subscription.js';

export interface PostgresEventStoreOptions {
  /** Live subscriptions look for new events at least this often, notification or not (default 300). */
  pollIntervalMs?: number;
  /** Events per catch-up page (default 500). */
  pageSize?: number;
}

/** Retries of an 'any' / 'stream_exists' append that met a concurrent writer of the same revision (a safety net: the stream lock prevents it). */
const APPEND_ATTEMPTS = 5;
const PING_TIMEOUT_MS = 2_000;
const UNIQUE_VIOLATION = '23505';

// Checks the expectation and inserts in one statement, so a conflict costs no extra round trip.
// Two appends computing the same next revision meet on the unique (stream, revision) constraint.
const APPEND_SQL = `
  WITH head AS (
    SELECT coalesce(max(revision), -1) AS rev FROM events WHERE stream = $1
  ), checked AS (
    SELECT rev, CASE $6::text
                  WHEN 'any' THEN true
                  WHEN 'no_stream' THEN rev = -1
                  WHEN 'stream_exists' THEN rev >= 0
                  ELSE rev = $7::bigint
                END AS ok
    FROM head
  ), inserted AS (
    INSERT INTO events (stream, revision, id, type, data, metadata)
    SELECT $1, checked.rev + e.ord, e.id, e.type, e.data, e.metadata
    FROM checked, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
    WHERE checked.ok
    ORDER BY e.ord
    RETURNING position, revision
  )
  SELECT checked.rev::text AS current, checked.ok,
         (SELECT max(position) FROM inserted)::text AS position,
         (SELECT max(revision) FROM inserted)::text AS revision
  FROM checked`;

type AppendAttempt =
  | { outcome: 'appended'; result: AppendResult }
  | { outcome: 'conflict'; current: bigint }
  | { outcome: 'race' };

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly notifications: AppendNotifications;
  private readonly subscriptions = new Set<AllSubscription>();
  private readonly pollIntervalMs: number;
  private readonly pageSize: number;

  /**
   * Creates the `events` table when missing (idempotent, safe when several processes start at once).
   * Queries use `pool`, which stays the caller's to end; live subscriptions add one LISTEN connection.
   */
  static async create(pool: Pool, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await ensureEventsTable(pool);
    return new PostgresEventStore(pool, options);
  }

  private constructor(private readonly pool: Pool, options: PostgresEventStoreOptions) {
    this.notifications = new AppendNotifications(pool);
    this.pollIntervalMs = options.pollIntervalMs ?? 300;
    this.pageSize = options.pageSize ?? 500;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.tryAppend(stream, events, expected);
      if (outcome.outcome === 'appended') {
        if (events.length > 0) this.notifications.announce();
        return outcome.result;
      }
      if (outcome.outcome === 'conflict') {
        throw new WrongExpectedRevisionError(stream, expected, outcome.current < 0n ? 'no_stream' : outcome.current);
      }
      // Lost a race for the next revision: 'any' and 'stream_exists' still hold, so try on the new head.
      if ((expected === 'any' || expected === 'stream_exists') && attempt < APPEND_ATTEMPTS) continue;
      const current = await this.currentRevision(stream);
      throw new WrongExpectedRevisionError(stream, expected, current < 0n ? 'no_stream' : current);
    }
  }

  async read(stream: string, options: ReadOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY events.revision LIMIT $3`,
      [stream, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    );
    return rows.map(toRecordedEvent);
  }

  readAll(after: bigint | null, maxCount: number): Promise<RecordedEvent[]> {
    return readLogAfter(this.pool, after, maxCount);
  }

  /**
   * Catch-up then live. Iteration ends with an error when the database fails; resubscribe from the
   * last position handled.
   */
  subscribeToAll(fromPosition: bigint | null): AllSubscription {
    const subscription = pollingSubscription(fromPosition, {
      readPage: (after, maxCount) => readLogAfter(this.pool, after, maxCount),
      notifications: this.notifications,
      pollIntervalMs: this.pollIntervalMs,
      pageSize: this.pageSize,
      onClose: (closed) => this.subscriptions.delete(closed),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Newest visible position, -1n when the log is empty. */
  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string }>('SELECT coalesce(max(position), -1)::text AS head FROM events');
    return BigInt(rows[0]!.head);
  }

  async ping(): Promise<void> {
    const query = this.pool.query('SELECT 1');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`event store ping timed out after ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    query.catch(() => {}); // a late failure after the timeout must not become an unhandled rejection
    try {
      await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends live subscriptions and the LISTEN connection; the pool is left open. Safe twice. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.notifications.close();
  }

  private async currentRevision(stream: string): Promise<bigint> {
    const { rows } = await this.pool.query<{ rev: string }>(
      'SELECT coalesce(max(revision), -1)::text AS rev FROM events WHERE stream = $1', [stream],
    );
    return BigInt(rows[0]!.rev);
  }

  private async tryAppend(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendAttempt> {
    const params = [
      stream,
      events.map((e) => e.id ?? randomUUID()),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
      typeof expected === 'bigint' ? 'exact' : expected,
      typeof expected === 'bigint' ? expected.toString() : null,
    ];
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      // Appends to one stream queue on its lock, so each checks its expectation against the committed
      // head of the one before it (the unique (stream, revision) stays as a backstop). Then the shared
      // in-flight lock, taken before any position is drawn: that is what readers wait on (see
      // postgres-log-reader.ts). Both keys are integers computed here, safe to inline.
      await client.query(
        `BEGIN; SELECT pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, ${streamLockKey(stream)});`
        + ` SELECT pg_advisory_xact_lock_shared(${LOCK_NAMESPACE}, ${APPENDS_IN_FLIGHT})`,
      );
      const { rows } = await client.query<{ current: string; ok: boolean; position: string | null; revision: string | null }>(APPEND_SQL, params);
      const row = rows[0]!;
      if (!row.ok) {
        await client.query('ROLLBACK');
        return { outcome: 'conflict', current: BigInt(row.current) };
      }
      await client.query('COMMIT');
      if (row.position === null || row.revision === null) return { outcome: 'appended', result: await this.emptyAppend(client, stream, row.current) };
      return { outcome: 'appended', result: { nextExpectedRevision: BigInt(row.revision), position: BigInt(row.position) } };
    } catch (err: unknown) {
      broken = await rollbackAfter(client, err);
      if (sqlState(err) === UNIQUE_VIOLATION && constraintOf(err) === 'events_stream_revision_key') return { outcome: 'race' };
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Appending no events only checks the expectation; report where the stream stands. */
  private async emptyAppend(client: PoolClient, stream: string, current: string): Promise<AppendResult> {
    const { rows } = await client.query<{ position: string | null }>(
      'SELECT position::text AS position FROM events WHERE stream = $1 ORDER BY revision DESC LIMIT 1', [stream],
    );
    return { nextExpectedRevision: BigInt(current), position: BigInt(rows[0]?.position ?? '-1') };
  }
}

/** A stable signed 32-bit key per stream name; a collision only makes two streams queue together. */
function streamLockKey(stream: string): number {
  return createHash('sha1').update(stream).digest().readInt32BE(0);
}

/** Rolls back after a failed statement; returns the error to destroy the client with when the connection itself is suspect. */
async function rollbackAfter(client: PoolClient, err: unknown): Promise<Error | undefined> {
  if (sqlState(err) === undefined) return err instanceof Error ? err : new Error(String(err));
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (rollbackErr: unknown) {
    return rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
  }
}

/** The SQLSTATE of an error the server reported; undefined for connection and client-side errors. */
function sqlState(err: unknown): string | undefined {
  return err instanceof pg.DatabaseError ? err.code : undefined;
}

function constraintOf(err: unknown): string | undefined {
  return err instanceof pg.DatabaseError ? err.constraint : undefined;
}
