/**
 * The contract between the API and the workers: job payloads on the `humanize` and `detect` queues and
 * the progress messages workers publish on Redis for the API process that holds the client. A request id
 * is unique only within its account (a client may choose it as its Idempotency-Key), so every internal
 * name — job id, progress channel, cancel message, hand-over row — is made of the account id and the
 * request id together.
 */
import type { AccountEvent, Endpoint } from './events.js';
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
  /** The reply channel of the API process holding the client (infra/progress.ts); absent, the request's own channel. */
  replyTo?: string;
  /**
   * The API process holding the client reads a `done` message framed as its header line and the body's JSON
   * (infra/progress.ts), which it answers as it came; absent (an API process from before the framing), the worker
   * sends `done` as one JSON envelope.
   */
  replyFramed?: boolean;
  /**
   * The events the reservation appended to the account's stream and its revision after them (a decimal string): a
   * worker whose cached state of the account ends right before them brings it forward without reading the stream
   * (LedgerService.observe). Absent (an API process from before it), the worker reads as it did.
   */
  reservation?: AppendReport;
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
  /**
   * The text as the client sent it, only when normalisation changed it: the report's sentence offsets are
   * character offsets into it (design.md), while the engine reads `text`.
   */
  submitted?: string;
}

export type Job = HumanizeJob | DetectJob;

/** Events a process appended to a stream, and the stream's revision after them (a decimal string). */
export interface AppendReport { events: AccountEvent[]; revision: string }

/** The revision of a report that came over the wire, or null when it does not read as a report. */
export function reportedRevision(report: AppendReport | undefined): bigint | null {
  if (!report || !Array.isArray(report.events) || typeof report.revision !== 'string' || !/^\d{1,18}$/.test(report.revision)) return null;
  return BigInt(report.revision);
}

/**
 * Messages on the request's progress channel. `done.body` is the JSON response object; `done.json`, when the
 * message came framed (infra/progress.ts), the body as the worker serialised it, the bytes of the answer;
 * `done.charge`, the charge the worker appended to the account's stream (LedgerService.observe).
 */
export type ProgressMessage =
  | { kind: 'started' }
  | { kind: 'chunk'; text: string }
  | { kind: 'done'; body: Record<string, unknown>; json?: string; wordsCharged?: unknown; charge?: AppendReport }
  | { kind: 'error'; code: string; message: string; refunded: boolean };

/** What names one request across accounts. */
export type JobRef = Pick<JobBase, 'accountId' | 'requestId'>;

/**
 * `<accountId>~<requestId>`, with '%' and ':' escaped reversibly (BullMQ job ids may not contain ':').
 * Account ids are UUIDs, so the first '~' ends the account id and the id never looks like an integer.
 */
export function jobIdFor(ref: JobRef): string {
  return `${ref.accountId}~${ref.requestId.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

export const channels = {
  progress: (prefix: string, ref: JobRef) => `${prefix}progress:${ref.accountId}:${ref.requestId}`,
  /** One channel per deployment: a message names the request to cancel (encodeCancel). */
  cancel: (prefix: string) => `${prefix}cancel`,
} as const;

export function encodeCancel(ref: JobRef): string {
  return JSON.stringify({ accountId: ref.accountId, requestId: ref.requestId });
}

/** The request a cancel message names, or null for a message that names none. */
export function decodeCancel(raw: string): JobRef | null {
  try {
    const v = JSON.parse(raw) as Partial<JobRef> | null;
    return v && typeof v.accountId === 'string' && typeof v.requestId === 'string' ? { accountId: v.accountId, requestId: v.requestId } : null;
  } catch {
    return null;
  }
}
