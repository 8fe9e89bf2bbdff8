/**
 * The worker role: BullMQ workers on the `humanize` and `detect` queues, scaled independently of the
 * API. A cancel published by the API aborts the job's AbortSignal wherever it runs. A job whose worker
 * died is picked up again by another worker after the stall interval (the processor checks the
 * deadline and refunds when it has passed); one that exhausts its stall retries is refunded here.
 */
import { Worker, type Job as BullJob } from 'bullmq';
import { QUEUES, type Job } from '../domain/jobs.js';
import type { Endpoint } from '../domain/events.js';
import { jobIdFor } from '../domain/jobs.js';
import type { LedgerService } from '../infra/ledger.js';
import type { Logger } from '../infra/logger.js';
import type { ProgressHub } from '../infra/progress.js';
import { bullConnection, type Redis } from '../infra/redis.js';
import type { Processor, ResultStore } from './processor.js';

export interface WorkerRoleOptions {
  redisUrl: string;
  prefix: string;
  concurrency: Record<Endpoint, number>;
  process: Processor;
  progress: ProgressHub;
  ledger: LedgerService;
  results: ResultStore;
  logger: Logger;
  stalledIntervalMs?: number;
}

export class WorkerRole {
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private closing: Promise<void> | null = null;

  constructor(private readonly options: WorkerRoleOptions) {}

  async start(): Promise<void> {
    const { options } = this;
    for (const endpoint of Object.keys(QUEUES) as Endpoint[]) {
      const connection = bullConnection(options.redisUrl);
      this.connections.push(connection);
      const worker = new Worker<Job>(
        QUEUES[endpoint],
        async (job: BullJob<Job>, _token?: string, signal?: AbortSignal) => {
          await options.process(job.data, signal ?? new AbortController().signal);
        },
        {
          connection,
          prefix: `${options.prefix}bull`,
          concurrency: options.concurrency[endpoint],
          stalledInterval: options.stalledIntervalMs ?? 15_000,
          // A dead worker's job is noticed only once its lock lapses: a chosen stall interval bounds the lock too,
          // so the job is retried within about two intervals (the lock is renewed every half of it while alive).
          ...(options.stalledIntervalMs !== undefined ? { lockDuration: options.stalledIntervalMs } : {}),
          maxStalledCount: 2,
        },
      );
      worker.on('failed', (job, err) => { if (job) void this.refundFailed(job.data, err); });
      worker.on('error', (err) => options.logger.warn({ err: err.message }, 'worker connection error'));
      this.workers.push(worker);
    }
    await options.progress.onCancel((ref) => {
      for (const w of this.workers) w.cancelJob(jobIdFor(ref), 'cancelled by the API');
    });
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  /** A job BullMQ gave up on (stalled too often, or the processor itself threw): refund it. */
  private async refundFailed(job: Job, err: Error): Promise<void> {
    const code = job.endpoint === 'humanize' ? 'AI_GENERATION_FAILED' : 'DETECTION_FAILED';
    try {
      const refunded = await this.options.ledger.refund({ accountId: job.accountId, requestId: job.requestId, code, latencyMs: Date.now() - job.acceptedAt });
      if (refunded && job.idempotencyKey) {
        await this.options.results.release(job.idempotencyKey, code).catch((releaseErr: unknown) => {
          this.options.logger.error({ jobId: job.requestId, err: releaseErr }, 'could not release the idempotency key of a refunded job');
        });
      }
      await this.options.progress.publish(job, { kind: 'error', code, message: 'Processing failed; the words were refunded.', refunded });
      this.options.logger.warn({ jobId: job.requestId, err: err.message, refunded }, 'job failed in the queue');
    } catch (refundErr: unknown) {
      this.options.logger.error({ jobId: job.requestId, err: refundErr }, 'refund of a failed job did not complete');
    }
  }

  /**
   * Stops taking jobs and lets running ones finish for up to `graceMs`. Past it, cancels them: the
   * processor refunds each and tells the API process holding its client. Left running into a forced
   * exit, a job would instead wait out its lock and then run a second time on another worker, its
   * stream starting over mid-response. Safe twice.
   */
  close(force = false, graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.closing ??= (async () => {
      const closed = Promise.allSettled(this.workers.map((w) => w.close(force)));
      if (!force && Number.isFinite(graceMs)) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<'grace'>((resolve) => { timer = setTimeout(() => resolve('grace'), Math.max(0, graceMs)); });
        if ((await Promise.race([closed.then(() => 'closed' as const), grace])) === 'grace') {
          this.options.logger.warn('worker shutdown grace period over; cancelling running jobs (refunded)');
          for (const w of this.workers) w.cancelAllJobs('the worker is shutting down');
        }
        clearTimeout(timer);
      }
      await closed;
      for (const c of this.connections) c.disconnect();
    })();
    return this.closing;
  }
}
