/**
 * Checkpoints of projections, and the one transaction shape every runner applies events in:
 * lock the projection's checkpoint row, apply what lies past it, move it, commit. Any number of
 * runners (projector, admin CLI, rebuild) can therefore work on one projection at once without
 * applying an event twice, and a crash loses at most an uncommitted batch.
 */
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './runner.js';

/** Checkpoint value meaning "nothing applied yet": every position in the log is above it. */
export const START_POSITION = -1n;

const LOCK_NAMESPACE = 0x687a;
const PROJECTION_SETUP = 3;

export type BatchOutcome =
  /** Applied the events past the checkpoint (possibly none: another runner had them already). */
  | { kind: 'applied'; applied: number; checkpoint: bigint }
  /** The checkpoint is below the batch (a rebuild reset it): read again from `checkpoint`. */
  | { kind: 'behind'; checkpoint: bigint };

/**
 * Creates the checkpoint table and each projection's tables, and a checkpoint row per projection.
 * Serialised by an advisory lock because concurrent CREATE ... IF NOT EXISTS can still collide.
 */
export async function setUpProjections(pool: Pool, projections: readonly Projection[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, PROJECTION_SETUP]);
    await client.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name       text        PRIMARY KEY,
      position   bigint      NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    for (const projection of projections) {
      await projection.setup(client);
      await client.query(
        'INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
        [projection.name, START_POSITION.toString()],
      );
    }
  });
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
    const checkpoint = await lockCheckpoint(client, projection.name);
    if (checkpoint < after) return { kind: 'behind', checkpoint };
    const fresh = events.filter((e) => e.position > checkpoint);
    for (const event of fresh) await projection.apply(event, client);
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
 * Empties the projection's tables and moves its checkpoint back to the start, atomically. Runners
 * that are mid-way notice the reset at their next batch (`behind`) and replay from the start too.
 */
export async function resetProjection(pool: Pool, projection: Projection): Promise<void> {
  await inTransaction(pool, async (client) => {
    await lockCheckpoint(client, projection.name);
    if (projection.tables.length > 0) {
      await client.query(`TRUNCATE ${projection.tables.map(quoteTableName).join(', ')}`);
    }
    await client.query(
      'UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1',
      [projection.name, START_POSITION.toString()],
    );
  });
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
