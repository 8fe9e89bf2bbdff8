/**
 * Progress relay over Redis pub/sub: workers publish a request's chunks/done/error for the API process
 * holding the client, and that process hands each message to the request's listener.
 *
 * Each API process listens on one reply channel of its own, subscribed once (the first `listen` waits for
 * the SUBSCRIBE to be acknowledged, so a job is enqueued only once its messages cannot be missed); a job
 * names that channel (`replyTo`) and every message on it names its request. So a request costs no Redis
 * command of its own here. PUBLISH's receiver count then says whether the API process is alive and
 * listening (the worker refunds a keyless request when it is not); whether that process still waits for
 * this request is the ledger's to arbitrate (an API that gives up refunds first) and the cancel's to tell
 * (an API that gives up sends one whether or not its refund could be made durable).
 *
 * A job without `replyTo` (queued by an API process from before this relay) is answered on its own
 * channel, as before.
 *
 * A `done` message of a job with `replyFramed` goes as two lines: the envelope without the message (`a`, `r`, `w`,
 * the words charged, and `c`, the charge's report for LedgerService.observe), then the body's JSON as the worker
 * serialised it, which the API process answers as it came instead of parsing it and serialising it again (the same
 * bytes: JSON.stringify writes no line break, and what it wrote reads back to what it was). Any other message is one
 * JSON envelope, so a line break tells the two apart.
 */
import { randomUUID } from 'node:crypto';
import { channels, decodeCancel, encodeCancel, type AppendReport, type JobRef, type ProgressMessage } from '../domain/jobs.js';
import type { Redis } from './redis.js';

type Handler = (message: ProgressMessage) => void;

/** A job as the relay sees it: which request, and where its API process listens. */
export type ReplyRef = JobRef & { replyTo?: string | undefined; replyFramed?: boolean | undefined };

/** A message on a reply channel: the request it belongs to, and the message. */
interface Envelope { a: string; r: string; m: ProgressMessage }

/** The first line of a framed `done` message: the request, the body's `words_charged`, and the charge's report. */
interface FramedHead { a: string; r: string; w?: unknown; c?: AppendReport }

/** A framed `done` message as the relay reads it: the body's JSON, parsed only if something reads `body`. */
function framedDone(json: string, head: FramedHead): ProgressMessage {
  let body: Record<string, unknown> | undefined;
  return {
    kind: 'done', json, wordsCharged: head.w, ...(head.c ? { charge: head.c } : {}),
    get body(): Record<string, unknown> { return (body ??= JSON.parse(json) as Record<string, unknown>); },
  };
}

const requestKey = (ref: JobRef) => `${ref.accountId}\n${ref.requestId}`;

export class ProgressHub {
  private readonly handlers = new Map<string, Handler>();
  private readonly cancelHandlers = new Set<(ref: JobRef) => void>();
  private cancelSubscribed = false;
  /** This process's reply channel. */
  readonly replyChannel: string;
  private replySubscribed: Promise<void> | null = null;

  constructor(private readonly publisher: Redis, private readonly subscriber: Redis, private readonly prefix: string) {
    this.replyChannel = `${prefix}reply:${randomUUID()}`;
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel === channels.cancel(prefix)) {
        const ref = decodeCancel(raw);
        if (ref) for (const h of this.cancelHandlers) h(ref);
        return;
      }
      if (channel !== this.replyChannel) return;
      const lineBreak = raw.indexOf('\n');
      let envelope: Envelope;
      try {
        if (lineBreak < 0) envelope = JSON.parse(raw) as Envelope;
        else {
          const head = JSON.parse(raw.slice(0, lineBreak)) as FramedHead;
          envelope = { a: head.a, r: head.r, m: framedDone(raw.slice(lineBreak + 1), head) };
        }
      } catch {
        return; // A malformed message is dropped; the request still ends by its deadline.
      }
      // A request nobody here waits for any more: it was answered, or given up on (and refunded or cancelled).
      this.handlers.get(requestKey({ accountId: envelope.a, requestId: envelope.r }))?.(envelope.m);
    });
    // After a reconnect ioredis subscribes again to every channel it was subscribed to.
  }

  /**
   * Starts relaying a request's progress to `handler`; resolves once its messages cannot be missed (this
   * process's reply channel is subscribed). Returns the function that stops it. Enqueue the job with
   * `replyTo: this.replyChannel`.
   */
  async listen(ref: JobRef, handler: Handler): Promise<() => Promise<void>> {
    if (!this.replySubscribed) {
      const subscribing = this.subscriber.subscribe(this.replyChannel).then(() => undefined);
      this.replySubscribed = subscribing;
      // A failed SUBSCRIBE is tried again by the next request.
      subscribing.catch(() => { if (this.replySubscribed === subscribing) this.replySubscribed = null; });
    }
    await this.replySubscribed;
    const key = requestKey(ref);
    this.handlers.set(key, handler);
    return async () => {
      if (this.handlers.get(key) === handler) this.handlers.delete(key);
    };
  }

  /**
   * Resolves with the number of API processes that received it: 0 when the one holding the request is gone
   * (or, for a job without `replyTo`, no longer listening for this request).
   */
  async publish(ref: ReplyRef, message: ProgressMessage): Promise<number> {
    if (ref.replyTo && ref.replyFramed && message.kind === 'done') {
      const head: FramedHead = { a: ref.accountId, r: ref.requestId, w: message.body.words_charged, ...(message.charge ? { c: message.charge } : {}) };
      return this.publisher.publish(ref.replyTo, `${JSON.stringify(head)}\n${message.json ?? JSON.stringify(message.body)}`);
    }
    // An API process that does not read frames gets the body alone, not its JSON beside it.
    const m: ProgressMessage = message.kind === 'done' && message.json !== undefined
      ? { kind: 'done', body: message.body, ...(message.charge ? { charge: message.charge } : {}) } : message;
    if (ref.replyTo) {
      const envelope: Envelope = { a: ref.accountId, r: ref.requestId, m };
      return this.publisher.publish(ref.replyTo, JSON.stringify(envelope));
    }
    return this.publisher.publish(channels.progress(this.prefix, ref), JSON.stringify(m));
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
