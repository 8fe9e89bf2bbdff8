/**
 * What each code of the error table means for a client: when the service answers with it and what to do
 * (the client recipe of spec section 7). Served as the pages problem `type` URLs point at
 * (`/docs/errors/<code>`). `Record<ErrorCode, …>` makes a code without an explanation a compile error.
 */
import { ERROR_CODES, statusOf, titleOf, type ErrorCode } from './error-codes.js';

/** How a client should react, by family (spec 7's recipe). */
export type Remedy = 'fix-request' | 'fix-key' | 'account' | 'plan' | 'wait-retry-after' | 'wait-in-flight' | 'top-up' | 'new-key' | 'retry-same-key' | 'not-sent';

export const REMEDIES: Readonly<Record<Remedy, string>> = {
  'fix-request': 'Do not retry as is: correct the request (the `detail` says what is wrong), then send it again.',
  'fix-key': 'Do not retry with this key: send `Authorization: Bearer svc_live_…` with a live key of your account.',
  account: 'Retrying will not help: the account itself is refused. Contact support with the `request_id`.',
  plan: 'Do not retry: this is not part of your plan, or not allowed for this key. Use what the plan allows, or change plan or key scopes.',
  'wait-retry-after': 'Wait the number of seconds in the `Retry-After` header, then retry; reusing the same `Idempotency-Key` is safe.',
  'wait-in-flight': 'Wait until one of your requests in flight has finished, then retry (with the same `Idempotency-Key`).',
  'top-up': 'Do not retry until your balance covers `words_required` (the problem also gives `words_remaining`): wait for the next period or top up.',
  'new-key': 'Send the request again with a new `Idempotency-Key`.',
  'retry-same-key': 'Retry, after a short backoff, with the same `Idempotency-Key`: nothing was charged for the failed attempt, and a retry can never be charged twice. If that retry answers 409 `RETRY_REQUIRED`, the failed attempt was refunded and used up the key: send the request with a new key.',
  'not-sent': 'This service does not send this code (it is part of the shared error table); if you meet it, treat it as a server error and retry with the same `Idempotency-Key`.',
};

export interface ErrorExplanation { when: string; remedy: Remedy }

