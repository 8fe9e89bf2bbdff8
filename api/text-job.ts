/**
 * The billing and idempotency steps shared by humanize and detect: replay or refuse a used
 * Idempotency-Key, reserve the words, claim the key, then hand the job to the relay.
 */
import type { Context, Middleware } from 'koa';
import { DomainError } from '../domain/error-codes.js';
import type { Endpoint } from '../domain/events.js';
import type { Job } from '../domain/jobs.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/plans.js';
import type { LedgerService } from '../infra/ledger.js';
import type { Principal } from './middleware/auth.js';
import { setRequestId } from './middleware/request-id.js';
import type { Relay } from './relay.js';
import type { Settlements } from './settlement.js';

export type IdempotencyOutcome =
  | { kind: 'unused' }
  | { kind: 'conflict' }
  | { kind: 'replay'; body: Record<string, unknown> }
  | { kind: 'in_flight' }
  | { kind: 'retry_required' };

export interface IdempotencyPort {
  /** What a request with this key should do now (read-only). */
  inspect(key: string, who: { accountId: string; keyId: string; endpoint: Endpoint }): Promise<IdempotencyOutcome>;
  /** Claims an unused key; returns the outcome that holds instead when another request claimed it first. */
  claim(key: string, who: { accountId: string; keyId: string; endpoint: Endpoint }): Promise<IdempotencyOutcome>;
  /** Gives a claimed key back unused: the request was refused before any work or charge. */
  releaseUnprocessed(key: string, code: string): Promise<void>;
}

export interface TextJobDeps {
  ledger: LedgerService;
  idempotency: IdempotencyPort;
  relay: Relay;
  aiTimeoutMs: number;
  /** How often a duplicate polls for its in-flight original. */
  duplicatePollMs?: number;
  /** The ledger's view of an in-flight original (charged: its result replays; refunded: retry required). */
  settlements?: Settlements;
}

/**
 * A well-formed Idempotency-Key is the request id (X-Request-Id, problem request_id) of every humanize and
 * detect response, including refusals that come before idempotencyHeader() (401, 403, 413, 415, invalid
 * JSON). A malformed one is left to idempotencyHeader(), which refuses it.
 */
export function idempotencyKeyAsRequestId(): Middleware {
  return async function adoptIdempotencyKey(ctx, next) {
    const raw = ctx.get('Idempotency-Key');
    if (ctx.headers['idempotency-key'] !== undefined && IDEMPOTENCY_KEY_PATTERN.test(raw)) setRequestId(ctx, raw);
    await next();
  };
}

/** Reads and checks the Idempotency-Key header; a valid key becomes the request id. */
export function idempotencyHeader(): Middleware {
  return async function readIdempotencyKey(ctx, next) {
    const raw = ctx.get('Idempotency-Key');
    if (ctx.headers['idempotency-key'] !== undefined) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) {
        throw new DomainError('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1-128 characters from A-Z a-z 0-9 _ - : .');
      }
      ctx.state.idempotencyKey = raw;
      setRequestId(ctx, raw);
    }
    await next();
  };
}

function replay(ctx: Context, endpoint: Endpoint, body: Record<string, unknown>): void {
  ctx.status = 200;
  ctx.set('X-Idempotent-Replay', 'true');
  if (endpoint === 'humanize') ctx.set('X-Latency-Ms', String(Math.round(performance.now() - (ctx.state.startedAt as number))));
  ctx.body = { ...body, replayed: true };
}

/** Back-off of a failed release of an unprocessed key (about half a minute in all). */
const RELEASE_RETRY_MS = [100, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000];

export class TextJobs {
  constructor(private readonly deps: TextJobDeps) {}

  /** Acts on a used key; returns true when the response has been written (replay). */
  private async settleUsedKey(ctx: Context, endpoint: Endpoint, outcome: IdempotencyOutcome, key: string, who: { accountId: string; keyId: string; endpoint: Endpoint }): Promise<boolean> {
    const giveUpAt = Date.now() + this.deps.aiTimeoutMs + 5_000;
    let askLedgerAt = 0;
    let lastError: unknown = null;
    for (let current = outcome; ;) {
      switch (current.kind) {
        case 'unused': return false;
        case 'conflict': throw new DomainError('IDEMPOTENCY_KEY_CONFLICT', 'This Idempotency-Key was used with another API key, account or endpoint; use a new key.');
        case 'retry_required': throw new DomainError('RETRY_REQUIRED', 'This Idempotency-Key was consumed without a stored result; retry with a new key.');
        case 'replay': replay(ctx, endpoint, current.body); return true;
        case 'in_flight':
          // design.md: a duplicate waits for its original, then replays its result.
          if (Date.now() > giveUpAt) {
            // A store that kept failing says nothing about the original: the same key must stay usable.
            if (lastError !== null) throw lastError;
            throw new DomainError('RETRY_REQUIRED', 'The original request with this key did not finish; retry with a new key.');
          }
          if (Date.now() >= askLedgerAt) {
            // The original may have been settled by a process that died before storing or releasing the key.
            askLedgerAt = Date.now() + 500;
            const settled = await this.settledOriginal(key, who.accountId).catch(() => null);
            if (settled) { current = settled; continue; }
          }
          await new Promise((r) => setTimeout(r, this.deps.duplicatePollMs ?? 100));
          // A transient store failure while waiting is not the answer: keep waiting for the original.
          current = await this.deps.idempotency.inspect(key, who).then((o) => { lastError = null; return o; }, (err: unknown) => {
            lastError = err;
            return { kind: 'in_flight' } as const;
          });
          continue;
      }
    }
  }

