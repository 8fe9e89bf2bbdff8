/** Operator surfaces over HTTP: metrics behind the admin secret, internal errors without internals, OpenAPI. */
import { expect } from 'chai';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

describe('operator surfaces', function () {
  this.timeout(60_000);
  let t: TestService;
  before(async () => { t = await startTestService({ ADMIN_SECRET: 'metrics-secret' }); });
  after(async () => { await t?.close(); });

  it('serves Prometheus metrics only with X-Admin-Secret (403 UNAUTHORIZED otherwise)', async () => {
    const { key } = await t.customer();
    expect((await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } })).status).to.equal(200);
    const denied = await call(t.url, 'GET', '/metrics');
    expect(denied.status).to.equal(403);
    expect(denied.body.code).to.equal('UNAUTHORIZED');
    const wrong = await call(t.url, 'GET', '/metrics', { headers: { 'X-Admin-Secret': 'nope' } });
    expect(wrong.body.code).to.equal('UNAUTHORIZED');
    const res = await fetch(t.url + '/metrics', { headers: { 'X-Admin-Secret': 'metrics-secret' } });
    expect(res.status).to.equal(200);
    const text = await res.text();
    for (const name of [
      'http_requests_total', 'http_request_duration_seconds', 'queue_depth', 'job_duration_seconds', 'ledger_reservations_total',
      'ledger_charges_total', 'ledger_refunds_total', 'ledger_words_charged_total', 'sse_streams_open', 'projection_lag_events',
      'projection_lag_seconds', 'eventstore_append_duration_seconds', 'eventstore_conflict_retries_total',
    ]) expect(text, name).to.contain(`# TYPE ${name} `);
    expect(text).to.match(/ledger_charges_total 1\b/);
    expect(text).to.match(/http_requests_total\{route="\/v1\/detect",method="POST",status="200",code=""\} 1\b/);
  });

  it('answers 500 INTERNAL_ERROR without internals when a dependency fails unexpectedly', async () => {
    const { key } = await t.customer();
    await t.backends.pool.query('ALTER TABLE api_keys RENAME TO api_keys_away');
    try {
      const res = await call(t.url, 'GET', '/v1/tones', { key: key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') });
      expect(res.status).to.equal(500);
      expect(res.body.code).to.equal('INTERNAL_ERROR');
      expect(JSON.stringify(res.body)).to.not.match(/api_keys|relation|stack|at /);
    } finally {
      await t.backends.pool.query('ALTER TABLE api_keys_away RENAME TO api_keys');
    }
  });

  it('serves the OpenAPI document without authentication', async () => {
    const res = await call(t.url, 'GET', '/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body.openapi).to.match(/^3\.1/);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [['/v1/humanize', 'post'], ['/v1/detect', 'post'], ['/v1/usage', 'get'], ['/v1/health', 'get'], ['/v1/tones', 'post'], ['/v1/tones/{id}', 'delete']] as const) {
      expect(paths[path], path).to.have.property(method);
    }
  });
});
