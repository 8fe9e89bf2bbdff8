/** Read model of API keys: hash → key, account, scopes, allowlist, status, grace expiry. */
import type { PoolClient, Pool } from 'pg';
import type { ApiKeyEvent } from '../domain/events.js';
import type { Scope } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

export type KeyRowStatus = 'live' | 'rotated' | 'revoked';

export interface KeyRow {
  keyId: string;
  accountId: string;
  name: string;
  hash: string;
  scopes: Scope[];
  allowIps: string[];
  status: KeyRowStatus;
  /** End of the grace period of a rotated key. */
  expiresAt: Date | null;
  createdAt: Date;
}

export const apiKeysProjection: Projection = {
  name: 'api_keys',
  tables: ['api_keys'],
  async setup(client: PoolClient) {
    await client.query(`CREATE TABLE IF NOT EXISTS api_keys (
      key_id uuid PRIMARY KEY,
      account_id uuid NOT NULL,
      name text NOT NULL,
      hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL,
      allow_ips text[] NOT NULL,
      status text NOT NULL,
      expires_at timestamptz,
      rotated_to uuid,
      created_at timestamptz NOT NULL,
      updated_position bigint NOT NULL
    )`);
    await client.query('CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys (account_id)');
    await client.query('CREATE INDEX IF NOT EXISTS api_keys_updated ON api_keys (updated_position)');
  },
  async apply(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as ApiKeyEvent;
    const position = recorded.position.toString();
    switch (event.type) {
      case 'ApiKeyIssued': {
        const d = event.data;
        await client.query(
          `INSERT INTO api_keys (key_id, account_id, name, hash, scopes, allow_ips, status, created_at, updated_position)
           VALUES ($1,$2,$3,$4,$5,$6,'live',$7,$8) ON CONFLICT (key_id) DO NOTHING`,
          [d.keyId, d.accountId, d.name, d.hash, d.scopes, d.allowIps, d.at, position],
        );
        return;
      }
      case 'ApiKeyRotated':
        await client.query(
          `UPDATE api_keys SET status = 'rotated', expires_at = $2, rotated_to = $3, updated_position = $4
           WHERE key_id = $1 AND status <> 'revoked'`,
          [event.data.keyId, event.data.expiresAt, event.data.newKeyId, position],
        );
        return;
      case 'ApiKeyRevoked':
        await client.query(`UPDATE api_keys SET status = 'revoked', updated_position = $2 WHERE key_id = $1`, [event.data.keyId, position]);
        return;
      default:
        return;
    }
  },
  /**
   * A batch in at most two statements: the rows of the keys it touches read at once, the events applied to them
   * in memory with the same effect as `apply`'s statements, the rows that changed written back in one upsert.
   */
  async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
    const relevant = events.filter((e) => KEY_ROW_EVENTS.has(e.type));
    if (relevant.length === 0) return;
    const ids = [...new Set(relevant.map((e) => (e.data as { keyId: string }).keyId))];
    const { rows } = await client.query<KeyRowText>(
      `SELECT key_id::text AS key_id, account_id::text AS account_id, name, hash, scopes, allow_ips, status, expires_at::text AS expires_at,
              rotated_to::text AS rotated_to, created_at::text AS created_at, updated_position::text AS updated_position
       FROM api_keys WHERE key_id = ANY($1::uuid[])`,
      [ids],
    );
    const current = new Map<string, KeyRowText>(rows.map((r) => [r.key_id, r]));
    const changed = new Map<string, KeyRowText>();
    for (const recorded of relevant) {
      const event = { type: recorded.type, data: recorded.data } as ApiKeyEvent;
      const id = event.data.keyId;
      const row = current.get(id);
      const p = recorded.position.toString();
      let next: KeyRowText | undefined;
      switch (event.type) {
        case 'ApiKeyIssued': {
          const d = event.data;
          if (!row) {
            next = {
              key_id: id, account_id: d.accountId, name: d.name, hash: d.hash, scopes: d.scopes, allow_ips: d.allowIps, status: 'live',
              expires_at: null, rotated_to: null, created_at: d.at, updated_position: p,
            };
          }
          break;
        }
        case 'ApiKeyRotated':
          if (row && row.status !== 'revoked') next = { ...row, status: 'rotated', expires_at: event.data.expiresAt, rotated_to: event.data.newKeyId, updated_position: p };
          break;
        case 'ApiKeyRevoked':
          if (row) next = { ...row, status: 'revoked', updated_position: p };
          break;
        default:
          break;
      }
      if (next) { current.set(id, next); changed.set(id, next); }
    }
    if (changed.size === 0) return;
    const c = [...changed.values()];
    // text[] columns travel as their literal form, so one array parameter can carry one array per row.
    await client.query(
      `INSERT INTO api_keys (key_id, account_id, name, hash, scopes, allow_ips, status, expires_at, rotated_to, created_at, updated_position)
       SELECT k, a, n, h, s::text[], ip::text[], st, ex, rt, ca, up
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::uuid[],
         $10::timestamptz[], $11::bigint[]) AS t(k, a, n, h, s, ip, st, ex, rt, ca, up)
       ON CONFLICT (key_id) DO UPDATE SET
         account_id = EXCLUDED.account_id, name = EXCLUDED.name, hash = EXCLUDED.hash, scopes = EXCLUDED.scopes,
         allow_ips = EXCLUDED.allow_ips, status = EXCLUDED.status, expires_at = EXCLUDED.expires_at, rotated_to = EXCLUDED.rotated_to,
         created_at = EXCLUDED.created_at, updated_position = EXCLUDED.updated_position`,
      [c.map((r) => r.key_id), c.map((r) => r.account_id), c.map((r) => r.name), c.map((r) => r.hash), c.map((r) => textArray(r.scopes)),
        c.map((r) => textArray(r.allow_ips)), c.map((r) => r.status), c.map((r) => r.expires_at), c.map((r) => r.rotated_to),
        c.map((r) => r.created_at), c.map((r) => r.updated_position)],
    );
  },
};

