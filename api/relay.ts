/**
 * Runs one accepted request on the workers and relays the outcome: as JSON, or as the SSE sequence of
 * spec section 6. The progress subscription is in place before the job is enqueued.
 *
 * Whenever the answer is in doubt (the deadline passed, the client left, a worker reported an error it
 * did not refund) the ledger decides it (api/settlement.ts): the API refunds, and answers a failure only
 * once that refund is durable; when the refund finds the reservation charged, the request is answered
 * with its result, which the worker made durable before charging. So a client is told of a failure only
 * when it was not charged, and a charged request is answered with its result, or replays it on a retry
 * with the same Idempotency-Key.
 *
 * Streams: chunks a worker sends before its charge (a token-streaming provider) are relayed as they come;
 * the rest of the text, or all of it when the engine had the whole result first, is sent from the `done`
 * message, i.e. after the charge.
 */
import type { Context } from 'koa';
import { DomainError, isErrorCode, statusOf, type ErrorCode } from '../domain/error-codes.js';
import { reportedRevision, type AppendReport, type Job, type ProgressMessage } from '../domain/jobs.js';
import type { LedgerService } from '../infra/ledger.js';
import type { Logger } from '../infra/logger.js';
import type { ProgressHub } from '../infra/progress.js';
import type { JobQueues } from '../infra/queues.js';
import { problemBody } from './problem.js';
import { doneEvent, Inbox, wordChunks } from './relay-parts.js';
import { retrying, type Settlements } from './settlement.js';

/** Test hooks where the API meets the workers: awaited, so a test decides when each step runs. */
export interface RelayHooks {
  /** Before the API refunds a request it gives up on (deadline, disconnect, unrefunded worker error). */
  beforeSettle?: (job: Job, reason: 'deadline' | 'disconnected' | 'worker_error') => Promise<void>;
}

export interface RelayDeps {
  progress: ProgressHub;
  queues: JobQueues;
  ledger: LedgerService;
  settlements: Settlements;
  /** Marks an Idempotency-Key as consumed without a result (after a refund). */
  releaseIdempotencyKey: (key: string, code: string) => Promise<void>;
  logger: Logger;
  docsUrl: string;
  /** How long past the job deadline the API waits before it gives up itself. */
  graceMs: number;
  heartbeatMs: number;
  /** How long the API keeps trying to make a refund durable (or to read the result) in a store outage. */
  settleRetryMs?: number;
  onStreamOpen?: (delta: 1 | -1) => void;
  /** A stream cancelled by its client after output was sent, and refunded (token-streaming providers). */
  onStreamCancelled?: (accountId: string) => void;
  hooks?: RelayHooks;
}

type Outcome = { kind: 'message'; message: ProgressMessage } | { kind: 'deadline' } | { kind: 'disconnected' };

/** How a request the API gave up on stands: refunded, charged (with its result), or not known (store unreachable). */
type Settled = { kind: 'refunded' } | { kind: 'charged'; body: Record<string, unknown> } | { kind: 'unconfirmed' };

function failureCodes(job: Job): { failed: ErrorCode; cancelled: ErrorCode } {
  return job.endpoint === 'humanize'
    ? { failed: 'AI_GENERATION_FAILED', cancelled: 'AI_GENERATION_FAILED' }
    : { failed: 'DETECTION_FAILED', cancelled: 'CLIENT_CANCELLED' };
}

/** A charge report from the wire: taken only when it reads as one (a malformed one is no reason to fail the answer). */
function observeCharge(ledger: LedgerService, accountId: string, charge: AppendReport): void {
  const revision = reportedRevision(charge);
  if (revision !== null) ledger.observe(accountId, charge.events, revision);
}

const UNCONFIRMED = 'The outcome could not be confirmed; retry with the same Idempotency-Key to receive the result or the refund.';

export class Relay {
  /** Ends every open wait as if its deadline had passed (graceful shutdown past its grace period). */
  private readonly stoppers = new Set<() => void>();

  constructor(private readonly deps: RelayDeps) {}

  private get settleRetryMs(): number { return this.deps.settleRetryMs ?? 15_000; }

  /** Number of requests currently waiting on workers. */
  get inFlight(): number { return this.stoppers.size; }

  /** Gives up on every request still waiting: each is refunded and answered with its failure code. */
  stopAll(): void {
    for (const stop of [...this.stoppers]) stop();
  }

  /**
   * Gives up on a job: refund it (retried through a store outage), cancel it and release its idempotency
   * key. Returns whether this call refunded it; throws when the refund could not be made durable.
   */
  async abandon(job: Job, code: ErrorCode): Promise<boolean> {
    const { progress, queues, ledger } = this.deps;
    // Refund first: a worker told to cancel would otherwise often refund before us, and the client would
    // hear refunded: false for words that did come back.
    let refunded: boolean;
    try {
      refunded = await retrying(this.settleRetryMs, () => ledger.refund({ accountId: job.accountId, requestId: job.requestId, code, latencyMs: Date.now() - job.acceptedAt }));
    } finally {
      // Also when the refund could not be made durable: the worker is told that nobody waits for this request
      // any more (a job still running or queued is refunded by its worker, or by the sweeper), never to charge it.
      await progress.requestCancel(job).catch(() => {});
      await queues.discardWaiting(job.endpoint, job).catch(() => false);
    }
    if (refunded && job.idempotencyKey) await this.deps.releaseIdempotencyKey(job.idempotencyKey, code).catch(() => {});
    return refunded;
  }

