/** Small probes and summaries of the load-and-fault scenario (test/support/fault-scenario.ts). */
import { Redis } from 'ioredis';
import type { RequestRecord } from './fault-workload.js';
import type { ProcessGroup } from './processes.js';

export interface Window { requests: number; succeeded: number; failed: number; failuresByCode: Record<string, number> }

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the queues (on the suite's own Redis) show `wanted` running jobs; returns how many there were. */
export async function untilJobsRunning(redisUrl: string, prefix: string, wanted: number, ms: number): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const deadline = Date.now() + ms;
    for (;;) {
      const [h, d] = await Promise.all(['humanize', 'detect'].map((q) => redis.llen(`${prefix}:bull:${q}:active`)));
      const running = (h ?? 0) + (d ?? 0);
      if (running >= wanted || Date.now() > deadline) return running;
      await delay(20);
    }
  } finally {
    redis.disconnect();
  }
}
export const isSuccess = (r: RequestRecord): boolean => r.status >= 200 && r.status < 300 && r.sse !== 'error' && r.sse !== 'broken';

export function label(r: RequestRecord): string {
  if (r.status === 0) return r.code ?? 'NO_ANSWER';
  if (r.sse) return `200 sse ${r.sse}${r.code ? ` ${r.code}` : ''}`;
  return r.code ? `${r.status} ${r.code}` : `${r.status}${r.replayed ? ' replayed' : ''}`;
}

export function windowOf(records: RequestRecord[]): Window {
  const failed = records.filter((r) => !isSuccess(r));
  const failuresByCode: Record<string, number> = {};
  for (const r of failed) failuresByCode[label(r)] = (failuresByCode[label(r)] ?? 0) + 1;
  return { requests: records.length, succeeded: records.length - failed.length, failed: failed.length, failuresByCode };
}

/** Log lines of every process that mention `id` (the trail of one request through the processes). */
export function evidence(group: ProcessGroup, id: string, t0: number): string[] {
  const lines: string[] = [];
  // The id as a whole token: `k-1` must not match `k-10`.
  const token = new RegExp(`${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_:-])`);
  for (const p of group.processes) {
    for (const l of p.logs) {
      const text = JSON.stringify(l);
      if (!token.test(text)) continue;
      const { level, msg, pid, time, roles, ...rest } = l as Record<string, unknown>;
      void level; void roles;
      const at = typeof time === 'string' ? `${Date.parse(time) - t0} ms ` : '';
      lines.push(`${at}${p.roles}#${String(pid)} ${String(msg)} ${JSON.stringify(rest).slice(0, 300)}`);
    }
  }
  return lines.slice(0, 12);
}

