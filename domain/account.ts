/**
 * The account decider over `account-<accountId>`: opening, subscription, top-ups, adjustments,
 * suspension, and the word ledger (reserve → charge | refund, settled exactly once).
 *
 * Documented choices:
 * - A negative AdjustBalance larger than the balance is refused (VALIDATION_FAILED), never clamped.
 * - ReserveWords for a request id whose identical reservation is already open returns no events, so an
 *   append retried after an ambiguous failure is harmless; a different reservation under an open or
 *   recently settled id is refused (VALIDATION_FAILED).
 * - Charge/refund of a settled request throws AlreadySettled (with how it was settled); of a request
 *   the state does not know, UnknownReservation. Neither is a DomainError: both are server-side
 *   conditions the caller must handle, never a client error.
 * - Suspend with the current reason, Reinstate when not suspended and Cancel when cancelled are no-ops.
 */
import { addMonths, instantOf, isoOf, periodContaining } from './calendar.js';
import type { Decider } from './decider.js';
import { assertNever } from './decider.js';
import { DomainError } from './error-codes.js';
import type { AccountEvent, Endpoint, PeriodRenewed, SuspensionReason } from './events.js';
import { findPlan, type Plan } from './plans.js';
import { evolveAccount, initialAccountState, settlementOf, type AccountState, type OpenAccount } from './account-state.js';
import { suspensionError } from './account-queries.js';

export * from './account-state.js';
export * from './account-queries.js';

export type AccountCommand =
  | { type: 'OpenAccount'; data: {
      accountId: string; email?: string | null; planKey: string; now: string;
      /** Fixed-length periods instead of calendar months. */
      periodDays?: number;
      /** Extra plan definitions (fixtures, operator plans), as findPlan takes them. */
      plans?: Readonly<Record<string, Plan>>;
    } }
  | { type: 'TopUp'; data: { words: number; now: string } }
  | { type: 'AdjustBalance'; data: { words: number; reason: string; now: string } }
  | { type: 'Suspend'; data: { reason: SuspensionReason; now: string } }
  | { type: 'Reinstate'; data: { now: string } }
  | { type: 'Cancel'; data: { now: string } }
  | { type: 'ReserveWords'; data: {
      requestId: string; keyId: string; endpoint: Endpoint; inputWords: number; multiplier: number; now: string;
    } }
  | { type: 'ChargeWords'; data: { requestId: string; outputWords: number; latencyMs: number; now: string } }
  | { type: 'RefundWords'; data: { requestId: string; code: string; latencyMs: number; now: string } };

/** A charge or refund for a request whose reservation was already settled. */
export class AlreadySettled extends Error {
  override readonly name = 'AlreadySettled';
  constructor(readonly requestId: string, readonly outcome: 'charged' | 'refunded') {
    super(`reservation ${requestId} was already ${outcome}`);
  }
}

/** A charge or refund for a request id with no reservation in this account's state. */
export class UnknownReservation extends Error {
  override readonly name = 'UnknownReservation';
  constructor(readonly requestId: string) {
    super(`no reservation ${requestId}`);
  }
}

const SUSPENSION_REASONS: readonly SuspensionReason[] = ['banned', 'risk', 'turnstile'];
const ENDPOINTS: readonly Endpoint[] = ['humanize', 'detect'];
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function isPositiveInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}
function isNonNegative(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}
function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.trim().length > 0;
}

function requireOpen(state: AccountState): OpenAccount {
  if (state.status === 'empty') throw new DomainError('NOT_FOUND', 'account not found');
  return state;
}

/** The PeriodRenewed due at `now`, if the active period has ended. */
export function renewalDue(state: AccountState, now: string): PeriodRenewed | null {
  if (state.status !== 'open' || state.subscription.status !== 'active') return null;
  const sub = state.subscription;
  if (instantOf(now) < instantOf(sub.periodEnd, 'periodEnd')) return null;
  const { periodStart, periodEnd } = periodContaining(sub.anchor, sub.length, now);
  return { type: 'PeriodRenewed', data: { accountId: state.accountId, periodStart, periodEnd, wordsPerMonth: sub.wordsPerMonth, at: now } };
}

