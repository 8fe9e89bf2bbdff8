/**
 * The limits of spec section 8 over real HTTP: primary RPM on humanize + detect, the secondary bucket
 * shared by usage and tones, tone writes, the per-IP health limit, in-flight concurrency (against
 * slow streams from a fake OpenAI-compatible server), and 402 before 429 for an empty balance.
 */
import { expect } from 'chai';
import { createSchemaRegistry } from '../schemas/index.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';
import { call, startTestService, type JsonResponse, type TestService } from './support/service.js';
import { expectProblem } from './support/problem.js';

/** 25 words. */
const TEXT =
  'Our small team spent the spring rebuilding the old greenhouse behind the school, and the students now grow tomatoes, beans and herbs for the cafeteria.';
const TEXT_WORDS = 25;

const schemas = createSchemaRegistry();


/** A 429 RATE_LIMITED with the section 8 headers of the bucket applied. */
function expectRateLimited(res: JsonResponse, limit: number): void {
  expectProblem(res, 429, 'RATE_LIMITED');
  expect(Number(res.headers.get('retry-after'))).to.be.at.least(1);
  expect(res.headers.get('x-ratelimit-limit')).to.equal(String(limit));
  expect(res.headers.get('x-ratelimit-remaining')).to.equal('0');
  expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.at.least(1);
}

const noRateHeaders = (res: JsonResponse) => ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']
  .filter((h) => res.headers.get(h) !== null);

/**
 * Sends `count` requests, at most `parallel` at a time, each batch after the previous one finished (so
 * the in-flight limit of 10 is never what refuses them).
 */
async function inBatches(count: number, send: (i: number) => Promise<JsonResponse>, parallel = 10): Promise<JsonResponse[]> {
  const out: JsonResponse[] = [];
  for (let i = 0; i < count; i += parallel) {
    out.push(...await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, j) => send(i + j))));
  }
  return out;
}

