/** A fresh, uniquely named PostgreSQL database per test suite, dropped afterwards. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPool, ensureDatabase, withDefaultUser } from '../../infra/db.js';

export const PG_BASE_URL = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://127.0.0.1:5432';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase { url: string; pool: pg.Pool; drop(): Promise<void> }

export async function createTestDatabase(prefix = 'hz_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = `${PG_BASE_URL}/${name}`;
  await ensureDatabase(url);
  const pool = createPool(url, 20);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const admin = new pg.Client({ connectionString: withDefaultUser(`${PG_BASE_URL}/postgres`) });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** A Redis key prefix no other test uses. */
export function freshPrefix(label = 't'): string {
  return `${label}-${randomUUID().slice(0, 8)}:`;
}
