/** The BullMQ queues `humanize` and `detect` (job id = account id + request id), producer side. */
import { Queue } from 'bullmq';
import { QUEUES, jobIdFor, type Job, type JobRef } from '../domain/jobs.js';
import type { Endpoint } from '../domain/events.js';
import { bullConnection, type Redis } from './redis.js';

export class JobQueues {
  private readonly connection: Redis;
  readonly queues: Record<Endpoint, Queue>;

  constructor(redisUrl: string, readonly prefix: string, onError: (err: Error) => void = () => {}) {
    this.connection = bullConnection(redisUrl);
    const opts = { connection: this.connection, prefix: `${prefix}bull` };
    this.queues = { humanize: new Queue(QUEUES.humanize, opts), detect: new Queue(QUEUES.detect, opts) };
    // Connection errors surface as failed enqueues (AI_UNAVAILABLE) and in health; without a listener
    // BullMQ would print them to the console.
    for (const q of Object.values(this.queues)) q.on('error', onError);
  }

  async enqueue(job: Job): Promise<void> {
    await this.queues[job.endpoint].add(job.endpoint, job, {
      jobId: jobIdFor(job),
      // A stalled job (its worker died) is retried by another worker; processors check the deadline.
      attempts: 1,
      // The payload holds the customer's text and tone: nothing of it stays in Redis once the job is
      // settled (the event log has the charge or refund, the idempotency stream the result).
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** Removes a job that no worker has taken yet; false when it is running or gone. */
  async discardWaiting(endpoint: Endpoint, ref: JobRef): Promise<boolean> {
    const job = await this.queues[endpoint].getJob(jobIdFor(ref));
    if (!job) return false;
    const state = await job.getState();
    if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return false;
    try {
      await job.remove();
      return true;
    } catch {
      return false;
    }
  }

  async depth(): Promise<Record<Endpoint, number>> {
    const [h, d] = await Promise.all([this.queues.humanize.getWaitingCount(), this.queues.detect.getWaitingCount()]);
    return { humanize: h, detect: d };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.queues.humanize.close(), this.queues.detect.close()]);
    this.connection.disconnect();
  }
}
