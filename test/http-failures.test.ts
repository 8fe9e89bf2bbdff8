/**
 * Failures never charge, over real HTTP: the openai provider against a scriptable fake server (5xx, a
 * stream cut mid-way, a hang past AI_TIMEOUT_MS, client disconnects, a closed server), the event store
 * going away during a reservation, and a worker dying mid-job. After each, the account's stream shows
 * every reservation settled exactly once and the balance where it was before the failed request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { Queue } from 'bullmq';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { RequestLog } from '../api/app.js';
import { startService, type Service } from '../bin/service.js';
import { createLogger } from '../infra/logger.js';
import { bullConnection } from '../infra/redis.js';
import { jobIdFor, QUEUES } from '../domain/jobs.js';
import { countWords } from '../domain/words.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { createTestDatabase, PG_BASE_URL, REDIS_URL, type TestDatabase } from './support/db.js';
import { openaiEnv, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';
import { checkLedger, settledLedger, type LedgerReport } from './support/ledger-check.js';
import { call, SAMPLE_TEXT, startTestService, type JsonResponse, type TestService } from './support/service.js';
import { expectProblem } from './support/problem.js';

const schemas = createSchemaRegistry();
const INPUT_WORDS = countWords(SAMPLE_TEXT);



/** The one reservation of a fresh account was refunded with `code`; the balance is back where it was. */
async function expectRefundedOnce(t: TestService, accountId: string, before: number, code: string, requestId?: string): Promise<LedgerReport> {
  const ledger = await settledLedger(t.backends.store, accountId, 5_000, 1);
  expect(ledger.reserved.size, 'reservations').to.equal(1);
  expect(ledger.charged.size, 'charges').to.equal(0);
  const [id, refund] = [...ledger.refunded.entries()][0] ?? [];
  if (requestId !== undefined) expect(id).to.equal(requestId);
  expect(refund?.code).to.equal(code);
  expect(ledger.balance).to.equal(before);
  return ledger;
}

