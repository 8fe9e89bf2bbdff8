/** Health reflects real outages: PostgreSQL down → 503 unhealthy, Redis down → 503 degraded; both recover. */
import { expect } from 'chai';
import { call, startTestService, type TestService } from './support/service.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from './support/db.js';

async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('health under outages', function () {
  this.timeout(90_000);
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let db: TestDatabase;
  let t: TestService;
  let n = 0;
  // A fresh client address per call keeps the per-IP health limit out of the way while polling.
  const health = () => call(t.url, 'GET', '/v1/health', { headers: { 'X-Admin-Secret': 's3cret', 'X-Forwarded-For': `10.9.${Math.floor(++n / 250)}.${n % 250}` } });

  before(async () => {
    db = await createTestDatabase('hz_outage');
    pgProxy = await startTcpProxy('127.0.0.1', 5432);
    redisProxy = await startTcpProxy('127.0.0.1', 6379);
    t = await startTestService({
      DATABASE_URL: pgProxy.url(db.url), REDIS_URL: redisProxy.url(REDIS_URL), ADMIN_SECRET: 's3cret', ROLES: 'api', TRUST_PROXY: 'true',
    });
  });
  after(async () => {
    pgProxy?.up(); redisProxy?.up();
    await t?.close();
    await db?.drop();
    await pgProxy?.close(); await redisProxy?.close();
  });

  it('is healthy with everything up', async () => {
    const res = await health();
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('healthy');
  });

  it('answers 503 unhealthy while PostgreSQL is unreachable, and recovers without a restart', async () => {
    pgProxy.down();
    const down = await eventually(health, (r) => r.body.status === 'unhealthy');
    expect(down.status).to.equal(503);
    expect(down.body.status).to.equal('unhealthy');
    expect(down.body).to.have.nested.property('services.database.status', 'down');
    pgProxy.up();
    const back = await eventually(health, (r) => r.status === 200);
    expect(back.body.status).to.equal('healthy');
  });

  it('answers 503 degraded while Redis is unreachable, and recovers without a restart', async () => {
    redisProxy.down();
    const down = await eventually(health, (r) => r.body.status === 'degraded');
    expect(down.status).to.equal(503);
    expect(down.body).to.have.nested.property('services.redis.status', 'down');
    redisProxy.up();
    const back = await eventually(health, (r) => r.status === 200, 30_000);
    expect(back.body.status).to.equal('healthy');
  });
});
