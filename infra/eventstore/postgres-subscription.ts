/**
 * Live delivery for the PostgreSQL event store: catch-up subscriptions that page through the
 * gap-safe log reader, woken by LISTEN/NOTIFY and, should a notification be lost (listener
 * reconnecting, NOTIFY failed), by a modest polling interval.
 */
import type { AllSubscription, RecordedEvent } from './types.js';
import { Wakeup } from '../wakeup.js';
import type { PgNotifications } from '../pg-notifications.js';

export interface PollingSubscriptionOptions {
  readPage(after: bigint, maxCount: number): Promise<RecordedEvent[]>;
  notifications: PgNotifications;
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
    const unregister = options.notifications.subscribe(() => wakeup.fire());
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
