/**
 * Runs one accepted request on the workers and relays the outcome: as JSON, or as the SSE sequence of
 * spec section 6. The progress subscription is in place before the job is enqueued. When the client
 * goes away or the deadline passes, the API cancels the job and refunds; the ledger settles a
 * reservation once, so a worker finishing late cannot charge it.
 */
import type { Context } from 'koa';
import { DomainError, isErrorCode, statusOf, type ErrorCode } from '../domain/error-codes.js';
import type { Job, JobRef, ProgressMessage } from '../domain/jobs.js';
import type { LedgerService } from '../infra/ledger.js';
import type { Logger } from '../infra/logger.js';
import type { ProgressHub } from '../infra/progress.js';
import type { JobQueues } from '../infra/queues.js';
import { problemBody } from './problem.js';

export interface RelayDeps {
  progress: ProgressHub;
  queues: JobQueues;
  ledger: LedgerService;
  /** Marks an Idempotency-Key as consumed without a result (after a refund). */
  releaseIdempotencyKey: (key: string, code: string) => Promise<void>;
  logger: Logger;
  docsUrl: string;
  /** How long past the job deadline the API waits before it gives up itself. */
  graceMs: number;
  heartbeatMs: number;
  onStreamOpen?: (delta: 1 | -1) => void;
  /** Final messages workers could not publish (infra/undelivered.ts). */
  undelivered?: { take(ref: JobRef): Promise<ProgressMessage | null> };
}

type Outcome = { kind: 'message'; message: ProgressMessage } | { kind: 'deadline' } | { kind: 'disconnected' };

/** A small mailbox turning pushed messages into awaited ones. */
class Inbox {
  private readonly queue: ProgressMessage[] = [];
  private waiter: ((m: ProgressMessage) => void) | null = null;
  push(message: ProgressMessage): void {
    if (this.waiter) { const w = this.waiter; this.waiter = null; w(message); } else this.queue.push(message);
  }
  next(): Promise<ProgressMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => { this.waiter = resolve; });
  }
}

function failureCodes(job: Job): { failed: ErrorCode; cancelled: ErrorCode } {
  return job.endpoint === 'humanize'
    ? { failed: 'AI_GENERATION_FAILED', cancelled: 'AI_GENERATION_FAILED' }
    : { failed: 'DETECTION_FAILED', cancelled: 'CLIENT_CANCELLED' };
}

/** The `done` event of spec section 6: exactly its fields; the text itself went out as chunks. */
function doneEvent(body: Record<string, unknown>, latencyMs: number): Record<string, unknown> {
  const { object, id, input_words, output_words, words_charged, words_remaining, language, best_of_used, is_custom_tone } = body;
  return {
    object, id, input_words, output_words, words_charged, words_remaining, credits_low: body.credits_low === true,
    language, best_of_used, is_custom_tone, latency_ms: latencyMs,
  };
}

export class Relay {
  /** Ends every open wait as if its deadline had passed (graceful shutdown past its grace period). */
  private readonly stoppers = new Set<() => void>();

  constructor(private readonly deps: RelayDeps) {}

  /** Number of requests currently waiting on workers. */
  get inFlight(): number { return this.stoppers.size; }

  /** Gives up on every request still waiting: each is refunded and answered with its failure code. */
  stopAll(): void {
    for (const stop of [...this.stoppers]) stop();
  }

  /** Gives up on a job: cancel it, refund it and release its idempotency key. Returns whether it was refunded. */
  async abandon(job: Job, code: ErrorCode): Promise<boolean> {
    const { progress, queues, ledger } = this.deps;
    // Refund first: a worker told to cancel would otherwise often refund before us, and the client would
    // hear refunded: false for words that did come back.
    const refunded = await ledger.refund({ accountId: job.accountId, requestId: job.requestId, code, latencyMs: Date.now() - job.acceptedAt });
    await progress.requestCancel(job).catch(() => {});
    await queues.discardWaiting(job.endpoint, job).catch(() => false);
    if (refunded && job.idempotencyKey) await this.deps.releaseIdempotencyKey(job.idempotencyKey, code).catch(() => {});
    return refunded;
  }

