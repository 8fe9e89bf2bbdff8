/**
 * Lookup of idempotency keys from the `idempotency-<key>` streams: who claimed a key, and whether its
 * result was stored or the key released. For operators and statistics only; whether a request replays
 * is always decided from the key's stream, never from this lagging table.
 *
 * A row follows the domain's transitions (domain/idempotency.ts): a claim creates it; only a claimed
 * key can become stored or released, and the first of those stands; a key released as reusable (refused
 * before any work) can be claimed again, and the new claim replaces the row. Every write also requires
 * the event to be newer than the row (events of one stream arrive in order), so applying an event a
 * second time changes nothing.
 */
import type { Pool, PoolClient } from 'pg';
import type { IdempotencyEvent } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

const IDEMPOTENCY_STREAM = 'idempotency-';

export type IdempotencyKeyStatus = 'claimed' | 'stored' | 'released';

export interface IdempotencyKeyRow {
  key: string;
  accountId: string;
  keyId: string;
  endpoint: string;
  status: IdempotencyKeyStatus;
  claimedAt: Date;
  storedAt: Date | null;
  /** HTTP status of the stored result. */
  resultStatus: number | null;
  releasedAt: Date | null;
  /** The error code the request was released with. */
  releaseCode: string | null;
  /** Released before any work: the key may be claimed again. */
  reusable: boolean;
}

