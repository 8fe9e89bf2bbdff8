/** Opens the shared backends (database, event store, projections) with start-up retries. */
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import type { Config } from '../infra/config.js';
import { ConfigError } from '../infra/config.js';
import { createPool, ensureDatabase } from '../infra/db.js';
import { createEventStore } from '../infra/eventstore/index.js';
import type { EventStore } from '../infra/eventstore/types.js';
import type { Plan } from '../domain/plans.js';
import { ProjectionRunner } from '../projections/runner.js';
import { allProjections } from '../projections/index.js';
import type { Logger } from '../infra/logger.js';

export interface Backends {
  pool: Pool;
  store: EventStore;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

export function loadExtraPlans(config: Config): Readonly<Record<string, Plan>> {
  if (!config.plansFile) return {};
  try {
    return JSON.parse(readFileSync(config.plansFile, 'utf8')) as Record<string, Plan>;
  } catch (err: unknown) {
    throw new ConfigError('PLANS_FILE', 'a readable JSON file of plans keyed by plan key', config.plansFile + ` (${err instanceof Error ? err.message : String(err)})`);
  }
}

async function withRetries<T>(what: string, attempts: number, fn: () => Promise<T>, logger?: Logger): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err: unknown) {
      if (i >= attempts) throw new Error(`${what} unreachable after ${attempts} attempts: ${err instanceof Error ? err.message : String(err)}`);
      logger?.warn({ attempt: i, err: err instanceof Error ? err.message : String(err) }, `${what} not reachable yet; retrying`);
      await new Promise((r) => setTimeout(r, Math.min(1000 * i, 5000)));
    }
  }
}

export interface OpenOptions {
  /** Start-up attempts before giving up (default 5). */
  attempts?: number;
  /** Most pooled connections (default 20). */
  poolSize?: number;
  /**
   * Catch every projection up to the head of the log before returning (default true). Off for a process
   * that catches up itself where it needs to (the admin CLI: each command waits for its own writes).
   */
  catchUp?: boolean;
}

const INVALID_CATALOG_NAME = '3D000';

export async function openBackends(config: Config, logger?: Logger, attemptsOrOptions: number | OpenOptions = {}): Promise<Backends> {
  const options = typeof attemptsOrOptions === 'number' ? { attempts: attemptsOrOptions } : attemptsOrOptions;
  const attempts = options.attempts ?? 5;
  const pool = createPool(config.databaseUrl, options.poolSize ?? 20);
  try {
    // With the PostgreSQL event store, its first query doubles as the check that the database exists; only a
    // missing one costs a connection to the `postgres` database to create it.
    const postgresStore = config.eventStore === 'postgres';
    if (!postgresStore) await withRetries('DATABASE_URL (PostgreSQL)', attempts, () => ensureDatabase(config.databaseUrl), logger);
    const store = await withRetries(postgresStore ? 'DATABASE_URL (PostgreSQL)' : 'event store', attempts, async () => {
      const open = () => createEventStore({
        kind: config.eventStore, pool, ...(config.eventStoreConnectionString ? { esdbConnectionString: config.eventStoreConnectionString } : {}),
      });
      try {
        return await open();
      } catch (err: unknown) {
        if ((err as { code?: string }).code !== INVALID_CATALOG_NAME) throw err;
        await ensureDatabase(config.databaseUrl);
        return open();
      }
    }, logger);
    const runner = new ProjectionRunner({ pool, store, projections: allProjections(), ...(logger ? { logger } : {}) });
    // Tables exist and the read side is current before anything serves from it.
    if (options.catchUp ?? true) await runner.catchUpTo(await store.headPosition());
    return {
      pool, store, runner,
      async close() {
        await runner.stop();
        await store.close();
        await pool.end();
      },
    };
  } catch (err: unknown) {
    await pool.end();
    throw err;
  }
}
