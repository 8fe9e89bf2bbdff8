/**
 * The event store fails or stalls under a running service (a TCP proxy in front of PostgreSQL): a
 * reservation that fails is RESERVATION_FAILED and charges nothing; a key whose reservation failed can
 * be retried; a request charged just before its deadline is answered with its result; a refund whose
 * key cannot be released still says refunded: true.
 */
import { expect } from 'chai';
import { Queue } from 'bullmq';
import type { EventSourceMessage } from 'eventsource-parser';
import { bullConnection } from '../../infra/redis.js';
import { jobIdFor, QUEUES } from '../../domain/jobs.js';
import { createTestDatabase, PG_BASE_URL, REDIS_URL, type TestDatabase } from '../support/db.js';
import { openaiEnv, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { expectRefundedOnce, INPUT_WORDS, post, readSse } from '../support/fault-http.js';
import { FaultProxy } from '../support/fault-proxy.js';
import { Gates } from '../support/fault-gates.js';
import { checkLedger, settledLedger } from '../support/ledger-check.js';
import { call, SAMPLE_TEXT, startTestService, warmEngine, type JsonResponse, type TestService } from '../support/service.js';
import { expectProblem } from '../support/problem.js';

describe('failures over HTTP: the event store fails or stalls', function () {
  this.timeout(60_000);
  let proxy: FaultProxy;
  let db: TestDatabase;
  let fake: FakeOpenAI;
  let t: TestService;

  before(async () => {
    const base = new URL(PG_BASE_URL);
    proxy = await FaultProxy.start({ host: base.hostname, port: Number(base.port || 5432) });
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

describe('failures over HTTP: the event store is gone when the API settles', function () {
  this.timeout(30_000);
  const gates = new Gates();
  let proxy: FaultProxy;
  let db: TestDatabase;
  let t: TestService;

  before(async () => {
    const base = new URL(PG_BASE_URL);
    proxy = await FaultProxy.start({ host: base.hostname, port: Number(base.port || 5432) });
    db = await createTestDatabase('hz_unconfirmed');
    const proxied = new URL(db.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    t = await startTestService({ DATABASE_URL: proxied.toString(), AI_TIMEOUT_MS: '1500' }, { hooks: gates.hooks, settleRetryMs: 500 });
    // A first request starts the engine threads: a cold start on a busy machine could pass the 1.5 s deadline.
    const warm = await t.customer();
    const res = await warmEngine(t.url, warm.key, '/v1/detect');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });
  after(async () => {
    gates.openAll();
    await proxy?.up().catch(() => {});
    await t?.close();
    await db?.drop();
    await proxy?.down();
  });

  it('answers that the outcome could not be confirmed, and the late worker refunds instead of charging', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const charge = gates.hold('beforeCharge', accountId);
    const settle = gates.hold('settle', accountId);
    const answer = call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    await charge.reached;
    await settle.reached;
    await proxy.down();
    settle.open();
    const res = await answer;
    expectProblem(res, 500, 'DETECTION_FAILED');
    expect(res.body.detail).to.match(/could not be confirmed/);
    await proxy.up();
    // The worker reaches its charge past the charge window: it refunds, so the failure the client saw is never charged.
    charge.open();
    const ledger = await settledLedger(t.backends.store, accountId, 5_000, 1);
    expect(ledger.charged.size).to.equal(0);
    expect(ledger.refunded.size).to.equal(1);
    expect(ledger.balance).to.equal(before);
  });
});