export const idempotencyKeysProjection: Projection = {
  name: 'idempotency_keys',
  tables: ['idempotency_keys'],
  async setup(client: PoolClient) {
    await client.query(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      key text PRIMARY KEY,
      account_id text NOT NULL,
      key_id text NOT NULL,
      endpoint text NOT NULL,
      status text NOT NULL,
      claimed_at timestamptz NOT NULL,
      stored_at timestamptz,
      result_status integer,
      released_at timestamptz,
      release_code text,
      reusable boolean NOT NULL DEFAULT false,
      updated_position bigint NOT NULL
    )`);
    await client.query('CREATE INDEX IF NOT EXISTS idempotency_keys_account ON idempotency_keys (account_id, claimed_at)');
  },
  async apply(recorded: RecordedEvent, client: PoolClient) {
    if (!recorded.streamName.startsWith(IDEMPOTENCY_STREAM)) return;
    // The stream names the key (streams.idempotency), so the row is keyed by the stream, one row per stream.
    const key = recorded.streamName.slice(IDEMPOTENCY_STREAM.length);
    const event = { type: recorded.type, data: recorded.data } as IdempotencyEvent;
    const position = recorded.position.toString();
    switch (event.type) {
      case 'IdempotencyKeyClaimed': {
        const d = event.data;
        await client.query(
          `INSERT INTO idempotency_keys AS k (key, account_id, key_id, endpoint, status, claimed_at, updated_position)
           VALUES ($1,$2,$3,$4,'claimed',$5,$6)
           ON CONFLICT (key) DO UPDATE SET
             account_id = EXCLUDED.account_id, key_id = EXCLUDED.key_id, endpoint = EXCLUDED.endpoint, status = 'claimed',
             claimed_at = EXCLUDED.claimed_at, stored_at = NULL, result_status = NULL, released_at = NULL, release_code = NULL,
             reusable = false, updated_position = EXCLUDED.updated_position
           WHERE k.status = 'released' AND k.reusable AND k.updated_position < EXCLUDED.updated_position`,
          [key, d.accountId, d.keyId, d.endpoint, d.at, position],
        );
        return;
      }
      case 'IdempotentResultStored':
        await client.query(
          `UPDATE idempotency_keys SET status = 'stored', stored_at = $2, result_status = $3, updated_position = $4
           WHERE key = $1 AND status = 'claimed' AND updated_position < $4`,
          [key, event.data.at, event.data.status, position],
        );
        return;
      case 'IdempotencyKeyReleased':
        await client.query(
          `UPDATE idempotency_keys SET status = 'released', released_at = $2, release_code = $3, reusable = $5, updated_position = $4
           WHERE key = $1 AND status = 'claimed' AND updated_position < $4`,
          [key, event.data.at, event.data.code, position, event.data.reusable === true],
        );
        return;
      default:
        return;
    }
  },
  /**
   * A batch in at most two statements: the rows of the keys it touches read at once, the events folded onto
   * them in memory by the same transitions (and position guards) as `apply`, the rows that changed written
   * back in one upsert.
   */
  async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
    const touched = new Map<string, RecordedEvent[]>();
    for (const recorded of events) {
      if (!recorded.streamName.startsWith(IDEMPOTENCY_STREAM) || !HANDLED.has(recorded.type)) continue;
      const key = recorded.streamName.slice(IDEMPOTENCY_STREAM.length);
      const list = touched.get(key);
      if (list) list.push(recorded); else touched.set(key, [recorded]);
    }
    if (touched.size === 0) return;
    const { rows } = await client.query<StoredRow>(
      `SELECT key, account_id, key_id, endpoint, status, claimed_at::text AS claimed_at, stored_at::text AS stored_at, result_status,
              released_at::text AS released_at, release_code, reusable, updated_position::text AS updated_position
       FROM idempotency_keys WHERE key = ANY($1::text[])`,
      [[...touched.keys()]],
    );
    const current = new Map(rows.map((r) => [r.key, { ...r, position: BigInt(r.updated_position) }]));
    const changed = new Map<string, FoldedRow>();
    for (const [key, list] of touched) {
      let row: FoldedRow | undefined = current.get(key);
      for (const recorded of list) {
        const next = transition(row, key, recorded);
        if (next) { row = next; changed.set(key, next); }
      }
    }
    if (changed.size === 0) return;
    const c = [...changed.values()];
    await client.query(
      `INSERT INTO idempotency_keys AS k (key, account_id, key_id, endpoint, status, claimed_at, stored_at, result_status, released_at,
         release_code, reusable, updated_position)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::int[],
         $9::timestamptz[], $10::text[], $11::boolean[], $12::bigint[])
       ON CONFLICT (key) DO UPDATE SET
         account_id = EXCLUDED.account_id, key_id = EXCLUDED.key_id, endpoint = EXCLUDED.endpoint, status = EXCLUDED.status,
         claimed_at = EXCLUDED.claimed_at, stored_at = EXCLUDED.stored_at, result_status = EXCLUDED.result_status,
         released_at = EXCLUDED.released_at, release_code = EXCLUDED.release_code, reusable = EXCLUDED.reusable,
         updated_position = EXCLUDED.updated_position`,
      [c.map((r) => r.key), c.map((r) => r.account_id), c.map((r) => r.key_id), c.map((r) => r.endpoint), c.map((r) => r.status),
        c.map((r) => r.claimed_at), c.map((r) => r.stored_at), c.map((r) => r.result_status), c.map((r) => r.released_at),
        c.map((r) => r.release_code), c.map((r) => r.reusable), c.map((r) => r.position.toString())],
    );
  },
};

const HANDLED: ReadonlySet<string> = new Set<IdempotencyEvent['type']>(['IdempotencyKeyClaimed', 'IdempotentResultStored', 'IdempotencyKeyReleased']);

/** A row as `applyMany` reads it: timestamps as PostgreSQL's text, written back unchanged when untouched. */
interface StoredRow {
  key: string; account_id: string; key_id: string; endpoint: string; status: IdempotencyKeyStatus; claimed_at: string;
  stored_at: string | null; result_status: number | null; released_at: string | null; release_code: string | null;
  reusable: boolean; updated_position: string;
}
type FoldedRow = Omit<StoredRow, 'updated_position'> & { position: bigint };

/** What `apply` would leave of `row` after `recorded`; undefined when its statement would change nothing. */
function transition(row: FoldedRow | undefined, key: string, recorded: RecordedEvent): FoldedRow | undefined {
  const event = { type: recorded.type, data: recorded.data } as IdempotencyEvent;
  const position = recorded.position;
  switch (event.type) {
    case 'IdempotencyKeyClaimed': {
      if (row && !(row.status === 'released' && row.reusable && row.position < position)) return undefined;
      const d = event.data;
      return {
        key, account_id: d.accountId, key_id: d.keyId, endpoint: d.endpoint, status: 'claimed', claimed_at: d.at, stored_at: null,
        result_status: null, released_at: null, release_code: null, reusable: false, position,
      };
    }
    case 'IdempotentResultStored':
      if (!row || row.status !== 'claimed' || !(row.position < position)) return undefined;
      return { ...row, status: 'stored', stored_at: event.data.at, result_status: event.data.status, position };
    case 'IdempotencyKeyReleased':
      if (!row || row.status !== 'claimed' || !(row.position < position)) return undefined;
      return { ...row, status: 'released', released_at: event.data.at, release_code: event.data.code, reusable: event.data.reusable === true, position };
    default:
      return undefined;
  }
}

function toRow(r: Record<string, unknown>): IdempotencyKeyRow {
  return {
    key: r.key as string,
    accountId: r.account_id as string,
    keyId: r.key_id as string,
    endpoint: r.endpoint as string,
    status: r.status as IdempotencyKeyStatus,
    claimedAt: r.claimed_at as Date,
    storedAt: (r.stored_at as Date | null) ?? null,
    resultStatus: (r.result_status as number | null) ?? null,
    releasedAt: (r.released_at as Date | null) ?? null,
    releaseCode: (r.release_code as string | null) ?? null,
    reusable: r.reusable === true,
  };
}

export async function findIdempotencyKey(pool: Pool, key: string): Promise<IdempotencyKeyRow | null> {
  const { rows } = await pool.query('SELECT * FROM idempotency_keys WHERE key = $1', [key]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** How many of an account's keys claimed since `since` are in each status. */
export async function idempotencyKeyCounts(pool: Pool, accountId: string, since: Date): Promise<Record<IdempotencyKeyStatus, number>> {
  const { rows } = await pool.query<{ status: IdempotencyKeyStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM idempotency_keys WHERE account_id = $1 AND claimed_at >= $2 GROUP BY status',
    [accountId, since],
  );
  const counts: Record<IdempotencyKeyStatus, number> = { claimed: 0, stored: 0, released: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
