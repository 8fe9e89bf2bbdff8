/**
 * State of the `account-<id>` stream (account, subscription, suspension and word ledger) and the fold
 * that builds it. Balance = monthly allowance left in the current period + top-up left; open
 * reservations are already deducted and are either charged (kept) or refunded (given back).
 */
import type { PeriodLength } from './calendar.js';
import { assertNever } from './decider.js';
import type { AccountEvent, Endpoint, SuspensionReason } from './events.js';
import { SettlementIndex } from './settlements.js';

/** An open word reservation: what was taken, from where, and for which request. */
export interface Reservation {
  requestId: string;
  keyId: string;
  endpoint: Endpoint;
  words: number;
  inputWords: number;
  multiplier: number;
  fromMonthly: number;
  fromTopUp: number;
  /** The period whose allowance `fromMonthly` came from; a refund gives it back only in that period. */
  periodStart: string;
  at: string;
}

export interface SubscriptionTerms {
  planKey: string;
  wordsPerMonth: number;
  /** Start of the first period; every later period boundary is computed from it. */
  anchor: string;
  length: PeriodLength;
  periodStart: string;
  periodEnd: string;
}

export type Subscription =
  | { status: 'none' }
  | ({ status: 'active' } & SubscriptionTerms)
  | ({ status: 'cancelled'; cancelledAt: string } & SubscriptionTerms);

export type Suspension = { status: 'none' } | { status: 'suspended'; reason: SuspensionReason; at: string };

export interface Ledger {
  monthlyRemaining: number;
  topUpRemaining: number;
  /** Words of this period's reservations that are open or charged. */
  wordsUsed: number;
  /** Reservations made in this period (refunded ones included: they were requests). */
  requestsThisPeriod: number;
  open: ReadonlyMap<string, Reservation>;
  /**
   * Settled request ids of the current and the previous period. A settle needs an open reservation, so
   * settle-once holds for any id; these indexes tell "already charged/refunded" apart from "unknown" and
   * refuse re-reserving a recently settled id. Older ids are dropped, bounding the state to two periods.
   */
  settled: SettlementIndex;
  settledPrevious: SettlementIndex;
}

export interface OpenAccount {
  status: 'open';
  accountId: string;
  email: string | null;
  openedAt: string;
  subscription: Subscription;
  suspension: Suspension;
  ledger: Ledger;
}

export type AccountState = { status: 'empty' } | OpenAccount;

export function initialAccountState(): AccountState {
  return { status: 'empty' };
}

function emptyLedger(): Ledger {
  return {
    monthlyRemaining: 0, topUpRemaining: 0, wordsUsed: 0, requestsThisPeriod: 0,
    open: new Map(), settled: SettlementIndex.empty(), settledPrevious: SettlementIndex.empty(),
  };
}

function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): Map<string, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** Looks a request id up among open reservations and recent settlements. */
export function settlementOf(state: OpenAccount, requestId: string): 'open' | 'charged' | 'refunded' | 'unknown' {
  if (state.ledger.open.has(requestId)) return 'open';
  return state.ledger.settled.get(requestId) ?? state.ledger.settledPrevious.get(requestId) ?? 'unknown';
}

