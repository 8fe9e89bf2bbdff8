/**
 * The documentation the service serves: with DOCS_URL at the service's own /docs, the `type` of a real
 * problem and of every code in the error table resolves to a page saying when it happens and what to
 * do; the reference page and its assets come from this origin only.
 */
import { createServer } from 'node:net';
import { expect } from 'chai';
import { ERROR_CODES, problemType, type ErrorCode } from '../domain/error-codes.js';
import { ERROR_GUIDE, REMEDIES } from '../domain/error-guide.js';
import { expectProblem } from './support/problem.js';
import { call, startTestService, type TestService } from './support/service.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('documentation served by the service', function () {
  this.timeout(60_000);
  let t: TestService;
  let docsUrl: string;

  before(async () => {
    const port = await freePort();
    docsUrl = `http://127.0.0.1:${port}/docs`;
    t = await startTestService({ PORT: String(port), DOCS_URL: docsUrl });
  });
  after(async () => { await t?.close(); });

  it('resolves the type of a real problem to its page', async () => {
    const res = await call(t.url, 'GET', '/v1/usage');
    expectProblem(res, 401, 'MISSING_API_KEY');
    expect(res.body.type).to.equal(`${docsUrl}/errors/missing-api-key`);
    const page = await fetch(String(res.body.type));
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).to.contain('<h1 id="code">MISSING_API_KEY</h1>').and.contain('HTTP 401');
    expect(html).to.contain('no <code>Authorization</code> header');
  });

  it('has a page for every code of the error table, with when and what to do', async () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const res = await fetch(problemType(docsUrl, code));
      expect(res.status, code).to.equal(200);
      const html = await res.text();
      expect(html, code).to.contain(`<h1 id="code">${code}</h1>`);
      expect(html, code).to.contain(`HTTP ${ERROR_CODES[code][0]}`);
      const firstWords = REMEDIES[ERROR_GUIDE[code].remedy].split(' ').slice(0, 3).join(' ');
      expect(html, code).to.contain(firstWords);
    }
    const index = await (await fetch(`${docsUrl}/errors`)).text();
    for (const code of Object.keys(ERROR_CODES)) expect(index).to.contain(`<code>${code}</code>`);
  });

  it('answers an unknown error page, asset or a wrong spelling with a 404 problem', async () => {
    expectProblem(await call(t.url, 'GET', '/docs/errors/no-such-error'), 404, 'NOT_FOUND');
    expectProblem(await call(t.url, 'GET', '/docs/errors/MISSING_API_KEY'), 404, 'NOT_FOUND');
    expectProblem(await call(t.url, 'GET', '/docs/assets/package.json'), 404, 'NOT_FOUND');
    expectProblem(await call(t.url, 'POST', '/docs', { body: {} }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('serves the reference page and its renderer from this origin, under a self-only policy', async () => {
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-security-policy')).to.contain("default-src 'self'").and.contain("script-src 'self'");
    const html = await res.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls).to.include.members(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/init.js']);
    expect(urls.filter((u) => !u.startsWith('/'))).to.deep.equal([]);
    for (const url of urls) expect((await fetch(t.url + url)).status, url).to.equal(200);
    const init = await (await fetch(`${t.url}/docs/assets/init.js`)).text();
    expect(init).to.contain("url: '/v1/openapi.json'").and.contain('validatorUrl: null');
  });
});