  /** Refunds, or finds the reservation charged and fetches its result (see the file comment). */
  private async settle(job: Job, code: ErrorCode, inbox: Inbox, reason: 'deadline' | 'disconnected' | 'worker_error'): Promise<Settled> {
    await this.deps.hooks?.beforeSettle?.(job, reason);
    try {
      if (await this.abandon(job, code)) return { kind: 'refunded' };
      const standing = await retrying(this.settleRetryMs, () => this.deps.settlements.standing(job.accountId, job.requestId));
      if (standing !== 'charged') return { kind: 'refunded' };
      const body = await this.chargedResult(job, inbox);
      if (body) return { kind: 'charged', body };
      this.deps.logger.error({ requestId: job.requestId }, 'request charged but its result could not be found');
    } catch (err: unknown) {
      this.deps.logger.error({ err, requestId: job.requestId }, 'could not settle an abandoned request');
    }
    return { kind: 'unconfirmed' };
  }

  /** The charged result: the worker's `done` message if it comes, else the durable copy it wrote before charging. */
  private chargedResult(job: Job, inbox: Inbox): Promise<Record<string, unknown> | null> {
    let looking = true;
    const fromInbox = (async () => {
      for (;;) { const m = await inbox.next(); if (m.kind === 'done') return m.body; }
    })();
    const fromStore = (async () => {
      const until = Date.now() + this.settleRetryMs;
      while (looking && Date.now() < until) {
        const body = await this.deps.settlements.chargedResult(job.accountId, job.requestId, job.idempotencyKey).catch(() => null);
        if (body) return body;
        await new Promise((r) => setTimeout(r, 200).unref());
      }
      return null;
    })();
    return Promise.race([fromInbox, fromStore]).finally(() => { looking = false; });
  }