  /** Enqueues and relays. Errors before a stream opens are thrown (problem+json). */
  async run(ctx: Context, job: Job, sse: { meta: Record<string, unknown> } | null): Promise<void> {
    const inbox = new Inbox();
    let stopListening: () => Promise<void>;
    try {
      stopListening = await this.deps.progress.listen(job, (m) => inbox.push(m));
    } catch (err: unknown) {
      this.deps.logger.error({ err, requestId: job.requestId }, 'progress subscription failed');
      await this.abandon(job, 'AI_UNAVAILABLE').catch(() => {});
      throw new DomainError('AI_UNAVAILABLE', 'The processing service is unavailable; the words were refunded. Retry later.');
    }
    try {
      if (ctx.res.destroyed) {
        // The client left while its words were being reserved: no job, the reservation goes straight back.
        const code = failureCodes(job).cancelled;
        await this.abandon(job, code);
        ctx.state.errorCode = code;
        ctx.status = statusOf(code);
        return;
      }
      try {
        await this.deps.queues.enqueue(job);
      } catch (err: unknown) {
        this.deps.logger.error({ err, requestId: job.requestId }, 'enqueue failed');
        await this.abandon(job, 'AI_UNAVAILABLE').catch(() => {});
        throw new DomainError('AI_UNAVAILABLE', 'The processing service is unavailable; the words were refunded. Retry later.');
      }
      if (sse) await this.stream(ctx, job, inbox, sse.meta);
      else await this.respondJson(ctx, job, inbox);
    } finally {
      await stopListening();
    }
  }

