/**
 * A mixed client workload for the load-and-fault scenario: client loops, each bound to one API key,
 * sending humanize (JSON and SSE), detect, tone create/list/update/delete and usage requests at a
 * bounded pace, some with Idempotency-Keys and some replays of them. A keyed humanize/detect that ends
 * in a 5xx, a stream error or no answer is retried once with the same key, as a careful client would.
 * Every response is recorded (status, code, request id, words charged) so the ledger can be compared
 * with what each client was told.
 */
import { randomUUID } from 'node:crypto';
import { countWords } from '../../domain/words.js';
import { readSse } from './processes.js';
import { AI_BOILERPLATE, HUMAN_PROSE } from './local-samples.js';
import { SAMPLE_TEXT } from './service.js';

export type RequestKind =
  | 'humanize' | 'humanize_sse' | 'detect' | 'replay' | 'burst'
  | 'tone_create' | 'tone_list' | 'tone_update' | 'tone_delete' | 'usage';

export interface RequestRecord {
  /** The client loop that sent it; -1 for burst requests. */
  loop: number;
  kind: RequestKind;
  /** `humanize` or `detect` for requests that reserve words; null otherwise. */
  endpoint: 'humanize' | 'detect' | null;
  accountId: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no response arrived (connection error or client timeout). */
  status: number;
  /** Problem code, SSE error code, or NETWORK / CLIENT_TIMEOUT / STREAM_CUT. */
  code: string | null;
  /** The request id the client knows (X-Request-Id, body id, or the Idempotency-Key it sent). */
  requestId: string | null;
  idempotencyKey: string | null;
  /** True for the one retry of a failed keyed request. */
  retry: boolean;
  replayed: boolean;
  /** words_charged the client was told on success. */
  wordsCharged: number | null;
  /** SSE outcome: done, error (with `refunded`), or cut off. */
  sse: 'done' | 'error' | 'broken' | null;
  refundedFlag: boolean | null;
  /** A stream ended with `done` although its chunks do not add up to output_words. */
  incomplete: boolean;
  /** Characters of text a stream delivered in chunks (a stream cut after the charge still delivered them). */
  streamedChars: number;
  /** The API process the request went to. */
  apiUrl: string;
}

export interface LoopKey { accountId: string; key: string; scale: boolean }

export interface WorkloadOptions {
  /**
   * The API processes, as a load balancer would spread them: loop i sends to `apiUrls[i % n]`, and a retry
   * goes to the next one. The scenario edits the list when it kills and replaces an API process.
   */
  apiUrls: string[];
  /** One entry per client loop. */
  keys: LoopKey[];
  durationMs: number;
  /** Past `durationMs`, the loops go on until this returns true (e.g. some seconds after the last fault). */
  stopWhen?: () => boolean;
  /** Each loop sends at most one request per `cycleMs` (keeps accounts near their per-minute limits). */
  cycleMs: number;
  /** Client-side timeout of one request. */
  requestTimeoutMs: number;
  /** Deterministic choices per run (a small LCG). */
  seed?: number;
}

/** 1..2^31 pseudo-random stream: the mix is reproducible for a seed. */
function lcg(seed: number): () => number {
  let s = (seed >>> 0) || 1;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

const PARAGRAPHS = [AI_BOILERPLATE, HUMAN_PROSE, SAMPLE_TEXT];
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  status: number; code: string | null; requestId: string | null; replayed: boolean; wordsCharged: number | null;
  sse: RequestRecord['sse']; refundedFlag: boolean | null; body: Record<string, unknown> | null; incomplete?: boolean;
  streamedChars?: number;
}

function noAnswer(err: unknown): Sent {
  const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
  return { status: 0, code: timeout ? 'CLIENT_TIMEOUT' : 'NETWORK', requestId: null, replayed: false, wordsCharged: null, sse: null, refundedFlag: null, body: null };
}