  /**
   * What the ledger says of an in-flight original (its request id is the key): charged, its result (from
   * the key's stored result, or the copy the worker made durable before charging, now stored under the
   * key) replays; refunded, the key cannot replay. Null while it is open.
   */
  private async settledOriginal(key: string, accountId: string): Promise<IdempotencyOutcome | null> {
    const { settlements } = this.deps;
    if (!settlements) return null;
    const standing = await settlements.standing(accountId, key);
    if (standing === 'refunded') return { kind: 'retry_required' };
    if (standing !== 'charged') return null;
    const body = await settlements.chargedResult(accountId, key, key);
    return body ? { kind: 'replay', body } : null;
  }

  /**
   * Gives a key back unused. The failure that refused the request may be the store's own, so a release that
   * fails keeps being retried in the background: until it lands, a retry with the key waits as for an
   * in-flight original (then proceeds), instead of the key staying claimed until its TTL.
   */
  private async releaseUnprocessed(key: string, code: string): Promise<void> {
    const release = async (): Promise<boolean> => {
      try {
        await this.deps.idempotency.releaseUnprocessed(key, code);
        return true;
      } catch (err: unknown) {
        // A refusal means the key is no longer claimed by this request: nothing left to give back.
        return err instanceof DomainError;
      }
    };
    if (await release()) return;
    void (async () => {
      for (const ms of RELEASE_RETRY_MS) {
        await new Promise((resolve) => setTimeout(resolve, ms).unref());
        if (await release()) return;
      }
    })();
  }

  /**
   * Reserves, claims and runs. `build` makes the job once the reservation is known.
   */
  async accept(ctx: Context, input: {
    endpoint: Endpoint; inputWords: number; multiplier: number;
    build: (reservation: { requestId: string; acceptedAt: number; deadline: number; creditsLow: boolean; words: number }) => Job;
    sseMeta: Record<string, unknown> | null;
  }): Promise<void> {
    const principal = ctx.state.principal as Principal;
    const key = (ctx.state.idempotencyKey as string | undefined) ?? null;
    const who = { accountId: principal.accountId, keyId: principal.keyId, endpoint: input.endpoint };
    if (key && await this.settleUsedKey(ctx, input.endpoint, await this.deps.idempotency.inspect(key, who), key, who)) return;

    const requestId = String(ctx.state.requestId);
    if (key) {
      // The claim comes before the reservation: concurrent duplicates share the request id, so only the
      // request that holds the key may reserve under it.
      const outcome = await this.deps.idempotency.claim(key, who);
      if (outcome.kind !== 'unused') {
        if (await this.settleUsedKey(ctx, input.endpoint, outcome, key, who)) return;
        throw new DomainError('RETRY_REQUIRED', 'This Idempotency-Key is in use; retry with a new key.');
      }
    }
    const acceptedAt = Date.now();
    let reserved;
    try {
      reserved = await this.deps.ledger.reserve({
        accountId: principal.accountId, requestId, keyId: principal.keyId, endpoint: input.endpoint,
        inputWords: input.inputWords, multiplier: input.multiplier, plan: principal.plan,
        // Without a key, the account was read while the request was checked (bin/service.ts): decided on that state.
        optimistic: key === null,
      });
    } catch (err: unknown) {
      // Nothing was processed or charged: the key may be used again once the cause is fixed.
      if (key) await this.releaseUnprocessed(key, err instanceof DomainError ? err.code : 'RESERVATION_FAILED');
      throw err;
    }
    const words = input.inputWords * input.multiplier;
    const job = input.build({ requestId, acceptedAt, deadline: acceptedAt + this.deps.aiTimeoutMs, creditsLow: reserved.creditsLow, words });
    if (reserved.revision !== null) job.reservation = { events: reserved.events, revision: reserved.revision.toString() };
    await this.deps.relay.run(ctx, job, input.sseMeta ? { meta: input.sseMeta } : null);
  }
}
