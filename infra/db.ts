/** PostgreSQL pool and database bootstrap. */
import { userInfo } from 'node:os';
import pg from 'pg';

/**
 * libpq and node-postgres take the user from $PGUSER or $USER when the URL names none; where neither is
 * set (some service managers), fall back to the operating-system user, as psql does.
 */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = userInfo().username;
  return parsed.toString();
}

// int8 (global positions, counters) parsed as string by default; callers convert to bigint where needed.

/** Creates the database named in `url` when it does not exist yet (connecting through the `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  url = withDefaultUser(url);
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL has no database name: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } catch (err) {
        // Another process created it between the check and the create.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: withDefaultUser(url), max, connectionTimeoutMillis: 5_000 });
  // A client losing its connection must not crash the process, idle (pool 'error') or checked out between
  // two queries (client 'error'); the pending or next query fails instead, and the pool reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => { client.on('error', () => {}); });
  return pool;
}

export type { Pool, PoolClient } from 'pg';
