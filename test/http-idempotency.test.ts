/**
 * Idempotency-Key over real HTTP (spec 3, 5, 7; design.md): replays return the stored result without a second
 * charge, keys are bound to one API key and endpoint, consumed keys without a result give RETRY_REQUIRED, a
 * duplicate of an in-flight request waits for it, a key refused before any work stays usable, and concurrent
 * requests never overspend. The account's stream is checked after each: every reservation settled once.
 */
import { expect } from 'chai';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { countWords } from '../domain/words.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { openaiEnv, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';
import { checkLedger, settledLedger } from './support/ledger-check.js';
import { call, SAMPLE_TEXT, startTestService, type JsonResponse, type TestService } from './support/service.js';
import { expectProblem } from './support/problem.js';

const schemas = createSchemaRegistry();
const INPUT_WORDS = countWords(SAMPLE_TEXT);


function expectReplayOf(replay: JsonResponse, original: Record<string, unknown>, key: string): void {
  expect(replay.status, JSON.stringify(replay.body)).to.equal(200);
  expect(replay.headers.get('content-type')).to.match(/^application\/json/);
  expect(replay.headers.get('x-idempotent-replay')).to.equal('true');
  expect(replay.headers.get('x-request-id')).to.equal(key);
  expect(replay.body).to.deep.equal({ ...original, replayed: true });
}

