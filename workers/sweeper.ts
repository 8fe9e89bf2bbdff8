/**
 * The reservation sweeper (worker role). A reservation is normally settled by its worker or by the API
 * holding the client; when every settler failed (the API process died between reserve and enqueue, a
 * long database or Redis outage), the words would stay held for ever. Every worker process runs the
 * sweeper: it follows the event log, keeps the open reservations in memory, and refunds each one still
 * open `margin` past its deadline (reserved at + AI_TIMEOUT_MS) with code RESERVATION_EXPIRED. The
 * ledger settles a reservation once (expected revision, and the decider refuses a second settlement),
 * so any number of sweepers may run: exactly one refund lands.
 *
 * It also finishes what a dead worker left in the pending results: a charged request whose keyed result
 * was never stored gets it stored (so a retry with the key replays it); rows of settled requests go.
 */
import { balanceOf, settlementOf } from '../domain/account.js';
import type { WordsReserved } from '../domain/events.js';
import type { EventStore } from '../infra/eventstore/types.js';
import type { LedgerService } from '../infra/ledger.js';
import type { Logger } from '../infra/logger.js';
import type { PendingResult } from '../infra/pending-results.js';
import type { ResultStore } from './processor.js';

export const RESERVATION_EXPIRED = 'RESERVATION_EXPIRED';

export interface SweeperOptions {
  store: EventStore;
  ledger: LedgerService;
  results: Pick<ResultStore, 'store'> & {
    /** Releases a key still claimed by this account's request (the request id of a keyed request is its key). */
    releaseClaimedBy(key: string, accountId: string, code: string): Promise<void>;
  };
  pending: { olderThan(before: Date, limit: number): Promise<PendingResult[]>; delete(accountId: string, requestId: string): Promise<void> };
  logger: Logger;
  /** AI_TIMEOUT_MS: a reservation's deadline is its `at` plus this. */
  aiTimeoutMs: number;
  /** RESERVATION_SWEEP_MARGIN_MS: how long past its deadline a reservation may stay open. */
  marginMs: number;
  /** RESERVATION_SWEEP_INTERVAL_MS: how often to sweep. */
  intervalMs: number;
  onSwept?: (words: number) => void;
  clock?: () => Date;
}

interface Open { accountId: string; requestId: string; words: number; at: number }

const PAGE = 1_000;
const idOf = (accountId: string, requestId: string) => `${accountId}\u0000${requestId}`;

export class ReservationSweeper {
  private readonly open = new Map<string, Open>();
  private position: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly clock: () => Date;

  constructor(private readonly options: SweeperOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.sweep().catch((err: unknown) => this.options.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'reservation sweep failed; retrying next interval'))
        .finally(() => { if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs).unref(); });
    };
    this.timer = setTimeout(tick, this.options.intervalMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** One sweep: follows the log, refunds what expired; returns how many this sweeper refunded. One at a time. */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => { this.running = null; });
    return this.running;
  }

  private async follow(): Promise<void> {
    for (;;) {
      const page = await this.options.store.readAll(this.position, PAGE);
      if (page.length === 0) return;
      for (const e of page) {
        this.position = e.position;
        if (!e.streamName.startsWith('account-')) continue;
        const d = e.data as { accountId: string; requestId: string };
        if (e.type === 'WordsReserved') {
          const r = e.data as WordsReserved['data'];
          this.open.set(idOf(r.accountId, r.requestId), { accountId: r.accountId, requestId: r.requestId, words: r.words, at: Date.parse(r.at) });
        } else if (e.type === 'WordsCharged' || e.type === 'WordsRefunded') {
          this.open.delete(idOf(d.accountId, d.requestId));
        }
      }
      if (page.length < PAGE) return;
    }
  }

  private async sweepOnce(): Promise<number> {
    await this.follow();
    const now = this.clock().getTime();
    const { aiTimeoutMs, marginMs, ledger, logger } = this.options;
    let swept = 0;
    for (const [id, r] of [...this.open]) {
      if (!Number.isFinite(r.at) || r.at + aiTimeoutMs + marginMs > now) continue;
      const refunded = await ledger.refund({ accountId: r.accountId, requestId: r.requestId, code: RESERVATION_EXPIRED, latencyMs: Math.max(0, now - r.at) });
      this.open.delete(id);
      if (!refunded) continue;
      swept++;
      this.options.onSwept?.(r.words);
      logger.warn({ accountId: r.accountId, requestId: r.requestId, words: r.words, reservedAt: new Date(r.at).toISOString() }, 'expired reservation refunded by the sweeper');
      await this.options.results.releaseClaimedBy(r.requestId, r.accountId, RESERVATION_EXPIRED).catch(() => {});
    }
    await this.finishPending(now);
    return swept;
  }

  /** Pending results past deadline + margin: store a charged keyed one under its key, then drop the row. */
  private async finishPending(now: number): Promise<void> {
    const { aiTimeoutMs, marginMs, ledger, pending, results, logger } = this.options;
    const rows = await pending.olderThan(new Date(now - aiTimeoutMs - marginMs), 100);
    for (const row of rows) {
      if (this.open.has(idOf(row.accountId, row.requestId))) continue;
      const state = await ledger.state(row.accountId);
      const settled = state.status === 'open' && state.ledger.open.has(row.requestId) ? 'open' : 'settled';
      if (settled === 'open') continue;
      if (row.idempotencyKey) {
        if (state.status === 'open' && settlementOf(state, row.requestId) === 'charged') {
          const body = typeof row.body.words_remaining === 'number' ? row.body : { ...row.body, words_remaining: balanceOf(state).total };
          try {
            await results.store(row.idempotencyKey, body);
          } catch (err: unknown) {
            logger.warn({ requestId: row.requestId, err: err instanceof Error ? err.message : String(err) }, 'could not store a pending result under its key');
            continue;
          }
        }
      }
      await pending.delete(row.accountId, row.requestId);
    }
  }
}