export const ERROR_GUIDE: Readonly<Record<ErrorCode, ErrorExplanation>> = {
  MISSING_API_KEY: { when: 'The request has no `Authorization` header (every endpoint but `/v1/health` needs one).', remedy: 'fix-key' },
  INVALID_API_KEY_FORMAT: { when: 'The Bearer token does not begin with `svc_live_`.', remedy: 'fix-key' },
  INVALID_KEY_FORMAT: { when: 'The token begins with `svc_live_` but has the wrong length or characters.', remedy: 'fix-key' },
  INVALID_KEY: { when: 'The key is unknown or has been revoked.', remedy: 'fix-key' },
  KEY_EXPIRED: { when: 'The key was rotated and its grace period is over; the new key replaces it.', remedy: 'fix-key' },
  UNKNOWN_ERROR: { when: 'Authentication failed without a more specific reason, e.g. an `Authorization` scheme other than Bearer.', remedy: 'fix-key' },
  UNAUTHORIZED: { when: 'The caller is not authorized for the operation (for example an operator endpoint without the right secret).', remedy: 'plan' },
  NO_ACTIVE_SUBSCRIPTION: { when: 'The account has no active plan: its subscription was cancelled.', remedy: 'account' },
  NO_SUBSCRIPTION: { when: 'The account never had a subscription.', remedy: 'account' },
  PLAN_NOT_FOUND: { when: 'The account\'s plan has no configuration on this deployment.', remedy: 'account' },
  BANNED: { when: 'The account is suspended.', remedy: 'account' },
  RISK_BLOCKED: { when: 'The account is restricted after unusual activity.', remedy: 'account' },
  TURNSTILE_REQUIRED: { when: 'The account needs extra verification before it can make requests.', remedy: 'account' },
  SCOPE_DENIED: { when: 'The key lacks the scope the endpoint needs: `humanize`, `detect` or `tones`.', remedy: 'plan' },
  MODE_NOT_AVAILABLE: { when: 'The requested `mode` is not in your plan.', remedy: 'plan' },
  ENDPOINT_NOT_AVAILABLE: { when: 'The endpoint is not in your plan.', remedy: 'plan' },
  STREAMING_NOT_AVAILABLE: { when: '`stream: true` was sent but streaming is not in your plan.', remedy: 'plan' },
  DETECTION_NOT_AVAILABLE: { when: 'Detection is not in your plan.', remedy: 'plan' },
  IP_NOT_ALLOWED: { when: 'The key has an IP allowlist and the request came from another address.', remedy: 'plan' },
  BEST_OF_NOT_AVAILABLE: { when: '`best_of` is above 3 and the plan is not Scale (checked in every mode, ultra included).', remedy: 'plan' },
  TONE_LIMIT_REACHED: { when: 'The account already has as many custom tones as its plan allows (10 on Growth, 50 on Scale).', remedy: 'plan' },
  RATE_LIMITED: { when: 'Too many requests in the current minute for your plan (or, on `/v1/health`, from your IP address).', remedy: 'wait-retry-after' },
  CONCURRENT_LIMIT: { when: 'Too many humanize and detect requests of your account are in flight at once (10 on Growth, 30 on Scale).', remedy: 'wait-in-flight' },
  MISSING_TEXT: { when: 'The body has no `text` field.', remedy: 'fix-request' },
  INVALID_TEXT: { when: 'The text has fewer than 20 words, is empty after normalisation, holds disallowed characters, or carries blocked injection or code patterns.', remedy: 'fix-request' },
  INVALID_JSON: { when: 'The body is not valid JSON.', remedy: 'fix-request' },
  TEXT_TOO_LONG: { when: 'The text has more words than your plan allows per request (5,000 on Growth, 10,000 on Scale). Split it.', remedy: 'fix-request' },
  INVALID_MODE: { when: '`mode` is not one of standard, academic, enhanced, ultra, aggressive.', remedy: 'fix-request' },
  INVALID_TONE: { when: '`tone` is malformed (not a built-in name, a custom tone name or a tone id).', remedy: 'fix-request' },
  INVALID_BEST_OF: { when: '`best_of` is not an integer from 1 to 5.', remedy: 'fix-request' },
  INVALID_ID: { when: 'The tone id in the path is not a UUID.', remedy: 'fix-request' },
  NO_FIELDS: { when: 'A tone update names none of name, instructions, description, example.', remedy: 'fix-request' },
  INVALID_WORD_COUNT: { when: 'A reservation had no positive word count; the API computes it, so clients do not meet it.', remedy: 'not-sent' },
  INVALID_MULTIPLIER: { when: 'A reservation had a multiplier below 1; the API computes it, so clients do not meet it.', remedy: 'not-sent' },
  LEGACY_PROMPT_REMOVED: { when: 'The body carries the removed `prompt` field; send `text` instead.', remedy: 'fix-request' },
  INVALID_NAME: { when: 'The tone name is missing or not 1-50 characters after sanitisation.', remedy: 'fix-request' },
  INVALID_INSTRUCTIONS: { when: 'The tone instructions are missing or not 1-500 characters after sanitisation.', remedy: 'fix-request' },
  INJECTION_DETECTED: { when: 'A tone field holds a blocked injection or code pattern.', remedy: 'fix-request' },
  INVALID_IDEMPOTENCY_KEY: { when: 'The `Idempotency-Key` header is not 1-128 characters of A-Z a-z 0-9 _ - : .', remedy: 'fix-request' },
  INVALID_FREEZE_WORDS: { when: '`freeze_words` is not an array, has over 100 entries, or an entry over 100 characters.', remedy: 'fix-request' },
  TONE_NAME_RESERVED: { when: 'The tone name equals a built-in tone (casual, formal, professional, academic, creative).', remedy: 'fix-request' },
  VALIDATION_FAILED: { when: 'A field, header or query parameter fails validation; the `detail` names it.', remedy: 'fix-request' },
  IDEMPOTENCY_KEY_CONFLICT: { when: 'The `Idempotency-Key` was already used with another API key, account or endpoint.', remedy: 'new-key' },
  RETRY_REQUIRED: { when: 'The `Idempotency-Key` was used before and has no stored result: it expired, or the first attempt failed and was refunded.', remedy: 'new-key' },
  TONE_NAME_CONFLICT: { when: 'The account already has a tone with this name (compared case-insensitively).', remedy: 'fix-request' },
  INSUFFICIENT_WORDS: { when: 'The balance is below what the request would be charged (input words x multiplier).', remedy: 'top-up' },
  TONE_NOT_FOUND: { when: 'No custom tone of the account has that name or id.', remedy: 'fix-request' },
  NOT_FOUND: { when: 'No resource at this path.', remedy: 'fix-request' },
  METHOD_NOT_ALLOWED: { when: 'The path exists but not with this method; the `Allow` header lists the methods it takes.', remedy: 'fix-request' },
  INVALID_CONTENT_TYPE: { when: 'A write request without `Content-Type: application/json`.', remedy: 'fix-request' },
  PAYLOAD_TOO_LARGE: { when: 'The body is over 128 KiB.', remedy: 'fix-request' },
  CLIENT_CANCELLED: { when: 'Detect only: the client disconnected before the answer; nothing was charged.', remedy: 'retry-same-key' },
  AI_TIMEOUT: { when: 'Not sent: humanize timeouts are AI_GENERATION_FAILED and detect timeouts DETECTION_FAILED.', remedy: 'not-sent' },
  AI_UNAVAILABLE: { when: 'No text engine could take the request (for example the job queue is down); nothing was charged.', remedy: 'retry-same-key' },
  ABORTED: { when: 'Not sent by this service: aborted work is reported as AI_GENERATION_FAILED or DETECTION_FAILED.', remedy: 'not-sent' },
  RESERVATION_FAILED: { when: 'The words could not be reserved (the ledger was unreachable); it is not a balance problem and nothing was reserved.', remedy: 'retry-same-key' },
  INTERNAL_ERROR: { when: 'An unexpected server error.', remedy: 'retry-same-key' },
  AI_GENERATION_FAILED: { when: 'Humanize failed, timed out or was cancelled after the words were reserved; they were refunded. In a stream this comes as an `error` event with `refunded: true`.', remedy: 'retry-same-key' },
  DETECTION_FAILED: { when: 'Detection failed or timed out; the words were refunded.', remedy: 'retry-same-key' },
};

/** The code's path segment: lower-case with hyphens, as in problem `type` URLs. */
export function errorSlug(code: ErrorCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}

export function codeOfSlug(slug: string): ErrorCode | null {
  const code = slug.toUpperCase().replace(/-/g, '_');
  return slug === errorSlug(code as ErrorCode) && code in ERROR_CODES ? (code as ErrorCode) : null;
}

export interface ErrorPage { code: ErrorCode; slug: string; status: number; title: string; when: string; whatToDo: string }

export function errorPage(code: ErrorCode): ErrorPage {
  const { when, remedy } = ERROR_GUIDE[code];
  return { code, slug: errorSlug(code), status: statusOf(code), title: titleOf(code), when, whatToDo: REMEDIES[remedy] };
}