function post(t: TestService, path: string, key: string, body: unknown, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(t.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

async function readSse(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

const chatRequests = (fake: FakeOpenAI) => fake.requests.filter((r) => r.path === '/v1/chat/completions');
const completionRequests = (fake: FakeOpenAI) => fake.requests.filter((r) => r.path === '/v1/completions');

describe('failures over HTTP never charge (openai provider against a fake server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let t: TestService;
  const requestLog: RequestLog[] = [];

  before(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService(openaiEnv(fake), { heartbeatMs: 200, onRequestDone: (info) => requestLog.push(info) });
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

  it('humanize: a client disconnect aborts the provider call and refunds with AI_GENERATION_FAILED (logged as 499)', async () => {
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
    // The spec's code for the refund; the log and metrics count a client that left as 499, not as a server error.
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
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED');
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

/**
 * A TCP proxy a test controls: `down()` refuses new connections and cuts open ones, `up()` listens again on the
 * same port, `cutAfter(marker, n)` drops a connection (after relaying it) once the server's side has sent
 * `marker` n times — a server that dies mid-response — and `holdNext` stalls one client message on its way.
 */
class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private cut: { marker: string; count: number } | null = null;
  private hold: { marker: string; ms: number; onHold: () => void; count: number } | null = null;
  private constructor(private readonly server: Server, readonly port: number, private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new TcpProxy(server, (server.address() as { port: number }).port, target);
    server.on('connection', (client) => proxy.pipe(client));
    return proxy;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const both = () => { client.destroy(); upstream.destroy(); };
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => { this.sockets.delete(s); both(); });
      s.on('error', both);
    }
    // Client data goes through a chain so that a held chunk delays everything behind it, in order.
    let chain = Promise.resolve();
    client.on('data', (d: Buffer) => {
      const hold = this.hold && d.toString('latin1').includes(this.hold.marker) ? this.hold : null;
      if (hold) {
        if (--hold.count === 0) this.hold = null;
        hold.onHold();
      }
      chain = chain.then(async () => {
        if (hold) await new Promise((r) => setTimeout(r, hold.ms));
        upstream.write(d);
      });
    });
    let seen = 0;
    upstream.on('data', (d: Buffer) => {
      const cut = this.cut;
      if (!cut) { client.write(d); return; }
      seen += d.toString('latin1').split(cut.marker).length - 1;
      if (seen >= cut.count) client.write(d, both);
      else client.write(d);
    });
  }

  /** Holds the next `count` client chunks containing `marker` for `ms` each (and what follows them), calling `onHold` for each. */
  holdNext(marker: string, ms: number, onHold: () => void, count = 1): void {
    this.hold = { marker, ms, onHold, count };
  }

  cutAfter(marker: string, count: number): void {
    this.cut = { marker, count };
  }

  async down(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async up(): Promise<void> {
    if (this.server.listening) return;
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }
}

describe('failures over HTTP: the AI provider dies mid-stream', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let proxy: TcpProxy;
  let t: TestService;

  before(async () => {
    fake = await startFakeOpenAI({ behaviour: 'slow', chunkDelayMs: 20 });
    const target = new URL(fake.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port) });
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

describe('failures over HTTP: the event store fails or stalls', function () {
  this.timeout(60_000);
  let proxy: TcpProxy;
  let db: TestDatabase;
  let fake: FakeOpenAI;
  let t: TestService;

  before(async () => {
    const base = new URL(PG_BASE_URL);
    proxy = await TcpProxy.start({ host: base.hostname, port: Number(base.port || 5432) });
    db = await createTestDatabase('hz_proxy');
    const proxied = new URL(db.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    fake = await startFakeOpenAI();
    // A short deadline bounds how long a retry would wait on a key left claimed.
    t = await startTestService({ ...openaiEnv(fake, '3000'), DATABASE_URL: proxied.toString() });
  });
  after(async () => {
    await proxy?.up().catch(() => {});
    await t?.close();
    await db?.drop();
    await proxy?.down();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.setBehaviour('normal');
    await proxy.up();
  });

  /** A customer whose key is in the API's key cache, so requests authenticate without the database. */
  async function cachedCustomer(): Promise<{ key: string; accountId: string; before: number }> {
    const { key, accountId } = await t.customer();
    expect((await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } })).status).to.equal(200);
    const before = (await settledLedger(t.backends.store, accountId)).balance;
    // The key cache drops entries when the read models move; let it settle, then fill it with this key.
    await new Promise((r) => setTimeout(r, 800));
    expect((await call(t.url, 'GET', '/v1/tones', { key })).status).to.equal(200);
    return { key, accountId, before };
  }

  it('is 500 RESERVATION_FAILED (not a balance error), charges nothing, and the service recovers', async () => {
    const { key, accountId, before } = await cachedCustomer();

    await proxy.down();
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    await proxy.up();
    expectProblem(res, 500, 'RESERVATION_FAILED');

    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.reserved.has(res.body.request_id as string)).to.equal(false);
    expect(ledger.balance).to.equal(before);
    let again: JsonResponse | undefined;
    for (let i = 0; i < 20; i++) {
      again = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
      if (again.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(again?.status, JSON.stringify(again?.body)).to.equal(200);
    expect((await settledLedger(t.backends.store, accountId)).balance).to.equal(before - INPUT_WORDS);
  });

  it('a key whose reservation failed in the store can be retried once the store is back: one charge', async () => {
    const { key, accountId, before } = await cachedCustomer();
    const headers = { 'Idempotency-Key': `reservation-failed-${Date.now()}` };
    // The key is claimed; the reservation's first read of the account stream finds the database gone.
    proxy.holdNext(`account-${accountId}`, 100, () => void proxy.down());
    const failed = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT }, headers });
    await proxy.up();
    expectProblem(failed, 500, 'RESERVATION_FAILED');
    const retried = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT }, headers });
    expect(retried.status, JSON.stringify(retried.body)).to.equal(200);
    expect(retried.body.id).to.equal(headers['Idempotency-Key']);
    expect(retried.body).to.not.have.property('replayed');
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.include(headers['Idempotency-Key']);
    expect(ledger.refunded.size).to.equal(0);
    expect(ledger.balance).to.equal(before - INPUT_WORDS);
  });

  it('a request charged just before its deadline is answered with its result (JSON or SSE), never with a failure', async () => {
    const json = await t.customer();
    const sse = await t.customer();
    const before = (await checkLedger(t.backends.store, json.accountId)).balance;
    const jsonKey = `late-result-json-${Date.now()}`;
    const sseKey = `late-result-sse-${Date.now()}`;
    // The workers charge at once, then storing their results stalls past the API's deadline (3 s + 2 s
    // grace): the API's refunds find the reservations charged.
    proxy.holdNext('IdempotentResultStored', 5_500, () => {}, 2);
    const [res, stream] = await Promise.all([
      call(t.url, 'POST', '/v1/detect', { key: json.key, body: { text: SAMPLE_TEXT }, headers: { 'Idempotency-Key': jsonKey } }),
      post(t, '/v1/humanize', sse.key, { text: SAMPLE_TEXT, stream: true }, { headers: { 'Idempotency-Key': sseKey } }).then(readSse),
    ]);
    expect([...(await settledLedger(t.backends.store, json.accountId)).charged.keys()]).to.deep.equal([jsonKey]);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ id: jsonKey, words_charged: INPUT_WORDS, words_remaining: before - INPUT_WORDS });
    expect([...(await settledLedger(t.backends.store, sse.accountId)).charged.keys()]).to.deep.equal([sseKey]);
    expect(stream.map((e) => e.event)).to.not.include('error');
    expect(stream.at(-1)?.event).to.equal('done');
    expect(JSON.parse(stream.at(-1)!.data)).to.include({ id: sseKey, words_charged: INPUT_WORDS });
  });

  it('a failed stream reports refunded: true even when its Idempotency-Key cannot be released', async () => {
    const { key, accountId, before } = await cachedCustomer();
    fake.setBehaviour('status5xx');
    // The worker refunds, then the database goes away as it releases the key.
    proxy.holdNext('IdempotencyKeyReleased', 100, () => void proxy.down());
    let events: EventSourceMessage[];
    try {
      const res = await post(t, '/v1/humanize', key, { text: SAMPLE_TEXT, stream: true }, { headers: { 'Idempotency-Key': `unreleased-${Date.now()}` } });
      events = await readSse(res);
    } finally {
      await proxy.up();
    }
    expect(events.at(-1)?.event).to.equal('error');
    expect(JSON.parse(events.at(-1)!.data)).to.include({ code: 'AI_GENERATION_FAILED', refunded: true });
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.refunded.size).to.equal(1);
    expect(ledger.balance).to.equal(before);
  });

  it('detect: a client gone while its words are reserved gets no job and is refunded as CLIENT_CANCELLED', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const controller = new AbortController();
    // The reservation's first read of the account stream waits while the client goes away.
    proxy.holdNext(`account-${accountId}`, 300, () => controller.abort());
    const outcome = await post(t, '/v1/detect', key, { text: SAMPLE_TEXT }, { signal: controller.signal }).catch((err: unknown) => err);
    expect(outcome).to.be.instanceOf(Error);
    const ledger = await expectRefundedOnce(t, accountId, before, 'CLIENT_CANCELLED');
    const requestId = [...ledger.reserved.keys()][0]!;
    const connection = bullConnection(REDIS_URL);
    const queue = new Queue(QUEUES.detect, { connection, prefix: `${t.config.redisPrefix}:bull` });
    try {
      expect(await queue.getJob(jobIdFor({ accountId, requestId }))).to.equal(undefined);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});