  private outcomes(ctx: Context, job: Job, inbox: Inbox): { next(): Promise<Outcome>; dispose(): void } {
    let timer: NodeJS.Timeout | undefined;
    let stop: () => void = () => {};
    const deadline = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'deadline' }), Math.max(0, job.deadline - Date.now()) + this.deps.graceMs);
      stop = () => resolve({ kind: 'deadline' });
      this.stoppers.add(stop);
    });
    const disconnected = new Promise<Outcome>((resolve) => {
      // 'close' may have fired already (the client left while the job was being queued).
      if (ctx.res.destroyed && !ctx.res.writableFinished) resolve({ kind: 'disconnected' });
      ctx.res.once('close', () => { if (!ctx.res.writableFinished) resolve({ kind: 'disconnected' }); });
    });
    return {
      next: () => Promise.race([inbox.next().then((message): Outcome => ({ kind: 'message', message })), deadline, disconnected]),
      dispose: () => { clearTimeout(timer); this.stoppers.delete(stop); },
    };
  }

  /**
   * The worker's final message when it settled the reservation before the API gave up (its refund found the
   * reservation settled): whatever arrives within one more grace period, skipping chunks. Null if nothing does.
   */
  private lateFinalMessage(inbox: Inbox, ref: JobRef): Promise<ProgressMessage | null> {
    let waiting = true;
    const handedOver = async (): Promise<ProgressMessage | null> => {
      // A worker that could not publish (Redis down) leaves its final message in the database.
      const until = Date.now() + 2 * this.deps.graceMs;
      while (waiting && this.deps.undelivered && Date.now() < until) {
        const m = await this.deps.undelivered.take(ref).catch(() => null);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 200).unref());
      }
      return null;
    };
    return Promise.race([
      (async () => { for (;;) { const m = await inbox.next(); if (m.kind === 'done' || m.kind === 'error') return m; } })(),
      handedOver().then((m) => m ?? new Promise<never>(() => {})),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 2 * this.deps.graceMs).unref()),
    ]).finally(() => { waiting = false; });
  }

  /** Answers with a worker's final message (throws its error); false for a message that is not final. */
  private answerJson(ctx: Context, job: Job, m: ProgressMessage): boolean {
    if (m.kind === 'done') {
      ctx.status = 200;
      ctx.body = m.body;
      ctx.state.wordsCharged = m.body.words_charged;
      if (job.endpoint === 'humanize') ctx.set('X-Latency-Ms', String(Date.now() - job.acceptedAt));
      return true;
    }
    if (m.kind === 'error') throw new DomainError(isErrorCode(m.code) ? m.code : failureCodes(job).failed, m.message);
    return false;
  }

  private async respondJson(ctx: Context, job: Job, inbox: Inbox): Promise<void> {
    const outcomes = this.outcomes(ctx, job, inbox);
    try {
      for (;;) {
        const o = await outcomes.next();
        if (o.kind === 'message') {
          if (this.answerJson(ctx, job, o.message)) return;
          continue;
        }
        const code = o.kind === 'deadline' ? failureCodes(job).failed : failureCodes(job).cancelled;
        const refunded = await this.abandon(job, code);
        // Nobody reads this answer; its status is for the request log and stats (spec 7: 499 is detect-only).
        if (o.kind === 'disconnected') { ctx.state.errorCode = code; ctx.status = statusOf(code); return; }
        if (!refunded) {
          // The worker settled first. If it charged, its result is on the way: a charged request must not be
          // answered with a failure, so wait a little longer for the worker's final message.
          const late = await this.lateFinalMessage(inbox, job);
          if (late && this.answerJson(ctx, job, late)) return;
          throw new DomainError(code, 'Processing did not finish in time.');
        }
        throw new DomainError(code, 'Processing did not finish in time; the words were refunded.');
      }
    } finally {
      outcomes.dispose();
    }
  }

  private async stream(ctx: Context, job: Job, inbox: Inbox, meta: Record<string, unknown>): Promise<void> {
    const res = ctx.res;
    ctx.respond = false;
    ctx.state.streamStatus = 200;
    const headers: Record<string, string | string[] | number> = {};
    for (const [k, v] of Object.entries(ctx.response.headers)) if (v !== undefined) headers[k] = v as string;
    res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    this.deps.onStreamOpen?.(1);
    let lastWrite = Date.now();
    const send = (event: string, data: unknown) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      lastWrite = Date.now();
    };
    const heartbeat = setInterval(() => {
      if (Date.now() - lastWrite >= this.deps.heartbeatMs && !res.writableEnded) { res.write(': keep-alive\n\n'); lastWrite = Date.now(); }
    }, Math.max(50, Math.floor(this.deps.heartbeatMs / 2)));
    const outcomes = this.outcomes(ctx, job, inbox);
    try {
      send('meta', meta);
      for (;;) {
        const o = await outcomes.next();
        if (o.kind === 'message') {
          const m = o.message;
          if (m.kind === 'chunk') { send('chunk', { text: m.text }); continue; }
          if (m.kind === 'done') {
            ctx.state.wordsCharged = m.body.words_charged;
            send('done', doneEvent(m.body, Date.now() - job.acceptedAt));
            return;
          }
          if (m.kind === 'error') {
            ctx.state.errorCode = m.code;
            send('error', { code: m.code, message: m.message, refunded: m.refunded });
            return;
          }
          continue;
        }
        const code = failureCodes(job).failed;
        const refunded = await this.abandon(job, code);
        if (o.kind === 'deadline' && !refunded) {
          // Settled by the worker first: relay its own ending (a charged text ends with done, not an error).
          const late = await this.lateFinalMessage(inbox, job);
          if (late?.kind === 'done') {
            ctx.state.wordsCharged = late.body.words_charged;
            send('done', doneEvent(late.body, Date.now() - job.acceptedAt));
            return;
          }
          if (late?.kind === 'error') {
            ctx.state.errorCode = late.code;
            send('error', { code: late.code, message: late.message, refunded: late.refunded });
            return;
          }
        }
        ctx.state.errorCode = code;
        const message = refunded ? 'Generation did not finish in time; the words were refunded.' : 'Generation did not finish in time.';
        if (o.kind === 'deadline') send('error', { code, message, refunded });
        return;
      }
    } catch (err: unknown) {
      this.deps.logger.error({ err, requestId: job.requestId }, 'stream relay failed');
      const code = failureCodes(job).failed;
      const refunded = await this.abandon(job, code).catch(() => false);
      ctx.state.errorCode = code;
      send('error', { code, message: problemBody(ctx, this.deps.docsUrl, code, 'Generation failed.').detail, refunded });
    } finally {
      outcomes.dispose();
      clearInterval(heartbeat);
      this.deps.onStreamOpen?.(-1);
      if (!res.writableEnded) res.end();
    }
  }
}
