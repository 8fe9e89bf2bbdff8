/**
 * `npm run bench:rebuild`: the projection rebuild alone, over a log of at least 100,000 events shaped like
 * production traffic, in a database of its own. Writes bench/results/rebuild.{json,md}.
 *
 * The log: REBUILD_ACCOUNTS customers with one key each (bulk provisioning, timed too), then requests
 * through the account decider — a reservation settled by a charge (9 in 10) or a refund, one request in 10
 * under an idempotency key (claim, then result stored or key released), a top-up now and then — spread over
 * 25 days, appended a few requests per account at a time so the accounts' events interleave in the log as
 * they do under load. The live runner applies it all first; the rebuild (every projection, from position
 * 0, in one transaction) must then leave every read model exactly as the live runner did, or the bench
 * fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { AdminCommands } from '../bin/admin-commands.js';
import { openBackends } from '../bin/backends.js';
import { accountDecider, type AccountCommand, type AccountState } from '../domain/account.js';
import type { AccountEvent, IdempotencyEvent } from '../domain/events.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { loadConfig } from '../infra/config.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { createLogger } from '../infra/logger.js';
import type { NewEvent } from '../infra/eventstore/types.js';
import { createTestDatabase } from '../test/support/db.js';

const MIN_EVENTS = Number(process.env.REBUILD_EVENTS ?? 100_000);
const ACCOUNTS = Number(process.env.REBUILD_ACCOUNTS ?? 200);
const REQUESTS_PER_APPEND = 25;
const DAY_MS = 86_400_000;
const DAYS = 25;

const benchPlan: Plan = {
  ...(PLANS.api_scale as Plan), key: 'api_bench', name: 'Bench', wordsPerMonth: 2_000_000_000,
  requestsPerMinute: 10_000_000, concurrentRequests: 10_000,
};

/** Every projection table, each row as JSON text, in one fixed order. */
async function readModels(pool: Pool): Promise<Record<string, string[]>> {
  const tables = ['accounts', 'api_keys', 'balances', 'usage_daily', 'idempotency_keys', 'usage_history'];
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await pool.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM ${table} t ORDER BY 1`);
    out[table] = rows.map((row) => row.r);
  }
  const { rows } = await pool.query<{ r: string }>('SELECT name || \'=\' || position AS r FROM projection_checkpoints ORDER BY 1');
  out.projection_checkpoints = rows.map((row) => row.r);
  return out;
}

async function main(): Promise<void> {
  const db = await createTestDatabase('hz_bench_rebuild');
  const backends = await openBackends(loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent' }), createLogger('silent'));
  try {
    const start = Date.now() - (DAYS + 1) * DAY_MS;
    let clock = start;
    const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: { api_bench: benchPlan }, now: () => new Date(clock) });
    const provisioningStarted = performance.now();
    const customers = await admin.createCustomers({ plan: 'api_bench', count: ACCOUNTS, keyName: 'bench' });
    const provisioningMs = Math.round(performance.now() - provisioningStarted);

    // Each account's state and revision, folded here as the service's decider would.
    const accounts = await Promise.all(customers.map(async (c) => {
      const events = await backends.store.read(`account-${c.account_id}`);
      const state = events.reduce((s, e) => accountDecider.evolve(s, { type: e.type, data: e.data } as AccountEvent), accountDecider.initialState());
      return { id: c.account_id, keyId: c.key_id as string, state, revision: events.at(-1)!.revision };
    }));
    const rnd = createRandom(42).next;
    let appended = Number((await backends.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);
    let request = 0;
    const generationStarted = performance.now();
    while (appended < MIN_EVENTS) {
      for (const account of accounts) {
        const events: AccountEvent[] = [];
        const idempotency: Array<{ key: string; events: IdempotencyEvent[] }> = [];
        const decide = (command: AccountCommand): void => {
          const decided = accountDecider.decide(command, account.state);
          account.state = decided.reduce((s: AccountState, e) => accountDecider.evolve(s, e), account.state);
          events.push(...decided);
        };
        for (let i = 0; i < REQUESTS_PER_APPEND; i++) {
          request += 1;
          clock = start + DAY_MS + Math.floor((appended / MIN_EVENTS) * DAYS * DAY_MS) + i * 1000;
          const at = new Date(clock).toISOString();
          const requestId = `req-${request}`;
          const endpoint = rnd() < 0.6 ? 'detect' : 'humanize';
          if (rnd() < 0.01) decide({ type: 'TopUp', data: { words: 10_000, now: at } });
          decide({ type: 'ReserveWords', data: { requestId, keyId: account.keyId, endpoint, inputWords: 50 + Math.floor(rnd() * 400), multiplier: endpoint === 'humanize' ? 2 : 1, now: at } });
          const settledAt = new Date(clock + 500).toISOString();
          const latencyMs = 100 + Math.floor(rnd() * 900);
          const refunded = rnd() < 0.1;
          if (refunded) decide({ type: 'RefundWords', data: { requestId, code: rnd() < 0.5 ? 'CLIENT_CANCELLED' : 'AI_GENERATION_FAILED', latencyMs, now: settledAt } });
          else decide({ type: 'ChargeWords', data: { requestId, outputWords: Math.floor(rnd() * 400), latencyMs, now: settledAt } });
          if (rnd() < 0.1) {
            const key = `idem-${request}`;
            idempotency.push({ key, events: [
              { type: 'IdempotencyKeyClaimed', data: { key, accountId: account.id, keyId: account.keyId, endpoint, at } },
              refunded
                ? { type: 'IdempotencyKeyReleased', data: { key, code: 'CLIENT_CANCELLED', reusable: false, at: settledAt } }
                : { type: 'IdempotentResultStored', data: { key, status: 200, body: { request_id: requestId, words_charged: 100 }, at: settledAt } },
            ] });
          }
        }
        const asNew = (e: { type: string; data: unknown }): NewEvent => ({ type: e.type, data: e.data });
        const result = await backends.store.append(`account-${account.id}`, events.map(asNew), account.revision);
        account.revision = result.nextExpectedRevision;
        for (const claim of idempotency) await backends.store.append(`idempotency-${claim.key}`, claim.events.map(asNew), 'no_stream');
        appended += events.length + idempotency.length * 2;
        if (appended >= MIN_EVENTS) break;
      }
    }
    const generationMs = Math.round(performance.now() - generationStarted);
    const head = await backends.store.headPosition();
    const liveStarted = performance.now();
    await backends.runner.catchUpTo(head, 600_000);
    const liveMs = Math.round(performance.now() - liveStarted);
    const live = await readModels(backends.pool);

    const load = loadavg()[0]!;
    const result = await admin.rebuildProjections(null);
    const rebuilt = await readModels(backends.pool);
    for (const table of Object.keys(live)) {
      const a = live[table]!;
      const b = rebuilt[table]!;
      const differ = a.length !== b.length || a.some((row, i) => row !== b[i]);
      if (differ) throw new Error(`rebuild left ${table} different from the live read model (${a.length} rows live, ${b.length} rebuilt)`);
    }
    const eventsPerSecond = Math.round(result.events / (result.ms / 1000));
    const figures = {
      date: new Date().toISOString(), node: process.version, loadAverageBefore: Math.round(load * 100) / 100,
      accounts: ACCOUNTS, events: result.events, ms: result.ms, eventsPerSecond,
      liveCatchUpMs: liveMs, generationMs, provisioningMs,
      rows: Object.fromEntries(Object.entries(live).map(([t, rows]) => [t, rows.length])),
    };
    console.log(JSON.stringify(figures, null, 2));
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/rebuild.json', import.meta.url), JSON.stringify(figures, null, 2) + '\n');
    writeFileSync(new URL('./results/rebuild.md', import.meta.url), [
      '# Projection rebuild', '',
      `${figures.date}, Node ${figures.node}, load average ${figures.loadAverageBefore} when the rebuild started.`, '',
      `Every projection rebuilt from position 0 in one transaction: **${result.events} events in ${result.ms} ms = ${eventsPerSecond} events/s** ` +
        `(${ACCOUNTS} accounts; the live runner took ${liveMs} ms for the same log). The rebuilt read models equal the live ones, row for row.`, '',
      `Rows: ${Object.entries(figures.rows).map(([t, n]) => `${t} ${n}`).join(', ')}.`, '',
    ].join('\n'));
  } finally {
    await backends.close();
    await db.drop();
  }
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
