/**
 * What the OpenAI-compatible engines share: client construction, per-call deadlines and the mapping of client
 * failures onto the engine contract (ProviderError for provider failures, the signal's reason for cancels).
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { abortError } from './abort.js';
import { ProviderError } from './types.js';

export interface OpenAIConnection { baseURL: string; apiKey: string; model: string }

/**
 * Retries stay with the service (it decides whether and when to retry), so the client never retries. Deadlines
 * belong to CallScope; the client's own timeout is only a backstop a little behind it.
 */
export function createClient(connection: OpenAIConnection, timeoutMs: number): OpenAI {
  return new OpenAI({
    baseURL: connection.baseURL,
    apiKey: connection.apiKey,
    maxRetries: 0,
    timeout: timeoutMs + 1_000,
  });
}

/**
 * A call's own signal: aborts when the caller's signal does or when `timeoutMs` passes (the client's own timeout
 * only covers the wait for response headers, not a stream that stalls afterwards).
 */
export class CallScope {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private timedOut = false;
  private readonly onAbort = (): void => this.controller.abort(this.caller.reason);

  constructor(private readonly caller: AbortSignal, private readonly timeoutMs: number) {
    this.signal = this.controller.signal;
    if (caller.aborted) this.controller.abort(caller.reason);
    else caller.addEventListener('abort', this.onAbort, { once: true });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new DOMException(`no complete answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
  }

  /** Rejects when the call was cancelled or ran out of time, even if the client swallowed the abort. */
  throwIfStopped(): void {
    if (this.caller.aborted) throw abortError(this.caller);
    if (this.timedOut) throw new ProviderError(`the AI provider gave no complete answer within ${this.timeoutMs} ms`);
  }

  /** Maps any failure of a call made under this scope onto the engine contract. */
  failure(error: unknown, what: string): Error {
    this.throwIfStopped();
    return providerError(error, what);
  }

  /** Ends the scope: whatever still runs under it (a parallel request that lost the race) is cancelled. */
  dispose(): void {
    clearTimeout(this.timer);
    this.caller.removeEventListener('abort', this.onAbort);
    if (!this.controller.signal.aborted) this.controller.abort(new DOMException('call finished', 'AbortError'));
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The first system error code in an error's cause chain (undici wraps it: TypeError('fetch failed').cause). */
export function systemErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    current = current.cause;
  }
  return null;
}

/** A provider failure as a ProviderError; `unavailable` when the server could not be reached at all. */
export function providerError(error: unknown, what: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(`${what}: the AI provider did not answer in time`, false, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const code = systemErrorCode(error);
    const unreachable = code !== null && UNREACHABLE_CODES.has(code);
    const detail = code ?? (error.cause instanceof Error ? error.cause.message : error.message);
    return new ProviderError(`${what}: cannot reach the AI provider (${detail})`, unreachable, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return new ProviderError(`${what}: the AI provider answered HTTP ${error.status}: ${error.message}`, false, { cause: error });
  }
  if (error instanceof APIError) {
    // An error event inside an otherwise successful stream.
    return new ProviderError(`${what}: the AI provider reported an error: ${error.message}`, false, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(`${what}: ${message}`, false, { cause: error });
}
