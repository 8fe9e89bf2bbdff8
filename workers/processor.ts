/**
 * The job processor for both queues: run the engine, then settle the reservation exactly once —
 * WordsCharged on success, WordsRefunded on failure, timeout or cancel — and publish the outcome for
 * the API process holding the client. The AbortSignal (cancel or deadline) reaches the provider call.
 *
 * The order on success is what keeps "charged ⇔ the client gets the result": the result is made
 * durable (infra/pending-results.ts) no later than the charge — in the charge's own statement where the
 * event store shares the database (PostgreSQL: one round trip, committed or not with the charge),
 * before it otherwise (EventStoreDB) — so a charged request always has a result that the API, a retry
 * with the same Idempotency-Key or a retried job can deliver, whatever happens to this worker after the
 * charge. Then the keyed result is stored for replays, then published.
 *
 * Streams: when the engine has the whole text before anything is sent (the local engine, and any
 * best_of > 1, whose winner is known only at the end), nothing is streamed before the charge: the API
 * streams the text once the `done` message arrives, so a client that resets mid-stream has already
 * been charged for a result it was being sent. A token-streaming provider (openai, best_of 1) sends
 * chunks as they are generated, before the charge; a stream with a chunk that was not published
 * cannot reach the client whole, so it is refunded instead of charged.
 *
 * A request without an Idempotency-Key whose API process is no longer listening (it died) is refunded
 * instead of charged: nobody could ever receive its result.
 */
import { reportedRevision, type AppendReport, type DetectJob, type HumanizeJob, type Job, type JobRef, type ProgressMessage } from '../domain/jobs.js';
import type { ErrorCode } from '../domain/error-codes.js';
import { countWords } from '../domain/words.js';
import { sentencesInSubmittedText } from '../domain/sanitize.js';
import { balanceOf, settlementOf } from '../domain/account.js';
import { AlreadySettled, UnknownReservation, type LedgerService } from '../infra/ledger.js';
import { safeError, type Logger } from '../infra/logger.js';
import type { PendingEntry, PendingResultsPort } from '../infra/pending-results.js';
import { bestOf, ProviderError, type Engines } from './engines/index.js';

export interface ResultStore {
  store(key: string, body: Record<string, unknown>): Promise<void>;
  release(key: string, code: string): Promise<void>;
}

/** Test hooks at the points where the worker meets the API: awaited, so a test decides when each step runs. */
export interface ProcessorHooks {
  beforeCharge?: (job: Job) => Promise<void>;
  afterCharge?: (job: Job) => Promise<void>;
  beforePublish?: (job: Job, message: ProgressMessage) => Promise<void>;
}

export interface ProcessorDeps {
  engines: Pick<Engines, 'humanizer' | 'detector'>;
  ledger: LedgerService;
  results: ResultStore;
  /** Resolves with the number of receivers when the transport reports it (0: nobody was listening). */
  publish: (ref: JobRef, message: ProgressMessage) => Promise<number | void>;
  logger: Logger;
  /** Where a result is made durable with or before its charge. */
  pending: PendingResultsPort;
  /** The humanizer streams tokens as it generates them (openai): chunks are sent before the charge. */
  tokenStreaming?: boolean;
  hooks?: ProcessorHooks;
  /**
   * Aborted when the worker starts shutting down: a final message nobody is listening for is then not
   * published again (the API reads a charged result from the pending results, or refunds), so the jobs it
   * holds end and the shutdown is not held up to a job's deadline.
   */
  shutdown?: AbortSignal;
  onJobDone?: (endpoint: Job['endpoint'], outcome: 'charged' | 'refunded' | 'dropped', ms: number) => void;
}

export type Processor = (job: Job, signal: AbortSignal) => Promise<void>;

