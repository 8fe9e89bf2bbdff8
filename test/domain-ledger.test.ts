import { expect } from 'chai';
import {
  accessError, accountDecider, accountStatus, AlreadySettled, balanceOf, creditsLow, openReservations, staleReservations,
  UnknownReservation, type AccountCommand, type AccountState,
} from '../domain/account.js';
import { addMonths, periodContaining } from '../domain/calendar.js';
import { foldEvents } from '../domain/decider.js';
import { DomainError } from '../domain/error-codes.js';
import type { AccountEvent } from '../domain/events.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { SettlementIndex } from '../domain/settlements.js';
import {
  P1_END, T0, cancelled, opened, reserved, subscribed, suspended, toppedUp,
} from './support/account-events.js';

const fold = (...events: AccountEvent[]) => foldEvents(accountDecider, events);
const growth = PLANS.api_growth as Plan;

/** Small deterministic PRNG (mulberry32) so a failing seed can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

describe('account queries', () => {
  it('balanceOf reports the split, usage and period', () => {
    const state = fold(opened(), subscribed(1000), toppedUp(50), reserved('r1', 30));
    expect(balanceOf(state)).to.deep.equal({
      monthlyRemaining: 970, topUpRemaining: 50, total: 1020, wordsUsed: 30, wordsLimit: 1000, requestsThisPeriod: 1,
      periodStart: T0, periodEnd: P1_END,
    });
  });
  it('balanceOf with a time past the period end shows the balance as renewed', () => {
    const state = fold(opened(), subscribed(1000), toppedUp(50), reserved('r1', 1000));
    expect(balanceOf(state, '2024-03-10T00:00:00.000Z')).to.include({
      monthlyRemaining: 1000, topUpRemaining: 50, wordsUsed: 0, requestsThisPeriod: 0,
      periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z',
    });
    expect(balanceOf(state, '2024-02-01T00:00:00.000Z').monthlyRemaining).to.equal(0);
  });
  it('balanceOf is all zero for an unknown account', () => {
    expect(balanceOf(fold())).to.include({ total: 0, periodEnd: null });
  });
  it('creditsLow is true under 10% of the monthly allowance', () => {
    expect(creditsLow(fold(opened(), subscribed(1_000_000), reserved('r1', 900_000)), growth)).to.equal(false);
    expect(creditsLow(fold(opened(), subscribed(1_000_000), reserved('r1', 900_001)), growth)).to.equal(true);
  });
  it('accessError names what blocks the account, suspension first', () => {
    expect(accessError(fold(opened(), subscribed()))).to.equal(null);
    expect(accessError(fold())).to.equal('NO_SUBSCRIPTION');
    expect(accessError(fold(opened()))).to.equal('NO_SUBSCRIPTION');
    expect(accessError(fold(opened(), subscribed(), cancelled()))).to.equal('NO_ACTIVE_SUBSCRIPTION');
    expect(accessError(fold(opened(), subscribed(), suspended('banned')))).to.equal('BANNED');
    expect(accessError(fold(opened(), subscribed(), suspended('risk')))).to.equal('RISK_BLOCKED');
    expect(accessError(fold(opened(), subscribed(), cancelled(), suspended('turnstile')))).to.equal('TURNSTILE_REQUIRED');
    const legacy = fold(opened(), subscribed(10, T0, P1_END, 'api_legacy'));
    expect(accessError(legacy)).to.equal('PLAN_NOT_FOUND');
    expect(accessError(legacy, { api_legacy: { ...growth, key: 'api_legacy' } })).to.equal(null);
  });
  it('accountStatus gives operators one word', () => {
    expect(accountStatus(fold())).to.equal('none');
    expect(accountStatus(fold(opened()))).to.equal('no_subscription');
    expect(accountStatus(fold(opened(), subscribed()))).to.equal('active');
    expect(accountStatus(fold(opened(), subscribed(), cancelled()))).to.equal('cancelled');
    expect(accountStatus(fold(opened(), subscribed(), suspended('risk')))).to.equal('suspended');
  });
  it('lists open and stale reservations', () => {
    const state = fold(opened(), subscribed(), reserved('old', 5, 5, T0, T0), reserved('new', 5, 5, T0, '2024-02-01T00:00:00.000Z'));
    expect(openReservations(state).map((r) => r.requestId)).to.deep.equal(['old', 'new']);
    expect(staleReservations(state, '2024-02-01T00:05:00.000Z', 600_000).map((r) => r.requestId)).to.deep.equal(['old']);
  });
});

describe('calendar', () => {
  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths('2024-01-31T10:00:00.000Z', 1)).to.equal('2024-02-29T10:00:00.000Z');
    expect(addMonths('2023-01-31T10:00:00.000Z', 1)).to.equal('2023-02-28T10:00:00.000Z');
    expect(addMonths('2024-01-31T10:00:00.000Z', 2)).to.equal('2024-03-31T10:00:00.000Z');
    expect(addMonths('2024-11-15T00:00:00.000Z', 3)).to.equal('2025-02-15T00:00:00.000Z');
  });
  it('finds the period containing an instant, boundaries included at the start', () => {
    const month = { unit: 'month' } as const;
    expect(periodContaining(T0, month, P1_END)).to.deep.equal({ periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z' });
    expect(periodContaining(T0, month, '2026-07-01T00:00:00.000Z')).to.deep.equal({
      periodStart: '2026-06-30T10:00:00.000Z', periodEnd: '2026-07-31T10:00:00.000Z',
    });
    expect(periodContaining(T0, month, T0).periodStart).to.equal(T0);
    expect(periodContaining(T0, { unit: 'days', days: 10 }, '2024-02-20T10:00:00.000Z')).to.deep.equal({
      periodStart: '2024-02-20T10:00:00.000Z', periodEnd: '2024-03-01T10:00:00.000Z',
    });
  });
});

describe('SettlementIndex', () => {
  it('behaves as an immutable value, including when an older version is extended', () => {
    const a = SettlementIndex.empty().with('x', 'charged');
    const b = a.with('y', 'refunded');
    const c = a.with('z', 'charged'); // branches from a: must not see y, and b must not see z
    expect([a.get('x'), a.get('y'), a.get('z')]).to.deep.equal(['charged', undefined, undefined]);
    expect([b.get('y'), b.get('z')]).to.deep.equal(['refunded', undefined]);
    expect([c.get('y'), c.get('z'), c.get('x')]).to.deep.equal([undefined, 'charged', 'charged']);
    expect(b.with('x', 'refunded').get('x')).to.equal('charged');
  });
});

describe('ledger properties (random command sequences)', () => {
  type Step = { command: AccountCommand; state: AccountState };
  const expectedRefusal = (err: unknown) =>
    err instanceof AlreadySettled || err instanceof UnknownReservation
    || (err instanceof DomainError && ['INSUFFICIENT_WORDS', 'VALIDATION_FAILED'].includes(err.code));

  function randomCommand(r: ReturnType<typeof rng>, ids: string[], now: string): AccountCommand {
    const pick = () => ids[r.int(0, ids.length - 1)] ?? 'none';
    const roll = r.next();
    if (roll < 0.4) {
      const requestId = r.next() < 0.1 && ids.length ? pick() : `q${ids.length}`;
      if (!ids.includes(requestId)) ids.push(requestId);
      return { type: 'ReserveWords', data: { requestId, keyId: 'k', endpoint: 'detect', inputWords: r.int(1, 120), multiplier: r.int(1, 3), now } };
    }
    if (roll < 0.6) return { type: 'ChargeWords', data: { requestId: pick(), outputWords: r.int(0, 50), latencyMs: r.int(0, 900), now } };
    if (roll < 0.8) return { type: 'RefundWords', data: { requestId: pick(), code: 'AI_GENERATION_FAILED', latencyMs: 5, now } };
    if (roll < 0.9) return { type: 'TopUp', data: { words: r.int(1, 200), now } };
    return { type: 'AdjustBalance', data: { words: r.int(-300, 300) || 1, reason: 'random', now } };
  }

  it('within one period: balances never go negative and balance = allowance + top-ups + adjustments − charges − open', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const allowance = r.int(100, 3000);
      let state = fold(opened(), subscribed(allowance));
      const ids: string[] = [];
      let credits = 0;
      let chargedWords = 0;
      const settledIds = new Set<string>();
      for (let i = 0; i < 250; i++) {
        const step: Step = { command: randomCommand(r, ids, '2024-02-10T00:00:00.000Z'), state };
        let events: AccountEvent[] = [];
        try {
          events = accountDecider.decide(step.command, step.state);
        } catch (err: unknown) {
          if (!expectedRefusal(err)) throw err;
          if (err instanceof DomainError && err.code === 'INSUFFICIENT_WORDS') {
            expect(err.extra.words_required as number, `seed ${seed}`).to.be.greaterThan(balanceOf(state).total);
          }
          continue;
        }
        for (const e of events) {
          if (e.type === 'TopUpPurchased' || e.type === 'BalanceAdjusted') credits += e.data.words;
          if (e.type === 'WordsReserved') expect(e.data.fromMonthly + e.data.fromTopUp).to.equal(e.data.words);
          if (e.type === 'WordsCharged') chargedWords += e.data.words;
          if (e.type === 'WordsCharged' || e.type === 'WordsRefunded') {
            expect(settledIds.has(e.data.requestId), `seed ${seed}: ${e.data.requestId} settled twice`).to.equal(false);
            settledIds.add(e.data.requestId);
          }
          state = accountDecider.evolve(state, e);
        }
        const b = balanceOf(state);
        const openWords = openReservations(state).reduce((sum, res) => sum + res.words, 0);
        expect(b.monthlyRemaining, `seed ${seed}`).to.be.within(0, allowance);
        expect(b.topUpRemaining, `seed ${seed}`).to.be.at.least(0);
        expect(b.total, `seed ${seed} step ${i}`).to.equal(allowance + credits - chargedWords - openWords);
      }
    }
  });

  it('across periods: refunds restore the split rules, and reserved = charged + refunded + open', () => {
    for (let seed = 100; seed <= 140; seed++) {
      const r = rng(seed);
      const allowance = r.int(100, 1500);
      let state = fold(opened(), subscribed(allowance));
      let clock = Date.parse(T0);
      const ids: string[] = [];
      const totals = { reserved: 0, charged: 0, refunded: 0 };
      for (let i = 0; i < 250; i++) {
        clock += r.int(0, 4 * 86_400_000);
        const command = randomCommand(r, ids, new Date(clock).toISOString());
        let events: AccountEvent[] = [];
        try {
          events = accountDecider.decide(command, state);
        } catch (err: unknown) {
          if (!expectedRefusal(err)) throw err;
          continue;
        }
        for (const e of events) {
          const before = state;
          state = accountDecider.evolve(state, e);
          if (e.type === 'WordsReserved') totals.reserved += e.data.words;
          if (e.type === 'WordsCharged') totals.charged += e.data.words;
          if (e.type === 'WordsRefunded') {
            totals.refunded += e.data.words;
            if (before.status !== 'open' || state.status !== 'open' || before.subscription.status === 'none') throw new Error('account vanished');
            const res = before.ledger.open.get(e.data.requestId);
            if (!res) throw new Error(`refund of ${e.data.requestId} without an open reservation`);
            const samePeriod = res.periodStart === before.subscription.periodStart;
            expect(state.ledger.topUpRemaining - before.ledger.topUpRemaining).to.equal(res.fromTopUp);
            expect(state.ledger.monthlyRemaining - before.ledger.monthlyRemaining).to.equal(samePeriod ? res.fromMonthly : 0);
          }
          if (e.type === 'PeriodRenewed') {
            expect(Date.parse(e.data.periodStart)).to.be.at.most(clock);
            expect(Date.parse(e.data.periodEnd)).to.be.greaterThan(clock);
          }
        }
        const b = balanceOf(state);
        const openWords = openReservations(state).reduce((sum, res) => sum + res.words, 0);
        expect(b.monthlyRemaining, `seed ${seed}`).to.be.within(0, allowance);
        expect(b.topUpRemaining, `seed ${seed}`).to.be.at.least(0);
        expect(totals.reserved, `seed ${seed}`).to.equal(totals.charged + totals.refunded + openWords);
      }
    }
  });
});

