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
import type { Projection } from './runner.js';

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
};

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
