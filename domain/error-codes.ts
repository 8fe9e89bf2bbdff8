/** The one table of spec section 7: every error code with its HTTP status and title. */

export const ERROR_CODES = {
  MISSING_API_KEY: [401, 'Missing API key'],
  INVALID_API_KEY_FORMAT: [401, 'Invalid API key format'],
  INVALID_KEY_FORMAT: [401, 'Invalid key format'],
  INVALID_KEY: [401, 'Invalid API key'],
  KEY_EXPIRED: [401, 'API key expired'],
  UNKNOWN_ERROR: [401, 'Authentication failed'],
  UNAUTHORIZED: [403, 'Unauthorized'],
  NO_ACTIVE_SUBSCRIPTION: [403, 'No active subscription'],
  NO_SUBSCRIPTION: [403, 'No subscription'],
  PLAN_NOT_FOUND: [403, 'Plan not found'],
  BANNED: [403, 'Account suspended'],
  RISK_BLOCKED: [403, 'Account restricted'],
  TURNSTILE_REQUIRED: [403, 'Verification required'],
  SCOPE_DENIED: [403, 'Scope denied'],
  MODE_NOT_AVAILABLE: [403, 'Mode not available'],
  ENDPOINT_NOT_AVAILABLE: [403, 'Endpoint not available'],
  STREAMING_NOT_AVAILABLE: [403, 'Streaming not available'],
  DETECTION_NOT_AVAILABLE: [403, 'Detection not available'],
  IP_NOT_ALLOWED: [403, 'IP address not allowed'],
  BEST_OF_NOT_AVAILABLE: [403, 'best_of not available'],
  TONE_LIMIT_REACHED: [403, 'Tone limit reached'],
  RATE_LIMITED: [429, 'Rate limit exceeded'],
  CONCURRENT_LIMIT: [429, 'Too many concurrent requests'],
  MISSING_TEXT: [400, 'Missing text'],
  INVALID_TEXT: [400, 'Invalid text'],
  INVALID_JSON: [400, 'Invalid JSON'],
  TEXT_TOO_LONG: [400, 'Text too long'],
  INVALID_MODE: [400, 'Invalid mode'],
  INVALID_TONE: [400, 'Invalid tone'],
  INVALID_BEST_OF: [400, 'Invalid best_of'],
  INVALID_ID: [400, 'Invalid id'],
  NO_FIELDS: [400, 'No fields to update'],
  INVALID_WORD_COUNT: [400, 'Invalid word count'],
  INVALID_MULTIPLIER: [400, 'Invalid multiplier'],
  LEGACY_PROMPT_REMOVED: [400, 'Legacy prompt field removed'],
  INVALID_NAME: [400, 'Invalid tone name'],
  INVALID_INSTRUCTIONS: [400, 'Invalid tone instructions'],
  INJECTION_DETECTED: [400, 'Blocked content detected'],
  INVALID_IDEMPOTENCY_KEY: [400, 'Invalid Idempotency-Key'],
  INVALID_FREEZE_WORDS: [400, 'Invalid freeze_words'],
  TONE_NAME_RESERVED: [400, 'Tone name reserved'],
  VALIDATION_FAILED: [400, 'Validation failed'],
  IDEMPOTENCY_KEY_CONFLICT: [409, 'Idempotency key conflict'],
  RETRY_REQUIRED: [409, 'Retry with a new idempotency key'],
  TONE_NAME_CONFLICT: [409, 'Tone name already exists'],
  INSUFFICIENT_WORDS: [402, 'Insufficient words'],
  TONE_NOT_FOUND: [404, 'Tone not found'],
  NOT_FOUND: [404, 'Not found'],
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  INVALID_CONTENT_TYPE: [415, 'Unsupported content type'],
  PAYLOAD_TOO_LARGE: [413, 'Payload too large'],
  CLIENT_CANCELLED: [499, 'Client cancelled'],
  AI_TIMEOUT: [504, 'AI timeout'],
  AI_UNAVAILABLE: [503, 'AI unavailable'],
  ABORTED: [504, 'Aborted'],
  RESERVATION_FAILED: [500, 'Reservation failed'],
  INTERNAL_ERROR: [500, 'Internal server error'],
  AI_GENERATION_FAILED: [500, 'AI generation failed'],
  DETECTION_FAILED: [500, 'Detection failed'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number { return ERROR_CODES[code][0]; }
export function titleOf(code: ErrorCode): string { return ERROR_CODES[code][1]; }
export function isErrorCode(v: unknown): v is ErrorCode { return typeof v === 'string' && v in ERROR_CODES; }

/** `{docs_url}/errors/<code in lower-case with hyphens>` */
export function problemType(docsUrl: string, code: ErrorCode): string {
  return `${docsUrl.replace(/\/+$/, '')}/errors/${code.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * A typed refusal from domain code or an edge check. `extra` members are added to the problem document
 * (e.g. words_required / words_remaining for INSUFFICIENT_WORDS).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(readonly code: ErrorCode, detail?: string, readonly extra: Record<string, unknown> = {}) {
    super(detail ?? titleOf(code));
  }
}
