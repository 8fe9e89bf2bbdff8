/**
 * Access control over real HTTP (spec section 5): scopes, per-key IP allowlists (socket address and,
 * with TRUST_PROXY, X-Forwarded-For), account states set through the operators' commands, plans the
 * service does not know, key rotation and revocation on a running service, and the key quota.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AdminCommands } from '../bin/admin-commands.js';
import { DomainError } from '../domain/error-codes.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { call, startTestService, type JsonResponse, type TestService } from './support/service.js';
import { expectProblem } from './support/problem.js';

const TEXT =
  'The committee met on Tuesday to review the budget for next year, and most members agreed that the new library ' +
  'deserves more funding than the parking garage.';


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Repeats `send` until `done` holds or `withinMs` passes, and returns the last response. API processes
 * see a change made by the operators' commands within a second (their key cache polls the read models).
 */
async function eventually(send: () => Promise<JsonResponse>, done: (r: JsonResponse) => boolean, withinMs = 1_000): Promise<JsonResponse> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await send();
    if (done(res) || Date.now() > deadline) return res;
    await sleep(50);
  }
}

describe('HTTP access: scopes, IP allowlists, account states, keys', function () {
  this.timeout(30_000);
  let t: TestService;
  let proxied: TestService;

  before(async () => {
    [t, proxied] = await Promise.all([startTestService(), startTestService({ TRUST_PROXY: 'true' })]);
  });
  after(async () => { await Promise.all([t?.close(), proxied?.close()]); });

  const detect = (key: string, headers: Record<string, string> = {}, base = t.url) =>
    call(base, 'POST', '/v1/detect', { key, body: { text: TEXT }, headers });
  const humanize = (key: string, body: Record<string, unknown> = {}) =>
    call(t.url, 'POST', '/v1/humanize', { key, body: { text: TEXT, ...body } });

  describe('scopes', () => {
    it('refuses detect to a key without the detect scope (403 SCOPE_DENIED)', async () => {
      const { key } = await t.customer({ scopes: 'humanize,tones' });
      expectProblem(await detect(key), 403, 'SCOPE_DENIED');
      expect((await humanize(key)).status).to.equal(200);
    });

    it('refuses humanize to a key without the humanize scope', async () => {
      const { key } = await t.customer({ scopes: 'detect' });
      expectProblem(await humanize(key), 403, 'SCOPE_DENIED');
      expect((await detect(key)).status).to.equal(200);
    });

    it('refuses all five tone operations to a key without the tones scope', async () => {
      const { key } = await t.customer({ scopes: 'humanize,detect' });
      const id = randomUUID();
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key }), 403, 'SCOPE_DENIED');
      expectProblem(await call(t.url, 'POST', '/v1/tones', { key, body: { name: 'Pirate', instructions: 'Talk like a pirate.' } }), 403, 'SCOPE_DENIED');
      expectProblem(await call(t.url, 'GET', `/v1/tones/${id}`, { key }), 403, 'SCOPE_DENIED');
      expectProblem(await call(t.url, 'PUT', `/v1/tones/${id}`, { key, body: { name: 'Captain' } }), 403, 'SCOPE_DENIED');
      expectProblem(await call(t.url, 'DELETE', `/v1/tones/${id}`, { key }), 403, 'SCOPE_DENIED');
    });

    it('lets a humanize-only key use a custom tone of its account', async () => {
      const { accountId, key: toneKey } = await t.customer({ scopes: 'tones' });
      const created = await call(t.url, 'POST', '/v1/tones', { key: toneKey, body: { name: 'Pirate', instructions: 'Talk like a pirate.' } });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const { key } = await t.admin.createKey({ accountId, name: 'writer', scopes: 'humanize', allowIps: null });
      const res = await humanize(key, { tone: 'Pirate' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ is_custom_tone: true, tone: 'Pirate', tone_name: 'Pirate', tone_id: (created.body.tone as { id: string }).id });
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key }), 403, 'SCOPE_DENIED');
    });
  });

  describe('IP allowlists', () => {
    it('refuses a caller outside the allowlist (403 IP_NOT_ALLOWED) and ignores X-Forwarded-For without TRUST_PROXY', async () => {
      const { key } = await t.customer({ allowIps: '10.0.0.0/8' });
      expectProblem(await detect(key), 403, 'IP_NOT_ALLOWED');
      expectProblem(await detect(key, { 'X-Forwarded-For': '10.1.2.3' }), 403, 'IP_NOT_ALLOWED');
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key }), 403, 'IP_NOT_ALLOWED');
    });

    for (const allowIps of ['127.0.0.0/8', '127.0.0.1', '::ffff:127.0.0.1', '::ffff:127.0.0.0/104', '::1, 10.0.0.0/8, 127.0.0.1']) {
      it(`lets 127.0.0.1 in when the allowlist is ${allowIps}`, async () => {
        const { key } = await t.customer({ allowIps });
        const res = await detect(key);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
      });
    }

    it('with TRUST_PROXY=true, takes the client address from X-Forwarded-For', async () => {
      const { key } = await proxied.customer({ allowIps: '10.0.0.0/8' });
      expect((await detect(key, { 'X-Forwarded-For': '10.1.2.3' }, proxied.url)).status).to.equal(200);
      expect((await detect(key, { 'X-Forwarded-For': '::ffff:10.9.9.9' }, proxied.url)).status).to.equal(200);
      expectProblem(await detect(key, { 'X-Forwarded-For': '192.168.1.20' }, proxied.url), 403, 'IP_NOT_ALLOWED');
      expectProblem(await detect(key, { 'X-Forwarded-For': 'not-an-address' }, proxied.url), 403, 'IP_NOT_ALLOWED');
      // Without the header the socket address (127.0.0.1) decides.
      expectProblem(await detect(key, {}, proxied.url), 403, 'IP_NOT_ALLOWED');
    });

    it('with TRUST_PROXY=true, matches IPv6 clients against IPv6 entries', async () => {
      const { key } = await proxied.customer({ allowIps: '::1,2001:db8::/32' });
      expect((await detect(key, { 'X-Forwarded-For': '::1' }, proxied.url)).status).to.equal(200);
      expect((await detect(key, { 'X-Forwarded-For': '2001:db8::42' }, proxied.url)).status).to.equal(200);
      expectProblem(await detect(key, { 'X-Forwarded-For': '2001:db9::42' }, proxied.url), 403, 'IP_NOT_ALLOWED');
    });

    it('with TRUST_PROXY=true, uses the hop the proxy appended, not one the client wrote', async () => {
      // A proxy that appends to X-Forwarded-For leaves whatever the client sent in front of the real address.
      const { key } = await proxied.customer({ allowIps: '10.0.0.0/8' });
      expectProblem(await detect(key, { 'X-Forwarded-For': '10.1.2.3, 192.168.1.20' }, proxied.url), 403, 'IP_NOT_ALLOWED');
      expect((await detect(key, { 'X-Forwarded-For': '192.168.1.20, 10.1.2.3' }, proxied.url)).status).to.equal(200);
    });
  });

  describe('account states', () => {
    // Every call polls: the word reservation refuses from the account's stream at once, the other
    // endpoints once the API process's key cache has seen the change (within one second).
    const refused = (send: () => Promise<JsonResponse>, code: string) => eventually(send, (r) => r.body.code === code);

    it('suspended as banned: 403 BANNED on every authenticated endpoint; reinstated: works again', async () => {
      const { accountId, key } = await t.customer();
      await t.admin.suspend(accountId, 'banned');
      expectProblem(await refused(() => detect(key), 'BANNED'), 403, 'BANNED');
      expectProblem(await refused(() => humanize(key), 'BANNED'), 403, 'BANNED');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'BANNED'), 403, 'BANNED');
      await t.admin.reinstate(accountId);
      const again = await eventually(() => detect(key), (r) => r.status === 200);
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
      expect((await call(t.url, 'GET', '/v1/tones', { key })).status).to.equal(200);
    });

    it('suspended for risk: 403 RISK_BLOCKED', async () => {
      const { accountId, key } = await t.customer();
      await t.admin.suspend(accountId, 'risk');
      expectProblem(await refused(() => detect(key), 'RISK_BLOCKED'), 403, 'RISK_BLOCKED');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'RISK_BLOCKED'), 403, 'RISK_BLOCKED');
    });

    it('suspended for verification: 403 TURNSTILE_REQUIRED', async () => {
      const { accountId, key } = await t.customer();
      await t.admin.suspend(accountId, 'turnstile');
      expectProblem(await refused(() => humanize(key), 'TURNSTILE_REQUIRED'), 403, 'TURNSTILE_REQUIRED');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'TURNSTILE_REQUIRED'), 403, 'TURNSTILE_REQUIRED');
    });

    it('a changed suspension reason shows its own code', async () => {
      const { accountId, key } = await t.customer();
      await t.admin.suspend(accountId, 'turnstile');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'TURNSTILE_REQUIRED'), 403, 'TURNSTILE_REQUIRED');
      await t.admin.suspend(accountId, 'banned');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'BANNED'), 403, 'BANNED');
    });

    it('cancelled: 403 NO_ACTIVE_SUBSCRIPTION', async () => {
      const { accountId, key } = await t.customer();
      expect((await detect(key)).status).to.equal(200);
      await t.admin.cancel(accountId);
      expectProblem(await refused(() => detect(key), 'NO_ACTIVE_SUBSCRIPTION'), 403, 'NO_ACTIVE_SUBSCRIPTION');
      expectProblem(await refused(() => call(t.url, 'GET', '/v1/tones', { key }), 'NO_ACTIVE_SUBSCRIPTION'), 403, 'NO_ACTIVE_SUBSCRIPTION');
    });

    it('an account without a subscription record: 403 NO_SUBSCRIPTION', async () => {
      const { account_id: accountId } = await t.admin.createAccount({ plan: 'none', email: null });
      // Operators may issue a key before the account subscribes; every request with it is refused.
      const { key } = await t.admin.createKey({ accountId, name: 'x', scopes: null, allowIps: null });
      expectProblem(await eventually(() => detect(key), (r) => r.status !== 401), 403, 'NO_SUBSCRIPTION');
      expectProblem(await humanize(key), 403, 'NO_SUBSCRIPTION');
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key }), 403, 'NO_SUBSCRIPTION');
      expectProblem(await call(t.url, 'GET', '/v1/usage', { key }), 403, 'NO_SUBSCRIPTION');
    });

    it('an account on a plan this service has no configuration for: 403 PLAN_NOT_FOUND', async () => {
      const partner: Plan = { ...PLANS.api_growth!, key: 'api_partner', name: 'Partner' };
      const operator = new AdminCommands({ store: t.backends.store, pool: t.backends.pool, runner: t.backends.runner, extraPlans: { api_partner: partner } });
      const { account_id: accountId } = await operator.createAccount({ plan: 'api_partner', email: null });
      const { key } = await operator.createKey({ accountId, name: 'partner', scopes: null, allowIps: null });
      expectProblem(await detect(key), 403, 'PLAN_NOT_FOUND');
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key }), 403, 'PLAN_NOT_FOUND');
    });
  });

  describe('keys', () => {
    it('rotation: the old key works during the grace period, then 401 KEY_EXPIRED; the new key works', async () => {
      const { keyId, key: oldKey } = await t.customer();
      const rotated = await t.admin.rotateKey(keyId, 2);
      expect(rotated.key).to.not.equal(oldKey);
      const during = await detect(oldKey);
      expect(during.status, JSON.stringify(during.body)).to.equal(200);
      expect((await detect(rotated.key)).status).to.equal(200);
      await sleep(Math.max(0, Date.parse(rotated.old_key_expires_at) - Date.now()) + 200);
      expectProblem(await detect(oldKey), 401, 'KEY_EXPIRED');
      expectProblem(await call(t.url, 'GET', '/v1/tones', { key: oldKey }), 401, 'KEY_EXPIRED');
      expect((await detect(rotated.key)).status).to.equal(200);
    });

    it('revocation: 401 INVALID_KEY within one second on the running service', async () => {
      const { keyId, key } = await t.customer();
      expect((await detect(key)).status).to.equal(200);
      await t.admin.revokeKey(keyId);
      expectProblem(await eventually(() => call(t.url, 'GET', '/v1/tones', { key }), (r) => r.status === 401), 401, 'INVALID_KEY');
      expectProblem(await detect(key), 401, 'INVALID_KEY');
    });

    it('the operators\' commands are in effect by the time they return: the next request sees them', async () => {
      // This service's key cache never polls within the test: only the commands' announcements can drop it.
      const still = await startTestService({}, { keyCachePollMs: 3_600_000 });
      try {
        for (let round = 0; round < 3; round++) {
          // Each key is used first, so the API process holds it and its account in its key cache.
          const { accountId, keyId, key } = await still.customer();
          expect((await call(still.url, 'GET', '/v1/usage', { key })).status).to.equal(200);
          await still.admin.suspend(accountId, 'banned');
          expectProblem(await call(still.url, 'GET', '/v1/usage', { key }), 403, 'BANNED');
          await still.admin.reinstate(accountId);
          expect((await call(still.url, 'GET', '/v1/usage', { key })).status).to.equal(200);
          const rotated = await still.admin.rotateKey(keyId, 0);
          expectProblem(await call(still.url, 'GET', '/v1/usage', { key }), 401, 'KEY_EXPIRED');
          expect((await call(still.url, 'GET', '/v1/usage', { key: rotated.key })).status).to.equal(200);
          await still.admin.revokeKey(rotated.key_id);
          expectProblem(await call(still.url, 'GET', '/v1/usage', { key: rotated.key }), 401, 'INVALID_KEY');
          const other = await still.customer();
          expect((await call(still.url, 'GET', '/v1/tones', { key: other.key })).status).to.equal(200);
          await still.admin.cancel(other.accountId);
          expectProblem(await call(still.url, 'GET', '/v1/tones', { key: other.key }), 403, 'NO_ACTIVE_SUBSCRIPTION');
        }
      } finally {
        await still.close();
      }
    });

    it('revoking a rotated key ends its grace period at once', async () => {
      const { keyId, key: oldKey } = await t.customer();
      const rotated = await t.admin.rotateKey(keyId, 3_600);
      expect((await detect(oldKey)).status).to.equal(200);
      await t.admin.revokeKey(keyId);
      expectProblem(await eventually(() => detect(oldKey), (r) => r.status === 401), 401, 'INVALID_KEY');
      expect((await detect(rotated.key)).status).to.equal(200);
    });

    it('key quota: a 6th key on Growth is refused; revoking one makes room', async () => {
      const { accountId, keyId } = await t.customer();
      for (let i = 2; i <= 5; i++) await t.admin.createKey({ accountId, name: `key ${i}`, scopes: null, allowIps: null });
      let refused: unknown = null;
      try {
        await t.admin.createKey({ accountId, name: 'key 6', scopes: null, allowIps: null });
      } catch (err: unknown) {
        refused = err;
      }
      expect(refused).to.be.instanceOf(DomainError);
      expect((refused as DomainError).code).to.equal('VALIDATION_FAILED');
      expect((refused as DomainError).message).to.match(/at most 5 API keys/);
      await t.admin.revokeKey(keyId);
      const sixth = await t.admin.createKey({ accountId, name: 'key 6', scopes: null, allowIps: null });
      expect((await detect(sixth.key)).status).to.equal(200);
    });
  });
});
