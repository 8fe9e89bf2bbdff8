/**
 * The PostgreSQL event store: one append-only `events` table. How positions stay gap-safe for
 * readers while appends run concurrently is explained in postgres-log-reader.ts.
 */
import { hash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Pool } from 'pg';
import {
  WrongExpectedRevisionError,
  type AllSubscription, type AppendOptions, type AppendResult, type CompanionStatement, type EventStore, type ExpectedRevision, type NewEvent,
  type ReadOptions, type RecordedEvent,
} from './types.js';
import {
  EVENT_COLUMNS, EVENTS_CHANNEL, ensureEventsTable, type EventRow,
} from './postgres-schema.js';
import { readLogAfter, toRecordedEvent } from './postgres-log-reader.js';
import { PgNotifications } from '../pg-notifications.js';
import { pollingSubscription } from './postgres-subscription.js';

export interface PostgresEventStoreOptions {
  /** Live subscriptions look for new events at least this often, notification or not (default 300). */
  pollIntervalMs?: number;
  /** Events per catch-up page (default 500). */
  pageSize?: number;
  /** Live subscriptions read a page at most this often while appends keep coming (default 100; see pollingSubscription). */
  minReadIntervalMs?: number;
  /** Appends announce themselves (NOTIFY) at most this often (default 25; see PgNotifications). */
  notifyIntervalMs?: number;
}

/** Retries of an 'any' / 'stream_exists' append that met a concurrent writer of the same revision (a safety net: the stream lock prevents it). */
const APPEND_ATTEMPTS = 5;
const PING_TIMEOUT_MS = 2_000;
const UNIQUE_VIOLATION = '23505';

// One round trip: the function (postgres-schema.ts) takes the locks, checks the expectation and inserts.
// Two appends computing the same next revision meet on the unique (stream, revision) constraint.
const APPEND_SQL = `
  SELECT o_current::text AS current, o_ok AS ok, o_position::text AS position, o_revision::text AS revision
  FROM hz_append_events($1, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text, $7::bigint, $8::int)`;

const APPEND_PARAMS = 8;

/**
 * The append with a companion statement in front, as a data-modifying WITH clause: PostgreSQL runs it to completion
 * whether or not the query reads it, and the one statement commits or rolls back both. Its placeholders follow the append's.
 */
function withCompanion(companion: CompanionStatement): { name: string; text: string } {
  // A process has a companion statement or two (the result put), met at every charge: built and named once each.
  let statement = companionStatements.get(companion.text);
  if (!statement) {
    const text = companion.text.replace(/\$(\d+)/gu, (_, n: string) => `$${Number(n) + APPEND_PARAMS}`);
    const sql = `WITH companion AS (${text}) ${APPEND_SQL}`;
    statement = { name: `hz_append_with_${hash('sha1', sql, 'hex').slice(0, 16)}`, text: sql };
    if (companionStatements.size >= 100) companionStatements.clear();
    companionStatements.set(companion.text, statement);
  }
  return statement;
}

const companionStatements = new Map<string, { name: string; text: string }>();

/**
 * The statements of every request are named, so each pooled connection parses and plans them once (a named statement
 * is prepared on a connection at its first use); unnamed, they were parsed and planned at every call.
 */
const APPEND_STATEMENT = { name: 'hz_append', text: APPEND_SQL };
const READ_STREAM_STATEMENT = { name: 'hz_read_stream', text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY events.revision LIMIT $3` };

type AppendAttempt =
  | { outcome: 'appended'; result: AppendResult }
  | { outcome: 'conflict'; current: bigint }
  | { outcome: 'race' };

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly companions = true;
  private readonly notifications: PgNotifications;
  private readonly subscriptions = new Set<AllSubscription>();
  private readonly pollIntervalMs: number;
  private readonly pageSize: number;
  private readonly minReadIntervalMs: number;

  /**
   * Creates the `events` table when missing (idempotent, safe when several processes start at once).
   * Queries use `pool`, which stays the caller's to end; live subscriptions add one LISTEN connection.
   */
  static async create(pool: Pool, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await ensureEventsTable(pool);
    return new PostgresEventStore(pool, options);
  }

  private constructor(private readonly pool: Pool, options: PostgresEventStoreOptions) {
    this.notifications = new PgNotifications(pool, EVENTS_CHANNEL, options.notifyIntervalMs ?? 25);
    this.pollIntervalMs = options.pollIntervalMs ?? 300;
    this.pageSize = options.pageSize ?? 500;
    this.minReadIntervalMs = options.minReadIntervalMs ?? 100;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.tryAppend(stream, events, expected, options.companion);
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
    const { rows } = await this.pool.query<EventRow>({
      ...READ_STREAM_STATEMENT, values: [stream, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    });
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
      minReadIntervalMs: this.minReadIntervalMs,
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

  private async tryAppend(stream: string, events: NewEvent[], expected: ExpectedRevision, companion?: CompanionStatement): Promise<AppendAttempt> {
    const params: unknown[] = [
      stream,
      events.map((e) => e.id ?? randomUUID()),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
      typeof expected === 'bigint' ? 'exact' : expected,
      typeof expected === 'bigint' ? expected.toString() : null,
      streamLockKey(stream),
    ];
    if (companion) params.push(...companion.values);
    try {
      // A single statement in its own implicit transaction: the locks it takes last until it commits.
      const { rows } = await this.pool.query<{ current: string; ok: boolean; position: string | null; revision: string | null }>({
        ...(companion ? withCompanion(companion) : APPEND_STATEMENT), values: params,
      });
      const row = rows[0]!;
      if (!row.ok) return { outcome: 'conflict', current: BigInt(row.current) };
      return { outcome: 'appended', result: { nextExpectedRevision: BigInt(row.revision!), position: BigInt(row.position!) } };
    } catch (err: unknown) {
      if (sqlState(err) === UNIQUE_VIOLATION && constraintOf(err) === 'events_stream_revision_key') return { outcome: 'race' };
      throw err;
    }
  }
}

/** A stable signed 32-bit key per stream name; a collision only makes two streams queue together. */
function streamLockKey(stream: string): number {
  return hash('sha1', stream, 'buffer').readInt32BE(0);
}

/** The SQLSTATE of an error the server reported; undefined for connection and client-side errors. */
function sqlState(err: unknown): string | undefined {
  return err instanceof pg.DatabaseError ? err.code : undefined;
}

function constraintOf(err: unknown): string | undefined {
  return err instanceof pg.DatabaseError ? err.constraint : undefined;
}