async function send(url: string, method: string, key: string, body: unknown, headers: Record<string, string>, timeoutMs: number, stream: boolean): Promise<Sent> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err: unknown) {
    return noAnswer(err);
  }
  const headerId = res.headers.get('x-request-id');
  if (stream && res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const { events, broken } = await readSse(res);
    const last = events.at(-1);
    const streamedChars = events.filter((e) => e.event === 'chunk').reduce((n, e) => n + ((JSON.parse(e.data) as { text: string }).text.length), 0);
    if (!broken && last?.event === 'done') {
      const done = JSON.parse(last.data) as { id: string; words_charged: number; output_words: number };
      const text = events.filter((e) => e.event === 'chunk').map((e) => (JSON.parse(e.data) as { text: string }).text).join('');
      return {
        status: 200, code: null, requestId: done.id, replayed: false, wordsCharged: done.words_charged, sse: 'done', refundedFlag: null, body: null,
        incomplete: countWords(text) !== done.output_words,
      };
    }
    if (!broken && last?.event === 'error') {
      const e = JSON.parse(last.data) as { code: string; refunded: boolean };
      return { status: 200, code: e.code, requestId: headerId, replayed: false, wordsCharged: null, sse: 'error', refundedFlag: e.refunded, body: null };
    }
    return { status: 200, code: 'STREAM_CUT', requestId: headerId, replayed: false, wordsCharged: null, sse: 'broken', refundedFlag: null, body: null, streamedChars };
  }
  let parsed: Record<string, unknown> = {};
  try {
    const text = await res.text();
    parsed = text ? JSON.parse(text) as Record<string, unknown> : {};
  } catch (err: unknown) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return { ...noAnswer(err), status: res.status, requestId: headerId };
    parsed = {};
  }
  const ok = res.status >= 200 && res.status < 300;
  return {
    status: res.status,
    code: ok ? null : typeof parsed.code === 'string' ? parsed.code : `HTTP_${res.status}`,
    requestId: typeof parsed.id === 'string' && ok ? parsed.id : headerId,
    replayed: parsed.replayed === true,
    wordsCharged: ok && typeof parsed.words_charged === 'number' ? parsed.words_charged : null,
    sse: null, refundedFlag: null, body: ok ? parsed : null,
  };
}

/** A failure a client may retry with the same Idempotency-Key. */
const retryable = (s: Sent): boolean => s.status === 0 || s.status >= 500 || s.sse === 'error' || s.sse === 'broken';

export interface Workload {
  /** Resolves once every loop has stopped, with every request sent (bursts included), in no particular order. */
  done: Promise<RequestRecord[]>;
  /**
   * Sends `n` heavy humanize requests at once (long text, best_of 3; half streamed, half keyed and
   * retried once on failure), so that work is certainly in flight when a fault strikes. Resolves once
   * they have been accepted, i.e. after `acceptMs`; their answers are recorded as they come.
   */
  burst(n: number, acceptMs: number, apiUrl?: string): Promise<void>;
}