async function readSse(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

let keyCounter = 0;
/** A fresh Idempotency-Key using every allowed character class. */
const newKey = (label: string) => `${label}_${Date.now().toString(36)}-${++keyCounter}:v1.0`;

describe('idempotency over HTTP (openai provider against a fake server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let t: TestService;
  const chats = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');

  before(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService(openaiEnv(fake, '5000'));
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setBehaviour('normal');
    fake.requests.length = 0;
  });

  function send(path: string, apiKey: string, idempotencyKey: string, body: Record<string, unknown> = { text: SAMPLE_TEXT }) {
    return call(t.url, 'POST', path, { key: apiKey, body, headers: { 'Idempotency-Key': idempotencyKey } });
  }

  it('humanize: a replay returns the stored body with replayed: true, the same id and no second charge', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('hz');
    const first = await send('/v1/humanize', key, k);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.id).to.equal(k);
    expect(first.headers.get('x-idempotent-replay')).to.equal(null);
    for (let i = 0; i < 2; i++) expectReplayOf(await send('/v1/humanize', key, k), first.body, k);
    expect(chats()).to.have.length(1);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.deep.equal([k]);
    expect(ledger.balance).to.equal(start - INPUT_WORDS);
    expect(first.body.words_remaining).to.equal(ledger.balance);
  });

  it('detect: a replay returns the stored body with replayed: true and no second charge', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('dt');
    const first = await send('/v1/detect', key, k);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.id).to.equal(k);
    expectReplayOf(await send('/v1/detect', key, k), first.body, k);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.reserved.size).to.equal(1);
    expect(ledger.balance).to.equal(start - INPUT_WORDS);
  });

  it('a replay of a streamed request is JSON, carries the streamed text, and does not charge again', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('sse');
    const res = await fetch(t.url + '/v1/humanize', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': k },
      body: JSON.stringify({ text: SAMPLE_TEXT, stream: true }),
    });
    expect(res.headers.get('content-type')).to.match(/^text\/event-stream/);
    const events = await readSse(res);
    const done = JSON.parse(events.at(-1)!.data) as Record<string, unknown>;
    expect(events.at(-1)!.event).to.equal('done');
    const text = events.filter((e) => e.event === 'chunk').map((e) => JSON.parse(e.data).text as string).join('');
    const replay = await send('/v1/humanize', key, k, { text: SAMPLE_TEXT, stream: true });
    expect(replay.status).to.equal(200);
    expect(replay.headers.get('content-type')).to.match(/^application\/json/);
    expect(replay.headers.get('x-idempotent-replay')).to.equal('true');
    expect(schemas.validateResponse('humanization', replay.body), JSON.stringify(replay.body)).to.equal(null);
    expect(replay.body).to.include({ id: k, replayed: true, humanized_text: text, words_charged: done.words_charged, words_remaining: done.words_remaining });
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.reserved.size).to.equal(1);
    expect(ledger.balance).to.equal(start - INPUT_WORDS);
  });

  it('IDEMPOTENCY_KEY_CONFLICT: the same key under another API key, another account or the other endpoint', async () => {
    const owner = await t.customer();
    const sibling = await t.admin.createKey({ accountId: owner.accountId, name: 'second', scopes: null, allowIps: null });
    const stranger = await t.customer();
    const strangerStart = (await checkLedger(t.backends.store, stranger.accountId)).balance;
    const k = newKey('cf');
    const first = await send('/v1/humanize', owner.key, k);
    expect(first.status).to.equal(200);
    expectProblem(await send('/v1/humanize', sibling.key, k), 409, 'IDEMPOTENCY_KEY_CONFLICT');
    expectProblem(await send('/v1/humanize', stranger.key, k), 409, 'IDEMPOTENCY_KEY_CONFLICT');
    expectProblem(await send('/v1/detect', owner.key, k), 409, 'IDEMPOTENCY_KEY_CONFLICT');
    // A key first used on detect is just as bound to it.
    const d = newKey('cf-detect');
    expect((await send('/v1/detect', owner.key, d)).status).to.equal(200);
    expectProblem(await send('/v1/humanize', owner.key, d), 409, 'IDEMPOTENCY_KEY_CONFLICT');
    // The owner still gets the replay.
    expectReplayOf(await send('/v1/humanize', owner.key, k), first.body, k);
    expect(chats()).to.have.length(1);
    const ledger = await settledLedger(t.backends.store, owner.accountId);
    expect(ledger.reserved.size).to.equal(2);
    expect(ledger.charged.size).to.equal(2);
    expect((await settledLedger(t.backends.store, stranger.accountId)).balance).to.equal(strangerStart);
  });

  it('RETRY_REQUIRED once the original attempt was refunded (provider failure)', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('rf');
    fake.setBehaviour('status5xx');
    expectProblem(await send('/v1/humanize', key, k), 500, 'AI_GENERATION_FAILED');
    fake.setBehaviour('normal');
    expectProblem(await send('/v1/humanize', key, k), 409, 'RETRY_REQUIRED');
    expect(chats()).to.have.length(1);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.refunded.keys()]).to.deep.equal([k]);
    expect(ledger.charged.size).to.equal(0);
    expect(ledger.balance).to.equal(start);
  });

  it('a duplicate arriving while the original is in flight waits for it and replays its result: one job, one charge', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('dup');
    fake.setBehaviour({ behaviour: 'slow', chunkDelayMs: 8 });
    // One request runs the job (its SSE body is not JSON, so `call` keeps it raw); the other replays it.
    const responses = await Promise.all([0, 1].map(() => send('/v1/humanize', key, k, { text: SAMPLE_TEXT, stream: true })));
    expect(responses.map((r) => r.status)).to.deep.equal([200, 200]);
    const replays = responses.filter((r) => r.headers.get('x-idempotent-replay') === 'true');
    const streamed = responses.filter((r) => r.headers.get('content-type')?.startsWith('text/event-stream'));
    expect(replays).to.have.length(1);
    expect(streamed).to.have.length(1);
    expect(replays[0]!.body).to.include({ id: k, replayed: true, words_charged: INPUT_WORDS });
    expect(String(streamed[0]!.body.raw)).to.contain('event: done');
    expect(chats()).to.have.length(1);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.deep.equal([k]);
    expect(ledger.balance).to.equal(start - INPUT_WORDS);
  });

  it('a duplicate waiting on an original that ends refunded gets RETRY_REQUIRED', async () => {
    const { key, accountId } = await t.customer();
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const k = newKey('dup-refund');
    fake.setBehaviour('hang');
    const controller = new AbortController();
    const original = fetch(t.url + '/v1/humanize', {
      method: 'POST', signal: controller.signal,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': k },
      body: JSON.stringify({ text: SAMPLE_TEXT }),
    }).catch((e: unknown) => e);
    await waitFor(() => chats().length === 1, 'the original to reach the provider');
    const duplicate = send('/v1/humanize', key, k);
    // Let the duplicate find the key in flight before the original goes away.
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await original;
    expectProblem(await duplicate, 409, 'RETRY_REQUIRED');
    expect(chats()).to.have.length(1);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.refunded.keys()]).to.deep.equal([k]);
    expect(ledger.balance).to.equal(start);
  });

  it('a key refused with 402 before any work is usable again after a top-up', async () => {
    const { key, accountId } = await t.customer();
    await t.admin.adjust(accountId, -(1_000_000 - 10), 'leave 10 words');
    const k = newKey('poor');
    const refused = await send('/v1/humanize', key, k);
    expectProblem(refused, 402, 'INSUFFICIENT_WORDS');
    expect(refused.body).to.include({ words_required: INPUT_WORDS, words_remaining: 10 });
    // Still refused for the balance, not for the key.
    expectProblem(await send('/v1/humanize', key, k), 402, 'INSUFFICIENT_WORDS');
    expect(chats()).to.have.length(0);
    await t.admin.topUp(accountId, 1_000);
    const ok = await send('/v1/humanize', key, k);
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body).to.include({ id: k, words_charged: INPUT_WORDS, words_remaining: 1_010 - INPUT_WORDS });
    expect(ok.body).to.not.have.property('replayed');
    expectReplayOf(await send('/v1/humanize', key, k), ok.body, k);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.deep.equal([k]);
    expect(ledger.balance).to.equal(1_010 - INPUT_WORDS);
  });
});

