/**
 * The OpenAPI 3.1 document of the service, assembled from the JSON Schemas and the operation table. Pure and
 * deterministic: the same sources always give the same bytes, which is what keeps openapi.json from drifting.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { COMMON_SCHEMA, REQUEST_SCHEMAS, RESPONSE_SCHEMAS } from '../documents.js';
import { toComponentSchemas, type SchemaObject } from './components.js';
import { PATHS } from './operations.js';
import { HEADERS, PARAMETERS } from './responses.js';

const DESCRIPTION = [
  'Rewrites machine-generated text so it reads as human-written (JSON or Server-Sent Events), scores how likely a',
  'text is machine-generated, and manages reusable custom tones. Usage is metered in words against a monthly',
  'balance: words_charged = input words x a multiplier.',
  '',
  'Every error is an RFC 7807 `application/problem+json` document whose `code` is stable; clients match on it.',
  'Unknown paths give 404 `NOT_FOUND`; a wrong method on a known path gives 405 `METHOD_NOT_ALLOWED` with an',
  '`Allow` header. Write requests need `Content-Type: application/json` (else 415) and at most 128 KiB of body',
  '(else 413).',
  '',
  'Retrying: 429 `RATE_LIMITED` wait Retry-After seconds, then retry with the same Idempotency-Key; 429',
  '`CONCURRENT_LIMIT` wait for an in-flight request; 402 wait until the balance covers `words_required`; 409',
  '`IDEMPOTENCY_KEY_CONFLICT` or `RETRY_REQUIRED` use a new key; 5xx or timeout retry with the same key.',
].join('\n');

export function buildOpenApiDocument(): SchemaObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Text Humanize & Detect API',
      version: packageJson.version,
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: 'The host serving this document' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'humanize', description: 'Rewrite text' },
      { name: 'detect', description: 'AI-detection scoring' },
      { name: 'tones', description: 'Custom tones' },
      { name: 'account', description: 'Plan, balance and key information' },
      { name: 'health', description: 'Service health' },
      { name: 'meta', description: 'This document' },
    ],
    paths: PATHS,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http', scheme: 'bearer',
          description: 'API key as a Bearer token; live keys begin with `svc_live_`. Keys carry scopes: humanize, detect, tones.',
        },
      },
      parameters: PARAMETERS,
      headers: HEADERS,
      schemas: toComponentSchemas(COMMON_SCHEMA, [...Object.values(REQUEST_SCHEMAS), ...Object.values(RESPONSE_SCHEMAS)]),
    },
  };
}

/** The bytes of openapi.json. */
export function renderOpenApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
