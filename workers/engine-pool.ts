/**
 * Runs the built-in engine on a pool of worker threads (piscina), so a process that also serves the API
 * keeps answering while CPU-heavy detection and rewriting run. The pool speaks the same Detector and
 * Humanizer interfaces as the engines themselves: streamed chunks arrive in order before the call
 * resolves, and an aborted call rejects at once with the signal's reason (a running streamed task is
 * told to stop; an unstreamed one finishes in its thread, its result unused).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { DetectionReport } from '../domain/options.js';
import type { Detector, Humanizer, HumanizeRequest, CallOptions } from './engines/types.js';
import type { EngineTask, ThreadMessage } from './engine-thread.js';

export interface EnginePool {
  detector: Detector;
  humanizer: Humanizer;
  readonly threads: number;
  /** Time each task spent in its thread, in ms (piscina's run-time histogram; zeros unless recordTiming). */
  runTimeMs(): { mean: number; p50: number; p99: number; count: number };
  /** Waits for running tasks, then ends the threads. Safe twice. */
  close(): Promise<void>;
}

/** The thread's module: `.ts` when running from source (tsx), `.js` when compiled to dist/. */
function threadFile(): string {
  const here = fileURLToPath(import.meta.url);
  const sibling = join(dirname(here), `engine-thread${here.endsWith('.ts') ? '.ts' : '.js'}`);
  if (!existsSync(sibling)) throw new Error(`engine thread module not found: ${sibling}`);
  return sibling;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts. */
function abortable<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => void = () => {}): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    onAbort();
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => { onAbort(); reject(abortReason(signal)); };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => { signal.removeEventListener('abort', abort); resolve(value); },
      (err: unknown) => { signal.removeEventListener('abort', abort); reject(err); },
    );
  });
}

export function createEnginePool(options: { threads: number; /** Keep run-time histograms (benchmarks). */ recordTiming?: boolean }): EnginePool {
  const pool = new Piscina<EngineTask, DetectionReport | string | number>({
    filename: threadFile(),
    // Threads start with the first engine task (a process whose provider is openai may never need one) and
    // then stay: each loads the model once.
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Task queue without bound: admission is already bounded by the queue workers' concurrency.
    maxQueue: Number.POSITIVE_INFINITY,
    // Per-task timing histograms cost main-thread time on every task; only benchmarks read them.
    recordTiming: options.recordTiming ?? false,
  });
  let closing: Promise<void> | null = null;

  const detector: Detector = {
    detect(text: string, { signal }: { signal: AbortSignal }): Promise<DetectionReport> {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      return abortable(pool.run({ kind: 'detect', text }) as Promise<DetectionReport>, signal);
    },
    score(text: string, { signal }: { signal: AbortSignal }): Promise<number> {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      return abortable(pool.run({ kind: 'score', text }) as Promise<number>, signal);
    },
  };

  async function streamed(request: HumanizeRequest, signal: AbortSignal, onChunk: (text: string) => void): Promise<string> {
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const end = new Promise<void>((resolve) => { ended = resolve; });
    port1.on('message', (m: ThreadMessage) => {
      if ('end' in m) { ended(); return; }
      if (!signal.aborted) onChunk(m.chunk);
    });
    try {
      const run = pool.run({ kind: 'humanize', request, port: port2 }, { transferList: [port2] }) as Promise<string>;
      // Chunks travel on their own port: the result may overtake the last of them, so wait for `end` too.
      const text = await abortable(Promise.all([run, end]).then(([t]) => t), signal, () => port1.postMessage('abort'));
      return text;
    } finally {
      port1.close();
    }
  }

  const humanizer: Humanizer = {
    humanize(request: HumanizeRequest, { signal, onChunk }: CallOptions): Promise<string> {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      if (onChunk) return streamed(request, signal, onChunk);
      return abortable(pool.run({ kind: 'humanize', request, port: null }) as Promise<string>, signal);
    },
  };

  return {
    detector,
    humanizer,
    threads: options.threads,
    runTimeMs() {
      const h = pool.histogram.runTime;
      return { mean: h.mean, p50: h.p50, p99: h.p99, count: pool.completed };
    },
    close() {
      closing ??= pool.close();
      return closing;
    },
  };
}