const KEY_ROW_EVENTS: ReadonlySet<string> = new Set<ApiKeyEvent['type']>(['ApiKeyIssued', 'ApiKeyRotated', 'ApiKeyRevoked']);

/** A row as `applyMany` reads and writes it: timestamps as PostgreSQL's text, written back unchanged when untouched. */
interface KeyRowText {
  key_id: string; account_id: string; name: string; hash: string; scopes: string[]; allow_ips: string[]; status: string;
  expires_at: string | null; rotated_to: string | null; created_at: string; updated_position: string;
}

/** The PostgreSQL literal of a text array (`{"a","b"}`), every element quoted and escaped. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function toKeyRow(r: Record<string, unknown>): KeyRow {
  return {
    keyId: r.key_id as string,
    accountId: r.account_id as string,
    name: r.name as string,
    hash: r.hash as string,
    scopes: r.scopes as Scope[],
    allowIps: r.allow_ips as string[],
    status: r.status as KeyRowStatus,
    expiresAt: (r.expires_at as Date | null) ?? null,
    createdAt: r.created_at as Date,
  };
}

export async function findKeyByHash(pool: Pool, hash: string): Promise<KeyRow | null> {
  const { rows } = await pool.query('SELECT * FROM api_keys WHERE hash = $1', [hash]);
  return rows[0] ? toKeyRow(rows[0]) : null;
}

export async function findKey(pool: Pool, keyId: string): Promise<KeyRow | null> {
  const { rows } = await pool.query('SELECT * FROM api_keys WHERE key_id = $1', [keyId]);
  return rows[0] ? toKeyRow(rows[0]) : null;
}

/** Keys that still authenticate (live, or rotated and inside their grace period) — what counts against the quota. */
export async function countActiveKeys(pool: Pool, accountId: string, now: Date): Promise<number> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1
       AND (status = 'live' OR (status = 'rotated' AND expires_at > $2))`,
    [accountId, now],
  );
  return rows[0].n as number;
}

/** Highest position that changed the table; API processes poll it to invalidate their caches. */
export async function keysVersion(pool: Pool): Promise<string> {
  const { rows } = await pool.query('SELECT coalesce(max(updated_position), -1)::text AS v FROM api_keys');
  return rows[0].v as string;
}
