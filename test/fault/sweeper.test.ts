/**
 * The reservation sweeper over a real PostgreSQL event store: reservations left open past their
 * deadline and the sweep margin are refunded exactly once with RESERVATION_EXPIRED, even with two
 * sweepers running at the same moment; younger ones are left alone; `ledger audit` warns about the
 * expired ones before the sweep and finds nothing after it; a charged result left pending by a dead
 * worker is stored under its Idempotency-Key so a retry replays it.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { auditLedger } from '../../bin/ledger-audit.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import { AdminCommands } from '../../bin/admin-commands.js';
import { findPlan } from '../../domain/plans.js';
import { loadConfig } from '../../infra/config.js';
import { IdempotencyService } from '../../infra/idempotency.js';
import { LedgerService } from '../../infra/ledger.js';
import { createLogger } from '../../infra/logger.js';
import { PendingResults } from '../../infra/pending-results.js';
import { ReservationSweeper } from '../../workers/sweeper.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/db.js';
import { checkLedger } from '../support/ledger-check.js';

const AI_TIMEOUT_MS = 2_000;
const MARGIN_MS = 1_000;

describe('reservation sweeper', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let backends: Backends;
  let admin: AdminCommands;
  let pending: PendingResults;
  let idempotency: IdempotencyService;
  let now = Date.now();
  const clock = () => new Date(now);

  before(async () => {
    db = await createTestDatabase('hz_sweep');
    backends = await openBackends(loadConfig({ DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'silent' }));
    admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
    pending = new PendingResults(backends.pool);
    await pending.setup();
    idempotency = new IdempotencyService(backends.store, 86_400, clock);
  });
  after(async () => {
    await backends?.close();
    await db?.drop();
  });

  function sweeper(swept: number[]): ReservationSweeper {
    return new ReservationSweeper({
      store: backends.store, ledger: new LedgerService(backends.store, {}, clock), results: idempotency, pending,
      logger: createLogger('silent'), aiTimeoutMs: AI_TIMEOUT_MS, marginMs: MARGIN_MS, intervalMs: 60_000,
      onSwept: (words) => swept.push(words), clock,
    });
  }

  async function reserve(ledger: LedgerService, accountId: string, keyId: string, requestId: string, words = 10): Promise<void> {
    await ledger.reserve({ accountId, requestId, keyId, endpoint: 'detect', inputWords: words, multiplier: 1, plan: findPlan('api_growth')! });
  }

  it('two sweepers at once refund each expired reservation exactly once; a young one stays open; the audit agrees', async () => {
    const { account_id: accountId } = await admin.createAccount({ plan: 'growth', email: null });
    const { key_id: keyId } = await admin.createKey({ accountId, name: 'k', scopes: null, allowIps: null });
    const before = (await checkLedger(backends.store, accountId)).balance;
    now = Date.now();
    const past = new LedgerService(backends.store, {}, () => new Date(now - AI_TIMEOUT_MS - MARGIN_MS - 500));
    const expired = Array.from({ length: 6 }, (_, i) => `expired-${randomUUID().slice(0, 8)}-${i}`);
    for (const id of expired) await reserve(past, accountId, keyId, id);
    const young = `young-${randomUUID().slice(0, 8)}`;
    await reserve(new LedgerService(backends.store, {}, clock), accountId, keyId, young);

    const stale = await auditLedger(backends.store, backends.pool, accountId, { now: clock(), staleAfterMs: AI_TIMEOUT_MS + MARGIN_MS });
    expect(stale.warnings.filter((w) => w.rule === 'stale_reservation').map((w) => w.detail.split(' ')[1]).sort()).to.deep.equal([...expired].sort());

    const sweptA: number[] = [];
    const sweptB: number[] = [];
    const [a, b] = await Promise.all([sweeper(sweptA).sweep(), sweeper(sweptB).sweep()]);
    expect(a + b, 'refunds landed by the two sweepers together').to.equal(expired.length);
    expect(sweptA.length + sweptB.length).to.equal(expired.length);

    const ledger = await checkLedger(backends.store, accountId);
    expect(ledger.charged.size).to.equal(0);
    expect([...ledger.refunded.keys()].sort()).to.deep.equal([...expired].sort());
    for (const r of ledger.refunded.values()) expect(r.code).to.equal('RESERVATION_EXPIRED');
    expect(ledger.open).to.deep.equal([young]);
    expect(ledger.balance).to.equal(before - 10);

    // A second round finds nothing more to do.
    expect(await sweeper([]).sweep()).to.equal(0);
    const clean = await auditLedger(backends.store, backends.pool, accountId, { now: clock(), staleAfterMs: AI_TIMEOUT_MS + MARGIN_MS });
    expect(clean.violations).to.deep.equal([]);
    expect(clean.warnings.filter((w) => w.rule === 'stale_reservation')).to.deep.equal([]);
  });

  it('releases the Idempotency-Key of a swept keyed request, so a retry is 409 RETRY_REQUIRED rather than a wait', async () => {
    const { account_id: accountId } = await admin.createAccount({ plan: 'growth', email: null });
    const { key_id: keyId } = await admin.createKey({ accountId, name: 'k', scopes: null, allowIps: null });
    now = Date.now();
    const key = `swept-key-${randomUUID().slice(0, 8)}`;
    const who = { accountId, keyId, endpoint: 'detect' as const };
    expect(await idempotency.claim(key, who)).to.deep.equal({ kind: 'unused' });
    await reserve(new LedgerService(backends.store, {}, () => new Date(now - AI_TIMEOUT_MS - MARGIN_MS - 500)), accountId, keyId, key);
    expect(await sweeper([]).sweep()).to.equal(1);
    expect(await idempotency.inspect(key, who)).to.deep.equal({ kind: 'retry_required' });
  });

  it('stores a charged result left pending by a dead worker under its key, then drops the row', async () => {
    const { account_id: accountId } = await admin.createAccount({ plan: 'growth', email: null });
    const { key_id: keyId } = await admin.createKey({ accountId, name: 'k', scopes: null, allowIps: null });
    now = Date.now();
    const key = `pending-key-${randomUUID().slice(0, 8)}`;
    const who = { accountId, keyId, endpoint: 'detect' as const };
    await idempotency.claim(key, who);
    const ledger = new LedgerService(backends.store, {}, clock);
    await reserve(ledger, accountId, keyId, key);
    await pending.put({ accountId, requestId: key, idempotencyKey: key, body: { object: 'detection', id: key, words_charged: 10 } });
    await ledger.charge({ accountId, requestId: key, outputWords: 0, latencyMs: 5 });
    // The worker died here: nothing stored under the key. Not yet past the margin: left alone.
    expect(await sweeper([]).sweep()).to.equal(0);
    expect(await idempotency.inspect(key, who)).to.deep.equal({ kind: 'in_flight' });
    await backends.pool.query(`UPDATE pending_results SET created_at = now() - interval '1 hour' WHERE request_id = $1`, [key]);
    await sweeper([]).sweep();
    const replay = await idempotency.inspect(key, who);
    expect(replay.kind).to.equal('replay');
    expect((replay as { body: Record<string, unknown> }).body).to.include({ id: key, words_charged: 10 });
    expect(typeof (replay as { body: Record<string, unknown> }).body.words_remaining).to.equal('number');
    expect(await pending.get(accountId, key)).to.equal(null);
  });
});