/**
 * A worker-only service in a child process, so it can die the way a process dies (SIGKILL). The child loads
 * the code at once (the slow part) and joins the queues only when started, so several can be prepared in parallel.
 */
class WorkerProcess {
  private stdout = '';
  private stderr = '';
  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (d: Buffer) => { this.stdout += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { this.stderr += d.toString(); });
  }

  static async spawn(t: TestService, env: Record<string, string>, stalledIntervalMs: number): Promise<WorkerProcess> {
    const module = (path: string) => JSON.stringify(pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href);
    const script = `
      const { startService } = await import(${module('../bin/service.ts')});
      const { loadConfig } = await import(${module('../infra/config.ts')});
      process.stdout.write('loaded\\n');
      process.stdin.once('data', async () => {
        await startService(loadConfig(process.env), { stalledIntervalMs: ${stalledIntervalMs} });
        process.stdout.write('ready\\n');
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: {
        ...process.env, ...env, ROLES: 'worker', DATABASE_URL: t.config.databaseUrl, REDIS_URL, REDIS_PREFIX: t.config.redisPrefix,
        LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '2',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(child);
    await worker.until('loaded');
    return worker;
  }

  private until(line: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (this.stdout.includes(line)) { clearInterval(poll); resolve(); }
        if (this.child.exitCode !== null) { clearInterval(poll); reject(new Error(`worker process exited (${this.child.exitCode}): ${this.stderr}`)); }
      }, 10);
    });
  }

  /** Joins the queues; resolves once the workers are ready. */
  async start(): Promise<void> {
    this.child.stdin!.write('go\n');
    await this.until('ready');
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

describe('failures over HTTP: a worker dies mid-job', function () {
  this.timeout(60_000);
  const STALLED_MS = 300;
  let fake: FakeOpenAI;
  let t: TestService;
  let env: Record<string, string>;
  let doomed: WorkerProcess[] = [];
  const workers: Service[] = [];

  before(async () => {
    fake = await startFakeOpenAI();
    // Long enough for a retry to finish inside the deadline on a busy machine.
    env = openaiEnv(fake, '5000');
    // The API and projections here; workers run separately.
    t = await startTestService({ ...env, ROLES: 'api,projector' });
    doomed = await Promise.all([1, 2, 3].map(() => WorkerProcess.spawn(t, env, STALLED_MS)));
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });
  after(async () => {
    for (const w of doomed) await w.kill();
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setBehaviour('normal');
    fake.requests.length = 0;
  });

  /** Starts a worker process, sends a request it takes, and kills the process while the provider hangs. */
  async function killWorkerMidJob(key: string): Promise<{ response: Promise<JsonResponse> }> {
    const child = doomed.shift()!;
    await child.start();
    fake.setBehaviour('hang');
    const pending = call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
    await waitFor(() => chatRequests(fake).length === 1, 'the worker to call the provider');
    await child.kill();
    return { response: pending };
  }

  async function survivingWorker(): Promise<void> {
    workers.push(await startService({ ...t.config, roles: ['worker'] }, { logger: createLogger('silent'), stalledIntervalMs: STALLED_MS }));
  }

  it('the stalled job is retried by another worker and charged exactly once', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const { response } = await killWorkerMidJob(key);
    fake.setBehaviour('normal');
    await survivingWorker();
    const res = await response;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.words_charged).to.equal(INPUT_WORDS);
    expect(chatRequests(fake)).to.have.length(2);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.deep.equal([res.body.id]);
    expect(ledger.refunded.size).to.equal(0);
    expect(ledger.balance).to.equal(before - INPUT_WORDS);
  });

  it('a retried job that cannot finish by the deadline is refunded exactly once', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const { response } = await killWorkerMidJob(key);
    await survivingWorker();
    await waitFor(() => chatRequests(fake).length === 2, 'the retried job to call the provider', 5_000);
    const res = await response;
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
  });

  it('a job whose worker died while no worker runs is refunded by the API, and a late worker does not settle it again', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const res = await (await killWorkerMidJob(key)).response;
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
    fake.setBehaviour('normal');
    // The stalled job is picked up again; it must find the reservation settled and leave it alone.
    const connection = bullConnection(REDIS_URL);
    const queue = new Queue(QUEUES.humanize, { connection, prefix: `${t.config.redisPrefix}:bull` });
    try {
      const job = await queue.getJob(jobIdFor({ accountId, requestId: res.body.request_id as string }));
      expect(await job?.getState()).to.equal('active');
      await survivingWorker();
      const deadline = Date.now() + 5_000;
      let state = await job!.getState();
      // A settled job is removed with its payload ('unknown' once gone).
      while (state !== 'completed' && state !== 'failed' && state !== 'unknown' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        state = await job!.getState();
      }
      expect(state).to.be.oneOf(['completed', 'failed', 'unknown']);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
  });
});
