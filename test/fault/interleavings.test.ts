/**
 * Charged ⇔ the client received the result (on its first answer or on a retry with the same
 * Idempotency-Key), for every order in which the API's deadline, the client's disconnect, the worker's
 * charge, the refund, the stored result and the published result can meet. Each order is driven by
 * gates at those points (test/support/fault-gates.ts), never by sleeps: the test holds one side at a
 * step until the other side has done what the order says.
 *
 * AI_TIMEOUT_MS is short (1.5 s), so the API gives up 3.5 s after accepting (deadline + 2 s grace).
 */
import { expect } from 'chai';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { checkLedger, settledLedger } from '../support/ledger-check.js';
import { Gates } from '../support/fault-gates.js';
import { expectProblem } from '../support/problem.js';
import { call, SAMPLE_TEXT, startTestService, warmEngine, type JsonResponse, type TestService } from '../support/service.js';

describe('money races: every interleaving of deadline, disconnect, charge, refund, store and publish', function () {
  this.timeout(30_000);
  const gates = new Gates();
  let t: TestService;
  let n = 0;

  before(async () => {
    t = await startTestService({ AI_TIMEOUT_MS: '1500' }, { hooks: gates.hooks });
    // Requests first, so that the engine threads have started and loaded their models: the orders below need the
    // engine done well within the 1.5 s deadline, which a cold start on a busy machine is not.
    const warm = await t.customer();
    const res = await warmEngine(t.url, warm.key, '/v1/humanize');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });
  afterEach(() => gates.openAll());
  after(async () => { gates.openAll(); await t?.close(); });

  const fresh = (order: string) => `race-${order}-${Date.now()}-${n++}`;
  const humanize = (key: string, id: string): Promise<JsonResponse> =>
    call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT }, headers: { 'Idempotency-Key': id } });
  /** A request whose client goes away when `signal` aborts. */
  const leaving = (key: string, id: string, signal: AbortSignal): Promise<unknown> => fetch(`${t.url}/v1/humanize`, {
    method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': id },
    body: JSON.stringify({ text: SAMPLE_TEXT }), signal,
  }).then((res) => res.text()).catch((err: unknown) => err);

  async function customer() {
    const c = await t.customer();
    return { ...c, before: (await checkLedger(t.backends.store, c.accountId)).balance };
  }

  async function pendingRows(accountId: string): Promise<number> {
    const { rows } = await t.backends.pool.query('SELECT count(*)::int AS n FROM pending_results WHERE account_id = $1', [accountId]);
    return rows[0].n as number;
  }

  async function expectChargedOnce(accountId: string, id: string, before: number, words: number): Promise<void> {
    const ledger = await settledLedger(t.backends.store, accountId, 5_000, 1);
    expect([...ledger.charged.keys()], 'charged').to.deep.equal([id]);
    expect(ledger.refunded.size, 'refunds').to.equal(0);
    expect(ledger.balance).to.equal(before - words);
  }

  async function expectRefundedOnce(accountId: string, id: string, before: number): Promise<void> {
    const ledger = await settledLedger(t.backends.store, accountId, 5_000, 1);
    expect(ledger.charged.size, 'charges').to.equal(0);
    expect([...ledger.refunded.keys()], 'refunded').to.deep.equal([id]);
    expect(ledger.balance).to.equal(before);
  }

  /** The retry with the same key replays the result the client was (or would have been) given. */
  async function expectReplay(key: string, id: string, text: unknown): Promise<void> {
    const again = await humanize(key, id);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body).to.include({ id, replayed: true });
    if (text !== undefined) expect(again.body.humanized_text).to.equal(text);
  }

  it('charge → deadline → store → publish: the API answers 200 from the durable result; the retry replays it', async () => {
    const c = await customer();
    const id = fresh('c-d-s-p');
    const charged = gates.hold('afterCharge', id);
    const answer = humanize(c.key, id);
    await charged.reached;
    const res = await answer; // the worker is still held after its charge: the API found the charge at its deadline
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ id, words_charged: res.body.input_words });
    expect(gates.settles.get(id)).to.deep.equal(['deadline']);
    charged.open();
    await expectReplay(c.key, id, res.body.humanized_text);
    await expectChargedOnce(c.accountId, id, c.before, res.body.words_charged as number);
  });

  it('charge → store → deadline → publish: the API answers 200 (JSON) without waiting for the publish', async () => {
    const c = await customer();
    const id = fresh('c-s-d-p');
    const publish = gates.hold('beforePublish', id);
    const answer = humanize(c.key, id);
    await publish.reached;
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    publish.open();
    await expectReplay(c.key, id, res.body.humanized_text);
    await expectChargedOnce(c.accountId, id, c.before, res.body.words_charged as number);
  });

  it('charge, then the worker dies (never stores nor publishes): a retry in flight replays at once, the original gets 200', async () => {
    const c = await customer();
    const id = fresh('c-dies');
    const charged = gates.hold('afterCharge', id);
    const original = humanize(c.key, id);
    await charged.reached;
    const retry = await humanize(c.key, id); // before the original's deadline: the ledger says charged
    expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
    expect(retry.body).to.include({ id, replayed: true });
    const res = await original;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.humanized_text).to.equal(retry.body.humanized_text);
    await expectChargedOnce(c.accountId, id, c.before, res.body.words_charged as number);
  });

  it('charge → deadline → publish → settle, no key: the done that arrives while the API settles is not lost', async () => {
    const c = await customer();
    // No key: the request id is the server's, so the gates hold this account's request.
    const publish = gates.hold('beforePublish', c.accountId);
    const settle = gates.hold('settle', c.accountId);
    const answer = call(t.url, 'POST', '/v1/humanize', { key: c.key, body: { text: SAMPLE_TEXT } });
    await publish.reached;
    await settle.reached;
    publish.open();
    // Delivered: the worker drops the durable copy, so only the message itself can answer the client.
    for (let i = 0; i < 100 && (await pendingRows(c.accountId)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await pendingRows(c.accountId)).to.equal(0);
    settle.open();
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    await expectChargedOnce(c.accountId, res.body.id as string, c.before, res.body.words_charged as number);
  });

  it('deadline → refund → charge refused: 500 refunded, the retry is 409 RETRY_REQUIRED, nothing kept', async () => {
    const c = await customer();
    const id = fresh('d-r-c');
    const charge = gates.hold('beforeCharge', id);
    const answer = humanize(c.key, id);
    await charge.reached;
    const res = await answer;
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(c.accountId, id, c.before);
    charge.open();
    expectProblem(await humanize(c.key, id), 409, 'RETRY_REQUIRED');
    await expectRefundedOnce(c.accountId, id, c.before);
    for (let i = 0; i < 50 && (await pendingRows(c.accountId)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await pendingRows(c.accountId), 'result rows left after the refund').to.equal(0);
  });

  it('charge → client disconnect → store: the retry with the key replays the charged result', async () => {
    const c = await customer();
    const id = fresh('c-x-s');
    const charged = gates.hold('afterCharge', id);
    const controller = new AbortController();
    const answer = leaving(c.key, id, controller.signal);
    await charged.reached;
    const settle = gates.hold('settle', id);
    controller.abort();
    expect(await answer).to.be.instanceOf(Error);
    await settle.reached;
    settle.open();
    const retry = await humanize(c.key, id); // the worker is still held: the API's settle stored the result
    expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
    expect(retry.body).to.include({ id, replayed: true });
    charged.open();
    await expectChargedOnce(c.accountId, id, c.before, retry.body.words_charged as number);
  });

  it('client disconnect → refund → charge refused: refunded once, the retry is 409 RETRY_REQUIRED', async () => {
    const c = await customer();
    const id = fresh('x-r-c');
    const charge = gates.hold('beforeCharge', id);
    const controller = new AbortController();
    const answer = leaving(c.key, id, controller.signal);
    await charge.reached;
    controller.abort();
    expect(await answer).to.be.instanceOf(Error);
    await expectRefundedOnce(c.accountId, id, c.before);
    charge.open();
    expectProblem(await humanize(c.key, id), 409, 'RETRY_REQUIRED');
    await expectRefundedOnce(c.accountId, id, c.before);
  });

  describe('streams (local engine: the whole text is charged before the first chunk)', () => {
    async function openStream(key: string, id: string, signal?: AbortSignal): Promise<Response> {
      return fetch(`${t.url}/v1/humanize`, {
        method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': id },
        body: JSON.stringify({ text: SAMPLE_TEXT, stream: true }), ...(signal ? { signal } : {}),
      });
    }

    it('is charged when its first chunk arrives; a reset after it is no refund, and the retry replays', async () => {
      const c = await customer();
      const id = fresh('s-first-chunk');
      const controller = new AbortController();
      const res = await openStream(c.key, id, controller.signal);
      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (e) => events.push(e) });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      while (!events.some((e) => e.event === 'chunk')) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      expect(events.map((e) => e.event)).to.include('chunk');
      const atFirstChunk = await checkLedger(t.backends.store, c.accountId);
      expect([...atFirstChunk.charged.keys()], 'charged before the first chunk was sent').to.deep.equal([id]);
      controller.abort();
      await reader.cancel().catch(() => {});
      const retry = await humanize(c.key, id);
      expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
      expect(retry.body).to.include({ id, replayed: true });
      await expectChargedOnce(c.accountId, id, c.before, retry.body.words_charged as number);
    });

    it('charge → deadline → publish: the stream ends with the whole text and done, never an error', async () => {
      const c = await customer();
      const id = fresh('s-c-d-p');
      const publish = gates.hold('beforePublish', id);
      const res = await openStream(c.key, id);
      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (e) => events.push(e) });
      const decoder = new TextDecoder();
      const reading = (async () => {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      })();
      await publish.reached;
      await reading;
      publish.open();
      expect(events.map((e) => e.event)).to.not.include('error');
      expect(events.at(-1)?.event).to.equal('done');
      const text = events.filter((e) => e.event === 'chunk').map((e) => (JSON.parse(e.data) as { text: string }).text).join('');
      const replay = await humanize(c.key, id);
      expect(replay.body.humanized_text).to.equal(text);
      await expectChargedOnce(c.accountId, id, c.before, replay.body.words_charged as number);
    });
  });
});
