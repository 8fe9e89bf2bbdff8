/**
 * HTTPS served by the API itself: with TLS_CERT_FILE and TLS_KEY_FILE (a self-signed certificate made
 * here) it answers over TLS and every response, errors included, carries Strict-Transport-Security;
 * without them there is no such header. Bad TLS settings stop start-up with the variable named.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { generate } from 'selfsigned';
import { ConfigError, loadConfig } from '../infra/config.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

interface TlsAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: string; protocol: string }

function getTls(url: string, ca: string, headers: Record<string, string> = {}, body?: unknown): Promise<TlsAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const options = { ca, method: payload ? 'POST' : 'GET', headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json' } : {}) } };
    const req = request(url, options, (res) => {
      const protocol = (res.socket as import('node:tls').TLSSocket).getProtocol() ?? '';
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({
        status: res.statusCode ?? 0, headers: res.headers, body,
        protocol,
      }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('TLS', function () {
  this.timeout(60_000);
  let dir: string;
  let cert: string;
  let certFile: string;
  let keyFile: string;
  let otherKeyFile: string;
  let t: TestService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hz-tls-'));
    const extensions = [{ name: 'subjectAltName' as const, altNames: [{ type: 7 as const, ip: '127.0.0.1' }, { type: 2 as const, value: 'localhost' }] }];
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, extensions });
    const other = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048 });
    cert = pems.cert;
    certFile = join(dir, 'cert.pem');
    keyFile = join(dir, 'key.pem');
    otherKeyFile = join(dir, 'other-key.pem');
    writeFileSync(certFile, pems.cert);
    writeFileSync(keyFile, pems.private);
    writeFileSync(otherKeyFile, other.private);
    t = await startTestService({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
  });
  after(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTPS with the configured certificate and sends Strict-Transport-Security', async () => {
    expect(t.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await getTls(`${t.url}/v1/health`, cert);
    expect(health.status).to.equal(200);
    expect(health.protocol).to.match(/^TLSv1\.[23]$/);
    expect(health.headers['strict-transport-security']).to.equal('max-age=31536000');
    const refused = await getTls(`${t.url}/v1/usage`, cert);
    expect(refused.status).to.equal(401);
    expect(refused.headers['strict-transport-security']).to.equal('max-age=31536000');
    expect(JSON.parse(refused.body)).to.include({ code: 'MISSING_API_KEY' });
    const { key } = await t.customer();
    const streamed = await getTls(`${t.url}/v1/humanize`, cert, { Authorization: `Bearer ${key}` }, { text: SAMPLE_TEXT, stream: true });
    expect(streamed.headers['content-type']).to.match(/^text\/event-stream/);
    expect(streamed.headers['strict-transport-security']).to.equal('max-age=31536000');
    expect(streamed.body).to.match(/^event: done$/m);
  });

  it('is refused by a client that does not trust the certificate', async () => {
    const error = await getTls(`${t.url}/v1/health`, '').then(() => null, (e: unknown) => e as Error & { code?: string });
    expect(error?.code).to.match(/SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  });

  it('sends no Strict-Transport-Security over plain HTTP', async () => {
    const plain = await startTestService();
    try {
      const res = await call(plain.url, 'GET', '/v1/health');
      expect(res.status).to.equal(200);
      expect(res.headers.get('strict-transport-security')).to.equal(null);
    } finally {
      await plain.close();
    }
  });

  it('stops start-up naming the variable when a file is missing, unreadable or the key does not match', () => {
    const failure = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (err: unknown) {
        if (err instanceof ConfigError) return err.message;
        throw err;
      }
      throw new Error('expected a configuration error');
    };
    expect(failure({ TLS_CERT_FILE: certFile })).to.match(/^TLS_KEY_FILE: expected a private key file/);
    expect(failure({ TLS_KEY_FILE: keyFile })).to.match(/^TLS_CERT_FILE: expected a certificate file/);
    expect(failure({ TLS_CERT_FILE: join(dir, 'nope.pem'), TLS_KEY_FILE: keyFile })).to.match(/^TLS_CERT_FILE: expected a readable PEM file/);
    expect(failure({ TLS_CERT_FILE: keyFile, TLS_KEY_FILE: keyFile })).to.match(/^TLS_CERT_FILE: expected a PEM file/);
    expect(failure({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: otherKeyFile })).to.match(/^TLS_KEY_FILE: expected the private key of the certificate/);
    expect(loadConfig({}).tls).to.equal(null);
  });
});