/** How long past a job's deadline its final message is still worth publishing (the API waits a little less). */
const DELIVERY_WINDOW_MS = 5_000;
const REPUBLISH_EVERY_MS = 200;
/**
 * A charge is started at most this long past the deadline, and a charge or store that failed in the store is
 * tried again until then. The API gives up (and refunds) 2 s past the deadline: a charge must not start after it.
 */
const SETTLE_RETRY_MS = 1_000;

/** A streamed chunk did not reach the API: the client cannot receive the whole text. */
class StreamInterrupted extends Error {
  override readonly name = 'StreamInterrupted';
}

/** Why the work stopped, as the spec's error code. */
function failureCode(job: Job, err: unknown, cancelled: boolean): ErrorCode {
  if (err instanceof ProviderError && err.unavailable) return 'AI_UNAVAILABLE';
  if (job.endpoint === 'humanize') return 'AI_GENERATION_FAILED';
  return cancelled ? 'CLIENT_CANCELLED' : 'DETECTION_FAILED';
}

function failureMessage(code: ErrorCode, timedOut: boolean): string {
  if (timedOut) return 'Processing did not finish in time; the words were refunded.';
  switch (code) {
    case 'AI_UNAVAILABLE': return 'No AI provider could be reached; the words were refunded.';
    case 'CLIENT_CANCELLED': return 'The request was cancelled; the words were refunded.';
    default: return 'Processing failed; the words were refunded.';
  }
}

const pendingEntry = (job: Job, body: Record<string, unknown>, json?: string): PendingEntry => ({
  accountId: job.accountId, requestId: job.requestId, idempotencyKey: job.idempotencyKey, body, ...(json !== undefined ? { json } : {}),
});

/**
 * The JSON of withBalance(result) made from the result's own JSON instead of serialising the body again: the same
 * bytes where withBalance only appends `words_remaining` (a result without `credits_low` or `words_remaining`).
 */
