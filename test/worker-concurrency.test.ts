/**
 * Worker concurrency follows the provider: with the default configuration and a slow openai-compatible
 * server, a Growth account's 10 permitted concurrent requests all reach the provider at once (none waits in
 * the queue), and an 11th is refused with 429 CONCURRENT_LIMIT.
 */
import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import { defaultConcurrency, loadConfig, LOCAL_WORKER_CONCURRENCY, OPENAI_WORKER_CONCURRENCY } from '../infra/config.js';
import { PLANS } from '../domain/plans.js';
import { FAKE_MODEL, startFakeOpenAI, waitFor, type FakeOpenAI } from './support/fake-openai.js';
import { expectProblem } from './support/problem.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

describe('worker concurrency by provider', () => {
  it('defaults per provider (openai more than local, whose CPU work the engine threads bound); WORKER_CONCURRENCY overrides both', () => {
    const openai = { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MODEL: 'm' };
    expect(loadConfig({}).workerConcurrency).to.deep.equal({ humanize: LOCAL_WORKER_CONCURRENCY, detect: LOCAL_WORKER_CONCURRENCY });
    expect(loadConfig({}).engineThreads).to.equal(availableParallelism());
    expect(loadConfig({ ...openai, AI_PROVIDER: 'openai', DETECT_PROVIDER: 'local' }).workerConcurrency)
      .to.deep.equal({ humanize: OPENAI_WORKER_CONCURRENCY, detect: defaultConcurrency('local') });
    expect(loadConfig({ ...openai, AI_PROVIDER: 'openai', WORKER_CONCURRENCY: '5' }).workerConcurrency).to.deep.equal({ humanize: 5, detect: 5 });
    // Enough for the largest plan's concurrent requests on a single worker process.
    const largest = Math.max(...Object.values(PLANS).map((p) => p.concurrentRequests));
    expect(OPENAI_WORKER_CONCURRENCY).to.be.at.least(largest);
  });

  describe('with the default configuration and a slow provider', () => {
    let fake: FakeOpenAI;
    let t: TestService;
    let release: () => void = () => {};

    before(async () => {
      fake = await startFakeOpenAI('normal');
      // The support service pins WORKER_CONCURRENCY for speed; '' gives the default back.
      t = await startTestService({
        AI_PROVIDER: 'openai', DETECT_PROVIDER: 'local', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: FAKE_MODEL, WORKER_CONCURRENCY: '',
      });
    });
    after(async () => {
      release();
      await t?.close();
      await fake?.close();
    });

    it('runs a Growth account\'s 10 requests at once and refuses the 11th with 429 CONCURRENT_LIMIT', async function () {
      this.timeout(60_000);
      // The provider holds every answer until the test lets go, so all ten are in flight together.
      fake.setBehaviour({ behaviour: 'normal', holdUntil: new Promise<void>((resolve) => { release = resolve; }) });
      const { key } = await t.customer({ plan: 'growth' });
      const humanize = () => call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
      const chats = () => fake.requests.filter((r) => r.path === '/v1/chat/completions' && r.body !== null).length;
      const ten = Array.from({ length: 10 }, humanize);
      // With fewer than 10 jobs per worker some would wait in the queue and never reach the provider here.
      await waitFor(() => chats() === 10, '10 provider calls in flight at once', 20_000);
      const eleventh = await humanize();
      expectProblem(eleventh, 429, 'CONCURRENT_LIMIT');
      release();
      const served = await Promise.all(ten);
      for (const r of served) expect(r.status, JSON.stringify(r.body)).to.equal(200);
      expect(chats()).to.equal(10);
    });
  });
});