describe('HTTP limits', function () {
  this.timeout(30_000);
  let t: TestService;

  // TRUST_PROXY lets the health tests use their own client addresses through X-Forwarded-For.
  before(async () => { t = await startTestService({ TRUST_PROXY: 'true' }); });
  after(async () => { await t?.close(); });

  const detect = (key: string) => call(t.url, 'POST', '/v1/detect', { key, body: { text: TEXT } });

  describe('primary RPM (humanize + detect)', () => {
    it('refuses the 61st request of an account in the window on Growth with 429 RATE_LIMITED and Retry-After', async () => {
      const { accountId, key } = await t.customer();
      const { key: secondKey } = await t.admin.createKey({ accountId, name: 'second', scopes: null, allowIps: null });
      // Every request counts, served or refused by validation; the refusals keep the test quick.
      const served = await inBatches(10, () => detect(key));
      const invalid = await inBatches(50, (i) => call(t.url, 'POST', i % 2 ? '/v1/detect' : '/v1/humanize', { key, body: { text: 'too short' } }));
      expect(served.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
      for (const r of invalid) expectProblem(r, 400, 'INVALID_TEXT');
      const allowed = [...served, ...invalid];
      expect(allowed.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b))
        .to.deep.equal(Array.from({ length: 60 }, (_, i) => i));
      expect(allowed.every((r) => r.headers.get('x-ratelimit-limit') === '60')).to.equal(true);
      expect(allowed.every((r) => r.headers.get('x-ratelimit-reset') === '0' && r.headers.get('retry-after') === '0')).to.equal(true);
      // Per account, not per key; one bucket for both endpoints.
      expectRateLimited(await detect(secondKey), 60);
      expectRateLimited(await call(t.url, 'POST', '/v1/humanize', { key, body: { text: TEXT } }), 60);
      // Nothing was charged for the refusals, and the secondary bucket is separate.
      const tones = await call(t.url, 'GET', '/v1/tones', { key });
      expect(tones.status).to.equal(200);
      expect(tones.body.words_remaining).to.equal(1_000_000 - 10 * TEXT_WORDS);
      const { key: otherAccount } = await t.customer();
      expect((await detect(otherAccount)).status).to.equal(200);
    });

    it('carries the headers on refusals before the limiter (body, scope, account state) without counting them', async () => {
      const { accountId, key } = await t.customer();
      const { key: humanizeOnly } = await t.admin.createKey({ accountId, name: 'humanize only', scopes: 'humanize', allowIps: null });
      expect((await detect(key)).headers.get('x-ratelimit-remaining')).to.equal('59');
      for (let i = 0; i < 3; i++) {
        const denied = await detect(humanizeOnly);
        expectProblem(denied, 403, 'SCOPE_DENIED');
        expect(denied.headers.get('x-ratelimit-limit')).to.equal('60');
        expect(denied.headers.get('x-ratelimit-remaining')).to.equal('59');
        expect(denied.headers.get('x-ratelimit-reset')).to.equal('0');
        expect(denied.headers.get('retry-after')).to.equal('0');
      }
      // Refused before authentication (body checks): the key is still looked up for the headers.
      const early = [
        await call(t.url, 'POST', '/v1/humanize', { key, body: '{"text":' }),
        await call(t.url, 'POST', '/v1/detect', { key, body: 'text', headers: { 'Content-Type': 'text/plain' } }),
        await call(t.url, 'POST', '/v1/detect', { key, body: JSON.stringify({ text: 'a '.repeat(70_000) }) }),
      ];
      expect(early.map((r) => r.body.code)).to.deep.equal(['INVALID_JSON', 'INVALID_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE']);
      for (const r of early) {
        expect(r.headers.get('x-ratelimit-limit')).to.equal('60');
        expect(r.headers.get('x-ratelimit-remaining')).to.equal('59');
        expect(r.headers.get('retry-after')).to.equal('0');
      }
      // No key, no account: nothing to report.
      expect(noRateHeaders(await call(t.url, 'POST', '/v1/detect', { body: { text: TEXT } }))).to.deep.equal([]);
      const ok = await call(t.url, 'POST', '/v1/humanize', { key: humanizeOnly, body: { text: TEXT } });
      expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
      expect(ok.headers.get('x-ratelimit-remaining')).to.equal('58');
      expect(ok.headers.get('retry-after')).to.equal('0');
      expect(ok.headers.get('x-latency-ms')).to.match(/^\d+$/);
      await t.admin.suspend(accountId, 'banned');
      const banned = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: TEXT } });
      expectProblem(banned, 403, 'BANNED');
      expect(banned.headers.get('x-ratelimit-limit')).to.equal('60');
      expect(banned.headers.get('x-ratelimit-remaining')).to.equal('58');
      // Usage and tones still carry them only on 429.
      expect(noRateHeaders(await call(t.url, 'GET', '/v1/usage', { key }))).to.deep.equal([]);
    });

    it('an empty balance is 402 INSUFFICIENT_WORDS up to the limit, never 429', async () => {
      const { accountId, key } = await t.customer();
      await t.admin.adjust(accountId, -1_000_000, 'empty the balance');
      const results = await inBatches(60, () => detect(key));
      for (const res of results) {
        expectProblem(res, 402, 'INSUFFICIENT_WORDS');
        expect(res.body).to.include({ words_required: TEXT_WORDS, words_remaining: 0 });
        expect(res.headers.get('x-ratelimit-limit')).to.equal('60');
      }
      expect(results.some((r) => r.headers.get('x-ratelimit-remaining') === '0')).to.equal(true);
      // Past the RPM the refusal is about the request rate, not the balance.
      expectRateLimited(await detect(key), 60);
    });
  });

  describe('secondary bucket (usage + tones) and tone writes', () => {
    it('allows 60 tone reads a minute without rate headers, then 429 with them', async () => {
      const { key } = await t.customer();
      const reads = await inBatches(60, () => call(t.url, 'GET', '/v1/tones', { key }));
      for (const res of reads) {
        expect(res.status).to.equal(200);
        expect(noRateHeaders(res)).to.deep.equal([]);
      }
      expectRateLimited(await call(t.url, 'GET', '/v1/tones', { key }), 60);
      expectRateLimited(await call(t.url, 'POST', '/v1/tones', { key, body: { name: 'Late', instructions: 'Too late.' } }), 60);
      // The primary bucket is separate.
      expect((await detect(key)).status).to.equal(200);
    });

    it('shares the bucket between usage and tones', async () => {
      const { key } = await t.customer();
      const usage = await inBatches(30, () => call(t.url, 'GET', '/v1/usage', { key }));
      for (const res of usage) {
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(noRateHeaders(res)).to.deep.equal([]);
      }
      const tones = await inBatches(30, () => call(t.url, 'GET', '/v1/tones', { key }));
      expect(tones.map((r) => r.status)).to.deep.equal(Array(30).fill(200));
      expectRateLimited(await call(t.url, 'GET', '/v1/usage', { key }), 60);
      expectRateLimited(await call(t.url, 'GET', '/v1/tones', { key }), 60);
    });

    it('allows 10 tone writes a minute, then 429 on the 11th; reads go on', async () => {
      const { key } = await t.customer();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call(t.url, 'POST', '/v1/tones', { key, body: { name: `Tone ${i}`, instructions: `Voice ${i}.` } });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(noRateHeaders(res)).to.deep.equal([]);
        ids.push((res.body.tone as { id: string }).id);
      }
      for (const id of ids.slice(0, 2)) expect((await call(t.url, 'PUT', `/v1/tones/${id}`, { key, body: { description: 'x' } })).status).to.equal(200);
      for (const id of ids.slice(2, 4)) expect((await call(t.url, 'DELETE', `/v1/tones/${id}`, { key })).status).to.equal(200);
      expectRateLimited(await call(t.url, 'POST', '/v1/tones', { key, body: { name: 'Eleventh', instructions: 'One too many.' } }), 10);
      expectRateLimited(await call(t.url, 'PUT', `/v1/tones/${ids[4]}`, { key, body: { description: 'y' } }), 10);
      expectRateLimited(await call(t.url, 'DELETE', `/v1/tones/${ids[5]}`, { key }), 10);
      const listed = await call(t.url, 'GET', '/v1/tones', { key });
      expect(listed.status).to.equal(200);
      expect(listed.body.tones).to.have.length(4);
    });
  });

  describe('health per client IP', () => {
    it('allows 60 checks a minute per IP, then 429 RATE_LIMITED with Retry-After; other IPs go on', async () => {
      const health = (ip: string, method = 'GET') => call(t.url, method, '/v1/health', { headers: { 'X-Forwarded-For': ip } });
      const ok = await inBatches(60, (i) => health('198.51.100.7', i % 2 === 0 ? 'GET' : 'HEAD'));
      expect(ok.map((r) => r.status)).to.deep.equal(Array(60).fill(200));
      const refused = await health('198.51.100.7');
      expectRateLimited(refused, 60);
      expect(refused.body.instance).to.equal('/v1/health');
      // The IPv4-mapped form is the same client.
      expectRateLimited(await health('::ffff:198.51.100.7'), 60);
      const head = await fetch(t.url + '/v1/health', { method: 'HEAD', headers: { 'X-Forwarded-For': '198.51.100.7' } });
      expect(head.status).to.equal(429);
      expect(await head.text()).to.equal('');
      expect((await health('198.51.100.8')).status).to.equal(200);
    });
  });

  describe('in-flight concurrency', () => {
    let fake: FakeOpenAI;
    let slow: TestService;

    before(async () => {
      // Every streamed chunk waits 40 ms at the model, so a rewrite stays in flight for about two seconds.
      fake = await startFakeOpenAI({ behaviour: 'slow', chunkDelayMs: 40 });
      slow = await startTestService({ AI_PROVIDER: 'openai', DETECT_PROVIDER: 'local', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake', WORKER_CONCURRENCY: '12' });
    });
    after(async () => {
      await slow?.close();
      await fake?.close();
    });

    /** A streamed humanize, read to its end; returns the status and, when refused, the problem document. */
    async function streamed(key: string): Promise<JsonResponse & { events: string }> {
      const res = await fetch(slow.url + '/v1/humanize', {
        method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: TEXT, stream: true }),
      });
      const text = await res.text();
      const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) as Record<string, unknown> : {};
      return { status: res.status, headers: res.headers, body: json, events: res.headers.get('content-type')?.includes('event-stream') ? text : '' };
    }

    it('refuses the 11th concurrent request on Growth with 429 CONCURRENT_LIMIT; the slots free afterwards', async () => {
      const { key } = await slow.customer();
      const results = await Promise.all(Array.from({ length: 11 }, () => streamed(key)));
      const refused = results.filter((r) => r.status === 429);
      const served = results.filter((r) => r.status === 200);
      expect(refused).to.have.length(1);
      expect(served).to.have.length(10);
      expectProblem(refused[0]!, 429, 'CONCURRENT_LIMIT');
      expect(refused[0]!.headers.get('x-ratelimit-limit')).to.equal('60');
      for (const r of served) expect(r.events).to.match(/event: done\n/);
      // The slots are free again, and the refused request took no words: this is the eleventh charge of 25.
      const again = await streamed(key);
      expect(again.status).to.equal(200);
      const done = /event: done\ndata: (.*)\n/.exec(again.events);
      expect(done, again.events).to.not.equal(null);
      expect(JSON.parse(done![1]!).words_remaining).to.equal(1_000_000 - 11 * TEXT_WORDS);
    });
  });
});