/** Starts every loop; they run until `durationMs` has passed and `stopWhen` says so. */
export function startWorkload(options: WorkloadOptions): Workload {
  const records: RequestRecord[] = [];
  const endAt = Date.now() + options.durationMs;
  const running = () => Date.now() < endAt || !(options.stopWhen?.() ?? true);
  const runId = randomUUID().slice(0, 8);
  const inFlight = new Set<Promise<unknown>>();

  /** The API a loop's request goes to; a retry goes to the next one (the first may be the one that died). */
  const apiFor = (index: number, retry: boolean, pinned?: string): string => {
    const urls = options.apiUrls;
    if (pinned && !retry && urls.includes(pinned)) return pinned;
    const at = Math.max(0, pinned ? urls.indexOf(pinned) : index % urls.length);
    return urls[(at + (retry ? 1 : 0)) % urls.length]!;
  };
  const recorder = (index: number, lk: LoopKey, pinned?: string, loop = index) => async (kind: RequestKind, endpoint: RequestRecord['endpoint'], method: string, path: string,
    body: unknown, idempotencyKey: string | null, retry: boolean, stream = false): Promise<Sent> => {
    const startedAt = Date.now();
    const apiUrl = apiFor(Math.max(0, index), retry, pinned);
    const sent = await send(apiUrl + path, method, lk.key, body, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}, options.requestTimeoutMs, stream);
    records.push({
      loop, kind, endpoint, accountId: lk.accountId, startedAt, endedAt: Date.now(), status: sent.status, code: sent.code,
      requestId: sent.requestId ?? idempotencyKey, idempotencyKey, retry, replayed: sent.replayed, wordsCharged: sent.wordsCharged,
      sse: sent.sse, refundedFlag: sent.refundedFlag, incomplete: sent.incomplete === true, streamedChars: sent.streamedChars ?? 0, apiUrl,
    });
    return sent;
  };

  let bursts = 0;
  async function burst(n: number, acceptMs: number, apiUrl?: string): Promise<void> {
    const id = bursts++;
    const text = Array.from({ length: 8 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]).join(' ');
    for (let i = 0; i < n; i++) {
      // Spread over the keys (and accounts) so no account's concurrency limit refuses them.
      const lk = options.keys[i % options.keys.length]!;
      const record = recorder(i, lk, apiUrl, -1);
      const body = { text, mode: 'standard', best_of: 3, ...(i % 2 === 1 ? { stream: true } : {}) };
      const key = i % 4 < 2 ? `lb-${runId}-${id}-${i}` : null;
      const request = (async () => {
        const first = await record('burst', 'humanize', 'POST', '/v1/humanize', body, key, false, body.stream === true);
        if (key && retryable(first)) {
          await delay(300);
          await record('burst', 'humanize', 'POST', '/v1/humanize', body, key, true, body.stream === true);
        }
      })();
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    await delay(acceptMs);
  }

  async function loop(index: number, lk: LoopKey): Promise<void> {
    const rand = lcg((options.seed ?? 1) * 7_919 + index * 104_729);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const tones: string[] = [];
    const keyedDone: { key: string; endpoint: 'humanize' | 'detect'; body: unknown }[] = [];
    let counter = 0;
    const record = recorder(index, lk);

    const text = () => Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(PARAGRAPHS)).join(' ');

    async function paid(kind: 'humanize' | 'humanize_sse' | 'detect'): Promise<void> {
      const endpoint = kind === 'detect' ? 'detect' : 'humanize';
      const body: Record<string, unknown> = { text: text() };
      if (endpoint === 'humanize') {
        body.mode = pick(['standard', 'standard', 'enhanced', 'academic']);
        body.best_of = pick([1, 1, 2, 3]);
        if (tones.length > 0 && rand() < 0.3) body.tone = pick(tones);
        if (kind === 'humanize_sse') body.stream = true;
      }
      const key = rand() < 0.5 ? `ld-${runId}-${index}-${counter++}` : null;
      const path = `/v1/${endpoint}`;
      const first = await record(kind, endpoint, 'POST', path, body, key, false, kind === 'humanize_sse');
      if (key && retryable(first)) {
        await delay(300);
        const again = await record(kind, endpoint, 'POST', path, body, key, true, kind === 'humanize_sse');
        if (again.status === 200 && !again.sse) keyedDone.push({ key, endpoint, body });
      } else if (key && first.status === 200 && first.sse !== 'error' && first.sse !== 'broken') {
        keyedDone.push({ key, endpoint, body });
      }
    }

    async function toneOp(): Promise<void> {
      const choice = tones.length === 0 ? 'create' : pick(['create', 'list', 'update', 'delete', 'list'] as const);
      if (choice === 'create' && tones.length < 4) {
        const name = `tone-${runId}-${index}-${counter++}`;
        const sent = await record('tone_create', null, 'POST', '/v1/tones', { name, instructions: 'Write plainly, with short sentences and concrete words.' }, null, false);
        const tone = sent.body?.tone as { name?: string } | undefined;
        if (sent.status === 200 && tone?.name) tones.push(tone.name);
        return;
      }
      if (choice === 'list' || choice === 'create') {
        await record('tone_list', null, 'GET', '/v1/tones', undefined, null, false);
        return;
      }
      // update and delete address the tone by id, found through the list as a client would.
      const listed = await send(`${apiFor(index, false)}/v1/tones`, 'GET', lk.key, undefined, {}, options.requestTimeoutMs, false);
      const mine = ((listed.body?.tones ?? []) as { id: string; name: string }[]).filter((t) => tones.includes(t.name));
      const target = mine.length > 0 ? pick(mine) : null;
      if (!target) return;
      if (choice === 'update') {
        await record('tone_update', null, 'PUT', `/v1/tones/${target.id}`, { description: `revised ${counter++}` }, null, false);
      } else {
        const sent = await record('tone_delete', null, 'DELETE', `/v1/tones/${target.id}`, undefined, null, false);
        if (sent.status === 200) tones.splice(tones.indexOf(target.name), 1);
      }
    }

    while (running()) {
      const began = Date.now();
      const r = rand();
      if (r < 0.30) await paid('humanize');
      else if (r < 0.45) await paid('humanize_sse');
      else if (r < 0.70) await paid('detect');
      else if (r < 0.75 && keyedDone.length > 0) {
        const done = pick(keyedDone);
        await record('replay', done.endpoint, 'POST', `/v1/${done.endpoint}`, done.body, done.key, false);
      } else if (r < 0.88) await toneOp();
      else await record('usage', null, 'GET', '/v1/usage', undefined, null, false);
      const rest = options.cycleMs - (Date.now() - began);
      if (rest > 0 && running()) await delay(rest);
    }
  }

  const done = (async () => {
    await Promise.all(options.keys.map((lk, i) => loop(i, lk)));
    // Burst requests still waiting for their answers (each is bounded by the client timeout).
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    return records;
  })();
  return { done, burst };
}
