/**
 * The word ledger as a service: account commands run through the event store with optimistic
 * concurrency (infra/command-handler.ts). Used by the API (reserve, refund on timeout or disconnect)
 * and by workers (charge, refund on failure). The stream itself is the read side for every decision.
 */
import {
  AlreadySettled, UnknownReservation, accountDecider, balanceOf, creditsLow, type AccountCommand, type AccountState,
} from '../domain/account.js';
import { DomainError } from '../domain/error-codes.js';
import { streams, type AccountEvent, type Endpoint } from '../domain/events.js';
import type { Plan } from '../domain/plans.js';
import { handleCommand, loadStream, StreamStateCache } from './command-handler.js';
import type { CompanionStatement, EventStore } from './eventstore/types.js';

export { AlreadySettled, UnknownReservation };

export interface Reserved {
  wordsRemaining: number; creditsLow: boolean; position: bigint | null;
  /** The events the reservation appended, and the stream's revision after them (for `observe` in another process). */
  events: AccountEvent[]; revision: bigint | null;
}
export interface Settled {
  wordsRemaining: number; position: bigint | null;
  /** The events the charge appended, and the stream's revision after them (for `observe` in another process). */
  events: AccountEvent[]; revision: bigint | null;
}

export interface LedgerHooks {
  onConflict?: () => void;
  onReserve?: (words: number) => void;
  onCharge?: (words: number) => void;
  onRefund?: (words: number) => void;
}

/** Bound of the accounts `follows` remembers (as many as the state cache holds). */
const FOLLOWED_MAX = 20_000;

export class LedgerService {
  private readonly cache = new StreamStateCache<AccountState>(20_000);
  /** Reads started by `prefetch`, per account, until they land in the cache. */
  private readonly warming = new Map<string, Promise<unknown>>();
  /** Accounts whose every append since the cached state this process appears to have seen (see `follows`). */
  private readonly followed = new Set<string>();

  constructor(private readonly store: EventStore, private readonly hooks: LedgerHooks = {}, private readonly clock: () => Date = () => new Date()) {}

  /** Whether a charge can carry a statement committed with it (the store's `companions`). */
  get companions(): boolean {
    return this.store.companions;
  }

  async run(accountId: string, command: AccountCommand, optimistic = false, companion?: CompanionStatement) {
    if (optimistic) await this.warming.get(accountId);
    return handleCommand(this.store, streams.account(accountId), accountDecider, command, {
      cache: this.cache, optimistic, ...(this.hooks.onConflict ? { onConflict: this.hooks.onConflict } : {}),
      ...(companion ? { companion } : {}),
      onStale: () => this.followed.delete(accountId),
    });
  }

  /**
   * Whether this process appears to see every append to the account: the last append another process reported
   * (`observe`) followed the cached state directly, and no command decided on the cached state found it stale
   * since. A caller may then decide a command on the cached state without prefetching it (the API's reservation
   * after the worker reported the previous charge); when another process did append meanwhile (another API process
   * serving the account, the sweeper, an operator), the append is refused, the command reads and decides again, and
   * the account is no longer followed until a report follows the cache again.
   */
  follows(accountId: string): boolean {
    return this.followed.has(accountId);
  }

  /**
   * Brings the cached state of an account up to date in the background, so that a command on it soon
   * after (the API's reservation once the request is checked, a worker's charge once its engine is done)
   * can be decided without reading first. Only a speed-up:
   * a command decided on a state that went stale meanwhile is refused by its expected revision and
   * runs the usual way.
   */
  prefetch(accountId: string): void {
    if (this.warming.has(accountId)) return;
    const read = this.state(accountId).catch(() => undefined).finally(() => {
      if (this.warming.get(accountId) === read) this.warming.delete(accountId);
    });
    this.warming.set(accountId, read);
  }