function openAccount(cmd: Extract<AccountCommand, { type: 'OpenAccount' }>['data'], state: AccountState): AccountEvent[] {
  if (state.status !== 'empty') throw new DomainError('VALIDATION_FAILED', 'account already exists');
  if (!nonEmpty(cmd.accountId)) throw new DomainError('VALIDATION_FAILED', 'accountId is required');
  const email = cmd.email ?? null;
  if (email !== null && !(typeof email === 'string' && EMAIL.test(email) && email.length <= 254)) {
    throw new DomainError('VALIDATION_FAILED', 'email is not a valid address');
  }
  const plan = findPlan(cmd.planKey, cmd.plans);
  if (!plan) throw new DomainError('PLAN_NOT_FOUND', `plan ${cmd.planKey} has no configuration`);
  const days = cmd.periodDays;
  if (days !== undefined && !(isPositiveInteger(days) && days <= 366)) {
    throw new DomainError('VALIDATION_FAILED', 'periodDays must be an integer from 1 to 366');
  }
  const start = isoOf(instantOf(cmd.now));
  const periodEnd = days === undefined ? addMonths(start, 1) : isoOf(instantOf(start) + days * 86_400_000);
  return [
    { type: 'AccountOpened', data: { accountId: cmd.accountId, email, at: cmd.now } },
    { type: 'SubscriptionStarted', data: {
      accountId: cmd.accountId, planKey: plan.key, periodStart: start, periodEnd, wordsPerMonth: plan.wordsPerMonth, at: cmd.now,
      ...(days === undefined ? {} : { periodDays: days }),
    } },
  ];
}

function reserveWords(cmd: Extract<AccountCommand, { type: 'ReserveWords' }>['data'], state: AccountState): AccountEvent[] {
  if (!isPositiveInteger(cmd.inputWords)) throw new DomainError('INVALID_WORD_COUNT', 'inputWords must be a positive integer');
  if (!(typeof cmd.multiplier === 'number' && Number.isSafeInteger(cmd.multiplier) && cmd.multiplier >= 1)) {
    throw new DomainError('INVALID_MULTIPLIER', 'multiplier must be an integer of at least 1');
  }
  if (!nonEmpty(cmd.requestId) || !nonEmpty(cmd.keyId) || !ENDPOINTS.includes(cmd.endpoint)) {
    throw new DomainError('VALIDATION_FAILED', 'requestId, keyId and a known endpoint are required');
  }
  instantOf(cmd.now);
  if (state.status === 'empty' || state.subscription.status === 'none') throw new DomainError('NO_SUBSCRIPTION');

  const existing = settlementOf(state, cmd.requestId);
  if (existing === 'open') {
    const r = state.ledger.open.get(cmd.requestId);
    const same = r !== undefined && r.keyId === cmd.keyId && r.endpoint === cmd.endpoint
      && r.inputWords === cmd.inputWords && r.multiplier === cmd.multiplier;
    if (same) return [];
  }
  if (existing !== 'unknown') throw new DomainError('VALIDATION_FAILED', `request id ${cmd.requestId} already has a reservation`);

  const blocked = suspensionError(state);
  if (blocked) throw new DomainError(blocked);
  if (state.subscription.status === 'cancelled') throw new DomainError('NO_ACTIVE_SUBSCRIPTION');

  const renewed = renewalDue(state, cmd.now);
  const current = renewed ? evolveAccount(state, renewed) : state;
  if (current.status !== 'open' || current.subscription.status !== 'active') throw new Error('unreachable: renewal lost the subscription');
  const { monthlyRemaining, topUpRemaining } = current.ledger;
  const words = cmd.inputWords * cmd.multiplier;
  const available = monthlyRemaining + topUpRemaining;
  if (words > available) {
    throw new DomainError('INSUFFICIENT_WORDS', `this request needs ${words} words; ${available} remain`,
      { words_required: words, words_remaining: available });
  }
  const fromMonthly = Math.min(words, monthlyRemaining);
  return [
    ...(renewed ? [renewed] : []),
    { type: 'WordsReserved', data: {
      accountId: current.accountId, requestId: cmd.requestId, keyId: cmd.keyId, endpoint: cmd.endpoint, words,
      inputWords: cmd.inputWords, multiplier: cmd.multiplier, fromMonthly, fromTopUp: words - fromMonthly,
      periodStart: current.subscription.periodStart, at: cmd.now,
    } },
  ];
}

