/**
 * The job processor for both queues: run the engine, then settle the reservation exactly once —
 * WordsCharged on success, WordsRefunded on failure, timeout or cancel — and publish the outcome for
 * the API process holding the client. The AbortSignal (cancel or deadline) reaches the provider call.
 *
 * Progress goes over Redis pub/sub, which can fail (Redis restarting) or reach nobody (the API's
 * subscriber reconnecting). A streamed text with a chunk that was not published cannot reach the
 * client whole, so it is refunded instead of charged; the final message is published again until it
 * is delivered or the API has stopped waiting for it.
 */
import type { DetectJob, HumanizeJob, Job, JobRef, ProgressMessage } from '../domain/jobs.js';
import type { ErrorCode } from '../domain/error-codes.js';
import { countWords } from '../domain/words.js';
import { balanceOf, settlementOf } from '../domain/account.js';
import { AlreadySettled, UnknownReservation, type LedgerService } from '../infra/ledger.js';
import { safeError, type Logger } from '../infra/logger.js';
import { bestOf, ProviderError, type Engines } from './engines/index.js';

export interface ResultStore {
  store(key: string, body: Record<string, unknown>): Promise<void>;
  release(key: string, code: string): Promise<void>;
}

export interface ProcessorDeps {
  engines: Pick<Engines, 'humanizer' | 'detector'>;
  ledger: LedgerService;
  results: ResultStore;
  /** Resolves with the number of receivers when the transport reports it (0: nobody was listening). */
  publish: (ref: JobRef, message: ProgressMessage) => Promise<number | void>;
  logger: Logger;
  /** Where a final message that could not be published is left for the API (infra/undelivered.ts). */
  undelivered?: { put(ref: JobRef, message: ProgressMessage): Promise<void> };
  onJobDone?: (endpoint: Job['endpoint'], outcome: 'charged' | 'refunded' | 'dropped', ms: number) => void;
}

export type Processor = (job: Job, signal: AbortSignal) => Promise<void>;

/** How long past a job's deadline its final message is still worth publishing (the API waits a little less). */
const DELIVERY_WINDOW_MS = 5_000;
const REPUBLISH_EVERY_MS = 200;

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

