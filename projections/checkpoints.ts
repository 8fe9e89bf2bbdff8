/**
 * Checkpoints of projections, and the two transaction shapes events are applied in.
 *
 * Live and catch-up runners (`applyBatch`): lock the projection's checkpoint row, apply what lies
 * past it, move it, commit. Any number of runners (projector, admin CLI) can work on one
 * projection at once without applying an event twice, and a crash loses at most an uncommitted batch.
 *
 * Rebuild (`rebuildProjections`): ONE transaction empties the tables, replays the log from the
 * start and moves the checkpoint. Readers (MVCC) see the old rows until it commits and the rebuilt
 * ones from then on, never an empty or half-replayed table. The tables are emptied with DELETE:
 * TRUNCATE would take an ACCESS EXCLUSIVE lock and block every reader until the commit.
 *
 * While a rebuild holds a projection, `applyBatch` must not queue up behind it: a waiting runner
 * would hold a pooled connection for the whole replay, and enough of them (live runners, commands
 * catching up) would exhaust the pool the replay itself reads the log through. So a rebuild holds
 * an exclusive advisory lock per projection, `applyBatch` takes it shared with try-lock semantics
 * and, when it is taken, returns `rebuilding` at once; the caller releases its connection, waits
 * and retries. After the commit the checkpoint is at the replayed head, so a retried batch skips
 * what the rebuild applied and applies the rest: nothing twice, nothing left out.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

/** Applies `events` in order through `applyMany` when the projection has it, else one by one. */
export async function applyEvents(projection: Projection, events: readonly RecordedEvent[], client: PoolClient): Promise<void> {
  if (events.length === 0) return;
  if (projection.applyMany) return projection.applyMany(events, client);
  for (const event of events) await projection.apply(event, client);
}

/** Checkpoint value meaning "nothing applied yet": every position in the log is above it. */
export const START_POSITION = -1n;

const LOCK_NAMESPACE = 0x687a;
const PROJECTION_SETUP = 3;
/** Per-projection rebuild locks; second key: hashtext(projection name). */
const REBUILD_LOCK_NAMESPACE = 0x687c;

export type BatchOutcome =
  /** Applied the events past the checkpoint (possibly none: another runner had them already). */
  | { kind: 'applied'; applied: number; checkpoint: bigint }
  /** The checkpoint is below the batch (it was moved back): read again from `checkpoint`. */
  | { kind: 'behind'; checkpoint: bigint }
  /** A rebuild of the projection is in progress; nothing was applied: retry the same batch later. */
  | { kind: 'rebuilding' };

/** What a rebuild's replay hands the log to. */
export interface Replay {
  /**
   * Applies events to every projection being rebuilt, inside the rebuild's transaction. Calls
   * must together be the log from its first event, contiguous and in order.
   */
  apply(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * Creates the checkpoint table and each projection's tables, and a checkpoint row per projection.
 * Serialised by an advisory lock because concurrent CREATE ... IF NOT EXISTS can still collide.
 * A projection being rebuilt is left alone: its tables exist (the rebuild set them up before it
 * started) and CREATE INDEX IF NOT EXISTS would wait for the rebuild to commit, holding up the
 * start of every process meanwhile.
 *
 * One query first: when this very set of projections, with this very DDL, was set up before (its
 * fingerprint is recorded) and every table, index and checkpoint row is there, nothing is run.
 * Short-lived processes (the admin CLI) then pay one round trip instead of a transaction of DDL under
 * a lock; an index an operator dropped is created again by the next process that starts.
 */
export async function setUpProjections(pool: Pool, projections: readonly Projection[]): Promise<void> {
  const setup = await recordSetup(projections);
  if (await alreadySetUp(pool, projections, setup)) return;
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, PROJECTION_SETUP]);
    await client.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name       text        PRIMARY KEY,
      position   bigint      NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await client.query(`CREATE TABLE IF NOT EXISTS projection_setups (
      fingerprint text        PRIMARY KEY,
      set_up_at   timestamptz NOT NULL DEFAULT now()
    )`);
    let complete = true;
    for (const projection of projections) {
      if (await tryRebuildLockShared(client, projection.name)) await projection.setup(client);
      else complete = false;
      await client.query(
        'INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
        [projection.name, START_POSITION.toString()],
      );
    }
    if (complete) await client.query('INSERT INTO projection_setups (fingerprint) VALUES ($1) ON CONFLICT DO NOTHING', [setup.fingerprint]);
  });
}

