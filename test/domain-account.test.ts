import { expect } from 'chai';
import {
  accountDecider, AlreadySettled, UnknownReservation, balanceOf, type AccountCommand,
} from '../domain/account.js';
import type { AccountEvent } from '../domain/events.js';
import type { Plan } from '../domain/plans.js';
import { PLANS } from '../domain/plans.js';
import { given } from './support/given.js';
import {
  ACCOUNT, KEY, P1_END, T0, cancelled, charged, opened, refunded, reserved, subscribed, suspended, toppedUp,
} from './support/account-events.js';

const account = (...events: AccountEvent[]) => given(accountDecider, events);
const active = (wordsPerMonth = 1_000_000) => [opened(), subscribed(wordsPerMonth)];
const LATER = '2024-02-10T00:00:00.000Z';

type ReserveData = Extract<AccountCommand, { type: 'ReserveWords' }>['data'];
const reserve = (requestId: string, inputWords: number, multiplier = 1, now = LATER, extra: Partial<ReserveData> = {}): AccountCommand => ({
  type: 'ReserveWords', data: { requestId, keyId: KEY, endpoint: 'humanize', inputWords, multiplier, now, ...extra },
});
const charge = (requestId: string, now = LATER): AccountCommand => ({ type: 'ChargeWords', data: { requestId, outputWords: 30, latencyMs: 120, now } });
const refund = (requestId: string, now = LATER): AccountCommand => ({
  type: 'RefundWords', data: { requestId, code: 'AI_GENERATION_FAILED', latencyMs: 90, now },
});

