/**
 * The engine thread pool speaks the engines' own interfaces: the same reports as the built-in engine on the
 * main thread, streamed chunks in order before the call resolves, and an abort that rejects at once.
 */
import { expect } from 'chai';
import { createEnginePool, type EnginePool } from '../workers/engine-pool.js';
import { createLocalDetector, createLocalHumanizer } from '../workers/engines/local/index.js';
import type { HumanizeRequest } from '../workers/engines/types.js';
import { SAMPLE_TEXT } from './support/service.js';

const request: HumanizeRequest = {
  text: `${SAMPLE_TEXT}\n\n${SAMPLE_TEXT}`, mode: 'standard', tone: { kind: 'builtin', name: 'casual' }, readability: 'college',
  language: 'en', freezeWords: ['Artificial intelligence'], seed: 7,
};
const live = () => new AbortController().signal;

describe('engine thread pool', function () {
  this.timeout(30_000);
  let pool: EnginePool;
  before(() => { pool = createEnginePool({ threads: 1 }); });
  after(async () => { await pool?.close(); });

  it('returns what the built-in engine returns on the main thread', async () => {
    const detector = createLocalDetector();
    expect(await pool.detector.detect(SAMPLE_TEXT, { signal: live() })).to.deep.equal(await detector.detect(SAMPLE_TEXT, { signal: live() }));
    const humanizer = createLocalHumanizer(detector);
    expect(await pool.humanizer.humanize(request, { signal: live() })).to.equal(await humanizer.humanize(request, { signal: live() }));
  });

  it('scores alone what the report scores, for best_of\'s judging', async () => {
    const detector = createLocalDetector();
    const text = await pool.humanizer.humanize(request, { signal: live() });
    for (const t of [SAMPLE_TEXT, text, `${SAMPLE_TEXT} ${text}`]) {
      const report = await detector.detect(t, { signal: live() });
      expect(await pool.detector.score!(t, { signal: live() })).to.equal(report.ai_score);
      expect(await detector.score(t, { signal: live() })).to.equal(report.ai_score);
    }
    const aborted = new AbortController();
    aborted.abort(new Error('gone'));
    await pool.detector.score!(SAMPLE_TEXT, { signal: aborted.signal }).then(() => expect.fail('resolved'), (err: Error) => expect(err.message).to.equal('gone'));
  });

  it('streams: every chunk arrives, in order, before the call resolves, and they make up the text', async () => {
    const chunks: string[] = [];
    const text = await pool.humanizer.humanize(request, { signal: live(), onChunk: (c) => chunks.push(c) });
    expect(chunks.length).to.be.greaterThan(10);
    expect(chunks.join('')).to.equal(text);
    expect(text).to.include('Artificial intelligence');
  });

  it('rejects with the signal\'s reason when aborted, before or during the call, and keeps serving', async () => {
    const before = new AbortController();
    before.abort(new Error('cancelled first'));
    const early = await pool.detector.detect(SAMPLE_TEXT, { signal: before.signal }).then(() => null, (e: unknown) => e);
    expect((early as Error).message).to.equal('cancelled first');

    const during = new AbortController();
    const chunks: string[] = [];
    const streaming = pool.humanizer.humanize(request, { signal: during.signal, onChunk: (c) => { chunks.push(c); } });
    during.abort(new Error('client gone'));
    const err = await streaming.then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.equal('client gone');
    const seen = chunks.length;
    // Nothing reaches the caller after the abort, and the pool still answers.
    expect((await pool.detector.detect(SAMPLE_TEXT, { signal: live() })).ai_score).to.be.a('number');
    expect(chunks.length).to.equal(seen);
  });
});