/** What the projections' `setup` does, recorded rather than executed. */
interface RecordedSetup {
  /** A hash of the projections' names, tables and DDL. */
  fingerprint: string;
  /** The indexes the DDL creates. */
  indexes: string[];
}

const CREATED_INDEX = /CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?IF\s+NOT\s+EXISTS\s+("?[\w$]+"?)/giu;

async function recordSetup(projections: readonly Projection[]): Promise<RecordedSetup> {
  const hash = createHash('sha256');
  const indexes: string[] = [];
  const recorder = {
    async query(query: string | { text: string }) {
      const text = typeof query === 'string' ? query : query.text;
      hash.update(text).update('\u0000');
      for (const m of text.matchAll(CREATED_INDEX)) indexes.push(m[1]!);
      return { rows: [], rowCount: 0 };
    },
  } as unknown as PoolClient;
  for (const projection of projections) {
    hash.update(`${projection.name}\u0000${projection.tables.join(',')}\u0000`);
    await projection.setup(recorder);
  }
  return { fingerprint: hash.digest('hex'), indexes };
}

const UNDEFINED_TABLE = '42P01';

async function alreadySetUp(pool: Pool, projections: readonly Projection[], setup: RecordedSetup): Promise<boolean> {
  try {
    const { rows } = await pool.query<{ ready: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM projection_setups WHERE fingerprint = $1)
          AND (SELECT count(*) FROM projection_checkpoints WHERE name = ANY($2::text[])) = cardinality($2::text[])
          AND (SELECT coalesce(bool_and(to_regclass(t) IS NOT NULL), true) FROM unnest($3::text[]) AS t) AS ready`,
      [setup.fingerprint, [...new Set(projections.map((p) => p.name))], [...projections.flatMap((p) => p.tables), ...setup.indexes]],
    );
    return rows[0]?.ready === true;
  } catch (err: unknown) {
    if ((err as { code?: string }).code === UNDEFINED_TABLE) return false; // a database never set up
    throw err;
  }
}

export async function readCheckpoints(pool: Pool): Promise<Map<string, bigint>> {
  const { rows } = await pool.query<{ name: string; position: string }>('SELECT name, position::text AS position FROM projection_checkpoints');
  return new Map(rows.map((r) => [r.name, BigInt(r.position)]));
}

export async function readCheckpoint(pool: Pool, name: string): Promise<bigint> {
  const { rows } = await pool.query<{ position: string }>('SELECT position::text AS position FROM projection_checkpoints WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`projection ${name} has no checkpoint row: set it up first`);
  return BigInt(rows[0].position);
}

/**
 * Applies `events` (every event of the log in (after, last], in order) in one transaction.
 * Events at or below the stored checkpoint are skipped. A checkpoint below `after` means the
 * batch does not connect to what was applied, so nothing is applied.
 */
export async function applyBatch(pool: Pool, projection: Projection, after: bigint, events: readonly RecordedEvent[]): Promise<BatchOutcome> {
  return inTransaction(pool, async (client) => {
    if (!(await tryRebuildLockShared(client, projection.name))) return { kind: 'rebuilding' };
    const checkpoint = await lockCheckpoint(client, projection.name);
    if (checkpoint < after) return { kind: 'behind', checkpoint };
    const fresh = events.filter((e) => e.position > checkpoint);
    await applyEvents(projection, fresh, client);
    const last = fresh.at(-1);
    if (!last) return { kind: 'applied', applied: 0, checkpoint };
    await client.query(
      'UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1',
      [projection.name, last.position.toString()],
    );
    return { kind: 'applied', applied: fresh.length, checkpoint: last.position };
  });
}

/**
 * `applyBatch` for several projections that stand at the same place, in ONE transaction: the same
 * rebuild try-locks (taken first, one statement for all), checkpoint row locks (in name order, as a
 * rebuild takes them), skipping and checkpoint moves, per projection; one outcome per projection, by
 * name. A projection being rebuilt is left out (`rebuilding`) without holding up the others. Five round
 * trips plus the writes instead of five per projection; a failure rolls back every projection's part.
 */
export async function applyBatchToAll(pool: Pool, projections: readonly Projection[], after: bigint, events: readonly RecordedEvent[]): Promise<Map<string, BatchOutcome>> {
  const ordered = [...projections].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const outcomes = new Map<string, BatchOutcome>();
  return inTransaction(pool, async (client) => {
    const { rows: locks } = await client.query<{ name: string; free: boolean }>(
      'SELECT n AS name, pg_try_advisory_xact_lock_shared($2, hashtext(n)) AS free FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i',
      [ordered.map((p) => p.name), REBUILD_LOCK_NAMESPACE],
    );
    const free = new Set(locks.filter((l) => l.free).map((l) => l.name));
    const open = ordered.filter((p) => free.has(p.name));
    for (const p of ordered) if (!free.has(p.name)) outcomes.set(p.name, { kind: 'rebuilding' });
    if (open.length === 0) return outcomes;
    const { rows } = await client.query<{ name: string; position: string }>(
      'SELECT name, position::text AS position FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE',
      [open.map((p) => p.name)],
    );
    const checkpoints = new Map(rows.map((r) => [r.name, BigInt(r.position)]));
    const moved: Array<{ name: string; position: bigint }> = [];
    for (const projection of open) {
      const checkpoint = checkpoints.get(projection.name);
      if (checkpoint === undefined) throw new Error(`projection ${projection.name} has no checkpoint row: set it up first`);
      if (checkpoint < after) { outcomes.set(projection.name, { kind: 'behind', checkpoint }); continue; }
      const fresh = events.filter((e) => e.position > checkpoint);
      await applyEvents(projection, fresh, client);
      const last = fresh.at(-1);
      if (!last) { outcomes.set(projection.name, { kind: 'applied', applied: 0, checkpoint }); continue; }
      moved.push({ name: projection.name, position: last.position });
      outcomes.set(projection.name, { kind: 'applied', applied: fresh.length, checkpoint: last.position });
    }
    if (moved.length > 0) {
      await client.query(
        `UPDATE projection_checkpoints c SET position = m.position, updated_at = now()
         FROM unnest($1::text[], $2::bigint[]) AS m(name, position) WHERE c.name = m.name`,
        [moved.map((m) => m.name), moved.map((m) => m.position.toString())],
      );
    }
    return outcomes;
  });
}

/**
 * Rebuilds `projections` from scratch in one transaction: waits for batches in flight to commit,
 * turns new ones away (`rebuilding`), empties the tables, lets `replay` feed them the log, sets
 * every checkpoint to the last event replayed, commits. A failure rolls everything back, leaving
 * the tables as they were. `replay` should read the head of the log only once it runs, i.e. after
 * the locks are held, so the rebuilt checkpoints are at or past anything applied before.
 */
export async function rebuildProjections(pool: Pool, projections: readonly Projection[], replay: (replay: Replay) => Promise<void>): Promise<void> {
  // One fixed order for taking the locks, so two overlapping rebuilds cannot deadlock.
  const ordered = [...new Map(projections.map((p) => [p.name, p])).values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  await inTransaction(pool, async (client) => {
    for (const projection of ordered) {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REBUILD_LOCK_NAMESPACE, projection.name]);
    }
    for (const projection of ordered) {
      await lockCheckpoint(client, projection.name);
      for (const table of projection.tables) await client.query(`DELETE FROM ${quoteTableName(table)}`);
    }
    let last = START_POSITION;
    await replay({
      async apply(events) {
        for (const projection of ordered) await applyEvents(projection, events, client);
        const end = events.at(-1);
        if (end) last = end.position;
      },
    });
    for (const projection of ordered) {
      await client.query(
        'UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1',
        [projection.name, last.toString()],
      );
    }
  });
}

/**
 * True when no rebuild holds or awaits the projection; the shared lock then lasts until the
 * transaction ends, so no rebuild can start under it. PostgreSQL does not grant a shared lock past
 * a waiting exclusive request, so a steady stream of batches cannot starve a rebuild.
 */
async function tryRebuildLockShared(client: PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ free: boolean }>(
    'SELECT pg_try_advisory_xact_lock_shared($1, hashtext($2)) AS free', [REBUILD_LOCK_NAMESPACE, name],
  );
  return rows[0]!.free;
}

async function lockCheckpoint(client: PoolClient, name: string): Promise<bigint> {
  const { rows } = await client.query<{ position: string }>(
    'SELECT position::text AS position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [name],
  );
  if (!rows[0]) throw new Error(`projection ${name} has no checkpoint row: set it up first`);
  return BigInt(rows[0].position);
}

function quoteTableName(name: string): string {
  return name.split('.').map((part) => pg.escapeIdentifier(part)).join('.');
}

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err: unknown) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackErr: unknown) {
      // The connection is unusable: make the pool discard it rather than hand it out again.
      broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
    }
    throw err;
  } finally {
    client.release(broken);
  }
}