describe('account decider', () => {
  describe('OpenAccount', () => {
    const open = (data: Partial<Extract<AccountCommand, { type: 'OpenAccount' }>['data']> = {}): AccountCommand => ({
      type: 'OpenAccount', data: { accountId: ACCOUNT, email: 'a@example.com', planKey: 'api_growth', now: T0, ...data },
    });

    it('opens the account and starts a one-calendar-month subscription (clamped to the month end)', () => {
      account().when(open()).then([opened(), subscribed(1_000_000, T0, P1_END)]);
    });
    it('takes the allowance from the plan', () => {
      const { events } = account().when(open({ planKey: 'api_scale' })).then([
        opened(), subscribed(3_000_000, T0, P1_END, 'api_scale'),
      ]);
      expect(events).to.have.length(2);
    });
    it('supports fixed-length periods in days', () => {
      const [, started] = account().when(open({ periodDays: 7 })).then([
        opened(),
        { ...subscribed(1_000_000, T0, '2024-02-07T10:00:00.000Z'), data: { ...subscribed(1_000_000, T0, '2024-02-07T10:00:00.000Z').data, periodDays: 7 } },
      ]).events;
      expect(started?.type).to.equal('SubscriptionStarted');
    });
    it('accepts extra plan definitions', () => {
      const tiny: Plan = { ...PLANS.api_growth!, key: 'tiny', wordsPerMonth: 50 };
      account().when(open({ planKey: 'tiny', plans: { tiny } })).then([opened(), subscribed(50, T0, P1_END, 'tiny')]);
    });
    it('accepts a null email', () => {
      account().when(open({ email: null })).then([
        { type: 'AccountOpened', data: { accountId: ACCOUNT, email: null, at: T0 } }, subscribed(),
      ]);
    });
    it('refuses an unknown plan with PLAN_NOT_FOUND', () => {
      account().when(open({ planKey: 'api_gold' })).thenThrows('PLAN_NOT_FOUND');
    });
    it('refuses an existing account, a bad email, bad periodDays and a bad timestamp', () => {
      account(...active()).when(open()).thenThrows('VALIDATION_FAILED');
      account().when(open({ email: 'not-an-email' })).thenThrows('VALIDATION_FAILED');
      account().when(open({ periodDays: 0 })).thenThrows('VALIDATION_FAILED');
      account().when(open({ periodDays: 1.5 })).thenThrows('VALIDATION_FAILED');
      account().when(open({ now: 'yesterday' })).thenThrows('VALIDATION_FAILED');
      account().when(open({ accountId: ' ' })).thenThrows('VALIDATION_FAILED');
    });
  });

  describe('TopUp', () => {
    it('adds purchased words', () => {
      const { state } = account(...active()).when({ type: 'TopUp', data: { words: 500, now: LATER } }).then([toppedUp(500, LATER)]);
      expect(balanceOf(state).topUpRemaining).to.equal(500);
    });
    it('refuses a non-positive or fractional amount and an unknown account', () => {
      account(...active()).when({ type: 'TopUp', data: { words: 0, now: LATER } }).thenThrows('VALIDATION_FAILED');
      account(...active()).when({ type: 'TopUp', data: { words: 2.5, now: LATER } }).thenThrows('VALIDATION_FAILED');
      account().when({ type: 'TopUp', data: { words: 5, now: LATER } }).thenThrows('NOT_FOUND');
    });
  });

  describe('AdjustBalance', () => {
    const adjust = (words: number, reason = 'support credit', now = LATER): AccountCommand => ({ type: 'AdjustBalance', data: { words, reason, now } });
    const adjusted = (words: number, reason = 'support credit', at = LATER): AccountEvent => ({
      type: 'BalanceAdjusted', data: { accountId: ACCOUNT, words, reason, at },
    });

    it('credits positive adjustments to the top-up balance', () => {
      const { state } = account(...active(100)).when(adjust(40)).then([adjusted(40)]);
      expect(balanceOf(state)).to.include({ monthlyRemaining: 100, topUpRemaining: 40, total: 140 });
    });
    it('deducts from the monthly allowance first, then top-ups', () => {
      const { state } = account(...active(100), toppedUp(50)).when(adjust(-120, 'abuse')).then([adjusted(-120, 'abuse')]);
      expect(balanceOf(state)).to.include({ monthlyRemaining: 0, topUpRemaining: 30, total: 30 });
    });
    it('refuses a deduction larger than the balance, saying what remains', () => {
      account(...active(100), toppedUp(50)).when(adjust(-151)).thenThrows('VALIDATION_FAILED', { words_remaining: 150 });
    });
    it('renews an ended period before adjusting', () => {
      account(...active(100), reserved('r1', 100)).when(adjust(-60, 'fix', '2024-03-01T00:00:00.000Z')).then([
        { type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z', wordsPerMonth: 100, at: '2024-03-01T00:00:00.000Z' } },
        adjusted(-60, 'fix', '2024-03-01T00:00:00.000Z'),
      ]);
    });
    it('refuses zero, a blank reason, and an unknown account', () => {
      account(...active()).when(adjust(0)).thenThrows('VALIDATION_FAILED');
      account(...active()).when(adjust(10, '  ')).thenThrows('VALIDATION_FAILED');
      account().when(adjust(10)).thenThrows('NOT_FOUND');
    });
  });

  describe('Suspend / Reinstate / Cancel', () => {
    it('suspends with a reason, and a different reason replaces it', () => {
      account(...active()).when({ type: 'Suspend', data: { reason: 'risk', now: LATER } }).then([
        { type: 'AccountSuspended', data: { accountId: ACCOUNT, reason: 'risk', at: LATER } },
      ]);
      account(...active(), suspended('risk')).when({ type: 'Suspend', data: { reason: 'banned', now: LATER } }).then([
        { type: 'AccountSuspended', data: { accountId: ACCOUNT, reason: 'banned', at: LATER } },
      ]);
    });
    it('treats a repeated suspension with the same reason as a no-op', () => {
      account(...active(), suspended('risk')).when({ type: 'Suspend', data: { reason: 'risk', now: LATER } }).then([]);
    });
    it('refuses an unknown suspension reason and an unknown account', () => {
      // @ts-expect-error: the reason is a closed set
      account(...active()).when({ type: 'Suspend', data: { reason: 'naughty', now: LATER } }).thenThrows('VALIDATION_FAILED');
      account().when({ type: 'Suspend', data: { reason: 'risk', now: LATER } }).thenThrows('NOT_FOUND');
    });
    it('reinstates a suspended account; reinstating an active one is a no-op', () => {
      account(...active(), suspended('banned')).when({ type: 'Reinstate', data: { now: LATER } }).then([
        { type: 'AccountReinstated', data: { accountId: ACCOUNT, at: LATER } },
      ]);
      account(...active()).when({ type: 'Reinstate', data: { now: LATER } }).then([]);
      account().when({ type: 'Reinstate', data: { now: LATER } }).thenThrows('NOT_FOUND');
    });
    it('cancels the subscription once', () => {
      account(...active()).when({ type: 'Cancel', data: { now: LATER } }).then([cancelled(LATER)]);
      account(...active(), cancelled()).when({ type: 'Cancel', data: { now: LATER } }).then([]);
    });
    it('refuses to cancel without a subscription', () => {
      account(opened()).when({ type: 'Cancel', data: { now: LATER } }).thenThrows('NO_SUBSCRIPTION');
      account().when({ type: 'Cancel', data: { now: LATER } }).thenThrows('NOT_FOUND');
    });
  });

  describe('ReserveWords', () => {
    it('reserves input words x multiplier from the monthly allowance', () => {
      account(...active()).when(reserve('r1', 100, 3)).then([
        { ...reserved('r1', 300, 300, T0, LATER, 3) },
      ]);
    });
    it('draws the monthly allowance before top-ups', () => {
      const { state } = account(...active(100), toppedUp(500), reserved('r0', 90)).when(reserve('r1', 50)).then([
        reserved('r1', 50, 10, T0, LATER),
      ]);
      expect(balanceOf(state)).to.include({ monthlyRemaining: 0, topUpRemaining: 460, total: 460, wordsUsed: 140, requestsThisPeriod: 2 });
    });
    it('allows a reservation of exactly the balance', () => {
      account(...active(100)).when(reserve('r1', 100)).then([reserved('r1', 100, 100, T0, LATER)]);
    });
    it('refuses more than the balance with INSUFFICIENT_WORDS and the numbers', () => {
      account(...active(100), toppedUp(20)).when(reserve('r1', 50, 3)).thenThrows('INSUFFICIENT_WORDS', {
        words_required: 150, words_remaining: 120,
      });
    });
    it('refuses a missing, zero, negative or fractional word count with INVALID_WORD_COUNT', () => {
      for (const bad of [0, -5, 2.5, undefined, Number.NaN]) {
        account(...active()).when(reserve('r1', bad as number)).thenThrows('INVALID_WORD_COUNT');
      }
    });
    it('refuses a missing or sub-1 multiplier with INVALID_MULTIPLIER', () => {
      for (const bad of [0, 0.5, -1, 1.5, undefined]) {
        const command = reserve('r1', 10);
        if (command.type === 'ReserveWords') command.data.multiplier = bad as number;
        account(...active()).when(command).thenThrows('INVALID_MULTIPLIER');
      }
    });
    it('refuses an account that never subscribed with NO_SUBSCRIPTION', () => {
      account().when(reserve('r1', 10)).thenThrows('NO_SUBSCRIPTION');
      account(opened()).when(reserve('r1', 10)).thenThrows('NO_SUBSCRIPTION');
    });
    it('refuses a cancelled subscription with NO_ACTIVE_SUBSCRIPTION', () => {
      account(...active(), cancelled()).when(reserve('r1', 10)).thenThrows('NO_ACTIVE_SUBSCRIPTION');
    });
    it('maps each suspension reason to its code', () => {
      account(...active(), suspended('banned')).when(reserve('r1', 10)).thenThrows('BANNED');
      account(...active(), suspended('risk')).when(reserve('r1', 10)).thenThrows('RISK_BLOCKED');
      account(...active(), suspended('turnstile')).when(reserve('r1', 10)).thenThrows('TURNSTILE_REQUIRED');
    });
    it('reserves again after reinstatement', () => {
      account(...active(), suspended('banned'), { type: 'AccountReinstated', data: { accountId: ACCOUNT, at: T0 } })
        .when(reserve('r1', 10)).then([reserved('r1', 10, 10, T0, LATER)]);
    });
    it('refuses a blank request id, key id or an unknown endpoint', () => {
      account(...active()).when(reserve(' ', 10)).thenThrows('VALIDATION_FAILED');
      account(...active()).when(reserve('r1', 10, 1, LATER, { keyId: '' })).thenThrows('VALIDATION_FAILED');
      account(...active()).when(reserve('r1', 10, 1, LATER, { endpoint: 'tones' as never })).thenThrows('VALIDATION_FAILED');
    });
    it('is a no-op when the identical reservation is already open (a retried append)', () => {
      account(...active(), reserved('r1', 30, 30, T0, LATER, 3)).when(reserve('r1', 10, 3)).then([]);
    });
    it('refuses a different reservation under an open or settled request id', () => {
      account(...active(), reserved('r1', 10)).when(reserve('r1', 20)).thenThrows('VALIDATION_FAILED');
      account(...active(), reserved('r1', 10), charged('r1', 10)).when(reserve('r1', 10)).thenThrows('VALIDATION_FAILED');
      account(...active(), reserved('r1', 10), refunded('r1', 10)).when(reserve('r1', 10)).thenThrows('VALIDATION_FAILED');
    });

    describe('period renewal', () => {
      const renewed = (periodStart: string, periodEnd: string, at: string, wordsPerMonth = 100): AccountEvent => ({
        type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart, periodEnd, wordsPerMonth, at },
      });

      it('renews first when now reaches the period end; the new period starts at the old end', () => {
        const { state } = account(...active(100), reserved('r0', 100)).when(reserve('r1', 60, 1, P1_END)).then([
          renewed(P1_END, '2024-03-31T10:00:00.000Z', P1_END),
          reserved('r1', 60, 60, P1_END, P1_END),
        ]);
        expect(balanceOf(state)).to.include({ monthlyRemaining: 40, wordsUsed: 60, requestsThisPeriod: 1, periodEnd: '2024-03-31T10:00:00.000Z' });
      });
      it('skips whole idle months without drifting the billing day', () => {
        const now = '2024-05-15T00:00:00.000Z';
        account(...active(100)).when(reserve('r1', 10, 1, now)).then([
          renewed('2024-04-30T10:00:00.000Z', '2024-05-31T10:00:00.000Z', now),
          reserved('r1', 10, 10, '2024-04-30T10:00:00.000Z', now),
        ]);
      });
      it('renews fixed-length periods by their length', () => {
        const weekly: AccountEvent = { ...subscribed(100, T0, '2024-02-07T10:00:00.000Z') };
        if (weekly.type === 'SubscriptionStarted') weekly.data.periodDays = 7;
        const now = '2024-02-20T00:00:00.000Z';
        account(opened(), weekly).when(reserve('r1', 10, 1, now)).then([
          renewed('2024-02-14T10:00:00.000Z', '2024-02-21T10:00:00.000Z', now),
          reserved('r1', 10, 10, '2024-02-14T10:00:00.000Z', now),
        ]);
      });
      it('does not carry unused allowance over; top-ups persist', () => {
        const { state } = account(...active(100), toppedUp(7)).when(reserve('r1', 1, 1, '2024-03-05T00:00:00.000Z')).then([
          renewed(P1_END, '2024-03-31T10:00:00.000Z', '2024-03-05T00:00:00.000Z'),
          reserved('r1', 1, 1, P1_END, '2024-03-05T00:00:00.000Z'),
        ]);
        expect(balanceOf(state)).to.include({ monthlyRemaining: 99, topUpRemaining: 7 });
      });
    });
  });

  describe('ChargeWords', () => {
    it('charges exactly the reserved words', () => {
      const { state } = account(...active(), reserved('r1', 300, 300, T0, T0, 3)).when(charge('r1')).then([
        { ...charged('r1', 300, LATER, 3) },
      ]);
      expect(balanceOf(state)).to.include({ total: 1_000_000 - 300, wordsUsed: 300 });
    });
    it('refuses a second charge with AlreadySettled(charged)', () => {
      const err = account(...active(), reserved('r1', 10), charged('r1', 10)).when(charge('r1')).thenThrows(AlreadySettled);
      expect(err.outcome).to.equal('charged');
      expect(err.requestId).to.equal('r1');
    });
    it('refuses a charge after a refund with AlreadySettled(refunded)', () => {
      const err = account(...active(), reserved('r1', 10), refunded('r1', 10)).when(charge('r1')).thenThrows(AlreadySettled);
      expect(err.outcome).to.equal('refunded');
    });
    it('refuses an unknown request id with UnknownReservation', () => {
      account(...active()).when(charge('nope')).thenThrows(UnknownReservation);
      account().when(charge('nope')).thenThrows(UnknownReservation);
    });
    it('refuses negative output words or latency', () => {
      account(...active(), reserved('r1', 10)).when({ type: 'ChargeWords', data: { requestId: 'r1', outputWords: -1, latencyMs: 1, now: LATER } })
        .thenThrows('VALIDATION_FAILED');
      account(...active(), reserved('r1', 10)).when({ type: 'ChargeWords', data: { requestId: 'r1', outputWords: 1, latencyMs: -1, now: LATER } })
        .thenThrows('VALIDATION_FAILED');
    });
  });

  describe('RefundWords', () => {
    it('gives back both parts of the split in the same period', () => {
      const { state } = account(...active(100), toppedUp(50), reserved('r1', 120, 100)).when(refund('r1')).then([refunded('r1', 120, LATER)]);
      expect(balanceOf(state)).to.include({ monthlyRemaining: 100, topUpRemaining: 50, wordsUsed: 0, requestsThisPeriod: 1 });
    });
    it('gives back only the top-up part once the period has renewed', () => {
      const renewedP2: AccountEvent = {
        type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z', wordsPerMonth: 100, at: P1_END },
      };
      const { state } = account(...active(100), toppedUp(50), reserved('r1', 120, 100), renewedP2).when(refund('r1', '2024-03-01T00:00:00.000Z'))
        .then([refunded('r1', 120, '2024-03-01T00:00:00.000Z')]);
      expect(balanceOf(state)).to.include({ monthlyRemaining: 100, topUpRemaining: 50 });
    });
    it('refuses a refund after a charge, a second refund, and an unknown id', () => {
      expect(account(...active(), reserved('r1', 10), charged('r1', 10)).when(refund('r1')).thenThrows(AlreadySettled).outcome).to.equal('charged');
      expect(account(...active(), reserved('r1', 10), refunded('r1', 10)).when(refund('r1')).thenThrows(AlreadySettled).outcome).to.equal('refunded');
      account(...active()).when(refund('r9')).thenThrows(UnknownReservation);
    });
    it('refuses a blank code', () => {
      account(...active(), reserved('r1', 10)).when({ type: 'RefundWords', data: { requestId: 'r1', code: '', latencyMs: 1, now: LATER } })
        .thenThrows('VALIDATION_FAILED');
    });
    it('remembers settlements through the next period, then reports the id as unknown (still refused)', () => {
      const p2: AccountEvent = { type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z', wordsPerMonth: 100, at: P1_END } };
      const p3: AccountEvent = { type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart: '2024-03-31T10:00:00.000Z', periodEnd: '2024-04-30T10:00:00.000Z', wordsPerMonth: 100, at: '2024-03-31T10:00:00.000Z' } };
      const history = [...active(100), reserved('r1', 10), charged('r1', 10)];
      account(...history, p2).when(refund('r1')).thenThrows(AlreadySettled);
      account(...history, p2, p3).when(refund('r1')).thenThrows(UnknownReservation);
    });
    it('still settles a reservation left open across renewals', () => {
      const p2: AccountEvent = { type: 'PeriodRenewed', data: { accountId: ACCOUNT, periodStart: P1_END, periodEnd: '2024-03-31T10:00:00.000Z', wordsPerMonth: 100, at: P1_END } };
      account(...active(100), reserved('r1', 10), p2).when(charge('r1')).then([charged('r1', 10, LATER)]);
    });
  });

});

/** Never run: compiled by the type-check test (domain-types.test.ts), where each directive must hold. */
export function accountTypeChecks(): void {
  // @ts-expect-error: WordsReserved needs the split and the period
  account(...active(), { type: 'WordsReserved', data: { accountId: ACCOUNT, requestId: 'r1', words: 10 } });
  // @ts-expect-error: no such event type
  account({ type: 'WordsBurned', data: { accountId: ACCOUNT } });
  // @ts-expect-error: ReserveWords needs the multiplier
  account(...active()).when({ type: 'ReserveWords', data: { requestId: 'r', keyId: KEY, endpoint: 'humanize', inputWords: 1, now: LATER } });
  // @ts-expect-error: endpoints are a closed set
  account(...active()).when(reserve('r', 1, 1, LATER, { endpoint: 'tones' }));
}
