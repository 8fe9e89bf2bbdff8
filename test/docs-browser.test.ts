/**
 * /docs in a real browser (Debian's chromium, headless; `bash .ci/run` installs it): the reference
 * rendered from openapi.json lists every operation of the document, an error page renders, and no
 * request leaves this origin.
 */
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startTestService, type TestService } from './support/service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

describe('documentation in a browser', function () {
  this.timeout(90_000);
  let t: TestService;
  let browser: Browser;

  before(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium (bash .ci/run does)`).to.equal(true);
    t = await startTestService();
    browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, pipe: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders the API reference with every operation of openapi.json, loading nothing from elsewhere', async () => {
    const document = await (await fetch(`${t.url}/v1/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => { requested.push(r.url()); });
    const errors: string[] = [];
    page.on('pageerror', (e) => { errors.push(String(e)); });
    await page.goto(`${t.url}/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    const listed = await page.$$eval('.opblock', (blocks) => blocks.map((b) => {
      const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
      const path = b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
      return `${method} ${path}`;
    }));
    expect([...new Set(listed)].sort()).to.deep.equal(expected.sort());
    expect(await page.$eval('.info .title', (e) => e.textContent ?? '')).to.contain('Humanize & Detect API');
    expect(errors).to.deep.equal([]);
    const origin = new URL(t.url).origin;
    expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).to.deep.equal([]);
    expect(requested).to.include(`${origin}/v1/openapi.json`);
    await page.close();
  });

  it('renders an error page with when it happens and what to do', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${t.url}/docs/errors/insufficient-words`);
    expect(res?.status()).to.equal(200);
    expect(await page.$eval('#code', (e) => e.textContent)).to.equal('INSUFFICIENT_WORDS');
    expect(await page.$eval('#what-to-do', (e) => e.textContent ?? '')).to.contain('words_required');
    await page.click('nav a[href="/docs/errors"]');
    await page.waitForSelector('table');
    expect(await page.$$eval('tbody tr', (rows) => rows.length)).to.be.greaterThan(50);
    await page.close();
  });
});
