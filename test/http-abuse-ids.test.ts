/**
 * Abuse across accounts and of the queue, over real HTTP with the fake OpenAI-compatible server: an
 * Idempotency-Key equal to another account's request id (before, during and after that request runs),
 * no customer text left in Redis once jobs settle, and client disconnects counted as 499, not 500.
 */
import { expect } from 'chai';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '../domain/jobs.js';
import { auditLedger } from '../bin/ledger-audit.js';
import type { RequestLog } from '../api/app.js';
import { countWords } from '../domain/words.js';
import { openaiEnv, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';
import { checkLedger, settledLedger } from './support/ledger-check.js';
import { REDIS_URL } from './support/db.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';
import { abusePlans } from './support/abuse.js';
import { readSse } from './support/fault-http.js';

const TEXT_A = `${SAMPLE_TEXT} Aardvarkian closing words for the first account.`;
const TEXT_B = `${SAMPLE_TEXT} Bumblebeeish closing words for the second account.`;

/** Every string stored under `pattern` in Redis, whatever the key's type. */
async function redisStrings(redis: Redis, pattern: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', '1000');
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') out.push(String(await redis.get(key)));
      else if (type === 'hash') out.push(...Object.values(await redis.hgetall(key)));
      else if (type === 'list') out.push(...await redis.lrange(key, 0, -1));
      else if (type === 'set') out.push(...await redis.smembers(key));
      else if (type === 'zset') out.push(...await redis.zrange(key, '0', '-1'));
      else if (type === 'stream') out.push(...(await redis.xrange(key, '-', '+')).flatMap(([, fields]) => fields));
    }
  } while (cursor !== '0');
  return out;
}

