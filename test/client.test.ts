/**
 * The TypeScript client (client/) against the running service: every operation, the stream iterator
 * (success, replay, error event), auto-paging of the billing history, and its retry rules, driven by a
 * proxy whose faults the test plans (503 then success, 429 with Retry-After, a cut connection, 4xx).
 * Humanize and detect go to the fake OpenAI-compatible server so a stream can be made to fail mid-way.
 */
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { HumanizeApiError, HumanizeClient, HumanizeConnectionError, HumanizeStreamError, type HumanizeStreamEvent, type RetryInfo } from '../client/index.js';
import { openaiEnv, rejection, startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';
import { cannedProblem, startFaultProxy, type FaultProxy } from './support/http-fault-proxy.js';
import { SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

describe('TypeScript client', function () {
  this.timeout(60_000);
  let fake: FakeOpenAI;
  let t: TestService;
  let proxy: FaultProxy;
  const client = (key: string, maxRetries = 3) => new HumanizeClient({ apiKey: key, baseUrl: proxy.url, maxRetries, retryBaseDelayMs: 5, maxRetryDelayMs: 20 });
  const collect = async (events: AsyncIterable<HumanizeStreamEvent>) => { const out: HumanizeStreamEvent[] = []; for await (const e of events) out.push(e); return out; };
  const catchUp = async () => t.backends.runner.catchUpTo(await t.backends.store.headPosition());

  before(async () => {
    fake = await startFakeOpenAI('normal');
    t = await startTestService(openaiEnv(fake, '5000'));
    proxy = await startFaultProxy(t.url);
  });
  beforeEach(() => { fake.setBehaviour('normal'); proxy.seen.length = 0; });
  after(async () => {
    await proxy?.close();
    await t?.close();
    await fake?.close();
  });

  it('keeps client/openapi.ts generated from the current openapi.json', () => {
    execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '--default-non-nullable', 'false', '-o', 'client/openapi.ts', '--check'], { stdio: 'pipe' });
  });

  it('compiles with the platform types only (DOM fetch, no Node.js types, no packages)', () => {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'client'], { stdio: 'pipe' });
  });

  it('humanizes and detects, sending a fresh Idempotency-Key per call', async () => {
    const { key } = await t.customer();
    const c = client(key);
    const rewrite = await c.humanize({ text: SAMPLE_TEXT, tone: 'formal' });
    expect(rewrite).to.include({ object: 'humanization', tone: 'formal', mode: 'standard' });
    expect(rewrite.humanized_text).to.be.a('string').and.not.equal('');
    const detection = await c.detect({ text: SAMPLE_TEXT }, { idempotencyKey: 'client-detect-1' });
    expect(detection).to.include({ object: 'detection', id: 'client-detect-1' });
    const keys = proxy.seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).to.match(/^[0-9a-f-]{36}$/);
    expect(keys[0]).to.equal(rewrite.id);
    expect(keys[1]).to.equal('client-detect-1');
  });

  it('streams meta, chunks and done, and yields a replay of the same key as the same events', async () => {
    const { key } = await t.customer();
    const events = await collect(client(key).humanizeStream({ text: SAMPLE_TEXT }, { idempotencyKey: 'client-stream-1' }));
    expect(events[0]!.event).to.equal('meta');
    expect(events.at(-1)!.event).to.equal('done');
    const text = events.flatMap((e) => (e.event === 'chunk' ? [e.data.text] : [])).join('');
    const done = events.at(-1)!.data as { id: string; words_charged: number };
    expect(done.id).to.equal('client-stream-1');
    expect(text).to.not.equal('');
    const replay = await collect(client(key).humanizeStream({ text: SAMPLE_TEXT }, { idempotencyKey: 'client-stream-1' }));
    expect(replay.map((e) => e.event)).to.deep.equal(['meta', 'chunk', 'done']);
    expect((replay[1]!.data as { text: string }).text).to.equal(text);
    expect((replay[2]!.data as { words_charged: number }).words_charged).to.equal(done.words_charged);
  });

  it('throws HumanizeStreamError with the code and refunded flag of an error event', async () => {
    const { key } = await t.customer();
    fake.setBehaviour({ behaviour: 'failMidStream', failAfterChunks: 2 });
    const seen: string[] = [];
    const error = await rejection((async () => {
      for await (const e of client(key).humanizeStream({ text: SAMPLE_TEXT })) seen.push(e.event);
    })());
    expect(error).to.be.instanceOf(HumanizeStreamError);
    const streamError = error as HumanizeStreamError;
    expect(streamError).to.include({ code: 'AI_GENERATION_FAILED', refunded: true });
    expect(streamError.requestId).to.equal(proxy.seen[0]!.headers['idempotency-key']);
    expect(seen[0]).to.equal('meta');
    expect(seen).to.not.include('done');
  });

  it('manages tones and reads usage', async () => {
    const { key } = await t.customer({ scopes: 'humanize,detect,tones' });
    const c = client(key);
    const created = await c.tones.create({ name: 'Client voice', instructions: 'Short and friendly sentences.' });
    const id = created.tone.id;
    expect((await c.tones.get(id)).tone.name).to.equal('Client voice');
    expect((await c.tones.update(id, { description: 'for tests' })).tone.description).to.equal('for tests');
    expect((await c.tones.list()).tones.map((x) => x.id)).to.deep.equal([id]);
    expect(await c.tones.delete(id)).to.include({ object: 'tone', deleted: true });
    const usage = await c.usage();
    expect(usage.plan.slug).to.equal('growth');
    expect(usage.key.scopes).to.deep.equal(['humanize', 'detect', 'tones']);
  });

  it('walks the whole billing history page by page', async () => {
    const { key } = await t.customer();
    const c = client(key);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await c.detect({ text: SAMPLE_TEXT })).id);
    await catchUp();
    proxy.seen.length = 0;
    const items = [];
    for await (const item of c.usageHistory({ limit: 2, endpoint: 'detect' })) items.push(item);
    expect(items.map((i) => i.request_id)).to.deep.equal([...ids].reverse());
    expect(items.every((i) => i.status === 'charged')).to.equal(true);
    expect(proxy.seen.map((r) => r.path)).to.deep.equal([
      '/v1/usage/history?limit=2&endpoint=detect',
      `/v1/usage/history?limit=2&endpoint=detect&starting_after=${ids[3]}`,
      `/v1/usage/history?limit=2&endpoint=detect&starting_after=${ids[1]}`,
    ]);
  });

  it('throws the problem document of a 4xx, without retrying it', async () => {
    const { key } = await t.customer();
    const error = await rejection(client(key).detect({ text: 'too short' }));
    expect(error).to.be.instanceOf(HumanizeApiError);
    expect(error).to.include({ code: 'INVALID_TEXT', status: 400 });
    expect((error as HumanizeApiError).requestId).to.equal(proxy.seen[0]!.headers['idempotency-key']);
    expect((error as HumanizeApiError).problem.type).to.match(/\/errors\/invalid-text$/);
    expect(proxy.seen).to.have.length(1);
    const denied = await rejection(client('svc_live_' + 'x'.repeat(40)).usage());
    expect(denied).to.include({ status: 401 });
    expect(proxy.seen).to.have.length(2);
  });

  it('retries a 5xx and a cut connection with the same Idempotency-Key, and is charged once', async () => {
    const { key } = await t.customer();
    proxy.plan({ status: 503, body: cannedProblem(503, 'AI_UNAVAILABLE') }, 'destroy', 'forward');
    const result = await client(key).detect({ text: SAMPLE_TEXT });
    expect(proxy.seen.map((r) => r.action)).to.deep.equal(['503', 'destroy', 'forward']);
    const keys = new Set(proxy.seen.map((r) => r.headers['idempotency-key']));
    expect([...keys]).to.deep.equal([result.id]);
    await catchUp();
    const history = await client(key).usageHistoryPage();
    expect(history.data.map((i) => i.request_id)).to.deep.equal([result.id]);
  });

  it('replaces its own key after a refunded failure answers RETRY_REQUIRED, but never a key the caller chose', async () => {
    const { key } = await t.customer();
    fake.setBehaviour('status5xx');
    const c = new HumanizeClient({ apiKey: key, baseUrl: proxy.url, retryBaseDelayMs: 5, maxRetryDelayMs: 20, onRetry: () => fake.setBehaviour('normal') });
    const result = await c.detect({ text: SAMPLE_TEXT });
    const sent = proxy.seen.map((r) => r.headers['idempotency-key']);
    expect(sent).to.have.length(3);
    expect(sent[1]).to.equal(sent[0]);
    expect(sent[2]).to.not.equal(sent[0]);
    expect(sent[2]).to.equal(result.id);
    fake.setBehaviour('status5xx');
    proxy.seen.length = 0;
    const mine = await rejection(c.detect({ text: SAMPLE_TEXT }, { idempotencyKey: 'caller-chosen-1' }));
    expect(mine).to.include({ code: 'RETRY_REQUIRED', status: 409 });
    expect(proxy.seen.map((r) => r.headers['idempotency-key'])).to.deep.equal(['caller-chosen-1', 'caller-chosen-1']);
  });

  it('waits for Retry-After on 429 before retrying', async () => {
    const { key } = await t.customer();
    proxy.plan({ status: 429, headers: { 'Retry-After': '1' }, body: cannedProblem(429, 'RATE_LIMITED') }, { status: 429, body: cannedProblem(429, 'CONCURRENT_LIMIT') });
    const retries: RetryInfo[] = [];
    const c = new HumanizeClient({ apiKey: key, baseUrl: proxy.url, retryBaseDelayMs: 5, maxRetryDelayMs: 20, onRetry: (r) => retries.push(r) });
    await c.usage();
    expect(proxy.seen.map((r) => r.action)).to.deep.equal(['429', '429', 'forward']);
    // Retry-After when given (1 s, though backoff is capped at 20 ms here); backoff when not.
    expect(retries.map((r) => [r.attempt, r.status, r.delayMs <= 20 ? 'backoff' : r.delayMs])).to.deep.equal([[1, 429, 1000], [2, 429, 'backoff']]);
  });

  it('gives up after maxRetries with the last problem, and never retries a tone creation on 5xx', async () => {
    const { key } = await t.customer({ scopes: 'tones' });
    proxy.plan(...Array.from({ length: 3 }, () => ({ status: 500, body: cannedProblem(500, 'INTERNAL_ERROR') })));
    const error = await rejection(client(key, 2).usage());
    expect(error).to.include({ code: 'INTERNAL_ERROR', status: 500 });
    expect(proxy.seen).to.have.length(3);
    proxy.seen.length = 0;
    proxy.plan({ status: 502, body: 'Bad gateway' }, 'destroy');
    const gateway = await rejection(client(key).tones.create({ name: 'Once', instructions: 'Only once.' }));
    expect(gateway).to.include({ code: 'INTERNAL_ERROR', status: 502 });
    const cut = await rejection(client(key).tones.create({ name: 'Once', instructions: 'Only once.' }));
    expect(cut).to.be.instanceOf(HumanizeConnectionError);
    expect(proxy.seen).to.have.length(2);
  });
});
