/** GET/HEAD /v1/usage over HTTP: plan, ledger balance, key, stats, and the degraded answer. */
import { expect } from 'chai';
import { createSchemaRegistry } from '../schemas/index.js';
import { countWords } from '../domain/words.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

describe('usage over HTTP', function () {
  this.timeout(60_000);
  let t: TestService;
  const schemas = createSchemaRegistry();
  before(async () => { t = await startTestService(); });
  after(async () => { await t?.close(); });

  it('reports plan, balance, key and statistics', async () => {
    const { key, keyId } = await t.customer({ plan: 'scale', name: 'reporting', scopes: 'detect,tones' });
    const detected = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    expect(detected.status).to.equal(200);
    const words = countWords(SAMPLE_TEXT);
    let res = await call(t.url, 'GET', '/v1/usage', { key });
    // The statistics come from a projection; give the projector a moment.
    for (let i = 0; i < 50 && (res.body.stats as { summary?: { total_requests?: number } } | null)?.summary?.total_requests !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await call(t.url, 'GET', '/v1/usage', { key });
    }
    expect(res.status).to.equal(200);
    expect(schemas.validateResponse('usage', res.body), JSON.stringify(res.body)).to.equal(null);
    expect(res.body.plan).to.include({ key: 'api_scale', slug: 'scale', name: 'Scale', words_per_month: 3_000_000, max_words_per_request: 10_000, requests_per_minute: 200 });
    expect(res.body.usage).to.include({ words_used: words, words_remaining: 3_000_000 - words, words_limit: 3_000_000, topup_words_remaining: 0, requests_this_period: 1 });
    expect(res.body.key).to.deep.equal({ id: keyId, name: 'reporting', scopes: ['detect', 'tones'] });
    const stats = res.body.stats as { summary: Record<string, number>; daily: Array<Record<string, unknown>> };
    expect(stats.summary).to.include({ total_requests: 1, total_words_charged: words, error_count: 0, success_rate: 100 });
    const today = stats.daily.find((d) => d.date === new Date().toISOString().slice(0, 10));
    expect(today).to.include({ requests: 1, words_charged: words, errors: 0 });
    expect(res.body).to.not.have.property('degraded');
    expect(res.headers.get('x-ratelimit-limit')).to.equal(null);
  });

  it('answers HEAD with the same status and an empty body', async () => {
    const { key } = await t.customer();
    const head = await fetch(t.url + '/v1/usage', { method: 'HEAD', headers: { Authorization: `Bearer ${key}` } });
    expect(head.status).to.equal(200);
    expect(await head.text()).to.equal('');
    const denied = await fetch(t.url + '/v1/usage', { method: 'HEAD' });
    expect(denied.status).to.equal(401);
  });

  it('still answers with plan, usage and key, stats null and degraded true, when the statistics lookup fails', async () => {
    const { key } = await t.customer();
    await t.backends.pool.query('ALTER TABLE usage_daily RENAME TO usage_daily_away');
    try {
      const res = await call(t.url, 'GET', '/v1/usage', { key });
      expect(res.status).to.equal(200);
      expect(res.body.stats).to.equal(null);
      expect(res.body.degraded).to.equal(true);
      expect(res.body).to.have.property('plan');
      expect(res.body).to.have.nested.property('usage.words_remaining', 1_000_000);
      expect(schemas.validateResponse('usage', res.body), JSON.stringify(res.body)).to.equal(null);
    } finally {
      await t.backends.pool.query('ALTER TABLE usage_daily_away RENAME TO usage_daily');
    }
  });
});
