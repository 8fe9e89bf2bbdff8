/** The Koa edge over real HTTP: problem documents, 404/405/415/413/400, request ids, auth codes. */
import { connect } from 'node:net';
import { expect } from 'chai';
import { createSchemaRegistry } from '../schemas/index.js';
import { call, startTestService, type TestService } from './support/service.js';

describe('HTTP edge and authentication', function () {
  this.timeout(60_000);
  let t: TestService;
  const schemas = createSchemaRegistry();
  let key: string;

  before(async () => {
    t = await startTestService({ ADMIN_SECRET: 'test-admin-secret', DOCS_URL: 'https://docs.test' });
    ({ key } = await t.customer());
  });
  after(async () => { await t?.close(); });

  function expectProblem(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
    expect(res.status, JSON.stringify(res.body)).to.equal(status);
    expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(res.body.code).to.equal(code);
    expect(res.body.request_id).to.equal(res.headers.get('x-request-id'));
    expect(res.body.type).to.equal(`https://docs.test/errors/${code.toLowerCase().replace(/_/g, '-')}`);
    expect(schemas.validateResponse('problem', res.body), JSON.stringify(res.body)).to.equal(null);
  }

  it('answers 404 NOT_FOUND on an unknown path', async () => {
    const res = await call(t.url, 'GET', '/v1/nothing-here');
    expectProblem(res, 404, 'NOT_FOUND');
    expect(res.body.instance).to.equal('/v1/nothing-here');
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow on a wrong method', async () => {
    const res = await call(t.url, 'DELETE', '/v1/humanize');
    expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).to.contain('POST');
  });

  it('answers 415 INVALID_CONTENT_TYPE on a POST without JSON', async () => {
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: 'text=hello', headers: { 'Content-Type': 'text/plain' } });
    expectProblem(res, 415, 'INVALID_CONTENT_TYPE');
  });

  it('answers a JSON request that has no body at all (no Content-Length) like an empty one: 400, not 415', async () => {
    // fetch always declares a length; a raw request can leave the body out entirely, as curl -X POST does.
    const raw = (contentType: string) => new Promise<{ status: number; body: Record<string, unknown>; requestId: string }>((resolve, reject) => {
      const { hostname, port } = new URL(t.url);
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST /v1/detect HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${contentType}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => { text += d; });
      socket.on('error', reject);
      socket.on('end', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const requestId = /x-request-id: (\S+)/i.exec(head)?.[1] ?? '';
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as Record<string, unknown>, requestId });
      });
    });
    const empty = await call(t.url, 'POST', '/v1/detect', { key, body: '' });
    const none = await raw('application/json; charset=utf-8');
    expect(none.status, JSON.stringify(none.body)).to.equal(400);
    expect(none.body.code).to.equal(empty.body.code);
    // An empty body is no JSON text.
    expectProblem(empty, 400, 'INVALID_JSON');
    expect(none.body.request_id).to.equal(none.requestId);
    const plain = await raw('text/plain');
    expect(plain.status).to.equal(415);
    expect(plain.body.code).to.equal('INVALID_CONTENT_TYPE');
  });

  it('answers 413 PAYLOAD_TOO_LARGE over 128 KiB', async () => {
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: JSON.stringify({ text: 'a '.repeat(70_000) }) });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 400 INVALID_JSON on a broken body', async () => {
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: '{"text": ' });
    expectProblem(res, 400, 'INVALID_JSON');
  });

  it('authenticates: MISSING_API_KEY, INVALID_API_KEY_FORMAT, INVALID_KEY_FORMAT, INVALID_KEY, UNKNOWN_ERROR', async () => {
    expectProblem(await call(t.url, 'GET', '/v1/tones'), 401, 'MISSING_API_KEY');
    expectProblem(await call(t.url, 'GET', '/v1/tones', { headers: { Authorization: 'Bearer sk_test_123' } }), 401, 'INVALID_API_KEY_FORMAT');
    expectProblem(await call(t.url, 'GET', '/v1/tones', { headers: { Authorization: 'Bearer svc_live_short' } }), 401, 'INVALID_KEY_FORMAT');
    expectProblem(await call(t.url, 'GET', '/v1/tones', { key: 'svc_live_' + 'A'.repeat(43) }), 401, 'INVALID_KEY');
    expectProblem(await call(t.url, 'GET', '/v1/tones', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'UNKNOWN_ERROR');
  });

  it('gives every response an X-Request-Id', async () => {
    const res = await call(t.url, 'GET', '/v1/tones', { key });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(res.body.id).to.equal(res.headers.get('x-request-id'));
  });

  it('reports health with version, services only with the admin secret', async () => {
    const plain = await call(t.url, 'GET', '/v1/health');
    expect(plain.status).to.equal(200);
    expect(plain.body.status).to.equal('healthy');
    expect(plain.body).to.not.have.property('services');
    expect(schemas.validateResponse('health', plain.body)).to.equal(null);
    const admin = await call(t.url, 'GET', '/v1/health', { headers: { 'X-Admin-Secret': 'test-admin-secret' } });
    expect(admin.body).to.have.nested.property('services.database.status', 'up');
    const wrong = await call(t.url, 'GET', '/v1/health', { headers: { 'X-Admin-Secret': 'nope' } });
    expect(wrong.body).to.not.have.property('services');
    const head = await fetch(t.url + '/v1/health', { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(await head.text()).to.equal('');
  });
});
