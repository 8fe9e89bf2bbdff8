/**
 * Gap-safe reads of the whole `events` log.
 *
 * The gap: positions come from a sequence, drawn when a row is inserted, but become visible when
 * the inserting transaction commits. Appends run concurrently, so position 41 can commit after 42.
 * A reader that saw 42 and moved its checkpoint past it would never deliver 41.
 *
 * The protocol that closes it, without serialising appends:
 * 1. Every append takes the APPENDS_IN_FLIGHT advisory lock in shared mode in its first round trip,
 *    before any position is drawn, and holds it until it commits or rolls back.
 * 2. A reader reads its snapshot S1 and finds `hi`, the highest of the first `maxCount` visible
 *    positions after its cursor; in the same statement, after S1 was taken, it lists the
 *    transactions holding the lock (pg_locks.virtualtransaction).
 * 3. It waits until none of those transactions holds the lock any more, then re-reads
 *    (cursor, hi] in a new snapshot and returns that.
 * Why that is complete: a row at q <= hi that was invisible in S1 belongs to an append T that drew q
 * before `hi` was drawn (the sequence is increasing in drawing order, CACHE 1), so before S1; T held
 * the lock since before drawing q. Either T was still holding it when the lock list was read (and we
 * waited for it), or it had already ended after S1. Both ways T has ended before the re-read, and a
 * transaction releases its locks only after its commit is visible to new snapshots. Appends that
 * begin after S1 draw positions above `hi`, so they are left for the next read.
 * Cost: a reader may wait for the slowest append in flight (never for unrelated transactions), and
 * a batch takes two or three short queries. Writers never wait for readers, nor for each other
 * except when they append to the same stream (postgres.ts).
 */
import type { Pool } from 'pg';
import type { RecordedEvent } from './types.js';
import { APPENDS_IN_FLIGHT, EVENT_COLUMNS, LOCK_NAMESPACE, type EventRow } from './postgres-schema.js';

const FIRST_WAIT_MS = 2;
const MAX_WAIT_MS = 50;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    createdAt: row.created_at,
  };
}

/** See the module comment. `after` -1n (or null) reads from the start. */
export async function readLogAfter(pool: Pool, after: bigint | null, maxCount: number): Promise<RecordedEvent[]> {
  if (!Number.isInteger(maxCount) || maxCount < 1) throw new RangeError(`maxCount must be a positive integer, got ${maxCount}`);
  const from = (after ?? -1n).toString();
  // Both statements are named: prepared once per connection (every live subscriber runs them for every page).
  const probe = await pool.query<{ hi: string | null; in_flight: string[] }>({
    name: 'hz_log_probe',
    text: `WITH page AS (
       SELECT max(position) AS hi
       FROM (SELECT position FROM events WHERE position > $1 ORDER BY position LIMIT $2) first_rows
     )
     SELECT hi::text AS hi,
            CASE WHEN hi IS NULL THEN ARRAY[]::text[] ELSE ARRAY(
              SELECT virtualtransaction FROM pg_locks
              WHERE locktype = 'advisory' AND granted AND classid = $3::oid AND objid = $4::oid AND objsubid = 2
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            ) END AS in_flight
     FROM page`,
    values: [from, maxCount, LOCK_NAMESPACE, APPENDS_IN_FLIGHT],
  });
  const { hi, in_flight: inFlight } = probe.rows[0]!;
  if (hi === null) return [];
  await waitUntilEnded(pool, inFlight);
  const rows = await pool.query<EventRow>({
    name: 'hz_log_page',
    // Late committers can make (cursor, hi] longer than maxCount; any prefix of it is complete too.
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1 AND position <= $2 ORDER BY events.position LIMIT $3`,
    values: [from, hi, maxCount],
  });
  return rows.rows.map(toRecordedEvent);
}

async function waitUntilEnded(pool: Pool, transactions: string[]): Promise<void> {
  let pending = transactions;
  let waitMs = FIRST_WAIT_MS;
  while (pending.length > 0) {
    const still = await pool.query<{ vxid: string }>(
      `SELECT virtualtransaction AS vxid FROM pg_locks
       WHERE locktype = 'advisory' AND classid = $1::oid AND objid = $2::oid AND objsubid = 2
         AND virtualtransaction = ANY($3::text[])`,
      [LOCK_NAMESPACE, APPENDS_IN_FLIGHT, pending],
    );
    pending = still.rows.map((r) => r.vxid);
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    waitMs = Math.min(waitMs * 2, MAX_WAIT_MS);
  }
}