  /**
   * Brings the cached state of an account forward by events another process appended and reported (the API's
   * reservation, carried by its job), when they directly follow the cached revision: the state is then the one a
   * read would give. Returns whether the cache holds the account as of `revision` or later, so that a command on
   * it may be decided without a read (a state that went stale since is refused by the append's expected revision,
   * as after `prefetch`); false when there is nothing cached or a gap, where only a read tells.
   */
  observe(accountId: string, events: readonly AccountEvent[], revision: bigint): boolean {
    const stream = streams.account(accountId);
    const cached = this.cache.get(stream);
    const before = cached?.revision ?? -1n;
    if (!cached || events.length === 0 || (before < revision && before + BigInt(events.length) !== revision)) {
      this.followed.delete(accountId);
      return false;
    }
    if (before < revision) {
      let state: AccountState;
      try {
        // Every account event names its account: a report of another stream's events is not applied.
        if (!events.every((e) => typeof e?.type === 'string' && (e.data as { accountId?: unknown } | undefined)?.accountId === accountId)) throw new Error('not this account\'s events');
        state = events.reduce(accountDecider.evolve, cached.state);
      } catch {
        // Not events this decider can apply (a report mangled on the way): a read tells instead.
        this.followed.delete(accountId);
        return false;
      }
      this.cache.set(stream, { state, revision });
    }
    if (this.followed.size >= FOLLOWED_MAX) this.followed.clear();
    this.followed.add(accountId);
    return true;
  }

  async state(accountId: string): Promise<AccountState> {
    return (await loadStream<AccountEvent, AccountState>(this.store, streams.account(accountId), accountDecider, this.cache)).state;
  }

  /**
   * Reserves words for a request. Domain refusals (402, 403, 400) pass through; a store failure becomes
   * RESERVATION_FAILED (500), never a balance error.
   */
  async reserve(input: { accountId: string; requestId: string; keyId: string; endpoint: Endpoint; inputWords: number; multiplier: number; plan: Plan; /** See prefetch. */ optimistic?: boolean }): Promise<Reserved> {
    const now = this.clock().toISOString();
    let result;
    try {
      result = await this.run(input.accountId, {
        type: 'ReserveWords',
        data: { requestId: input.requestId, keyId: input.keyId, endpoint: input.endpoint, inputWords: input.inputWords, multiplier: input.multiplier, now },
      }, input.optimistic === true);
    } catch (err: unknown) {
      if (err instanceof DomainError) throw err;
      throw new DomainError('RESERVATION_FAILED', 'The word reservation could not be completed; retry with the same Idempotency-Key.');
    }
    this.hooks.onReserve?.(input.inputWords * input.multiplier);
    return {
      wordsRemaining: balanceOf(result.state).total,
      creditsLow: creditsLow(result.state, input.plan),
      position: result.position,
      events: result.events,
      revision: result.revision,
    };
  }

  /**
   * Keeps the reservation as the charge. Throws AlreadySettled when it was refunded meanwhile. A `companion` (only
   * where `companions` is true) commits with the charge: the worker's result, so that no charge exists without it.
   */
  async charge(input: {
    accountId: string; requestId: string; outputWords: number; latencyMs: number; /** See prefetch. */ optimistic?: boolean; companion?: CompanionStatement;
  }): Promise<Settled> {
    const result = await this.run(input.accountId, {
      type: 'ChargeWords',
      data: { requestId: input.requestId, outputWords: input.outputWords, latencyMs: input.latencyMs, now: this.clock().toISOString() },
    }, input.optimistic === true, input.companion);
    const charged = result.events.find((e) => e.type === 'WordsCharged');
    if (charged) this.hooks.onCharge?.(charged.data.words);
    return { wordsRemaining: balanceOf(result.state).total, position: result.position, events: result.events, revision: result.revision };
  }

  /**
   * Gives the reservation back. Returns false when it was already settled (the first settlement stands).
   */
  async refund(input: { accountId: string; requestId: string; code: string; latencyMs: number }): Promise<boolean> {
    try {
      const result = await this.run(input.accountId, {
        type: 'RefundWords',
        data: { requestId: input.requestId, code: input.code, latencyMs: input.latencyMs, now: this.clock().toISOString() },
      });
      const refunded = result.events.find((e) => e.type === 'WordsRefunded');
      if (refunded) this.hooks.onRefund?.(refunded.data.words);
      return true;
    } catch (err: unknown) {
      if (err instanceof AlreadySettled || err instanceof UnknownReservation) return false;
      throw err;
    }
  }
}
