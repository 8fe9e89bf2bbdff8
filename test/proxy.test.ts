/**
 * deploy/Caddyfile run for real (Debian's caddy; `bash .ci/run` installs it) in front of the service, as
 * docker-compose runs it: TLS from Caddy's internal CA, Strict-Transport-Security, an SSE stream passed
 * through to its `done` event, and X-Forwarded-For handled so that TRUST_PROXY=true sees the real client:
 * an address a client writes into the header is never believed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

describe('TLS proxy (deploy/Caddyfile)', function () {
  this.timeout(60_000);
  let t: TestService;
  let caddy: ChildProcess;
  let dir: string;
  let base: string;
  let ca = '';

  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(`${base}${path}`, {
        method, ca, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(payload);
    });

  before(async function () {
    expect(existsSync(CADDY), `${CADDY} is missing: apt-get install -y caddy (bash .ci/run does)`).to.equal(true);
    t = await startTestService({ TRUST_PROXY: 'true' });
    dir = mkdtempSync(join(tmpdir(), 'hz-caddy-'));
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    base = `https://127.0.0.1:${httpsPort}`;
    caddy = spawn(CADDY, ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir,
        SITE_ADDRESS: base, API_HOST: '127.0.0.1', API_PORT: new URL(t.url).port, CADDY_ADMIN: 'off', CADDY_HTTP_PORT: String(httpPort),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    caddy.stderr?.on('data', (c: Buffer) => { log += c.toString(); });
    const root = join(dir, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    for (let i = 0; i < 200; i++) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited: ${log.slice(-2000)}`);
      if (existsSync(root)) {
        ca = readFileSync(root, 'utf8');
        const ok = await send('GET', '/v1/health').then((r) => r.status === 200, () => false);
        if (ok) return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`caddy did not come up: ${log.slice(-2000)}`);
  });
  after(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('terminates TLS and sends Strict-Transport-Security', async () => {
    const health = await send('GET', '/v1/health');
    expect(health.status).to.equal(200);
    expect(health.headers['strict-transport-security']).to.equal('max-age=31536000');
    expect(JSON.parse(health.body)).to.have.property('status', 'healthy');
  });

  it('passes an SSE stream through to its done event', async () => {
    const { key } = await t.customer();
    const res = await send('POST', '/v1/humanize', { Authorization: `Bearer ${key}` }, { text: SAMPLE_TEXT, stream: true });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/event-stream/);
    const names = [...res.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names[0]).to.equal('meta');
    expect(names).to.include('chunk');
    expect(names.at(-1)).to.equal('done');
  });

  it('never lets a client-written X-Forwarded-For pass for the client address', async () => {
    const local = await t.customer({ allowIps: '127.0.0.1' });
    const elsewhere = await t.customer({ allowIps: '203.0.113.7' });
    const spoof = { 'X-Forwarded-For': '203.0.113.7' };
    const allowed = await send('GET', '/v1/usage', { Authorization: `Bearer ${local.key}`, ...spoof });
    expect(allowed.status, allowed.body).to.equal(200);
    const refused = await send('GET', '/v1/usage', { Authorization: `Bearer ${elsewhere.key}`, ...spoof });
    expect(refused.status).to.equal(403);
    expect(JSON.parse(refused.body)).to.include({ code: 'IP_NOT_ALLOWED' });
  });
});
