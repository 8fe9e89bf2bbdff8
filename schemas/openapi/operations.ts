/** The operations of spec section 4 (plus the document's own path), with every error they can answer. */
import type { ErrorCode } from '../../domain/error-codes.js';
import { componentRef, type SchemaObject } from './components.js';
import {
  defaultProblemResponse, headerRefs, parameterRef, problemResponses, RATE_LIMIT_HEADERS, type HeaderName,
} from './responses.js';
import { usageHistoryOperation } from './usage-history-operation.js';

const AUTH: readonly ErrorCode[] = [
  'MISSING_API_KEY', 'INVALID_API_KEY_FORMAT', 'INVALID_KEY_FORMAT', 'INVALID_KEY', 'KEY_EXPIRED', 'UNKNOWN_ERROR',
  'IP_NOT_ALLOWED', 'UNAUTHORIZED', 'NO_ACTIVE_SUBSCRIPTION', 'PLAN_NOT_FOUND', 'BANNED', 'RISK_BLOCKED',
  'TURNSTILE_REQUIRED', 'INTERNAL_ERROR',
];
const SCOPED: readonly ErrorCode[] = [...AUTH, 'SCOPE_DENIED'];
const JSON_BODY: readonly ErrorCode[] = ['INVALID_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE', 'INVALID_JSON', 'VALIDATION_FAILED'];
/** Errors shared by the two word-metered operations. */
const METERED: readonly ErrorCode[] = [
  ...SCOPED, ...JSON_BODY, 'INVALID_IDEMPOTENCY_KEY', 'MISSING_TEXT', 'INVALID_TEXT', 'TEXT_TOO_LONG',
  'LEGACY_PROMPT_REMOVED', 'ENDPOINT_NOT_AVAILABLE', 'NO_SUBSCRIPTION', 'INSUFFICIENT_WORDS',
  'IDEMPOTENCY_KEY_CONFLICT', 'RETRY_REQUIRED', 'RATE_LIMITED', 'CONCURRENT_LIMIT', 'RESERVATION_FAILED',
  'AI_UNAVAILABLE',
];
const TONE_FIELDS: readonly ErrorCode[] = [
  'INVALID_NAME', 'INVALID_INSTRUCTIONS', 'TONE_NAME_RESERVED', 'INJECTION_DETECTED', 'TONE_NAME_CONFLICT',
];
const TONES: readonly ErrorCode[] = [...SCOPED, 'RATE_LIMITED'];

const METERED_HEADERS: readonly HeaderName[] = RATE_LIMIT_HEADERS;

function jsonBody(schema: string, example?: unknown): SchemaObject {
  const media: SchemaObject = { schema: componentRef(schema) };
  if (example !== undefined) media['example'] = example;
  return { required: true, content: { 'application/json': media } };
}

function ok(description: string, schema: string | null, headers: readonly HeaderName[] = []): SchemaObject {
  const response: SchemaObject = { description, headers: headerRefs(['X-Request-Id', ...headers]) };
  if (schema !== null) response['content'] = { 'application/json': { schema: componentRef(schema) } };
  return response;
}

function responses(success: Record<string, SchemaObject>, errors: Record<string, SchemaObject>, bodiless = false): SchemaObject {
  const clash = Object.keys(success).find((status) => status in errors);
  if (clash !== undefined) throw new Error(`status ${clash} is both a success and a problem response`);
  return { ...success, ...errors, default: defaultProblemResponse(bodiless) };
}

const SSE_DESCRIPTION = 'With `stream: true`: Server-Sent Events, each an `event:` name and one `data:` line of JSON. ' +
  'The first event is `meta`, then `chunk` events whose texts concatenate to the output, then exactly one of ' +
  '`done` (success) or `error` (generation failed; `refunded: true` means no charge). x-sse-events gives the data ' +
  'schema of each event.';

const humanize: SchemaObject = {
  operationId: 'humanize', tags: ['humanize'], summary: 'Rewrite text so it reads as human-written',
  description: 'Scope `humanize`. Charged input_words x multiplier (best_of; ultra always 3x; aggressive 3x unless ' +
    'best_of is sent). A replay of an Idempotency-Key returns the stored result as JSON, never as a stream.',
  parameters: [parameterRef('IdempotencyKey')],
  requestBody: jsonBody('HumanizeRequest', {
    text: 'Paste at least twenty words of text here and the service returns a rewrite of it in the tone you choose, keeping frozen phrases.',
    mode: 'standard', tone: 'casual', best_of: 1,
  }),
  responses: responses({
    200: {
      description: 'The rewrite: a Humanization object, or an SSE stream when the body asked for one.',
      headers: headerRefs(['X-Request-Id', 'X-Latency-Ms', 'X-Idempotent-Replay', ...METERED_HEADERS]),
      content: {
        'application/json': { schema: componentRef('Humanization') },
        'text/event-stream': {
          schema: { type: 'string', description: SSE_DESCRIPTION },
          'x-sse-events': {
            meta: componentRef('SseMeta'), chunk: componentRef('SseChunk'),
            done: componentRef('SseDone'), error: componentRef('SseError'),
          },
        },
      },
    },
  }, problemResponses([
    ...METERED, 'INVALID_MODE', 'INVALID_TONE', 'INVALID_BEST_OF', 'INVALID_FREEZE_WORDS', 'MODE_NOT_AVAILABLE',
    'STREAMING_NOT_AVAILABLE', 'BEST_OF_NOT_AVAILABLE', 'TONE_NOT_FOUND', 'AI_GENERATION_FAILED',
  ], { alwaysHeaders: METERED_HEADERS })),
};

