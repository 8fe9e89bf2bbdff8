import { startFakeOpenAI, FAKE_MODEL } from './support/fake-openai.js';
import { settledLedger } from './support/ledger-check.js';
import { SAMPLE_TEXT, startTestService } from './support/service.js';
describe('race', function () {
  this.timeout(120_000);
  it('early abort', async () => {
    const fake = await startFakeOpenAI('hang');
    const t = await startTestService({ AI_PROVIDER: 'openai', DETECT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: FAKE_MODEL, AI_TIMEOUT_MS: '1500' });
    for (const ms of [2, 5, 10, 15, 20, 30, 40, 60]) {
      const { key, accountId } = await t.customer();
      const c = new AbortController();
      const started = Date.now();
      const p = fetch(t.url + '/v1/detect', { method: 'POST', signal: c.signal, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ text: SAMPLE_TEXT }) }).catch(() => null);
      setTimeout(() => c.abort(), ms);
      await p;
      const l = await settledLedger(t.backends.store, accountId, 8000);
      const r = [...l.refunded.values()][0];
      console.log(ms, 'reserved', l.reserved.size, 'refund', r?.code, r?.latencyMs, 'settled after', Date.now() - started);
    }
    await t.close(); await fake.close();
  });
});
