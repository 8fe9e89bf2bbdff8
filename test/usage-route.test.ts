/**
 * GET/HEAD /v1/usage over a real socket: the Koa app with the real key authentication, the real
 * secondary rate limit on Redis, the real ledger on the PostgreSQL event store and statistics from the
 * usage projection.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import type { Middleware } from 'koa';
import { createApp } from '../api/app.js';
import { KeyCache } from '../api/key-cache.js';
import { authenticate } from '../api/middleware/auth.js';
import { secondaryLimits } from '../api/middleware/limits.js';
import { usageRouter } from '../api/routes/usage.js';
import { AdminCommands } from '../bin/admin-commands.js';
import { streams } from '../domain/events.js';
import { PLANS } from '../domain/plans.js';
import { createPool } from '../infra/db.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { LedgerService } from '../infra/ledger.js';
import { createLimiter } from '../infra/limits.js';
import { createLogger } from '../infra/logger.js';
import { createRedis } from '../infra/redis.js';
import { allProjections } from '../projections/index.js';
import { ProjectionRunner } from '../projections/runner.js';
import { usageStats } from '../projections/usage.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { createTestDatabase, freshPrefix, REDIS_URL, type TestDatabase } from './support/db.js';
import { call } from './support/service.js';

describe('GET and HEAD /v1/usage', function () {
  this.timeout(30_000);
  const logger = createLogger('silent');
  const schemas = createSchemaRegistry();
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  let admin: AdminCommands;
  let keys: KeyCache;
  let redis: Redis;
  let servers: Server[] = [];
  // A pool at a port where no database listens: the statistics lookup of the degraded app fails for real.
  const downPool = createPool('postgres://127.0.0.1:1/nothing', 1);

  async function listen(stats: (accountId: string) => Promise<Awaited<ReturnType<typeof usageStats>>>): Promise<string> {
    const limiter = createLimiter({ redis, prefix: freshPrefix('usage') });
    const edge: Middleware[] = [authenticate({ keys, trustProxy: false }), secondaryLimits(limiter, logger, false)];
    const app = createApp({ docsUrl: 'https://docs.test', logger, routers: [usageRouter({ edge, ledger: new LedgerService(store), stats, logger })] });
    const server = await new Promise<Server>((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function customer(plan = 'growth') {
    const { account_id } = await admin.createAccount({ plan, email: null });
    const { key_id, key } = await admin.createKey({ accountId: account_id, name: 'reporting', scopes: 'detect,tones', allowIps: null });
    return { accountId: account_id, keyId: key_id, key };
  }

  before(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
    runner = new ProjectionRunner({ pool: db.pool, store, projections: allProjections() });
    admin = new AdminCommands({ store, pool: db.pool, runner, extraPlans: {} });
    keys = new KeyCache(db.pool, logger);
    await keys.start();
    redis = createRedis(REDIS_URL);
  });
  after(async () => {
    for (const s of servers) await new Promise((r) => { s.close(r); s.closeAllConnections(); });
    servers = [];
    keys?.stop();
    redis?.disconnect();
    await downPool.end();
    await store?.close();
    await db?.drop();
  });

  it('returns plan, balance from the ledger stream, key and statistics, valid against the Usage schema', async () => {
    const url = await listen((id) => usageStats(db.pool, id, { days: 30 }));
    const c = await customer('scale');
    const ledger = new LedgerService(store);
    const plan = PLANS.api_scale!;
    await ledger.reserve({ accountId: c.accountId, requestId: 'q1', keyId: c.keyId, endpoint: 'detect', inputWords: 120, multiplier: 1, plan });
    await ledger.charge({ accountId: c.accountId, requestId: 'q1', outputWords: 0, latencyMs: 40 });
    await ledger.reserve({ accountId: c.accountId, requestId: 'q2', keyId: c.keyId, endpoint: 'detect', inputWords: 30, multiplier: 1, plan });
    await ledger.refund({ accountId: c.accountId, requestId: 'q2', code: 'DETECTION_FAILED', latencyMs: 20 });
    await ledger.reserve({ accountId: c.accountId, requestId: 'q3', keyId: c.keyId, endpoint: 'detect', inputWords: 50, multiplier: 1, plan });
    await runner.catchUpTo(await store.headPosition());
    await admin.topUp(c.accountId, 1_000);

    const res = await call(url, 'GET', '/v1/usage', { key: c.key });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(schemas.validateResponse('usage', res.body), JSON.stringify(res.body)).to.equal(null);
    expect(res.body.plan).to.deep.equal({
      key: 'api_scale', slug: 'scale', name: 'Scale', words_per_month: plan.wordsPerMonth, max_words_per_request: plan.maxWordsPerRequest,
      requests_per_minute: plan.requestsPerMinute, allowed_modes: [...plan.allowedModes], streaming_enabled: true, detection_enabled: true,
    });
    // q1 charged and q3 still open count as used; the refunded q2 does not. The top-up is on the stream already.
    const used = 120 + 50;
    expect(res.body.usage).to.deep.include({
      words_used: used, words_limit: plan.wordsPerMonth, words_remaining: plan.wordsPerMonth - used + 1_000,
      topup_words_remaining: 1_000, requests_this_period: 3,
    });
    expect(res.body.key).to.deep.equal({ id: c.keyId, name: 'reporting', scopes: ['detect', 'tones'] });
    const stats = res.body.stats as { summary: Record<string, number>; daily: { requests: number }[] };
    expect(stats.summary).to.deep.include({ total_requests: 2, total_words_charged: 120, error_count: 1, success_rate: 50, avg_latency_ms: 30 });
    expect(stats.daily).to.have.length(30);
    expect(stats.daily.at(-1)!.requests).to.equal(2);
    expect(res.body).to.not.have.property('degraded');
    expect(res.headers.get('cache-control')).to.equal('no-store');
  });

  it('answers HEAD with the same status and no body, and charges no words', async () => {
    const url = await listen((id) => usageStats(db.pool, id));
    const c = await customer();
    const before = await store.read(streams.account(c.accountId));
    const head = await fetch(`${url}/v1/usage`, { method: 'HEAD', headers: { Authorization: `Bearer ${c.key}` } });
    expect(head.status).to.equal(200);
    expect(await head.text()).to.equal('');
    const get = await call(url, 'GET', '/v1/usage', { key: c.key });
    expect(get.body.usage).to.deep.include({ words_used: 0, requests_this_period: 0, words_remaining: PLANS.api_growth!.wordsPerMonth });
    expect(await store.read(streams.account(c.accountId))).to.have.length(before.length);
    const unauthenticated = await fetch(`${url}/v1/usage`, { method: 'HEAD' });
    expect(unauthenticated.status).to.equal(401);
  });

  it('still answers 200 with stats null and degraded true when the statistics lookup fails', async () => {
    const url = await listen((id) => usageStats(downPool, id));
    const c = await customer();
    const res = await call(url, 'GET', '/v1/usage', { key: c.key });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ stats: null, degraded: true });
    expect(res.body.usage).to.deep.include({ words_remaining: PLANS.api_growth!.wordsPerMonth });
    expect(schemas.validateResponse('usage', res.body), JSON.stringify(res.body)).to.equal(null);
  });

  it('shares the secondary per-account limit: past it, 429 RATE_LIMITED with the rate-limit headers', async () => {
    const url = await listen((id) => usageStats(db.pool, id));
    const c = await customer();
    const limit = PLANS.api_growth!.secondaryRequestsPerMinute;
    const statuses = await Promise.all(Array.from({ length: limit }, () => call(url, 'GET', '/v1/usage', { key: c.key }).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).to.equal(true);
    const refused = await call(url, 'GET', '/v1/usage', { key: c.key });
    expect(refused.status).to.equal(429);
    expect(refused.body.code).to.equal('RATE_LIMITED');
    expect(refused.headers.get('x-ratelimit-limit')).to.equal(String(limit));
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it('answers 405 with Allow on a write method', async () => {
    const url = await listen((id) => usageStats(db.pool, id));
    const res = await call(url, 'POST', '/v1/usage', { body: {} });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.contain('GET');
  });
});
