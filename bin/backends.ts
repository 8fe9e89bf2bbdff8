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

export async function openBackends(config: Config, logger?: Logger, attempts = 5): Promise<Backends> {
  await withRetries('DATABASE_URL (PostgreSQL)', attempts, () => ensureDatabase(config.databaseUrl), logger);
  const pool = createPool(config.databaseUrl, 20);
  try {
    const store = await withRetries('event store', attempts, () => createEventStore({
      kind: config.eventStore, pool, ...(config.eventStoreConnectionString ? { esdbConnectionString: config.eventStoreConnectionString } : {}),
    }), logger);
    const runner = new ProjectionRunner({ pool, store, projections: allProjections(), ...(logger ? { logger } : {}) });
    // Tables exist and the read side is current before anything serves from it.
    await runner.catchUpTo(await store.headPosition());
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
