/**
 * Failures never charge, over real HTTP: the openai provider against a scriptable fake server (5xx, a
 * stream cut mid-way, a hang past AI_TIMEOUT_MS, client disconnects, a closed server). After each, the
 * account's stream shows every reservation settled exactly once and the balance where it was before the
 * failed request. The event store failing and a worker dying are in test/fault/.
 */
import { expect } from 'chai';
import { pino } from 'pino';
import type { RequestLog } from '../api/app.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { openaiEnv, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';
import { chatRequests, completionRequests, expectRefundedOnce, INPUT_WORDS, post, readSse } from './support/fault-http.js';
import { FaultProxy } from './support/fault-proxy.js';
import { checkLedger, settledLedger } from './support/ledger-check.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';
import { expectProblem } from './support/problem.js';

const schemas = createSchemaRegistry();

describe('failures over HTTP never charge (openai provider against a fake server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let t: TestService;
  const requestLog: RequestLog[] = [];
  const logLines: Record<string, unknown>[] = [];

  before(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ ...openaiEnv(fake), ADMIN_SECRET: 'failures-secret' }, {
      heartbeatMs: 200, onRequestDone: (info) => requestLog.push(info),
      logger: pino({ level: 'warn' }, { write: (line: string) => { logLines.push(JSON.parse(line) as Record<string, unknown>); } }),
    });
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setBehaviour('normal');
    fake.requests.length = 0;
  });

  async function customer(): Promise<{ key: string; accountId: string; before: number }> {
    const c = await t.customer();
    return { ...c, before: (await checkLedger(t.backends.store, c.accountId)).balance };
  }

  it('humanize: a provider 5xx is 500 AI_GENERATION_FAILED, refunded', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('status5xx');
    const res = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    expect(chatRequests(fake)).to.have.length(1);
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
  });

  it('humanize: a provider hanging past AI_TIMEOUT_MS is 500 AI_GENERATION_FAILED (JSON), refunded', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('hang');
    const started = Date.now();
    const res = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
    // Bounded, not measured: the request ends instead of waiting on the provider.
    expect(Date.now() - started).to.be.below(t.config.aiTimeoutMs + 5_000);
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
    await waitFor(() => chatRequests(fake)[0]?.aborted === true, 'the hanging provider call to be abandoned');
  });

  it('humanize: a client disconnect aborts the provider call and refunds; logged as a closed request, with the humanize code', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('hang');
    const controller = new AbortController();
    const pending = post(t, '/v1/humanize', key, { text: SAMPLE_TEXT }, { signal: controller.signal }).catch((err: unknown) => err);
    await waitFor(() => chatRequests(fake).length === 1, 'the provider call');
    controller.abort();
    expect(await pending).to.be.instanceOf(Error);
    // The AbortSignal reached the provider call: the fake saw its request closed long before the deadline.
    await waitFor(() => chatRequests(fake)[0]!.aborted, 'the provider request to be aborted', 1_000);
    const ledger = await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED');
    const requestId = [...ledger.reserved.keys()][0]!;
    await waitFor(() => requestLog.some((r) => r.requestId === requestId), 'the request log');
    const logged = requestLog.find((r) => r.requestId === requestId)!;
    // The client is gone, so nothing is answered; the log counts it as closed (499), not as a server error.
    expect(logged.status).to.equal(499);
    expect(logged.code).to.equal('AI_GENERATION_FAILED');
  });

  it('humanize stream: a client disconnect mid-stream refunds and aborts the provider call', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour({ behaviour: 'slow', chunkDelayMs: 100 });
    const controller = new AbortController();
    const res = await post(t, '/v1/humanize', key, { text: SAMPLE_TEXT, stream: true }, { signal: controller.signal });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('event: chunk')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).to.contain('event: chunk');
    controller.abort();
    await waitFor(() => chatRequests(fake)[0]!.aborted, 'the provider request to be aborted', 1_000);
    const ledger = await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED');
    // Token streaming sends text before the charge: the cancel is refunded (spec), and counted per account.
    const requestId = [...ledger.reserved.keys()][0]!;
    await waitFor(() => logLines.some((l) => l.requestId === requestId && l.msg === 'stream cancelled by the client after output was sent; refunded'), 'the cancelled-stream log line');
    expect(logLines.find((l) => l.requestId === requestId)).to.include({ accountId });
    const metrics = await fetch(`${t.url}/metrics`, { headers: { 'X-Admin-Secret': 'failures-secret' } }).then((r) => r.text());
    expect(metrics).to.contain(`sse_streams_cancelled_total{account="${accountId}"} 1`);
  });

  it('detect: a provider failure is 500 DETECTION_FAILED, refunded', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('status5xx');
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    expectProblem(res, 500, 'DETECTION_FAILED');
    expect(completionRequests(fake)).to.have.length(1);
    await expectRefundedOnce(t, accountId, before, 'DETECTION_FAILED', res.body.request_id as string);
  });

  it('detect: a provider hanging past AI_TIMEOUT_MS is 500 DETECTION_FAILED, refunded', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('hang');
    const started = Date.now();
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    expect(Date.now() - started).to.be.below(t.config.aiTimeoutMs + 5_000);
    expectProblem(res, 500, 'DETECTION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'DETECTION_FAILED', res.body.request_id as string);
  });

  it('detect: a client disconnect is CLIENT_CANCELLED (499), refunded, and aborts the provider call', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour('hang');
    const controller = new AbortController();
    const pending = post(t, '/v1/detect', key, { text: SAMPLE_TEXT }, { signal: controller.signal }).catch((err: unknown) => err);
    await waitFor(() => completionRequests(fake).length === 1, 'the provider call');
    controller.abort();
    expect(await pending).to.be.instanceOf(Error);
    await waitFor(() => completionRequests(fake)[0]!.aborted, 'the provider request to be aborted', 1_000);
    const ledger = await expectRefundedOnce(t, accountId, before, 'CLIENT_CANCELLED');
    const requestId = [...ledger.reserved.keys()][0]!;
    await waitFor(() => requestLog.some((r) => r.requestId === requestId), 'the request log');
    expect(requestLog.find((r) => r.requestId === requestId)).to.include({ status: 499, code: 'CLIENT_CANCELLED' });
  });

  it('stream: errors found before the stream opens are problem+json, not SSE', async () => {
    const { key, accountId } = await customer();
    const invalid = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: 'too short to rewrite', stream: true } });
    expectProblem(invalid, 400, 'INVALID_TEXT');
    const { words_remaining } = await t.admin.adjust(accountId, -(1_000_000 - 10), 'leave 10 words');
    expect(words_remaining).to.equal(10);
    const poor = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT, stream: true } });
    expectProblem(poor, 402, 'INSUFFICIENT_WORDS');
    expect(poor.body).to.include({ words_required: INPUT_WORDS, words_remaining: 10 });
    expect(chatRequests(fake)).to.have.length(0);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.reserved.size).to.equal(0);
    expect(ledger.balance).to.equal(10);
  });

  it('stream: an idle stream carries ": keep-alive" comments', async () => {
    const { key, accountId, before } = await customer();
    fake.setBehaviour({ behaviour: 'slow', chunkDelayMs: 700 });
    const controller = new AbortController();
    const res = await post(t, '/v1/humanize', key, { text: SAMPLE_TEXT, stream: true }, { signal: controller.signal });
    expect(res.headers.get('content-type')).to.match(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    while (!raw.includes(': keep-alive')) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
    }
    controller.abort();
    expect(raw).to.match(/^event: meta\n/);
    expect(raw).to.contain('\n\n: keep-alive\n\n');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED');
  });
});