/**
 * Folds one event. Events that cannot apply to the state (anything before AccountOpened) are ignored:
 * the log is the truth, and `ledger audit` reports such anomalies instead of the fold crashing on them.
 */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (state.status === 'empty') {
    if (event.type !== 'AccountOpened') return state;
    return {
      status: 'open', accountId: event.data.accountId, email: event.data.email, openedAt: event.data.at,
      subscription: { status: 'none' }, suspension: { status: 'none' }, ledger: emptyLedger(),
    };
  }
  const { ledger, subscription } = state;
  switch (event.type) {
    case 'AccountOpened':
      return state;
    case 'SubscriptionStarted': {
      const d = event.data;
      const length: PeriodLength = d.periodDays ? { unit: 'days', days: d.periodDays } : { unit: 'month' };
      return {
        ...state,
        subscription: {
          status: 'active', planKey: d.planKey, wordsPerMonth: d.wordsPerMonth, anchor: d.periodStart, length,
          periodStart: d.periodStart, periodEnd: d.periodEnd,
        },
        ledger: { ...ledger, monthlyRemaining: d.wordsPerMonth, wordsUsed: 0, requestsThisPeriod: 0 },
      };
    }
    case 'PeriodRenewed': {
      if (subscription.status === 'none') return state;
      const d = event.data;
      return {
        ...state,
        subscription: { ...subscription, periodStart: d.periodStart, periodEnd: d.periodEnd, wordsPerMonth: d.wordsPerMonth },
        ledger: {
          ...ledger, monthlyRemaining: d.wordsPerMonth, wordsUsed: 0, requestsThisPeriod: 0,
          settled: SettlementIndex.empty(), settledPrevious: ledger.settled,
        },
      };
    }
    case 'SubscriptionCancelled':
      if (subscription.status !== 'active') return state;
      return { ...state, subscription: { ...subscription, status: 'cancelled', cancelledAt: event.data.at } };
    case 'TopUpPurchased':
      return { ...state, ledger: { ...ledger, topUpRemaining: ledger.topUpRemaining + event.data.words } };
    case 'BalanceAdjusted': {
      const words = event.data.words;
      if (words >= 0) return { ...state, ledger: { ...ledger, topUpRemaining: ledger.topUpRemaining + words } };
      // A deduction draws the monthly allowance first, then top-ups (events.ts); never below zero.
      const fromMonthly = Math.min(ledger.monthlyRemaining, -words);
      const fromTopUp = Math.min(ledger.topUpRemaining, -words - fromMonthly);
      return {
        ...state,
        ledger: { ...ledger, monthlyRemaining: ledger.monthlyRemaining - fromMonthly, topUpRemaining: ledger.topUpRemaining - fromTopUp },
      };
    }
    case 'AccountSuspended':
      return { ...state, suspension: { status: 'suspended', reason: event.data.reason, at: event.data.at } };
    case 'AccountReinstated':
      return { ...state, suspension: { status: 'none' } };
    case 'WordsReserved': {
      const d = event.data;
      const reservation: Reservation = {
        requestId: d.requestId, keyId: d.keyId, endpoint: d.endpoint, words: d.words, inputWords: d.inputWords,
        multiplier: d.multiplier, fromMonthly: d.fromMonthly, fromTopUp: d.fromTopUp, periodStart: d.periodStart, at: d.at,
      };
      return {
        ...state,
        ledger: {
          ...ledger,
          monthlyRemaining: ledger.monthlyRemaining - d.fromMonthly,
          topUpRemaining: ledger.topUpRemaining - d.fromTopUp,
          wordsUsed: ledger.wordsUsed + d.words,
          requestsThisPeriod: ledger.requestsThisPeriod + 1,
          open: new Map(ledger.open).set(d.requestId, reservation),
        },
      };
    }
    case 'WordsCharged': {
      if (!ledger.open.has(event.data.requestId)) return state;
      return {
        ...state,
        ledger: {
          ...ledger,
          open: withoutKey(ledger.open, event.data.requestId),
          settled: ledger.settled.with(event.data.requestId, 'charged'),
        },
      };
    }
    case 'WordsRefunded': {
      const reservation = ledger.open.get(event.data.requestId);
      if (!reservation) return state;
      const samePeriod = subscription.status !== 'none' && reservation.periodStart === subscription.periodStart;
      return {
        ...state,
        ledger: {
          ...ledger,
          monthlyRemaining: ledger.monthlyRemaining + (samePeriod ? reservation.fromMonthly : 0),
          topUpRemaining: ledger.topUpRemaining + reservation.fromTopUp,
          wordsUsed: ledger.wordsUsed - (samePeriod ? reservation.words : 0),
          open: withoutKey(ledger.open, event.data.requestId),
          settled: ledger.settled.with(event.data.requestId, 'refunded'),
        },
      };
    }
    default:
      return assertNever(event, 'account event');
  }
}
