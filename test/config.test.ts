/** Start-up configuration: defaults from design.md, and one clear line naming the variable for a bad value. */
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../infra/config.js';
import { createTestDatabase } from './support/db.js';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err: unknown) {
    expect(err).to.be.instanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).to.include({
      port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://localhost:5432/humanizer', redisUrl: 'redis://127.0.0.1:6379',
      eventStore: 'postgres', aiProvider: 'local', detectProvider: 'local', aiTimeoutMs: 120_000, adminSecret: null,
      docsUrl: 'https://docs.example.com', idempotencyTtlSeconds: 86_400, trustProxy: false,
    });
    expect(c.roles).to.deep.equal(['api', 'worker', 'projector']);
  });

  it('names the variable and the expected form of a bad value', () => {
    expect(refusal({ AI_PROVIDER: 'gpt' })).to.match(/^AI_PROVIDER: expected one of local, openai/);
    expect(refusal({ DATABASE_URL: 'not a url' })).to.match(/^DATABASE_URL: expected a URL/);
    expect(refusal({ REDIS_URL: 'http://x' })).to.match(/^REDIS_URL: expected a URL/);
    expect(refusal({ PORT: 'eighty' })).to.match(/^PORT: expected an integer/);
    expect(refusal({ TRUST_PROXY: 'maybe' })).to.match(/^TRUST_PROXY: expected true or false/);
    expect(refusal({ ROLES: 'api,web' })).to.match(/^ROLES: /);
    expect(refusal({ EVENT_STORE: 'esdb' })).to.match(/^EVENTSTORE_CONNECTION_STRING: /);
    expect(refusal({ AI_PROVIDER: 'openai' })).to.match(/^OPENAI_BASE_URL: /);
    expect(refusal({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).to.match(/^OPENAI_MODEL: /);
    expect(refusal({ IDEMPOTENCY_TTL_SECONDS: '0' })).to.match(/^IDEMPOTENCY_TTL_SECONDS: /);
  });

  it('lets DETECT_PROVIDER follow AI_PROVIDER unless set', () => {
    const env = { AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'm' };
    expect(loadConfig(env).detectProvider).to.equal('openai');
    expect(loadConfig({ ...env, DETECT_PROVIDER: 'local' }).detectProvider).to.equal('local');
  });
});

describe('start-up checks (bin/main.ts)', function () {
  this.timeout(60_000);
  const run = async (env: Record<string, string>, args: string[]) => {
    const { spawn } = await import('node:child_process');
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bin/main.ts', ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
      child.on('exit', (code) => resolve({ code, out }));
    });
  };

  it('refuses a bad variable with one line and exit 2', async () => {
    const { code, out } = await run({ AI_PROVIDER: 'gpt' }, []);
    expect(code).to.equal(2);
    expect(out.trim()).to.equal('configuration error: AI_PROVIDER: expected one of local, openai, got "gpt"');
  });

  it('--check reports an unreachable Redis and exits 1', async () => {
    const db = await createTestDatabase('hz_check');
    try {
      const { code, out } = await run({ REDIS_URL: 'redis://127.0.0.1:1', DATABASE_URL: db.url }, ['--check']);
      expect(code).to.equal(1);
      expect(out).to.match(/check failed: REDIS_URL: Redis unreachable/);
      const ok = await run({ DATABASE_URL: db.url }, ['--check']);
      expect(ok.code, ok.out).to.equal(0);
    } finally {
      await db.drop();
    }
  });
});
