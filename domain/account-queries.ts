/** Read-only questions over an account state: balance, low-credit flag, access, reservations. */
import type { AccountState, OpenAccount, Reservation } from './account-state.js';
import { instantOf, periodContaining } from './calendar.js';
import { assertNever } from './decider.js';
import type { ErrorCode } from './error-codes.js';
import { CREDITS_LOW_FRACTION, findPlan, type Plan } from './plans.js';

export interface Balance {
  monthlyRemaining: number;
  topUpRemaining: number;
  /** monthlyRemaining + topUpRemaining: the spec's words_remaining. */
  total: number;
  wordsUsed: number;
  /** The period's monthly allowance (0 without a subscription). */
  wordsLimit: number;
  requestsThisPeriod: number;
  periodStart: string | null;
  periodEnd: string | null;
}

/**
 * The balance as of the state or, when `now` is given and the period has ended without a renewal
 * appended yet, as it will be once renewed (what a usage report should show).
 */
export function balanceOf(state: AccountState, now?: string): Balance {
  if (state.status === 'empty') {
    return { monthlyRemaining: 0, topUpRemaining: 0, total: 0, wordsUsed: 0, wordsLimit: 0, requestsThisPeriod: 0, periodStart: null, periodEnd: null };
  }
  const { ledger, subscription: sub } = state;
  if (sub.status === 'none') {
    return {
      monthlyRemaining: 0, topUpRemaining: ledger.topUpRemaining, total: ledger.topUpRemaining, wordsUsed: 0, wordsLimit: 0,
      requestsThisPeriod: 0, periodStart: null, periodEnd: null,
    };
  }
  if (now !== undefined && sub.status === 'active' && instantOf(now) >= instantOf(sub.periodEnd, 'periodEnd')) {
    const period = periodContaining(sub.anchor, sub.length, now);
    return {
      monthlyRemaining: sub.wordsPerMonth, topUpRemaining: ledger.topUpRemaining, total: sub.wordsPerMonth + ledger.topUpRemaining,
      wordsUsed: 0, wordsLimit: sub.wordsPerMonth, requestsThisPeriod: 0, ...period,
    };
  }
  return {
    monthlyRemaining: ledger.monthlyRemaining, topUpRemaining: ledger.topUpRemaining,
    total: ledger.monthlyRemaining + ledger.topUpRemaining, wordsUsed: ledger.wordsUsed, wordsLimit: sub.wordsPerMonth,
    requestsThisPeriod: ledger.requestsThisPeriod, periodStart: sub.periodStart, periodEnd: sub.periodEnd,
  };
}

/** design.md: true when the balance is under 10% of the plan's monthly allowance. */
export function creditsLow(state: AccountState, plan: Pick<Plan, 'wordsPerMonth'>, now?: string): boolean {
  return balanceOf(state, now).total < plan.wordsPerMonth * CREDITS_LOW_FRACTION;
}

/** The error code a suspension maps to, or null when the account is not suspended. */
export function suspensionError(state: OpenAccount): ErrorCode | null {
  const s = state.suspension;
  if (s.status === 'none') return null;
  switch (s.reason) {
    case 'banned': return 'BANNED';
    case 'risk': return 'RISK_BLOCKED';
    case 'turnstile': return 'TURNSTILE_REQUIRED';
    default: return assertNever(s.reason, 'suspension reason');
  }
}

/**
 * Why the account may not use the API, or null. In order: suspension (BANNED, RISK_BLOCKED,
 * TURNSTILE_REQUIRED), no subscription record (NO_SUBSCRIPTION, also for an unknown account),
 * cancelled (NO_ACTIVE_SUBSCRIPTION), plan key without configuration (PLAN_NOT_FOUND).
 */
export function accessError(state: AccountState, extraPlans?: Readonly<Record<string, Plan>>): ErrorCode | null {
  if (state.status === 'empty') return 'NO_SUBSCRIPTION';
  const suspended = suspensionError(state);
  if (suspended) return suspended;
  const sub = state.subscription;
  switch (sub.status) {
    case 'none': return 'NO_SUBSCRIPTION';
    case 'cancelled': return 'NO_ACTIVE_SUBSCRIPTION';
    case 'active': return findPlan(sub.planKey, extraPlans) ? null : 'PLAN_NOT_FOUND';
    default: return assertNever(sub, 'subscription');
  }
}

export type AccountStatus = 'none' | 'no_subscription' | 'active' | 'cancelled' | 'suspended';

/** One word for operators (admin CLI output); a suspension outranks the subscription status. */
export function accountStatus(state: AccountState): AccountStatus {
  if (state.status === 'empty') return 'none';
  if (state.suspension.status === 'suspended') return 'suspended';
  switch (state.subscription.status) {
    case 'none': return 'no_subscription';
    case 'active': return 'active';
    case 'cancelled': return 'cancelled';
    default: return assertNever(state.subscription, 'subscription');
  }
}

export function openReservations(state: AccountState): Reservation[] {
  return state.status === 'empty' ? [] : [...state.ledger.open.values()];
}

/** Reservations open for at least `olderThanMs` at `now`: candidates for a sweeper to refund. */
export function staleReservations(state: AccountState, now: string, olderThanMs: number): Reservation[] {
  const cutoff = instantOf(now) - olderThanMs;
  return openReservations(state).filter((r) => instantOf(r.at, 'at') <= cutoff);
}
