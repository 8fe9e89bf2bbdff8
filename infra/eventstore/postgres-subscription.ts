/**
 * Live delivery for the PostgreSQL event store: catch-up subscriptions that page through the
 * gap-safe log reader, woken by LISTEN/NOTIFY and, should a notification be lost (listener
 * reconnecting, NOTIFY failed), by a modest polling interval.
 */
import pg from 'pg';
import type { Pool } from 'pg';
import type { AllSubscription, RecordedEvent } from './types.js';
import { EVENTS_CHANNEL } from './postgres-schema.js';
import { Wakeup } from '../wakeup.js';

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/** LISTEN on one dedicated connection (opened while someone listens), NOTIFY after appends. */
export class AppendNotifications {
  private readonly wakers = new Set<() => void>();
  private listener: pg.Client | null = null;
  private connecting = false;
  private reconnectDelayMs = RECONNECT_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private notifyInFlight = false;
  private notifyAgain = false;
  private closed = false;

  constructor(private readonly pool: Pool) {}

  /** Registers a wake-up callback; returns the function that unregisters it. */
  onAppend(wake: () => void): () => void {
    this.wakers.add(wake);
    this.listen();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) this.unlisten();
    };
  }

  /**
   * Announces committed appends. Sent after COMMIT in its own tiny transaction rather than inside
   * the append: a notifying transaction holds a global lock while it commits, and an append's commit
   * waits for its WAL flush. Coalesced to at most one NOTIFY in flight; a lost one only costs latency.
   */
  announce(): void {
    if (this.closed) return;
    if (this.notifyInFlight) {
      this.notifyAgain = true;
      return;
    }
    this.notifyInFlight = true;
    this.pool.query(`NOTIFY ${EVENTS_CHANNEL}`).catch(() => {}).finally(() => {
      this.notifyInFlight = false;
      if (this.notifyAgain) {
        this.notifyAgain = false;
        this.announce();
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    this.wakers.clear();
    this.unlisten();
  }

  private wakeAll(): void {
    for (const wake of this.wakers) wake();
  }

  private listen(): void {
    if (this.closed || this.listener || this.connecting || this.reconnectTimer) return;
    this.connecting = true;
    const client = new pg.Client(this.pool.options);
    const lost = (): void => {
      if (this.listener === client) this.listener = null;
      client.removeAllListeners('notification');
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('notification', () => this.wakeAll());
    client
      .connect()
      .then(() => client.query(`LISTEN ${EVENTS_CHANNEL}`))
      .then(() => {
        this.connecting = false;
        if (this.closed || this.wakers.size === 0) {
          client.removeAllListeners('error');
          client.on('error', () => {});
          void client.end().catch(() => {});
          return;
        }
        this.listener = client;
        this.reconnectDelayMs = RECONNECT_FIRST_MS;
        client.on('end', lost);
        // Appends committed while no connection was listening: let subscribers look now.
        this.wakeAll();
      })
      .catch(() => {
        this.connecting = false;
        lost();
      });
  }

  private scheduleReconnect(): void {
    if (this.closed || this.wakers.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen();
    }, this.reconnectDelayMs);
    this.reconnectTimer.unref();
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, RECONNECT_MAX_MS);
  }

  private unlisten(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.listener;
    this.listener = null;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.removeAllListeners('error');
    client.on('error', () => {});
    void client.end().catch(() => {});
  }
}

export interface PollingSubscriptionOptions {
  readPage(after: bigint, maxCount: number): Promise<RecordedEvent[]>;
  notifications: AppendNotifications;
  pollIntervalMs: number;
  pageSize: number;
  /**
   * Live, a page is read at most this often: appends that keep coming are read in batches (one page
   * and its consumer's transaction for many events instead of one per append), while the first append
   * after a quiet spell is read at once. 0 reads on every wake-up.
   */
  minReadIntervalMs?: number;
  onClose(subscription: AllSubscription): void;
}

/**
 * Pages through the log from `from`, then waits for wake-ups. A read error ends the iteration with
 * that error; the consumer resubscribes from its checkpoint.
 */
export function pollingSubscription(from: bigint | null, options: PollingSubscriptionOptions): AllSubscription {
  const wakeup = new Wakeup();
  let closed = false;

  async function* deliver(): AsyncGenerator<RecordedEvent> {
    let cursor = from ?? -1n;
    const minInterval = options.minReadIntervalMs ?? 0;
    let lastEventsAt = Number.NEGATIVE_INFINITY;
    const unregister = options.notifications.onAppend(() => wakeup.fire());
    try {
      while (!closed) {
        const page = await options.readPage(cursor, options.pageSize);
        if (page.length > 0) lastEventsAt = Date.now();
        for (const event of page) {
          if (closed) return;
          yield event;
          cursor = event.position;
        }
        // A short page is the end of the log as of its read: what was appended since has woken `wakeup`
        // (the wake-up is kept when nobody waits yet), so the next read waits for it instead of finding nothing.
        if (page.length < options.pageSize) {
          await wakeup.wait({ ms: options.pollIntervalMs });
          const early = minInterval - (Date.now() - lastEventsAt);
          if (early > 0 && !closed) await new Promise((resolve) => setTimeout(resolve, early));
        }
      }
    } finally {
      unregister();
    }
  }

  let iterator: AsyncGenerator<RecordedEvent> | null = null;
  const subscription: AllSubscription = {
    [Symbol.asyncIterator]() {
      iterator ??= deliver();
      return iterator;
    },
    async close() {
      if (closed) return;
      closed = true;
      wakeup.fire();
      options.onClose(subscription);
    },
  };
  return subscription;
}
