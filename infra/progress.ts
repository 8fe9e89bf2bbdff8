/**
 * Progress relay over Redis pub/sub: workers publish a request's chunks/done/error on its channel, and
 * the API process holding the client listens. One subscriber connection per process; the subscription
 * is in place (SUBSCRIBE acknowledged) before `listen` resolves, so the caller enqueues the job only
 * after it can no longer miss a message.
 */
import { channels, decodeCancel, encodeCancel, type JobRef, type ProgressMessage } from '../domain/jobs.js';
import type { Redis } from './redis.js';

type Handler = (message: ProgressMessage) => void;

export class ProgressHub {
  private readonly handlers = new Map<string, Handler>();
  private readonly cancelHandlers = new Set<(ref: JobRef) => void>();
  private cancelSubscribed = false;

  constructor(private readonly publisher: Redis, private readonly subscriber: Redis, private readonly prefix: string) {
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel === channels.cancel(prefix)) {
        const ref = decodeCancel(raw);
        if (ref) for (const h of this.cancelHandlers) h(ref);
        return;
      }
      const handler = this.handlers.get(channel);
      if (!handler) return;
      try {
        handler(JSON.parse(raw) as ProgressMessage);
      } catch {
        // A malformed message is dropped; the request still ends by its deadline.
      }
    });
  }

  /** Subscribes to a request's progress; resolves once subscribed. Returns the unsubscribe function. */
  async listen(ref: JobRef, handler: Handler): Promise<() => Promise<void>> {
    const channel = channels.progress(this.prefix, ref);
    this.handlers.set(channel, handler);
    try {
      await this.subscriber.subscribe(channel);
    } catch (err: unknown) {
      this.handlers.delete(channel);
      throw err;
    }
    return async () => {
      if (this.handlers.get(channel) !== handler) return;
      this.handlers.delete(channel);
      await this.subscriber.unsubscribe(channel).catch(() => {});
    };
  }

  /** Resolves with the number of subscribers that received it (0: no API process is waiting for this request). */
  async publish(ref: JobRef, message: ProgressMessage): Promise<number> {
    return this.publisher.publish(channels.progress(this.prefix, ref), JSON.stringify(message));
  }

  async requestCancel(ref: JobRef): Promise<void> {
    await this.publisher.publish(channels.cancel(this.prefix), encodeCancel(ref));
  }

  /** Worker side: called with the request of every cancel. */
  async onCancel(handler: (ref: JobRef) => void): Promise<void> {
    this.cancelHandlers.add(handler);
    if (!this.cancelSubscribed) {
      this.cancelSubscribed = true;
      await this.subscriber.subscribe(channels.cancel(this.prefix));
    }
  }
}
