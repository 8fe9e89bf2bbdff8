/**
 * The client's HTTP layer: one call is the first attempt and its retries (see client/index.ts for the
 * rules). Platform APIs only: fetch, crypto.randomUUID, timers.
 */
import { HumanizeApiError, HumanizeConnectionError, type Problem } from './errors.js';

export interface ClientOptions {
  /** An API key, `svc_live_…`. */
  apiKey: string;
  /** Default `http://localhost:8080`. */
  baseUrl?: string;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff delay (default 500 ms); doubles each retry, with jitter, up to `maxRetryDelayMs`. */
  retryBaseDelayMs?: number;
  /** Longest backoff delay (default 20 s); a longer Retry-After is still honoured. */
  maxRetryDelayMs?: number;
  /** Replaces the global fetch (proxies, instrumentation). */
  fetch?: typeof globalThis.fetch;
  /** Called before each retry with why and how long the client waits (logging, metrics). */
  onRetry?: (retry: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  path: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The HTTP status that caused it, or null for a network failure. */
  status: number | null;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key` (humanize and detect); default: a new UUID per call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface Send {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  accept?: string;
  /** Whether a 5xx or a network failure may be retried (the request is idempotent). */
  retryable: boolean;
  /** The Idempotency-Key is the client's own, so it may replace it after RETRY_REQUIRED. */
  keyGenerated?: boolean;
  signal?: AbortSignal | undefined;
}

export class Transport {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly onRetry: ((retry: RetryInfo) => void) | undefined;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
    this.maxRetries = Math.max(0, options.maxRetries ?? 3);
    this.baseDelayMs = options.retryBaseDelayMs ?? 500;
    this.maxDelayMs = options.maxRetryDelayMs ?? 20_000;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.onRetry = options.onRetry;
  }

  async json<T>(request: Send): Promise<T> {
    return (await (await this.send(request)).json()) as T;
  }

  /** One call: the first attempt and its retries; resolves with a 2xx response or throws. */
  async send(request: Send): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: request.accept ?? 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
    let renewedKey = false;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < this.maxRetries;
      let res: Response;
      try {
        res = await this.fetchImpl(this.baseUrl + request.path, {
          method: request.method, headers, ...(body !== undefined ? { body } : {}), ...(request.signal ? { signal: request.signal } : {}),
        });
      } catch (err: unknown) {
        if (request.signal?.aborted) throw err;
        if (!request.retryable || !retriesLeft) {
          throw new HumanizeConnectionError(`${request.method} ${request.path} failed after ${attempt + 1} attempt(s): ${describe(err)}`, err);
        }
        await this.wait(request, attempt, this.backoff(attempt), null);
        continue;
      }
      if (res.ok) return res;
      if (res.status === 409 && attempt > 0 && request.keyGenerated && !renewedKey) {
        // Our own earlier attempt failed and was refunded, which used up the key: a new key is safe.
        const problem = await problemOf(res, request.path);
        if (problem.code !== 'RETRY_REQUIRED') throw new HumanizeApiError(problem);
        headers['Idempotency-Key'] = globalThis.crypto.randomUUID();
        renewedKey = true;
        continue;
      }
      const retry = res.status === 429 || (res.status >= 500 && request.retryable);
      if (!retry || !retriesLeft) throw new HumanizeApiError(await problemOf(res, request.path));
      await res.body?.cancel().catch(() => {});
      const retryAfter = res.status === 429 ? retryAfterMs(res.headers.get('retry-after')) : null;
      await this.wait(request, attempt, retryAfter ?? this.backoff(attempt), res.status);
    }
  }

  private async wait(request: Send, attempt: number, delayMs: number, status: number | null): Promise<void> {
    this.onRetry?.({ method: request.method, path: request.path, attempt: attempt + 1, delayMs, status });
    await sleep(delayMs, request.signal);
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }
}

function retryAfterMs(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

async function problemOf(res: Response, path: string): Promise<Problem> {
  const requestId = res.headers.get('x-request-id') ?? '';
  const text = await res.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as Partial<Problem>;
    if (typeof parsed.code === 'string' && typeof parsed.status === 'number') return parsed as Problem;
  } catch { /* not a problem document: described below */ }
  // Something in between (a proxy, a load balancer) answered instead of the service.
  return {
    type: '', title: res.statusText || 'HTTP error', status: res.status, instance: path, request_id: requestId,
    code: res.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN_ERROR',
    detail: `HTTP ${res.status} without a problem document: ${text.slice(0, 200)}`,
  };
}

export function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
