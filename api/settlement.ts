/**
 * How the API finds out what happened to a request whose answer is in doubt (its deadline passed, its
 * client left, a worker reported an error it could not refund, or a retry with the same key finds the
 * original still in flight). The ledger is the arbiter: the API answers a failure only once a refund
 * is durable, and a request found charged is answered with its result, read from where the worker
 * made it durable before charging (infra/pending-results.ts) or from the key's stored result.
 */
import { balanceOf, settlementOf } from '../domain/account.js';
import type { LedgerService } from '../infra/ledger.js';
import type { PendingResultsPort } from '../infra/pending-results.js';

export type Standing = 'open' | 'charged' | 'refunded' | 'unknown';

export interface SettlementDeps {
  ledger: LedgerService;
  pending: PendingResultsPort;
  /** The key's stored result, and storing one (first stored result stands). */
  storedResult: (key: string) => Promise<Record<string, unknown> | null>;
  storeResult: (key: string, body: Record<string, unknown>) => Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Back-off of a store operation the API must see through (about `totalMs` in all). */
export async function retrying<T>(totalMs: number, step: () => Promise<T>, isFinal: (err: unknown) => boolean = () => false): Promise<T> {
  const until = Date.now() + totalMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      return await step();
    } catch (err: unknown) {
      if (isFinal(err) || Date.now() + wait > until) throw err;
      await pause(wait);
    }
  }
}

export class Settlements {
  constructor(private readonly deps: SettlementDeps) {}

  async standing(accountId: string, requestId: string): Promise<Standing> {
    const state = await this.deps.ledger.state(accountId);
    return state.status === 'open' ? settlementOf(state, requestId) : 'unknown';
  }

  /**
   * The result of a charged request, or null when none can be found (yet). A keyed result found only
   * in the pending row is stored under the key, so replays find it from now on.
   */
  async chargedResult(accountId: string, requestId: string, key: string | null): Promise<Record<string, unknown> | null> {
    const stored = key ? await this.deps.storedResult(key) : null;
    if (stored) return stored;
    const pending = await this.deps.pending.get(accountId, requestId);
    if (!pending) return null;
    const body: Record<string, unknown> = { ...pending.body };
    // Written before the charge: the balance after it is read now.
    if (typeof body.words_remaining !== 'number') body.words_remaining = balanceOf(await this.deps.ledger.state(accountId)).total;
    if (key) await this.deps.storeResult(key, body);
    return body;
  }
}
