/**
 * The contract between the API and the workers: job payloads on the `humanize` and `detect` queues
 * (job id = request id) and the progress messages workers publish on Redis for the API process that
 * holds the client.
 */
import type { Endpoint } from './events.js';
import type { Language, Mode, Readability, ToneSpec } from './options.js';

export const QUEUES = { humanize: 'humanize', detect: 'detect' } as const satisfies Record<Endpoint, string>;

interface JobBase {
  requestId: string;
  accountId: string;
  keyId: string;
  text: string;
  inputWords: number;
  /** Words reserved for this request (input_words × multiplier). */
  words: number;
  /** Epoch ms after which the work is abandoned and refunded. */
  deadline: number;
  /** Epoch ms when the API accepted the request (latency_ms counts from here). */
  acceptedAt: number;
  /** Set when the client sent an Idempotency-Key: the worker stores the result under it. */
  idempotencyKey: string | null;
  /** Balance under 10% of the allowance right after the reservation. */
  creditsLow: boolean;
  /** Redis channel of the API process holding the client, where progress goes (set when enqueued). */
  replyTo?: string;
}

export interface HumanizeJob extends JobBase {
  endpoint: 'humanize';
  mode: Mode;
  /** The tone value as the client sent it (echoed in the response). */
  toneEcho: string;
  tone: ToneSpec;
  readability: Readability;
  language: Language;
  freezeWords: string[];
  bestOfUsed: number;
  stream: boolean;
  seed: number;
}

export interface DetectJob extends JobBase {
  endpoint: 'detect';
}

export type Job = HumanizeJob | DetectJob;

/** Messages on the request's progress channel. `done.body` is the JSON response object. */
export type ProgressMessage =
  | { kind: 'started' }
  | { kind: 'chunk'; text: string }
  | { kind: 'done'; body: Record<string, unknown> }
  | { kind: 'error'; code: string; message: string; refunded: boolean };

/**
 * BullMQ job ids may not contain ':' nor look like integers; request ids (Idempotency-Keys) may. The job
 * id is the request id, escaped reversibly only in those cases.
 */
export function jobIdFor(requestId: string): string {
  if (!requestId.includes(':') && !/^-?\d+$/.test(requestId) && !requestId.startsWith('rq~')) return requestId;
  return 'rq~' + requestId.replace(/%/g, '%25').replace(/:/g, '%3A');
}

export const channels = {
  progress: (prefix: string, requestId: string) => `${prefix}progress:${requestId}`,
  /** One channel per deployment: a message names the request to cancel. */
  cancel: (prefix: string) => `${prefix}cancel`,
} as const;
