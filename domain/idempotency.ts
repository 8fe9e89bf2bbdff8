/**
 * Idempotency keys over `idempotency-<key>` (spec 3 and 5). A key is claimed by one request, then
 * either gets that request's result stored (replayable until the TTL passes) or is released when the
 * request was refunded.
 *
 * How an HTTP handler uses it:
 *   const outcome = claimIdempotencyKey(state, claim)            // state read from the key's stream
 *   claimed        → append outcome.events with expected revision 'no_stream'; on a revision conflict
 *                    read again and call claimIdempotencyKey once more (another request won the race)
 *   replay         → respond outcome.status / outcome.body with replayed: true, no charge
 *   in_flight      → wait for the stream to change, then ask again (design.md: wait, then replay)
 *   conflict       → 409 IDEMPOTENCY_KEY_CONFLICT;  retry_required → 409 RETRY_REQUIRED
 * After the request settles: StoreResult (charged) or Release (refunded) through the decider.
 *
 * The decider's `decide` also accepts Claim, returning the claim event or nothing, so a generic
 * command handler can run it; the outcome itself comes from `claimIdempotencyKey`.
 */
import { instantOf } from './calendar.js';
import { assertNever, type Decider } from './decider.js';
import { DomainError, type ErrorCode } from './error-codes.js';
import type { Endpoint, IdempotencyEvent, IdempotencyKeyClaimed } from './events.js';

export interface ClaimInfo { key: string; accountId: string; keyId: string; endpoint: Endpoint; claimedAt: string }

export type IdempotencyState =
  | { status: 'unclaimed' }
  | { status: 'claimed'; claim: ClaimInfo }
  | { status: 'stored'; claim: ClaimInfo; result: { status: number; body: Record<string, unknown>; storedAt: string } }
  | { status: 'released'; claim: ClaimInfo; code: string; releasedAt: string };

export interface ClaimRequest {
  key: string;
  accountId: string;
  keyId: string;
  endpoint: Endpoint;
  now: string;
  /** IDEMPOTENCY_TTL_SECONDS: how long a stored result replays, and how long a claim may stay open. */
  ttlSeconds: number;
}

export type IdempotencyCommand =
  | { type: 'Claim'; data: ClaimRequest }
  | { type: 'StoreResult'; data: { key: string; status: number; body: Record<string, unknown>; now: string } }
  | { type: 'Release'; data: { key: string; code: string; now: string; reusable?: boolean } };

export type ClaimOutcome =
  | { kind: 'claimed'; events: [IdempotencyKeyClaimed] }
  | { kind: 'replay'; status: number; body: Record<string, unknown> }
  | { kind: 'in_flight' }
  | { kind: 'conflict' }
  /** 'released': the original was refunded; 'expired': past the TTL (a claim never settled included). */
  | { kind: 'retry_required'; reason: 'released' | 'expired' };

/**
 * What to do with a request carrying `claim.key`. The same key under another API key, account or
 * endpoint is a conflict whatever its state; otherwise the state decides.
 */
export function claimIdempotencyKey(state: IdempotencyState, claim: ClaimRequest): ClaimOutcome {
  const now = instantOf(claim.now);
  if (!(Number.isFinite(claim.ttlSeconds) && claim.ttlSeconds > 0)) throw new DomainError('VALIDATION_FAILED', 'ttlSeconds must be positive');
  if (state.status === 'unclaimed') {
    return { kind: 'claimed', events: [{ type: 'IdempotencyKeyClaimed', data: {
      key: claim.key, accountId: claim.accountId, keyId: claim.keyId, endpoint: claim.endpoint, at: claim.now,
    } }] };
  }
  const c = state.claim;
  if (c.keyId !== claim.keyId || c.accountId !== claim.accountId || c.endpoint !== claim.endpoint) return { kind: 'conflict' };
  const expired = (since: string) => now - instantOf(since, 'at') >= claim.ttlSeconds * 1000;
  switch (state.status) {
    case 'stored':
      return expired(state.result.storedAt)
        ? { kind: 'retry_required', reason: 'expired' }
        : { kind: 'replay', status: state.result.status, body: state.result.body };
    case 'claimed':
      // A claim older than the TTL was abandoned (its process died before settling): it can never replay.
      return expired(c.claimedAt) ? { kind: 'retry_required', reason: 'expired' } : { kind: 'in_flight' };
    case 'released':
      return { kind: 'retry_required', reason: 'released' };
    default:
      return assertNever(state, 'idempotency state');
  }
}

/** The spec error for an outcome the handler must refuse, or null. */
export function claimOutcomeError(outcome: ClaimOutcome): ErrorCode | null {
  switch (outcome.kind) {
    case 'conflict': return 'IDEMPOTENCY_KEY_CONFLICT';
    case 'retry_required': return 'RETRY_REQUIRED';
    case 'claimed': case 'replay': case 'in_flight': return null;
    default: return assertNever(outcome, 'claim outcome');
  }
}

function decideIdempotency(command: IdempotencyCommand, state: IdempotencyState): IdempotencyEvent[] {
  switch (command.type) {
    case 'Claim': {
      const outcome = claimIdempotencyKey(state, command.data);
      return outcome.kind === 'claimed' ? outcome.events : [];
    }
    case 'StoreResult': {
      const { key, status, body, now } = command.data;
      instantOf(now);
      if (!(Number.isInteger(status) && status >= 100 && status <= 599)) throw new DomainError('VALIDATION_FAILED', 'status must be an HTTP status');
      // The first stored result stands: storing again (a retried append) changes nothing.
      if (state.status === 'stored') return [];
      if (state.status !== 'claimed') throw new DomainError('VALIDATION_FAILED', `idempotency key ${key} is ${state.status}; cannot store a result`);
      return [{ type: 'IdempotentResultStored', data: { key, status, body, at: now } }];
    }
    case 'Release': {
      const { key, code, now, reusable } = command.data;
      instantOf(now);
      if (typeof code !== 'string' || !code) throw new DomainError('VALIDATION_FAILED', 'code is required');
      if (state.status === 'released') return [];
      if (state.status !== 'claimed') throw new DomainError('VALIDATION_FAILED', `idempotency key ${key} is ${state.status}; cannot release it`);
      return [{ type: 'IdempotencyKeyReleased', data: { key, code, ...(reusable ? { reusable: true } : {}), at: now } }];
    }
    default:
      return assertNever(command, 'idempotency command');
  }
}

function evolveIdempotency(state: IdempotencyState, event: IdempotencyEvent): IdempotencyState {
  switch (event.type) {
    case 'IdempotencyKeyClaimed': {
      if (state.status !== 'unclaimed') return state;
      const { at, ...claim } = event.data;
      return { status: 'claimed', claim: { ...claim, claimedAt: at } };
    }
    case 'IdempotentResultStored':
      if (state.status !== 'claimed') return state;
      return { status: 'stored', claim: state.claim, result: { status: event.data.status, body: event.data.body, storedAt: event.data.at } };
    case 'IdempotencyKeyReleased':
      if (state.status !== 'claimed') return state;
      // Refused before any work or charge: the key was never consumed.
      if (event.data.reusable) return { status: 'unclaimed' };
      return { status: 'released', claim: state.claim, code: event.data.code, releasedAt: event.data.at };
    default:
      return assertNever(event, 'idempotency event');
  }
}

export const idempotencyDecider: Decider<IdempotencyCommand, IdempotencyEvent, IdempotencyState> = {
  decide: decideIdempotency,
  evolve: evolveIdempotency,
  initialState: () => ({ status: 'unclaimed' }),
};