/** The open reservation a settle applies to, or the typed reason there is none. */
function reservationToSettle(state: AccountState, requestId: string) {
  if (state.status === 'empty') throw new UnknownReservation(requestId);
  const settlement = settlementOf(state, requestId);
  if (settlement === 'charged' || settlement === 'refunded') throw new AlreadySettled(requestId, settlement);
  const reservation = state.ledger.open.get(requestId);
  if (settlement === 'unknown' || !reservation) throw new UnknownReservation(requestId);
  return { accountId: state.accountId, reservation };
}

function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'OpenAccount':
      return openAccount(command.data, state);
    case 'ReserveWords':
      return reserveWords(command.data, state);
    case 'TopUp': {
      const { words, now } = command.data;
      if (!isPositiveInteger(words)) throw new DomainError('VALIDATION_FAILED', 'words must be a positive integer');
      instantOf(now);
      return [{ type: 'TopUpPurchased', data: { accountId: requireOpen(state).accountId, words, at: now } }];
    }
    case 'AdjustBalance': {
      const { words, reason, now } = command.data;
      if (!(Number.isSafeInteger(words) && words !== 0)) throw new DomainError('VALIDATION_FAILED', 'words must be a non-zero integer');
      if (!nonEmpty(reason) || reason.length > 500) throw new DomainError('VALIDATION_FAILED', 'reason is required (at most 500 characters)');
      const open = requireOpen(state);
      const renewed = renewalDue(open, now);
      const current = renewed ? evolveAccount(open, renewed) : open;
      if (current.status !== 'open') throw new Error('unreachable: renewal closed the account');
      const available = current.ledger.monthlyRemaining + current.ledger.topUpRemaining;
      if (words < 0 && -words > available) {
        throw new DomainError('VALIDATION_FAILED', `cannot deduct ${-words} words; ${available} remain`, { words_remaining: available });
      }
      return [
        ...(renewed ? [renewed] : []),
        { type: 'BalanceAdjusted', data: { accountId: open.accountId, words, reason: reason.trim(), at: now } },
      ];
    }
    case 'Suspend': {
      const { reason, now } = command.data;
      if (!SUSPENSION_REASONS.includes(reason)) throw new DomainError('VALIDATION_FAILED', 'reason must be banned, risk or turnstile');
      instantOf(now);
      const open = requireOpen(state);
      if (open.suspension.status === 'suspended' && open.suspension.reason === reason) return [];
      return [{ type: 'AccountSuspended', data: { accountId: open.accountId, reason, at: now } }];
    }
    case 'Reinstate': {
      instantOf(command.data.now);
      const open = requireOpen(state);
      if (open.suspension.status === 'none') return [];
      return [{ type: 'AccountReinstated', data: { accountId: open.accountId, at: command.data.now } }];
    }
    case 'Cancel': {
      instantOf(command.data.now);
      const open = requireOpen(state);
      if (open.subscription.status === 'none') throw new DomainError('NO_SUBSCRIPTION');
      if (open.subscription.status === 'cancelled') return [];
      return [{ type: 'SubscriptionCancelled', data: { accountId: open.accountId, at: command.data.now } }];
    }
    case 'ChargeWords': {
      const { requestId, outputWords, latencyMs, now } = command.data;
      if (!(Number.isSafeInteger(outputWords) && outputWords >= 0) || !isNonNegative(latencyMs)) {
        throw new DomainError('VALIDATION_FAILED', 'outputWords and latencyMs must be non-negative');
      }
      instantOf(now);
      const { accountId, reservation: r } = reservationToSettle(state, requestId);
      return [{ type: 'WordsCharged', data: {
        accountId, requestId, keyId: r.keyId, endpoint: r.endpoint, words: r.words, inputWords: r.inputWords,
        outputWords, latencyMs: Math.round(latencyMs), at: now,
      } }];
    }
    case 'RefundWords': {
      const { requestId, code, latencyMs, now } = command.data;
      if (!nonEmpty(code) || !isNonNegative(latencyMs)) throw new DomainError('VALIDATION_FAILED', 'code and a non-negative latencyMs are required');
      instantOf(now);
      const { accountId, reservation: r } = reservationToSettle(state, requestId);
      return [{ type: 'WordsRefunded', data: {
        accountId, requestId, keyId: r.keyId, endpoint: r.endpoint, words: r.words, code, latencyMs: Math.round(latencyMs), at: now,
      } }];
    }
    default:
      return assertNever(command, 'account command');
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  decide: decideAccount,
  evolve: evolveAccount,
  initialState: initialAccountState,
};