describe('failures over HTTP: the AI provider cannot be reached', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    const fake = await startFakeOpenAI();
    await fake.close();
    t = await startTestService(openaiEnv(fake));
  });
  after(async () => { await t?.close(); });

  for (const path of ['/v1/humanize', '/v1/detect']) {
    it(`${path}: connection refused is 503 AI_UNAVAILABLE, refunded`, async () => {
      const { key, accountId } = await t.customer();
      const before = (await checkLedger(t.backends.store, accountId)).balance;
      const res = await call(t.url, 'POST', path, { key, body: { text: SAMPLE_TEXT } });
      expectProblem(res, 503, 'AI_UNAVAILABLE');
      await expectRefundedOnce(t, accountId, before, 'AI_UNAVAILABLE', res.body.request_id as string);
    });
  }
});

describe('failures over HTTP: the AI provider dies mid-stream', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let proxy: FaultProxy;
  let t: TestService;

  before(async () => {
    fake = await startFakeOpenAI({ behaviour: 'slow', chunkDelayMs: 20 });
    const target = new URL(fake.url);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port) });
    target.host = `127.0.0.1:${proxy.port}`;
    t = await startTestService({ ...openaiEnv(fake), OPENAI_BASE_URL: target.toString().replace(/\/$/, '') });
  });
  after(async () => {
    await t?.close();
    await proxy?.down();
    await fake?.close();
  });

  it('humanize stream: an error event (refunded: true) follows meta and some chunks; no done', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    // The role delta and three pieces of text reach the service, then the provider's connection drops.
    proxy.cutAfter('data: {', 4);
    const res = await post(t, '/v1/humanize', key, { text: SAMPLE_TEXT, stream: true });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/event-stream/);
    const events = await readSse(res);
    const names = events.map((e) => e.event);
    expect(names[0]).to.equal('meta');
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => JSON.parse(e.data).text as string);
    expect(chunks.length, names.join(',')).to.be.at.least(1);
    expect(names).to.not.include('done');
    expect(names.at(-1)).to.equal('error');
    expect(names.indexOf('error')).to.equal(names.length - 1);
    const error = JSON.parse(events.at(-1)!.data) as Record<string, unknown>;
    expect(error).to.have.all.keys('code', 'message', 'refunded');
    expect(error).to.include({ code: 'AI_GENERATION_FAILED', refunded: true });
    expect(error.message).to.be.a('string').and.not.equal('');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', JSON.parse(events[0]!.data).id as string);
  });
});
