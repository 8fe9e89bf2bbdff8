/**
 * A command decided on the cached state without reading first (LedgerService.prefetch + charge with
 * `optimistic`): one round trip when the cache is current, and when another process appended since,
 * the expected revision refuses the append and the command is decided again on what the stream holds,
 * never on the stale state. Two LedgerService instances stand for two processes sharing the event store.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AdminCommands } from '../bin/admin-commands.js';
import { openBackends, type Backends } from '../bin/backends.js';
import { AlreadySettled, balanceOf, settlementOf } from '../domain/account.js';
import { DomainError } from '../domain/error-codes.js';
import { findPlan } from '../domain/plans.js';
import { loadConfig } from '../infra/config.js';
import type { EventStore } from '../infra/eventstore/types.js';
import { LedgerService } from '../infra/ledger.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from './support/db.js';

describe('ledger: commands decided on a prefetched state', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let backends: Backends;
  let admin: AdminCommands;
  const calls = { read: 0, append: 0 };
  let counted: EventStore;

  before(async () => {
    db = await createTestDatabase('hz_optimistic');
    backends = await openBackends(loadConfig({ DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'silent' }));
    admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
    counted = new Proxy(backends.store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name === 'read' || name === 'append') {
          return (...args: unknown[]) => { calls[name] += 1; return (value as (...a: unknown[]) => unknown).apply(target, args); };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
  after(async () => {
    await backends?.close();
    await db?.drop();
  });

  /** A fresh account with one open reservation made by `api`. */
  async function reserved(api: LedgerService) {
    const { account_id: accountId } = await admin.createAccount({ plan: 'growth', email: null });
    const requestId = `opt-${randomUUID().slice(0, 8)}`;
    await api.reserve({ accountId, requestId, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')! });
    return { accountId, requestId };
  }
  const charge = (ledger: LedgerService, accountId: string, requestId: string) =>
    ledger.charge({ accountId, requestId, outputWords: 0, latencyMs: 1, optimistic: true });
  const settlement = async (accountId: string, requestId: string) => {
    const state = await new LedgerService(backends.store).state(accountId);
    return state.status === 'open' ? settlementOf(state, requestId) : 'unknown';
  };
  const charges = async (accountId: string) => (await backends.store.read(`account-${accountId}`)).filter((e) => e.type === 'WordsCharged').length;

  it('charges in one append, without a read, when the prefetched state is current', async () => {
    const api = new LedgerService(backends.store);
    const worker = new LedgerService(counted);
    const { accountId, requestId } = await reserved(api);
    worker.prefetch(accountId);
    await worker.state(accountId);
    calls.read = 0; calls.append = 0;
    await charge(worker, accountId, requestId);
    expect(calls).to.deep.equal({ read: 0, append: 1 });
    expect(await settlement(accountId, requestId)).to.equal('charged');
  });

  it('a charge waits for a prefetch still in flight, then needs no read of its own', async () => {
    const api = new LedgerService(backends.store);
    const worker = new LedgerService(counted);
    const { accountId, requestId } = await reserved(api);
    calls.read = 0; calls.append = 0;
    worker.prefetch(accountId);
    await charge(worker, accountId, requestId);
    expect(calls).to.deep.equal({ read: 1, append: 1 });
    expect(await charges(accountId)).to.equal(1);
  });

  it('refunded by another process after the prefetch: the charge is refused, not appended', async () => {
    const api = new LedgerService(backends.store);
    const worker = new LedgerService(counted);
    const { accountId, requestId } = await reserved(api);
    await worker.state(accountId);
    // The API gives up on the request after the worker read the account.
    expect(await api.refund({ accountId, requestId, code: 'CLIENT_CANCELLED', latencyMs: 1 })).to.equal(true);
    const failure = await charge(worker, accountId, requestId).then(() => null, (err: unknown) => err);
    expect(failure).to.be.instanceOf(AlreadySettled);
    expect((failure as AlreadySettled).outcome).to.equal('refunded');
    expect(await settlement(accountId, requestId)).to.equal('refunded');
    expect(await charges(accountId)).to.equal(0);
  });

  it('a reservation the cached state does not know yet is read and charged, once', async () => {
    const api = new LedgerService(backends.store);
    const worker = new LedgerService(counted);
    const { accountId } = await reserved(api);
    await worker.state(accountId);
    // A second reservation the worker's cache has not seen.
    const requestId = `opt-${randomUUID().slice(0, 8)}`;
    await api.reserve({ accountId, requestId, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')! });
    calls.read = 0; calls.append = 0;
    await charge(worker, accountId, requestId);
    expect(calls).to.deep.equal({ read: 1, append: 1 });
    expect(await settlement(accountId, requestId)).to.equal('charged');
    // Charged again (a retried job): refused as already charged, nothing appended.
    const again = await charge(worker, accountId, requestId).then(() => null, (err: unknown) => err);
    expect(again).to.be.instanceOf(AlreadySettled);
    expect(await charges(accountId)).to.equal(1);
  });

  it('reserves in one append when the prefetched state is current', async () => {
    const api = new LedgerService(counted);
    const { accountId } = await reserved(new LedgerService(backends.store));
    calls.read = 0; calls.append = 0;
    api.prefetch(accountId);
    await api.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')!, optimistic: true });
    expect(calls).to.deep.equal({ read: 1, append: 1 });
  });

  it('never overdraws: a reservation decided on a state another process has since spent is refused and decided again', async () => {
    const api = new LedgerService(backends.store);
    const other = new LedgerService(backends.store);
    const { accountId } = await reserved(api);
    const total = balanceOf(await api.state(accountId)).total;
    // Another API process reserves all but 10 words after this one read the account.
    await other.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, keyId: 'k', endpoint: 'humanize', inputWords: total - 10, multiplier: 1, plan: findPlan('api_growth')! });
    const failure = await api.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')!, optimistic: true })
      .then(() => null, (err: unknown) => err);
    expect(failure).to.be.instanceOf(DomainError);
    expect((failure as DomainError).code).to.equal('INSUFFICIENT_WORDS');
    expect(balanceOf(await new LedgerService(backends.store).state(accountId)).total).to.equal(10);
  });

  it('a stale cached state with a reservation still open elsewhere appended past: the append is refused and decided again', async () => {
    const api = new LedgerService(backends.store);
    const worker = new LedgerService(counted);
    const { accountId, requestId } = await reserved(api);
    await worker.state(accountId);
    // Another reservation by the API moves the stream on; the worker's first request is still open.
    await api.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')! });
    calls.read = 0; calls.append = 0;
    await charge(worker, accountId, requestId);
    // The optimistic append was refused (expected revision), then one read and one append.
    expect(calls).to.deep.equal({ read: 1, append: 2 });
    expect(await settlement(accountId, requestId)).to.equal('charged');
    expect(await charges(accountId)).to.equal(1);
  });

  describe('appends reported by the process that made them (LedgerService.observe: the job\'s reservation, the done message\'s charge)', () => {
    const reserve = (ledger: LedgerService, accountId: string) =>
      ledger.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, keyId: 'k', endpoint: 'detect', inputWords: 20, multiplier: 1, plan: findPlan('api_growth')! });

    it('right after the cached revision: the state a read would give, and the charge is one append without a read', async () => {
      const api = new LedgerService(backends.store);
      const worker = new LedgerService(counted);
      const { accountId, requestId: first } = await reserved(api);
      await charge(worker, accountId, first);
      const second = await reserve(api, accountId);
      // Reported as a job carries it: through JSON.
      const report = JSON.parse(JSON.stringify(second.events)) as typeof second.events;
      expect(worker.observe(accountId, report, second.revision!)).to.equal(true);
      expect(await new LedgerService(backends.store).state(accountId)).to.deep.equal(await worker.state(accountId));
      const requestId = (second.events.at(-1)!.data as { requestId: string }).requestId;
      calls.read = 0; calls.append = 0;
      await charge(worker, accountId, requestId);
      expect(calls).to.deep.equal({ read: 0, append: 1 });
      expect(await settlement(accountId, requestId)).to.equal('charged');
    });

    it('after a gap (another append the cache has not seen) or with nothing cached: not taken, the worker must read', async () => {
      const api = new LedgerService(backends.store);
      const worker = new LedgerService(counted);
      const { accountId, requestId: first } = await reserved(api);
      const unseen = await reserve(api, accountId);
      expect(worker.observe(accountId, unseen.events, unseen.revision!)).to.equal(false);
      await charge(worker, accountId, first);
      await reserve(api, accountId);
      const reported = await reserve(api, accountId);
      await worker.state(accountId);
      // The worker's cache, read just now, holds everything up to `reported`: nothing to bring forward, nothing missed.
      expect(worker.observe(accountId, reported.events, reported.revision!)).to.equal(true);
      const later = await reserve(new LedgerService(backends.store), accountId);
      const next = await reserve(api, accountId);
      // `later` lies between the cache and `next`: a gap.
      expect(later.revision! + 1n).to.equal(next.revision);
      expect(worker.observe(accountId, next.events, next.revision!)).to.equal(false);
      const requestId = (next.events.at(-1)!.data as { requestId: string }).requestId;
      calls.read = 0; calls.append = 0;
      worker.prefetch(accountId);
      await charge(worker, accountId, requestId);
      expect(calls).to.deep.equal({ read: 1, append: 1 });
      expect(await settlement(accountId, requestId)).to.equal('charged');
    });

    it('a report of another account\'s events, or of something that is no event, is not applied', async () => {
      const api = new LedgerService(backends.store);
      const worker = new LedgerService(counted);
      const { accountId, requestId: first } = await reserved(api);
      await charge(worker, accountId, first);
      const { accountId: otherId } = await reserved(api);
      const next = await reserve(api, accountId);
      const foreign = JSON.parse(JSON.stringify(next.events).replaceAll(accountId, otherId)) as typeof next.events;
      expect(worker.observe(accountId, foreign, next.revision!)).to.equal(false);
      expect(worker.observe(accountId, [{ type: 'WordsReserved' } as unknown as (typeof next.events)[number]], next.revision!)).to.equal(false);
      expect(worker.follows(accountId)).to.equal(false);
      // The report as it came applies.
      expect(worker.observe(accountId, next.events, next.revision!)).to.equal(true);
      expect(await worker.state(accountId)).to.deep.equal(await new LedgerService(backends.store).state(accountId));
    });

    it('the API follows an account while each reported charge follows its cache: it reserves without a read until another process appends unseen', async () => {
      const api = new LedgerService(counted);
      const worker = new LedgerService(backends.store);
      const { accountId, requestId: first } = await reserved(api);
      expect(api.follows(accountId)).to.equal(false);
      const charged = await charge(worker, accountId, first);
      expect(api.observe(accountId, JSON.parse(JSON.stringify(charged.events)) as typeof charged.events, charged.revision!)).to.equal(true);
      expect(api.follows(accountId)).to.equal(true);
      calls.read = 0; calls.append = 0;
      const optimistic = { keyId: 'k', endpoint: 'detect' as const, inputWords: 20, multiplier: 1, plan: findPlan('api_growth')!, optimistic: true };
      const second = await api.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, ...optimistic });
      expect(calls).to.deep.equal({ read: 0, append: 1 });
      expect(api.follows(accountId)).to.equal(true);
      // An operator's top-up (another process) the API has not seen: its next reservation is refused, read and decided again.
      await admin.topUp(accountId, 1_000);
      calls.read = 0; calls.append = 0;
      const third = await api.reserve({ accountId, requestId: `opt-${randomUUID().slice(0, 8)}`, ...optimistic });
      expect(calls).to.deep.equal({ read: 1, append: 2 });
      expect(api.follows(accountId)).to.equal(false);
      expect(third.wordsRemaining).to.equal(second.wordsRemaining - 20 + 1_000);
      expect(balanceOf(await new LedgerService(backends.store).state(accountId)).total).to.equal(third.wordsRemaining);
      // A reported charge after a gap does not make it follow again.
      const secondId = (second.events.at(-1)!.data as { requestId: string }).requestId;
      const gapped = await charge(worker, accountId, secondId);
      await admin.topUp(accountId, 1);
      const thirdId = (third.events.at(-1)!.data as { requestId: string }).requestId;
      const last = await charge(worker, accountId, thirdId);
      expect(api.observe(accountId, last.events, last.revision!)).to.equal(false);
      expect(gapped.revision! + 2n).to.equal(last.revision);
      expect(api.follows(accountId)).to.equal(false);
    });
  });
});
