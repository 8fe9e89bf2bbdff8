/** Read model of API keys: hash → key, account, scopes, allowlist, status, grace expiry. */
import type { PoolClient, Pool } from 'pg';
import type { ApiKeyEvent } from '../domain/events.js';
import type { Scope } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './runner.js';

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
};

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