export function createProcessor(deps: ProcessorDeps): Processor {
  /** Publishes until delivered (a rejection or a count of 0 is retried) or until the API has stopped waiting. */
  async function deliver(job: Job, message: ProgressMessage): Promise<boolean> {
    const until = job.deadline + DELIVERY_WINDOW_MS;
    let handedOver = false;
    for (;;) {
      try {
        if ((await deps.publish(job, message)) !== 0) return true;
      } catch {
        // Redis unreachable for now: try again until the window closes.
      }
      if (!handedOver && deps.undelivered) {
        // Also leave it where the waiting API process looks before it answers with a failure.
        handedOver = await deps.undelivered.put(job, message).then(() => true, () => false);
      }
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, REPUBLISH_EVERY_MS));
    }
  }

  async function runHumanize(job: HumanizeJob, signal: AbortSignal): Promise<Record<string, unknown>> {
    // Chunk publishes are not awaited one by one (the engine streams on), but every one is settled
    // before the charge: a rejected publish must neither go unhandled nor be charged for.
    const chunks: Promise<boolean>[] = [];
    const result = await bestOf({
      humanizer: deps.engines.humanizer,
      detector: deps.engines.detector,
      request: { text: job.text, mode: job.mode, tone: job.tone, readability: job.readability, language: job.language, freezeWords: job.freezeWords, seed: job.seed },
      n: job.bestOfUsed,
      signal,
      ...(job.stream ? {
        onChunk: (text: string) => { chunks.push(deps.publish(job, { kind: 'chunk', text }).then((n) => n !== 0, () => false)); },
      } : {}),
    });
    if ((await Promise.all(chunks)).includes(false)) throw new StreamInterrupted('a streamed chunk could not be published');
    const outputWords = countWords(result.text);
    const settled = await charge(job, outputWords);
    return {
      object: 'humanization',
      id: job.requestId,
      humanized_text: result.text,
      input_words: job.inputWords,
      output_words: outputWords,
      mode: job.mode,
      tone: job.toneEcho,
      language: job.language,
      best_of_used: job.bestOfUsed,
      is_custom_tone: job.tone.kind === 'custom',
      ...(job.tone.kind === 'custom' ? { tone_id: job.tone.id, tone_name: job.tone.name } : {}),
      words_charged: job.words,
      words_remaining: settled.wordsRemaining,
      ...(job.creditsLow ? { credits_low: true } : {}),
    };
  }

  /**
   * Keeps the reservation as the charge. A run that finds it already charged is a retry of a job whose
   * first run charged and then died (or a stall false alarm): the charge stands, and this run's result is
   * what gets stored and delivered, so the customer receives what they paid for. Refunded stays dropped.
   */
  async function charge(job: Job, outputWords: number): Promise<{ wordsRemaining: number }> {
    try {
      return await deps.ledger.charge({ accountId: job.accountId, requestId: job.requestId, outputWords, latencyMs: Date.now() - job.acceptedAt });
    } catch (err: unknown) {
      if (!(err instanceof AlreadySettled) || err.outcome !== 'charged') throw err;
      deps.logger.warn({ jobId: job.requestId }, 'reservation already charged by an earlier run; delivering this run\'s result');
      return { wordsRemaining: balanceOf(await deps.ledger.state(job.accountId)).total };
    }
  }

  async function runDetect(job: DetectJob, signal: AbortSignal): Promise<Record<string, unknown>> {
    const report = await deps.engines.detector.detect(job.text, { signal });
    const settled = await charge(job, 0);
    return {
      object: 'detection',
      id: job.requestId,
      ...report,
      input_words: job.inputWords,
      words_charged: job.words,
      words_remaining: settled.wordsRemaining,
    };
  }

  return async function process(job: Job, cancelSignal: AbortSignal): Promise<void> {
    const started = Date.now();
    let until = job.deadline;
    if (started >= job.deadline) {
      // A job retried after its deadline (its worker died). Still open: it times out now, without the work.
      // Already charged by the dead run: redo the work so the result can be stored and delivered.
      const state = await deps.ledger.state(job.accountId);
      const settlement = state.status === 'open' ? settlementOf(state, job.requestId) : 'unknown';
      if (settlement === 'charged') until = started + (job.deadline - job.acceptedAt);
      else if (settlement !== 'open') {
        deps.logger.info({ jobId: job.requestId, settlement }, 'late job dropped: reservation already settled');
        deps.onJobDone?.(job.endpoint, 'dropped', 0);
        return;
      }
    }
    const deadline = AbortSignal.timeout(Math.max(1, until - Date.now()));
    const signal = AbortSignal.any([cancelSignal, deadline]);
    let body: Record<string, unknown>;
    try {
      if (signal.aborted) throw signal.reason;
      body = job.endpoint === 'humanize' ? await runHumanize(job, signal) : await runDetect(job, signal);
    } catch (err: unknown) {
      if (err instanceof AlreadySettled || err instanceof UnknownReservation) {
        // The API gave up on this request (timeout or disconnect) and refunded it first.
        deps.logger.info({ jobId: job.requestId, reason: err.message }, 'result dropped: reservation already settled');
        deps.onJobDone?.(job.endpoint, 'dropped', Date.now() - started);
        return;
      }
      const timedOut = deadline.aborted && !cancelSignal.aborted;
      const code = failureCode(job, err, cancelSignal.aborted && !timedOut);
      deps.logger.warn({ jobId: job.requestId, code, err: err instanceof Error ? err.message : String(err) }, 'job failed; refunding');
      const refunded = await deps.ledger.refund({ accountId: job.accountId, requestId: job.requestId, code, latencyMs: Date.now() - job.acceptedAt });
      if (refunded && job.idempotencyKey) {
        // The refund stands whatever happens to the key; a key left claimed only makes a retry wait, then 409.
        await deps.results.release(job.idempotencyKey, code).catch((err: unknown) => {
          deps.logger.error({ jobId: job.requestId, err }, 'could not release the idempotency key of a refunded job');
        });
      }
      await deliver(job, { kind: 'error', code, message: failureMessage(code, timedOut), refunded });
      deps.onJobDone?.(job.endpoint, 'refunded', Date.now() - started);
      return;
    }
    if (job.idempotencyKey) {
      // The charge stands either way; a lost result only means a later replay gets RETRY_REQUIRED.
      await deps.results.store(job.idempotencyKey, body).catch((err: unknown) => {
        deps.logger.error({ jobId: job.requestId, err: safeError(err) }, 'could not store the idempotent result');
      });
    }
    if (!(await deliver(job, { kind: 'done', body }))) {
      // Charged, but the API never heard: it answers the client with a failure at its deadline.
      deps.logger.error({ jobId: job.requestId, endpoint: job.endpoint, wordsCharged: job.words }, 'result not delivered after the charge');
    }
    deps.logger.info({ jobId: job.requestId, endpoint: job.endpoint, wordsCharged: job.words, ms: Date.now() - started }, 'job charged');
    deps.onJobDone?.(job.endpoint, 'charged', Date.now() - started);
  };
}