describe('abuse across accounts and of the queue over HTTP', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let t: TestService;
  const done: RequestLog[] = [];

  before(async () => {
    fake = await startFakeOpenAI('normal');
    t = await startTestService({ ...openaiEnv(fake, '20000'), ADMIN_SECRET: 'abuse-secret' }, { extraPlans: abusePlans, onRequestDone: (info) => done.push(info) });
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.setBehaviour('normal'));

  const stream = (key: string, text: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${t.url}/v1/humanize`, {
      method: 'POST', ...(signal ? { signal } : {}),
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ text, stream: true }),
    });

  it('serves and charges an Idempotency-Key equal to another account\'s finished request id', async () => {
    const a = await t.customer({ plan: 'api_abuse' });
    const b = await t.customer({ plan: 'api_abuse' });
    const first = await call(t.url, 'POST', '/v1/detect', { key: a.key, body: { text: TEXT_A } });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const aAfter = (await checkLedger(t.backends.store, a.accountId)).balance;
    const second = await call(t.url, 'POST', '/v1/detect', { key: b.key, body: { text: TEXT_B }, headers: { 'Idempotency-Key': first.body.id as string } });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body).to.include({ id: first.body.id, words_charged: countWords(TEXT_B) });
    expect((await checkLedger(t.backends.store, a.accountId)).balance).to.equal(aAfter);
  });

  it('keeps two accounts\' streams apart while both run under the same request id', async () => {
    const a = await t.customer({ plan: 'api_abuse' });
    const b = await t.customer({ plan: 'api_abuse' });
    fake.setBehaviour({ behaviour: 'slow', chunkDelayMs: 15 });
    const resA = await stream(a.key, TEXT_A);
    const requestId = resA.headers.get('x-request-id') as string;
    const eventsA = readSse(resA);
    // B starts once A's job is streaming from the provider, under A's request id as its Idempotency-Key.
    await waitFor(() => fake.requests.some((r) => r.chunksSent > 0 && !r.finished), 'the first stream to be under way');
    const resB = await stream(b.key, TEXT_B, { 'Idempotency-Key': requestId });
    expect(resB.status).to.equal(200);
    const [a1, b1] = await Promise.all([eventsA, readSse(resB)]);
    const textOf = (events: Awaited<typeof eventsA>) => events.filter((e) => e.event === 'chunk').map((e) => (JSON.parse(e.data) as { text: string }).text).join('');
    expect(a1.at(-1)?.event).to.equal('done');
    expect(b1.at(-1)?.event).to.equal('done');
    expect(textOf(a1)).to.include('Aardvarkian').and.not.include('Bumblebeeish');
    expect(textOf(b1)).to.include('Bumblebeeish').and.not.include('Aardvarkian');
    expect(JSON.parse(b1.at(-1)!.data)).to.include({ id: requestId, words_charged: countWords(TEXT_B) });
  });

  it('keeps no customer text in Redis once jobs are settled (charged or refunded)', async () => {
    const { key, accountId } = await t.customer({ plan: 'api_abuse' });
    const marker = 'Quetzalcoatlish';
    const text = `${SAMPLE_TEXT} ${marker} ends it.`;
    expect((await call(t.url, 'POST', '/v1/humanize', { key, body: { text } })).status).to.equal(200);
    expect((await call(t.url, 'POST', '/v1/detect', { key, body: { text } })).status).to.equal(200);
    fake.setBehaviour('status5xx');
    expect((await call(t.url, 'POST', '/v1/humanize', { key, body: { text } })).status).to.equal(500);
    await settledLedger(t.backends.store, accountId, 5_000, 3);
    const redis = new Redis(REDIS_URL);
    const queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: redis, prefix: `${t.config.redisPrefix}:bull` }));
    try {
      // A worker may still be finishing the job it has just settled: wait until none is active or waiting.
      const busy = async () => (await Promise.all(queues.map((q) => q.getJobCounts('active', 'waiting', 'delayed'))))
        .reduce((n, c) => n + (c.active ?? 0) + (c.waiting ?? 0) + (c.delayed ?? 0), 0);
      for (const until = Date.now() + 5_000; await busy() > 0;) {
        if (Date.now() > until) expect.fail('jobs still active 5 s after their settlement');
        await new Promise((r) => setTimeout(r, 20));
      }
      // The queue's own bookkeeping is allowed; the text is not.
      const stored = await redisStrings(redis, `${t.config.redisPrefix}:*`);
      expect(stored.length).to.be.greaterThan(0);
      expect(stored.filter((s) => s.includes(marker))).to.deep.equal([]);
    } finally {
      await Promise.all(queues.map((q) => q.close()));
      redis.disconnect();
    }
  });

  it('logs and counts a client that left before the answer as 499, for JSON and for SSE', async () => {
    const { key, accountId } = await t.customer({ plan: 'api_abuse' });
    fake.setBehaviour('hang');
    const before = fake.requests.length;
    const json = new AbortController();
    const pending = fetch(`${t.url}/v1/humanize`, {
      method: 'POST', signal: json.signal, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ text: TEXT_A }),
    }).catch((err: unknown) => err);
    await waitFor(() => fake.requests.length > before, 'the provider to be called');
    json.abort();
    await pending;
    fake.setBehaviour({ behaviour: 'slow', chunkDelayMs: 50 });
    const sse = new AbortController();
    const res = await stream(key, TEXT_B, {}, sse.signal);
    await waitFor(() => fake.requests.some((r) => r.chunksSent > 0 && !r.finished), 'the stream to be under way');
    sse.abort();
    await res.text().catch(() => {});
    await waitFor(() => done.filter((d) => d.accountId === accountId).length === 2, 'both requests to be logged');
    expect(done.filter((d) => d.accountId === accountId).map((d) => d.status)).to.deep.equal([499, 499]);
    const metrics = await (await fetch(`${t.url}/metrics`, { headers: { 'X-Admin-Secret': 'abuse-secret' } })).text();
    expect(metrics).to.match(/http_requests_total\{route="\/v1\/humanize",method="POST",status="499"[^}]*\} [1-9]/);
    const ledger = await settledLedger(t.backends.store, accountId, 5_000, 2);
    expect(ledger.refunded.size).to.equal(2);
  });

  it('leaves a ledger that passes the audit', async () => {
    await t.backends.runner.catchUpTo(await t.backends.store.headPosition());
    const report = await auditLedger(t.backends.store, t.backends.pool, null);
    expect(report.violations, JSON.stringify(report.violations)).to.deep.equal([]);
  });
});