  /** Enqueues and relays. Errors before a stream opens are thrown (problem+json). */
  async run(ctx: Context, accepted: Job, sse: { meta: Record<string, unknown> } | null): Promise<void> {
    const job: Job = { ...accepted, replyTo: this.deps.progress.replyChannel, replyFramed: true };
    const inbox = new Inbox();
    let stopListening: () => Promise<void>;
    try {
      stopListening = await this.deps.progress.listen(job, (m) => {
        // The worker's charge brings this process's state of the account forward (the next reservation may then
        // be decided on it without a read: bin/service.ts, LedgerService.follows).
        if (m.kind === 'done' && m.charge) observeCharge(this.deps.ledger, job.accountId, m.charge);
        inbox.push(m);
      });
    } catch (err: unknown) {
      this.deps.logger.error({ err, requestId: job.requestId }, 'progress subscription failed');
      await this.abandon(job, 'AI_UNAVAILABLE').catch(() => {});
      throw new DomainError('AI_UNAVAILABLE', 'The processing service is unavailable; the words were refunded. Retry later.');
    }
    try {
      if (ctx.res.destroyed) {
        // The client left while its words were being reserved: no job, the reservation goes straight back.
        const code = failureCodes(job).cancelled;
        await this.abandon(job, code).catch(() => {});
        ctx.state.errorCode = code;
        ctx.status = statusOf(code);
        return;
      }
      try {
        await this.deps.queues.enqueue(job);
      } catch (err: unknown) {
        this.deps.logger.error({ err, requestId: job.requestId }, 'enqueue failed');
        // An enqueue that failed in its answer may still have queued the job: whoever settles first stands.
        if (await this.abandon(job, 'AI_UNAVAILABLE').catch(() => true)) {
          throw new DomainError('AI_UNAVAILABLE', 'The processing service is unavailable; the words were refunded. Retry later.');
        }
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
      next: async (): Promise<Outcome> => {
        for (;;) {
          const o = await Promise.race([inbox.ready().then(() => null), deadline, disconnected]);
          if (o) return o;
          const message = inbox.take();
          if (message) return { kind: 'message', message };
        }
      },
      dispose: () => { clearTimeout(timer); this.stoppers.delete(stop); },
    };
  }

  private answerJson(ctx: Context, job: Job, body: Record<string, unknown>): void {
    ctx.status = 200;
    ctx.body = body;
    ctx.state.wordsCharged = body.words_charged;
    if (job.endpoint === 'humanize') ctx.set('X-Latency-Ms', String(Date.now() - job.acceptedAt));
  }

  /** The worker's `done`: when it came framed, its body's JSON is the answer as it is (infra/progress.ts). */
  private answerDone(ctx: Context, job: Job, done: Extract<ProgressMessage, { kind: 'done' }>): void {
    if (done.json === undefined) return this.answerJson(ctx, job, done.body);
    ctx.status = 200;
    // The type Koa gives an object body (application/json; charset=utf-8), set first: a string body would be text.
    ctx.type = 'json';
    ctx.body = done.json;
    ctx.state.wordsCharged = done.wordsCharged;
    if (job.endpoint === 'humanize') ctx.set('X-Latency-Ms', String(Date.now() - job.acceptedAt));
  }

  private async respondJson(ctx: Context, job: Job, inbox: Inbox): Promise<void> {
    const outcomes = this.outcomes(ctx, job, inbox);
    try {
      for (;;) {
        const o = await outcomes.next();
        if (o.kind === 'message' && o.message.kind === 'done') return this.answerDone(ctx, job, o.message);
        if (o.kind === 'message' && o.message.kind !== 'error') continue;
        let code: ErrorCode;
        let settled: Settled;
        if (o.kind === 'message' && o.message.kind === 'error') {
          code = isErrorCode(o.message.code) ? o.message.code : failureCodes(job).failed;
          if (o.message.refunded) throw new DomainError(code, o.message.message);
          settled = await this.settle(job, code, inbox, 'worker_error');
        } else {
          code = o.kind === 'deadline' ? failureCodes(job).failed : failureCodes(job).cancelled;
          settled = await this.settle(job, code, inbox, o.kind === 'deadline' ? 'deadline' : 'disconnected');
          if (o.kind === 'disconnected') {
            // Nobody reads this answer; its status is for the request log and stats (spec 7: 499 is detect-only).
            if (settled.kind === 'charged') ctx.state.wordsCharged = settled.body.words_charged;
            ctx.state.errorCode = code;
            ctx.status = statusOf(code);
            return;
          }
        }
        if (settled.kind === 'charged') return this.answerJson(ctx, job, settled.body);
        if (settled.kind === 'unconfirmed') throw new DomainError(code, UNCONFIRMED);
        throw new DomainError(code, 'Processing did not finish; the words were refunded.');
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
    // X-Latency-Ms of a stream is the time until it opened; the done event's latency_ms covers the whole.
    res.writeHead(200, {
      ...headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no',
      'X-Latency-Ms': String(Date.now() - job.acceptedAt),
    });
    this.deps.onStreamOpen?.(1);
    let lastWrite = Date.now();
    let sent = '';
    const send = (event: string, data: unknown) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      lastWrite = Date.now();
    };
    /** The text not streamed yet, then `done`: everything here is sent after the charge. */
    const finish = (body: Record<string, unknown>) => {
      const text = typeof body.humanized_text === 'string' ? body.humanized_text : '';
      if (text.startsWith(sent)) for (const chunk of wordChunks(text.slice(sent.length))) send('chunk', { text: chunk });
      else this.deps.logger.error({ requestId: job.requestId }, 'streamed chunks differ from the charged text');
      ctx.state.wordsCharged = body.words_charged;
      send('done', doneEvent(body, Date.now() - job.acceptedAt));
    };
    const heartbeat = setInterval(() => {
      if (Date.now() - lastWrite >= this.deps.heartbeatMs && !res.writableEnded) { res.write(': keep-alive\n\n'); lastWrite = Date.now(); }
    }, Math.max(50, Math.floor(this.deps.heartbeatMs / 2)));
    const outcomes = this.outcomes(ctx, job, inbox);
    const code = failureCodes(job).failed;
    try {
      send('meta', meta);
      for (;;) {
        const o = await outcomes.next();
        if (o.kind === 'message') {
          const m = o.message;
          if (m.kind === 'chunk') { send('chunk', { text: m.text }); sent += m.text; continue; }
          if (m.kind === 'done') return finish(m.body);
          if (m.kind === 'error' && m.refunded) {
            ctx.state.errorCode = m.code;
            send('error', { code: m.code, message: m.message, refunded: true });
            return;
          }
          if (m.kind !== 'error') continue;
        }
        const settled = await this.settle(job, code, inbox, o.kind === 'message' ? 'worker_error' : o.kind);
        if (settled.kind === 'charged') {
          if (o.kind === 'disconnected') ctx.state.wordsCharged = settled.body.words_charged;
          else return finish(settled.body);
        } else if (o.kind === 'disconnected' && settled.kind === 'refunded' && sent !== '') {
          // A token-streaming provider: the client kept what it read, and the cancel was refunded (spec).
          this.deps.onStreamCancelled?.(job.accountId);
          this.deps.logger.warn({ accountId: job.accountId, keyId: job.keyId, requestId: job.requestId, charsSent: sent.length },
            'stream cancelled by the client after output was sent; refunded');
        }
        ctx.state.errorCode = code;
        if (o.kind !== 'disconnected') {
          send('error', settled.kind === 'refunded'
            ? { code, message: 'Generation did not finish; the words were refunded.', refunded: true }
            : { code, message: UNCONFIRMED, refunded: false });
        }
        return;
      }
    } catch (err: unknown) {
      this.deps.logger.error({ err, requestId: job.requestId }, 'stream relay failed');
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
