/**
 * Progress relay over Redis pub/sub: workers publish a request's chunks/done/error for the API process
 * holding the client. Each API process subscribes once, at start, to its own reply channel; a job carries
 * that channel (`replyTo`) and each message names its request. So a request costs no SUBSCRIBE or
 * UNSUBSCRIBE round trip, and PUBLISH still counts only the process that holds the client: a message
 * nobody received (0: that process's subscriber is reconnecting, or it is gone) is seen by the worker,
 * which retries it (workers/processor.ts). `listen` resolves once the reply channel is subscribed, so
 * the caller enqueues the job only after it can no longer miss a message.
 */
import { randomUUID } from 'node:crypto';
import { channels, type ProgressMessage } from '../domain/jobs.js';
import type { Redis } from './redis.js';

type Handler = (message: ProgressMessage) => void;

/** A message on a reply channel: the request it belongs to, and the message. */
interface Envelope { r: string; m: ProgressMessage }

export class ProgressHub {
  /** This process's reply channel. */
  readonly replyTo: string;
  private readonly handlers = new Map<string, Handler>();
  private readonly cancelHandlers = new Set<(requestId: string) => void>();
  private cancelSubscribed = false;
  private replies: Promise<unknown> | null = null;
  /** Worker side: where each running job's progress goes. */
  private readonly routes = new Map<string, string>();

  constructor(private readonly publisher: Redis, private readonly subscriber: Redis, private readonly prefix: string) {
    this.replyTo = `${prefix}replies:${randomUUID()}`;
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.replyTo) {
        let envelope: Envelope;
        try {
          envelope = JSON.parse(raw) as Envelope;
        } catch {
          return; // A malformed message is dropped; the request still ends by its deadline.
        }
        this.handlers.get(envelope.r)?.(envelope.m);
        return;
      }
      if (channel === channels.cancel(prefix)) {
        for (const h of this.cancelHandlers) h(raw);
      }
    });
  }

  /** Routes a request's progress to `handler`; resolves once the reply channel is subscribed. Returns the stop function. */
  async listen(requestId: string, handler: Handler): Promise<() => Promise<void>> {
    this.replies ??= this.subscriber.subscribe(this.replyTo).catch((err: unknown) => {
      this.replies = null;
      throw err;
    });
    await this.replies;
    this.handlers.set(requestId, handler);
    return async () => {
      if (this.handlers.get(requestId) === handler) this.handlers.delete(requestId);
    };
  }

  /** Worker side: progress of `requestId` goes to `replyTo` until `unroute` (a job without one: its own channel). */
  route(requestId: string, replyTo: string | undefined): void {
    if (replyTo) this.routes.set(requestId, replyTo);
  }

  unroute(requestId: string): void {
    this.routes.delete(requestId);
  }

  /** Resolves with the number of API processes that received it (0: nobody is listening right now). */
  async publish(requestId: string, message: ProgressMessage): Promise<number> {
    const replyTo = this.routes.get(requestId);
    if (replyTo) return this.publisher.publish(replyTo, JSON.stringify({ r: requestId, m: message } satisfies Envelope));
    return this.publisher.publish(channels.progress(this.prefix, requestId), JSON.stringify(message));
  }

  async requestCancel(requestId: string): Promise<void> {
    await this.publisher.publish(channels.cancel(this.prefix), requestId);
  }

  /** Worker side: called with the request id of every cancel. */
  async onCancel(handler: (requestId: string) => void): Promise<void> {
    this.cancelHandlers.add(handler);
    if (!this.cancelSubscribed) {
      this.cancelSubscribed = true;
      await this.subscriber.subscribe(channels.cancel(this.prefix));
    }
  }
}
