/**
 * The body of an engine thread (workers/engine-pool.ts): the built-in engine, loaded once when the thread
 * starts, running one task at a time off the main event loop. Streamed chunks and the end marker go back
 * on the task's own port, which also carries an abort from the main thread.
 */
import type { MessagePort } from 'node:worker_threads';
import type { DetectionReport } from '../domain/options.js';
import { createLocalDetector, createLocalHumanizer } from './engines/local/index.js';
import type { HumanizeRequest } from './engines/types.js';

export type EngineTask =
  | { kind: 'detect'; text: string }
  | { kind: 'score'; text: string }
  | { kind: 'humanize'; request: HumanizeRequest; port: MessagePort | null };

/** What a streamed humanize sends on its port: chunks in order, then `end` once nothing more will come. */
export type ThreadMessage = { chunk: string } | { end: true };

const detector = createLocalDetector();
const humanizer = createLocalHumanizer(detector);

export default async function runEngineTask(task: EngineTask): Promise<DetectionReport | string | number> {
  // A task is not cancelled inside its thread (the pool drops the result of an aborted one): no event-loop turn first.
  if (task.kind === 'detect') return detector.report(task.text);
  const controller = new AbortController();
  if (task.kind === 'score') return detector.scoreText(task.text);
  const port = task.port;
  if (!port) return humanizer.humanize(task.request, { signal: controller.signal });
  port.on('message', () => controller.abort());
  try {
    return await humanizer.humanize(task.request, {
      signal: controller.signal,
      onChunk: (chunk) => port.postMessage({ chunk } satisfies ThreadMessage),
    });
  } finally {
    port.postMessage({ end: true } satisfies ThreadMessage);
    port.close();
  }
}
