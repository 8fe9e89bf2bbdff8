/**
 * The reply channel's `done` message (infra/progress.ts): to an API process that reads the framed form, a worker
 * sends the body's JSON as it serialised it, which the relay answers byte for byte; to one that does not (a job
 * without `replyFramed`), one JSON envelope as before; and an API process reads both, so workers and API processes
 * of either version can be deployed in any order.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ProgressMessage } from '../domain/jobs.js';
import { ProgressHub, type ReplyRef } from '../infra/progress.js';
import { createRedis, type Redis } from '../infra/redis.js';
import { REDIS_URL, freshPrefix } from './support/db.js';

describe('progress relay: framed done messages', () => {
  let publisher: Redis;
  let subscriber: Redis;
  let hub: ProgressHub;

  before(() => {
    publisher = createRedis(REDIS_URL);
    subscriber = createRedis(REDIS_URL, { commandTimeout: undefined });
    hub = new ProgressHub(publisher, subscriber, freshPrefix('framing'));
  });
  after(() => {
    publisher.disconnect();
    subscriber.disconnect();
  });

  /** Listens for one request, runs `send`, and resolves with the first message that reaches the listener. */
  async function receive(ref: ReplyRef, send: () => Promise<unknown>): Promise<ProgressMessage> {
    let got: (m: ProgressMessage) => void = () => {};
    const message = new Promise<ProgressMessage>((resolve) => { got = resolve; });
    const stop = await hub.listen(ref, got);
    try {
      await send();
      return await message;
    } finally {
      await stop();
    }
  }

  // Line breaks, quotes and non-ASCII text inside strings: JSON.stringify escapes the first, so the frame stays two lines.
  const body = {
    object: 'detection', id: 'req-1', ai_score: 87.5, sentences: [{ text: 'Line one.\nLine "two" — ünïcödé 𝒳', start: 0, end: 33, score: -0 }],
    input_words: 250, words_charged: 250, words_remaining: 9_750, credits_low: true,
  };

  it('hands the API the body as the worker serialised it, with the words charged, and the parsed body when read', async () => {
    const ref = { accountId: randomUUID(), requestId: 'req-1', replyTo: hub.replyChannel, replyFramed: true };
    const m = await receive(ref, () => hub.publish(ref, { kind: 'done', body }));
    expect(m.kind).to.equal('done');
    if (m.kind !== 'done') return;
    expect(m.json).to.equal(JSON.stringify(body));
    expect(m.wordsCharged).to.equal(250);
    expect(m).not.to.have.property('charge');
    expect(m.body).to.deep.equal(JSON.parse(JSON.stringify(body)));
  });

  it('carries the charge\'s report (its events and the revision after them) in the first line', async () => {
    const ref = { accountId: randomUUID(), requestId: 'req-4', replyTo: hub.replyChannel, replyFramed: true };
    const charge = {
      events: [{ type: 'WordsCharged' as const, data: { accountId: ref.accountId, requestId: 'req-4', keyId: 'k', endpoint: 'detect' as const, words: 250, inputWords: 250, outputWords: 0, latencyMs: 12, at: '2026-11-27T21:00:00.000Z' } }],
      revision: '41',
    };
    const m = await receive(ref, () => hub.publish(ref, { kind: 'done', body, charge }));
    expect(m).to.deep.include({ kind: 'done', json: JSON.stringify(body), charge });
  });

  it('sends one JSON envelope to an API process that does not read frames', async () => {
    const ref = { accountId: randomUUID(), requestId: 'req-2', replyTo: hub.replyChannel };
    const raw = new Promise<string>((resolve) => {
      const watcher = createRedis(REDIS_URL, { commandTimeout: undefined });
      watcher.on('message', (_channel: string, message: string) => { watcher.disconnect(); resolve(message); });
      void watcher.subscribe(hub.replyChannel).then(() => hub.publish(ref, { kind: 'done', body }));
    });
    const message = await raw;
    expect(message).not.to.include('\n');
    expect(JSON.parse(message)).to.deep.equal({ a: ref.accountId, r: 'req-2', m: { kind: 'done', body: JSON.parse(JSON.stringify(body)) } });
  });

  it('reads the envelope of a worker that does not frame, and frames only done', async () => {
    const ref = { accountId: randomUUID(), requestId: 'req-3', replyTo: hub.replyChannel, replyFramed: true };
    const old = await receive(ref, () => publisher.publish(hub.replyChannel, JSON.stringify({ a: ref.accountId, r: ref.requestId, m: { kind: 'done', body } })));
    expect(old).to.deep.equal({ kind: 'done', body: JSON.parse(JSON.stringify(body)) });
    const error = await receive(ref, () => hub.publish(ref, { kind: 'error', code: 'DETECTION_FAILED', message: 'failed', refunded: true }));
    expect(error).to.deep.equal({ kind: 'error', code: 'DETECTION_FAILED', message: 'failed', refunded: true });
  });
});