function withBalanceJson(result: Record<string, unknown>, resultJson: string, wordsRemaining: number): string | undefined {
  if ('credits_low' in result || 'words_remaining' in result || !resultJson.endsWith('}') || resultJson === '{}') return undefined;
  return `${resultJson.slice(0, -1)},"words_remaining":${JSON.stringify(wordsRemaining)}}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `step` until it succeeds, a settlement error says it never will, or `until` passes. */
async function persist<T>(until: number, step: () => Promise<T>): Promise<T> {
  for (let wait = 50; ; wait = Math.min(wait * 2, 400)) {
    try {
      return await step();
    } catch (err: unknown) {
      if (err instanceof AlreadySettled || err instanceof UnknownReservation || Date.now() + wait > until) throw err;
      await pause(wait);
    }
  }
}

export function createProcessor(deps: ProcessorDeps): Processor {
  const { pending, hooks = {} } = deps;

  /** Publishes until delivered (a rejection or a count of 0 is retried) or until the API has stopped waiting. */
  async function deliver(job: Job, message: ProgressMessage): Promise<boolean> {
    await hooks.beforePublish?.(job, message);
    const until = job.deadline + DELIVERY_WINDOW_MS;
    for (;;) {
      try {
        if ((await deps.publish(job, message)) !== 0) return true;
      } catch {
        // Redis unreachable for now: try again until the window closes (the API reads the pending result).
      }
      if (Date.now() >= until || deps.shutdown?.aborted) return false;
      await pause(REPUBLISH_EVERY_MS);
    }
  }

  async function runHumanize(job: HumanizeJob, signal: AbortSignal): Promise<Record<string, unknown>> {
    // Chunk publishes are not awaited one by one (the engine streams on), but every one is settled
    // before the charge: a rejected publish must neither go unhandled nor be charged for.
    const chunks: Promise<boolean>[] = [];
    const live = job.stream && deps.tokenStreaming === true && job.bestOfUsed === 1;
    const result = await bestOf({
      humanizer: deps.engines.humanizer,
      detector: deps.engines.detector,
      request: { text: job.text, mode: job.mode, tone: job.tone, readability: job.readability, language: job.language, freezeWords: job.freezeWords, seed: job.seed },
      n: job.bestOfUsed,
      signal,
      ...(live ? {
        onChunk: (text: string) => { chunks.push(deps.publish(job, { kind: 'chunk', text }).then((n) => n !== 0, () => false)); },
      } : {}),
    });
    if ((await Promise.all(chunks)).includes(false)) throw new StreamInterrupted('a streamed chunk could not be published');
    return {
      object: 'humanization',
      id: job.requestId,
      humanized_text: result.text,
      input_words: job.inputWords,
      output_words: countWords(result.text),
      mode: job.mode,
      tone: job.toneEcho,
      language: job.language,
      best_of_used: job.bestOfUsed,
      is_custom_tone: job.tone.kind === 'custom',
      ...(job.tone.kind === 'custom' ? { tone_id: job.tone.id, tone_name: job.tone.name } : {}),
      words_charged: job.words,
      ...(job.creditsLow ? { credits_low: true } : {}),
    };
  }

  async function runDetect(job: DetectJob, signal: AbortSignal): Promise<Record<string, unknown>> {
    const report = await deps.engines.detector.detect(job.text, { signal });
    const sentences = job.submitted === undefined ? report.sentences : sentencesInSubmittedText(report.sentences, job.text, job.submitted);
    return { object: 'detection', id: job.requestId, ...report, sentences, input_words: job.inputWords, words_charged: job.words };
  }

  /** The response body of a charged request: its result with the balance as it stands now. */
  async function withBalance(job: Job, body: Record<string, unknown>, wordsRemaining?: number): Promise<Record<string, unknown>> {
    const remaining = wordsRemaining ?? balanceOf(await deps.ledger.state(job.accountId)).total;
    const { credits_low: creditsLow, ...rest } = body;
    return { ...rest, words_remaining: remaining, ...(creditsLow ? { credits_low: creditsLow } : {}) };
  }

  /**
   * After the charge: store the keyed result, publish it (with the charge's report, `charge`, when this run
   * charged, and its JSON, `json`, when already made), and drop the pending row once nobody needs it.
   */
  async function finishCharged(job: Job, body: Record<string, unknown>, started: number, charge?: AppendReport, json?: string): Promise<void> {
    let stored = job.idempotencyKey === null;
    if (job.idempotencyKey) {
      const key = job.idempotencyKey;
      stored = await persist(job.deadline + SETTLE_RETRY_MS, () => deps.results.store(key, body)).then(() => true, (err: unknown) => {
        // The pending row stays: a retry with the key or the sweeper stores it from there.
        deps.logger.error({ jobId: job.requestId, err: safeError(err) }, 'could not store the idempotent result');
        return false;
      });
    }
    const delivered = await deliver(job, { kind: 'done', body, ...(json !== undefined ? { json } : {}), ...(charge ? { charge } : {}) });
    if (!delivered) deps.logger.warn({ jobId: job.requestId }, 'result not published; it waits as a pending result for the API');
    if (delivered && stored) await pending.delete(job.accountId, job.requestId).catch(() => {});
    deps.logger.info({ jobId: job.requestId, endpoint: job.endpoint, wordsCharged: job.words, ms: Date.now() - started }, 'job charged');
    deps.onJobDone?.(job.endpoint, 'charged', Date.now() - started);
  }

  /** A reservation found charged by an earlier run: deliver that run's result, never a second one. */
  async function finishEarlierCharge(job: Job, started: number): Promise<void> {
    const earlier = await pending.get(job.accountId, job.requestId);
    if (!earlier) {
      deps.logger.warn({ jobId: job.requestId }, 'reservation already charged and its result already delivered');
      deps.onJobDone?.(job.endpoint, 'dropped', Date.now() - started);
      return;
    }
    deps.logger.warn({ jobId: job.requestId }, 'reservation already charged by an earlier run; delivering that run\'s result');
    await finishCharged(job, await withBalance(job, earlier.body), started);
  }

  async function dropped(job: Job, started: number, reason: string): Promise<void> {
    deps.logger.info({ jobId: job.requestId, reason }, 'result dropped: reservation already settled');
    await pending.delete(job.accountId, job.requestId).catch(() => {});
    deps.onJobDone?.(job.endpoint, 'dropped', Date.now() - started);
  }

  async function fail(job: Job, err: unknown, code: ErrorCode, timedOut: boolean, started: number): Promise<void> {
    deps.logger.warn({ jobId: job.requestId, code, err: err instanceof Error ? err.message : String(err) }, 'job failed; refunding');
    let refunded = await deps.ledger.refund({ accountId: job.accountId, requestId: job.requestId, code, latencyMs: Date.now() - job.acceptedAt });
    if (refunded && job.idempotencyKey) {
      // The refund stands whatever happens to the key; a key left claimed only makes a retry wait, then 409.
      await deps.results.release(job.idempotencyKey, code).catch((releaseErr: unknown) => {
        deps.logger.error({ jobId: job.requestId, err: releaseErr }, 'could not release the idempotency key of a refunded job');
      });
    }
    if (!refunded) {
      // Settled by someone else first: an earlier run's charge is delivered; a refund is reported as one.
      const state = await deps.ledger.state(job.accountId);
      const settlement = state.status === 'open' ? settlementOf(state, job.requestId) : 'unknown';
      if (settlement === 'charged') return finishEarlierCharge(job, started);
      refunded = settlement === 'refunded';
    }
    await pending.delete(job.accountId, job.requestId).catch(() => {});
    await deliver(job, { kind: 'error', code, message: failureMessage(code, timedOut), refunded });
    deps.onJobDone?.(job.endpoint, 'refunded', Date.now() - started);
  }

  /**
   * The job's signal: aborted by a cancel or at the deadline (a TimeoutError, as AbortSignal.timeout gives). Made by
   * hand rather than with AbortSignal.timeout and AbortSignal.any: those kept a timer and a signal alive per job until
   * its deadline, a minute after the job was done (about 20 µs of CPU per job at 300 jobs/s, and the garbage), where
   * this one is cleared as the job ends.
   */
  function jobSignal(job: Job, cancelSignal: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
    const work = new AbortController();
    let passed = false;
    const onCancel = () => work.abort(cancelSignal.reason);
    if (cancelSignal.aborted) onCancel();
    else cancelSignal.addEventListener('abort', onCancel, { once: true });
    const timer = setTimeout(() => {
      passed = true;
      work.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, Math.max(1, job.deadline - Date.now()));
    timer.unref();
    return {
      signal: work.signal,
      timedOut: () => passed,
      dispose: () => { clearTimeout(timer); cancelSignal.removeEventListener('abort', onCancel); },
    };
  }

  return async function process(job: Job, cancelSignal: AbortSignal): Promise<void> {
    const started = Date.now();
    if (started >= job.deadline) {
      // A job retried after its deadline (its worker died): still open, it times out now without the work;
      // already charged by the dead run, that run's result is delivered.
      const state = await deps.ledger.state(job.accountId);
      const settlement = state.status === 'open' ? settlementOf(state, job.requestId) : 'unknown';
      if (settlement === 'charged') return finishEarlierCharge(job, started);
      if (settlement !== 'open') return dropped(job, started, `late job, reservation ${settlement}`);
    }
    // The charge is decided on the cached state of the account, so it is usually one round trip: brought forward by
    // the reservation the job reports when the cache ends right before it, else read while the engine runs
    // (LedgerService.observe, LedgerService.prefetch).
    const reserved = reportedRevision(job.reservation);
    if (reserved === null || !deps.ledger.observe(job.accountId, job.reservation!.events, reserved)) deps.ledger.prefetch(job.accountId);
    const work = jobSignal(job, cancelSignal);
    try {
      return await settle(job, cancelSignal, work.signal, work.timedOut, started);
    } finally {
      work.dispose();
    }
  };

  /** Runs the engine and settles the reservation: charged with its result, or refunded. */
  async function settle(job: Job, cancelSignal: AbortSignal, signal: AbortSignal, deadlinePassed: () => boolean, started: number): Promise<void> {
    let result: Record<string, unknown>;
    let listened: Promise<number | void> = Promise.resolve();
    // The result rides in the charge's statement where the store allows it (see the top of this file).
    const withCharge = deps.ledger.companions;
    try {
      if (signal.aborted) throw signal.reason;
      result = job.endpoint === 'humanize' ? await runHumanize(job, signal) : await runDetect(job, signal);
      // Whether an API process still listens (asked only without a key, see below) is asked while the
      // result is made durable: the two are independent and both must be known before the charge.
      if (job.idempotencyKey === null) listened = deps.publish(job, { kind: 'started' }).catch(() => 0);
      // Otherwise durable before the charge: a charged request always has a result to deliver.
      if (!withCharge) await persist(job.deadline, () => pending.put(pendingEntry(job, result)));
    } catch (err: unknown) {
      await listened;
      const timedOut = deadlinePassed() && !cancelSignal.aborted;
      return fail(job, err, failureCode(job, err, cancelSignal.aborted && !timedOut), timedOut, started);
    }
    if (cancelSignal.aborted) {
      // The API gave up on this request after the engine was done (and refunded it, or could not tell whether
      // its refund landed): it is no longer waiting, so the words go back rather than being charged.
      return fail(job, new Error('cancelled by the API'), failureCode(job, null, true), false, started);
    }
    if (job.idempotencyKey === null && (await listened) === 0) {
      // No API process is known to be waiting for this result (it died, lost its subscription, or Redis cannot
      // tell), and without a key no retry can fetch it: refund rather than risk charging for a result nobody
      // receives. A living API then finds the refund when it settles and answers the failure.
      return fail(job, new Error('nobody is waiting for the result'), job.endpoint === 'humanize' ? 'AI_GENERATION_FAILED' : 'CLIENT_CANCELLED', false, started);
    }
    let wordsRemaining: number;
    let charge: AppendReport | undefined;
    let resultJson: string | undefined;
    try {
      await hooks.beforeCharge?.(job);
      if (Date.now() > job.deadline + SETTLE_RETRY_MS) {
        // Too late to charge: the API is giving up on this request (and may not be able to hear of a charge).
        return fail(job, new Error('the charge window closed'), failureCode(job, null, false), true, started);
      }
      const outputWords = typeof result.output_words === 'number' ? result.output_words : 0;
      resultJson = JSON.stringify(result);
      const companion = withCharge ? pending.putStatement(pendingEntry(job, result, resultJson)) : undefined;
      const charged = await persist(job.deadline + SETTLE_RETRY_MS, () => deps.ledger.charge({
        accountId: job.accountId, requestId: job.requestId, outputWords, latencyMs: Date.now() - job.acceptedAt, optimistic: true,
        ...(companion ? { companion } : {}),
      }));
      wordsRemaining = charged.wordsRemaining;
      if (charged.revision !== null) charge = { events: charged.events, revision: charged.revision.toString() };
    } catch (err: unknown) {
      // A charge that landed although its answer was lost reads as already charged.
      if (err instanceof AlreadySettled && err.outcome === 'charged') return finishEarlierCharge(job, started);
      // The API gave up on this request (timeout or disconnect) and refunded it first.
      if (err instanceof AlreadySettled || err instanceof UnknownReservation) return dropped(job, started, err.message);
      return fail(job, err, failureCode(job, err, false), false, started);
    }
    await hooks.afterCharge?.(job);
    const body = await withBalance(job, result, wordsRemaining);
    await finishCharged(job, body, started, charge, resultJson === undefined ? undefined : withBalanceJson(result, resultJson, wordsRemaining));
  }
}
