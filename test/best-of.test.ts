import { expect } from 'chai';
import type { DetectionReport } from '../domain/options.js';
import { bestOf, wordChunks } from '../workers/engines/best-of.js';
import { createOpenAIHumanizer } from '../workers/engines/openai-humanizer.js';
import { ProviderError, type Detector, type HumanizeRequest, type Humanizer } from '../workers/engines/types.js';
import { FAKE_MODEL, fakeRewrite, rejection, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';

const TEXT =
  'Moreover, organizations utilize comprehensive platforms to demonstrate significant value. However, numerous ' +
  'individuals obtain sufficient insight only when various tools facilitate optimal workflows. Furthermore, it is ' +
  'crucial to ensure that teams leverage essential data, and therefore the benefits are approximately doubled.';
const SEED = 40;

/** Long words read as machine-like: ai_score = percentage of words with eight letters or more. */
function longWordScore(text: string): number {
  const words = text.match(/[A-Za-z']+/g) ?? [];
  return words.length === 0 ? 0 : Math.round((100 * words.filter((w) => w.length >= 8).length) / words.length);
}

function report(aiScore: number): DetectionReport {
  return {
    ai_score: aiScore, human_score: 100 - aiScore, confidence: 'low', verdict: aiScore >= 50 ? 'possibly_ai' : 'likely_human',
    label: 'long words', signals: [], sentences: [], summary: `${aiScore}% long words`,
  };
}

const longWordDetector: Detector = {
  async detect(text, { signal }) {
    signal.throwIfAborted();
    return report(longWordScore(text));
  },
};

/** Scores by word count bucket, so differently worded candidates of similar length tie. */
const lengthBucketDetector: Detector = {
  async detect(text) {
    return report(Math.min(100, 10 * Math.floor((text.match(/\S+/g) ?? []).length / 100)));
  },
};

function request(over: Partial<HumanizeRequest> = {}): HumanizeRequest {
  return {
    text: TEXT, mode: 'standard', tone: { kind: 'builtin', name: 'casual' }, readability: 'college',
    language: 'en', freezeWords: [], seed: SEED, ...over,
  };
}


describe('best_of', () => {
  let fake: FakeOpenAI;
  let humanizer: Humanizer;
  const signal = () => new AbortController().signal;
  const chatSeeds = () => fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body!.seed as number).sort((a, b) => a - b);

  before(async () => {
    fake = await startFakeOpenAI();
    humanizer = createOpenAIHumanizer({ baseURL: fake.url, apiKey: 'k', model: FAKE_MODEL, timeoutMs: 10_000 });
  });
  after(async () => { await fake.close(); });
  beforeEach(() => { fake.setBehaviour('normal'); fake.requests.length = 0; });

  it('runs n differently seeded candidates and returns the lowest-scoring one', async () => {
    const n = 4;
    const expected = Array.from({ length: n }, (_, i) => fakeRewrite(TEXT, SEED + i, []));
    const expectedScores = expected.map(longWordScore);
    expect(new Set(expectedScores).size).to.be.greaterThan(1, 'the seeds should give candidates that score differently');
    const winner = expectedScores.indexOf(Math.min(...expectedScores));

    const result = await bestOf({ humanizer, detector: longWordDetector, request: request(), n, signal: signal() });
    expect(chatSeeds()).to.deep.equal([SEED, SEED + 1, SEED + 2, SEED + 3]);
    expect(result.scores).to.deep.equal(expectedScores);
    expect(result.winner).to.equal(winner);
    expect(result.text).to.equal(expected[winner]);
    expect(result.candidates).to.equal(n);
  });

  it('breaks ties by the lowest index', async () => {
    const result = await bestOf({ humanizer, detector: lengthBucketDetector, request: request({ seed: SEED + 1 }), n: 3, signal: signal() });
    expect(new Set(result.scores).size).to.equal(1);
    expect(result.winner).to.equal(0);
    expect(result.text).to.equal(fakeRewrite(TEXT, SEED + 1, []));
  });

  it('with n = 1 streams straight through the humanizer', async () => {
    const chunks: string[] = [];
    const result = await bestOf({ humanizer, detector: longWordDetector, request: request(), n: 1, signal: signal(), onChunk: (c) => chunks.push(c) });
    expect(fake.requests).to.have.length(1);
    expect(fake.requests[0]!.body!.stream).to.equal(true);
    expect(chunks.join('')).to.equal(result.text);
    expect(result.text).to.equal(fakeRewrite(TEXT, SEED, []));
    expect(chunks.length).to.be.greaterThan(wordChunks(result.text).length); // the fake streams sub-word pieces
    expect(result).to.deep.include({ candidates: 1, scores: [], winner: 0 });
  });

  it('with n > 1 generates without streaming, then emits the winner in word-sized chunks', async () => {
    const chunks: string[] = [];
    const result = await bestOf({ humanizer, detector: longWordDetector, request: request(), n: 3, signal: signal(), onChunk: (c) => chunks.push(c) });
    expect(fake.requests.every((r) => r.body!.stream === undefined)).to.equal(true);
    expect(chunks.join('')).to.equal(result.text);
    expect(chunks).to.deep.equal(wordChunks(result.text));
    expect(chunks.every((c) => /^\S+\s*$/.test(c))).to.equal(true);
    expect(chunks.length).to.equal((result.text.match(/\S+/g) ?? []).length);
  });

  it('uses the candidates that succeeded when others fail', async () => {
    fake.setBehaviour({ seedBehaviours: { [SEED]: 'status5xx', [SEED + 2]: 'status5xx' } });
    const result = await bestOf({ humanizer, detector: longWordDetector, request: request(), n: 3, signal: signal() });
    expect(result.candidates).to.equal(1);
    expect(result.winner).to.equal(1);
    expect(result.text).to.equal(fakeRewrite(TEXT, SEED + 1, []));
    expect(result.scores[0]).to.be.NaN;
    expect(result.scores[1]).to.equal(longWordScore(result.text));
    expect(result.scores[2]).to.be.NaN;
  });

  it('when every candidate fails, rejects with the error of the first candidate', async () => {
    // Candidate 0 fails last (deadline), candidate 1 fails first (500): the index decides, not the clock.
    const slowHumanizer = createOpenAIHumanizer({ baseURL: fake.url, apiKey: 'k', model: FAKE_MODEL, timeoutMs: 300 });
    fake.setBehaviour({ seedBehaviours: { [SEED]: 'hang', [SEED + 1]: 'status5xx' } });
    const error = await rejection(bestOf({ humanizer: slowHumanizer, detector: longWordDetector, request: request(), n: 2, signal: signal() }));
    expect(error).to.be.instanceOf(ProviderError);
    expect(error.message).to.match(/within 300 ms/);
  });

  it('an abort cancels every candidate and closes their HTTP requests', async () => {
    fake.setBehaviour('hang');
    const controller = new AbortController();
    const pending = bestOf({ humanizer, detector: longWordDetector, request: request(), n: 3, signal: controller.signal });
    await waitFor(() => fake.requests.length === 3 && fake.requests.every((r) => r.body !== null), 'three requests');
    controller.abort();
    const error = await rejection(pending);
    expect(error.name).to.equal('AbortError');
    await waitFor(() => fake.requests.every((r) => r.aborted), 'the server to see every connection closed');
  });

  it('splits text into word chunks that concatenate to it', () => {
    const text = '  Leading space, two  spaces\nand a newline. ';
    expect(wordChunks(text).join('')).to.equal(text);
    expect(wordChunks(text)).to.deep.equal(['  ', 'Leading ', 'space, ', 'two  ', 'spaces\n', 'and ', 'a ', 'newline. ']);
  });
});