describe('idempotency over HTTP: expiry and concurrency (local provider)', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => { t = await startTestService({ IDEMPOTENCY_TTL_SECONDS: '1' }); });
  after(async () => { await t?.close(); });

  it('RETRY_REQUIRED once the stored result is older than IDEMPOTENCY_TTL_SECONDS', async () => {
    const { key, accountId } = await t.customer();
    const k = newKey('ttl');
    const headers = { 'Idempotency-Key': k };
    const first = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT }, headers });
    expect(first.status).to.equal(200);
    const charged = (await settledLedger(t.backends.store, accountId)).balance;
    await new Promise((r) => setTimeout(r, 1_200));
    expectProblem(await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT }, headers }), 409, 'RETRY_REQUIRED');
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.reserved.size).to.equal(1);
    expect(ledger.balance).to.equal(charged);
  });

  it('30 concurrent requests with words for 10: exactly 10 succeed and are charged, the rest get 402, no overspend', async () => {
    const { key, accountId } = await t.customer({ plan: 'scale' });
    const start = (await checkLedger(t.backends.store, accountId)).balance;
    const budget = 10 * INPUT_WORDS + Math.floor(INPUT_WORDS / 2);
    await t.admin.adjust(accountId, budget - start, 'leave words for 10 requests');
    const responses = await Promise.all(Array.from({ length: 30 }, () => call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } })));
    const statuses = responses.map((r) => r.status);
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 402);
    expect(ok.length + refused.length, statuses.join(',')).to.equal(30);
    expect(ok).to.have.length(10);
    for (const r of refused) {
      expect(r.body.code).to.equal('INSUFFICIENT_WORDS');
      expect(r.body.words_remaining as number).to.be.at.least(0).and.below(INPUT_WORDS);
    }
    for (const r of ok) expect(r.body.words_remaining as number).to.be.at.least(0);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect(ledger.lowest, 'the balance never went below zero').to.be.at.least(0);
    expect(ledger.reserved.size).to.equal(10);
    expect([...ledger.charged.keys()].sort()).to.deep.equal(ok.map((r) => r.body.id as string).sort());
    expect(ledger.refunded.size).to.equal(0);
    expect(ledger.balance).to.equal(budget - 10 * INPUT_WORDS);
  });
});
