/** Reusable OpenAPI pieces: headers, parameters, and problem+json responses grouped by HTTP status. */
import { ERROR_CODES, statusOf, titleOf, type ErrorCode } from '../../domain/error-codes.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/plans.js';
import { componentRef, type SchemaObject } from './components.js';

const integer = (minimum = 0): SchemaObject => ({ type: 'integer', minimum });

export const HEADERS = {
  'X-Request-Id': {
    description: 'Request correlation id; equals the Idempotency-Key when one was sent, and the `id` / `request_id` of the body.',
    schema: componentRef('RequestId'),
  },
  'X-RateLimit-Limit': { description: 'Requests-per-minute cap of the bucket applied.', schema: integer() },
  'X-RateLimit-Remaining': { description: 'Requests left in the current 60-second window.', schema: integer() },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets (a delta; 0 while within the limit).', schema: integer() },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: integer() },
  'X-Latency-Ms': { description: 'Processing time in milliseconds.', schema: integer() },
  'X-Idempotent-Replay': {
    description: 'Present, with the value `true`, when the body is a stored result replayed for a repeated Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
} satisfies Record<string, SchemaObject>;

export type HeaderName = keyof typeof HEADERS;
export const RATE_LIMIT_HEADERS: readonly HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];

export function headerRefs(names: readonly HeaderName[]): Record<string, { $ref: string }> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

export const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: false,
    description: 'Makes the request safe to retry: a repeat with the same key, API key and endpoint replays the stored ' +
      'result without a second charge. Malformed keys are refused with INVALID_IDEMPOTENCY_KEY.',
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  },
  ToneId: {
    name: 'id', in: 'path', required: true,
    description: 'Custom tone id; a value that is not a uuid is refused with INVALID_ID.',
    schema: componentRef('Uuid'),
  },
  AdminSecret: {
    name: 'X-Admin-Secret', in: 'header', required: false,
    description: 'Operator secret; when it matches, the health body adds `services`.',
    schema: { type: 'string' },
  },
} satisfies Record<string, SchemaObject>;

export const parameterRef = (name: keyof typeof PARAMETERS): { $ref: string } => ({ $ref: `#/components/parameters/${name}` });

export interface ProblemOptions {
  /** Headers every response of the operation carries (besides X-Request-Id). */
  readonly alwaysHeaders?: readonly HeaderName[];
  /** HEAD operations: the same statuses, no body. */
  readonly bodiless?: boolean;
}

/** One response per HTTP status among `codes`, its body a Problem whose `code` is narrowed to those codes. */
export function problemResponses(codes: readonly ErrorCode[], options: ProblemOptions = {}): Record<string, SchemaObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    if (!(code in ERROR_CODES)) throw new Error(`unknown error code ${code}`);
    const list = byStatus.get(statusOf(code)) ?? [];
    list.push(code);
    byStatus.set(statusOf(code), list);
  }
  const responses: Record<string, SchemaObject> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status) ?? [];
    const headers = new Set<HeaderName>(['X-Request-Id', ...(options.alwaysHeaders ?? [])]);
    if (status === 429) for (const name of RATE_LIMIT_HEADERS) headers.add(name);
    const response: SchemaObject = {
      description: list.map((code) => `- \`${code}\`: ${titleOf(code)}`).join('\n'),
      headers: headerRefs([...headers]),
    };
    if (!options.bodiless) {
      response['content'] = {
        'application/problem+json': {
          schema: { allOf: [componentRef('Problem'), { properties: { code: { enum: list } } }] },
        },
      };
    }
    responses[String(status)] = response;
  }
  return responses;
}

/** Any other failure (unknown path, wrong method, ...) is still a problem document. */
export function defaultProblemResponse(bodiless = false): SchemaObject {
  const response: SchemaObject = { description: 'Any other error, as a problem document.', headers: headerRefs(['X-Request-Id']) };
  if (!bodiless) response['content'] = { 'application/problem+json': { schema: componentRef('Problem') } };
  return response;
}