const detect: SchemaObject = {
  operationId: 'detect', tags: ['detect'], summary: 'Score how likely a text is machine-generated',
  description: 'Scope `detect`. Charged input_words x 1. A client disconnect gives 499 CLIENT_CANCELLED; other AI ' +
    'failures, timeouts included, give 500 DETECTION_FAILED; neither is charged.',
  parameters: [parameterRef('IdempotencyKey')],
  requestBody: jsonBody('DetectRequest'),
  responses: responses(
    { 200: ok('The detection result.', 'Detection', ['X-Idempotent-Replay', ...METERED_HEADERS]) },
    problemResponses([...METERED, 'DETECTION_NOT_AVAILABLE', 'CLIENT_CANCELLED', 'DETECTION_FAILED', 'ABORTED'],
      { alwaysHeaders: METERED_HEADERS }),
  ),
};

const usageErrors: readonly ErrorCode[] = [...AUTH, 'RATE_LIMITED'];
const getUsage: SchemaObject = {
  operationId: 'getUsage', tags: ['account'], summary: 'Plan, balance, period usage and key information',
  description: 'No scope beyond a valid key; no words charged.',
  responses: responses({ 200: ok('Usage of the calling account.', 'Usage') }, problemResponses(usageErrors)),
};
const headUsage: SchemaObject = {
  operationId: 'headUsage', tags: ['account'], summary: 'Same status as GET /v1/usage, empty body',
  responses: responses({ 200: ok('The key is accepted.', null) }, problemResponses(usageErrors, { bodiless: true }), true),
};

const healthResponses = (bodiless: boolean): Record<string, SchemaObject> => ({
  200: ok('healthy: database and AI both healthy.', bodiless ? null : 'Health'),
  503: ok('degraded or unhealthy.', bodiless ? null : 'Health'),
});
const getHealth: SchemaObject = {
  operationId: 'getHealth', tags: ['health'], summary: 'Health check', security: [],
  description: 'No authentication; limited to 60 requests per minute per client IP.',
  parameters: [parameterRef('AdminSecret')],
  responses: responses(healthResponses(false), problemResponses(['RATE_LIMITED', 'INTERNAL_ERROR'])),
};
const headHealth: SchemaObject = {
  operationId: 'headHealth', tags: ['health'], summary: 'Same status as GET /v1/health, empty body', security: [],
  responses: responses(healthResponses(true), problemResponses(['RATE_LIMITED', 'INTERNAL_ERROR'], { bodiless: true }), true),
};

const toneScope = 'Scope `tones`; no words charged.';
const createTone: SchemaObject = {
  operationId: 'createTone', tags: ['tones'], summary: 'Create a custom tone', description: toneScope,
  requestBody: jsonBody('ToneCreateRequest', { name: 'Warm support', instructions: 'Friendly, short sentences, no jargon.' }),
  responses: responses(
    { 200: ok('The created tone.', 'ToneEnvelope') },
    problemResponses([...TONES, ...JSON_BODY, ...TONE_FIELDS, 'TONE_LIMIT_REACHED']),
  ),
};
const listTones: SchemaObject = {
  operationId: 'listTones', tags: ['tones'], summary: 'List custom tones, newest first', description: toneScope,
  responses: responses({ 200: ok('All custom tones of the account.', 'ToneList') }, problemResponses(TONES)),
};
const getTone: SchemaObject = {
  operationId: 'getTone', tags: ['tones'], summary: 'Get one custom tone', description: toneScope,
  parameters: [parameterRef('ToneId')],
  responses: responses({ 200: ok('The tone.', 'ToneEnvelope') }, problemResponses([...TONES, 'INVALID_ID', 'TONE_NOT_FOUND'])),
};
const updateTone: SchemaObject = {
  operationId: 'updateTone', tags: ['tones'], summary: 'Update fields of a custom tone',
  description: `${toneScope} Any non-empty subset of name, instructions, description, example; updated_at changes.`,
  parameters: [parameterRef('ToneId')],
  requestBody: jsonBody('ToneUpdateRequest', { description: 'For replies to customers.' }),
  responses: responses(
    { 200: ok('The updated tone.', 'ToneEnvelope') },
    problemResponses([...TONES, ...JSON_BODY, ...TONE_FIELDS, 'INVALID_ID', 'NO_FIELDS', 'TONE_NOT_FOUND']),
  ),
};
const deleteTone: SchemaObject = {
  operationId: 'deleteTone', tags: ['tones'], summary: 'Delete a custom tone', description: toneScope,
  parameters: [parameterRef('ToneId')],
  responses: responses(
    { 200: ok('The tone is deleted.', 'ToneDeleted') },
    problemResponses([...TONES, 'INVALID_ID', 'TONE_NOT_FOUND']),
  ),
};

const getOpenApiDocument: SchemaObject = {
  operationId: 'getOpenApiDocument', tags: ['meta'], summary: 'This OpenAPI document', security: [],
  responses: {
    200: {
      description: 'The OpenAPI 3.1 description of the service.',
      headers: headerRefs(['X-Request-Id']),
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    default: defaultProblemResponse(),
  },
};

export const PATHS: Record<string, SchemaObject> = {
  '/v1/humanize': { post: humanize },
  '/v1/detect': { post: detect },
  '/v1/usage': { get: getUsage, head: headUsage },
  '/v1/usage/history': { get: usageHistoryOperation(usageErrors) },
  '/v1/health': { get: getHealth, head: headHealth },
  '/v1/tones': { post: createTone, get: listTones },
  '/v1/tones/{id}': { get: getTone, put: updateTone, delete: deleteTone },
  '/v1/openapi.json': { get: getOpenApiDocument },
};
