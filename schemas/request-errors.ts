/**
 * Maps JSON Schema failures of a request body to the spec's specific error codes. ajv runs with allErrors, and the
 * reported failure is chosen by a fixed field order, so the code a client sees does not depend on keyword order.
 */
import type { ErrorObject } from 'ajv';
import type { ErrorCode } from '../domain/error-codes.js';
import { MODES } from '../domain/options.js';
import type { RequestSchemaName } from './documents.js';

export type RequestValidation = { ok: true } | { ok: false; code: ErrorCode; detail: string };

interface FieldRule { readonly code: ErrorCode; readonly detail: string; readonly missing?: { code: ErrorCode; detail: string } }

const TEXT: FieldRule = {
  code: 'INVALID_TEXT', detail: 'text must be a non-empty string',
  missing: { code: 'MISSING_TEXT', detail: 'text is required' },
};
const NAME: FieldRule = {
  code: 'INVALID_NAME', detail: 'name must be a string of 1-50 characters',
  missing: { code: 'INVALID_NAME', detail: 'name is required' },
};
const INSTRUCTIONS: FieldRule = {
  code: 'INVALID_INSTRUCTIONS', detail: 'instructions must be a string of 1-500 characters',
  missing: { code: 'INVALID_INSTRUCTIONS', detail: 'instructions is required' },
};
const DESCRIPTION: FieldRule = { code: 'VALIDATION_FAILED', detail: 'description must be a string or null' };
const EXAMPLE: FieldRule = { code: 'VALIDATION_FAILED', detail: 'example must be a string or null' };

/** Per request, its fields in reporting order; a field not listed reports VALIDATION_FAILED after all of them. */
const FIELD_RULES: Readonly<Record<RequestSchemaName, ReadonlyArray<readonly [string, FieldRule]>>> = {
  humanize: [
    ['text', TEXT],
    ['mode', { code: 'INVALID_MODE', detail: `mode must be one of ${MODES.join(', ')}` }],
    ['tone', { code: 'INVALID_TONE', detail: 'tone must be a non-blank string of 1-100 characters without control characters' }],
    ['best_of', { code: 'INVALID_BEST_OF', detail: 'best_of must be an integer from 1 to 5' }],
    ['freeze_words', {
      code: 'INVALID_FREEZE_WORDS', detail: 'freeze_words must be an array of at most 100 strings of at most 100 characters',
    }],
    ['stream', { code: 'VALIDATION_FAILED', detail: 'stream must be a boolean' }],
    ['readability', { code: 'VALIDATION_FAILED', detail: 'readability must be a string' }],
    ['language', { code: 'VALIDATION_FAILED', detail: 'language must be a string' }],
  ],
  detect: [['text', TEXT]],
  'tone-create': [['name', NAME], ['instructions', INSTRUCTIONS], ['description', DESCRIPTION], ['example', EXAMPLE]],
  'tone-update': [['name', NAME], ['instructions', INSTRUCTIONS], ['description', DESCRIPTION], ['example', EXAMPLE]],
};

/** Members whose mere presence is refused, checked before anything else. */
const REMOVED_MEMBERS: Readonly<Partial<Record<RequestSchemaName, ReadonlyArray<readonly [string, ErrorCode, string]>>>> = {
  humanize: [['prompt', 'LEGACY_PROMPT_REMOVED', 'the prompt field was removed; send the text in text']],
  detect: [['prompt', 'LEGACY_PROMPT_REMOVED', 'the prompt field was removed; send the text in text']],
};

const NO_FIELDS_DETAIL = 'at least one updatable field is required: name, instructions, description or example';

export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** The refusal a body gets before schema validation, if any (a removed member such as `prompt`). */
export function refusedMember(name: RequestSchemaName, body: unknown): RequestValidation | null {
  if (!isJsonObject(body)) return null;
  for (const [member, code, detail] of REMOVED_MEMBERS[name] ?? []) {
    if (Object.hasOwn(body, member)) return { ok: false, code, detail };
  }
  return null;
}

/** Picks the failure to report among ajv's errors for a request body. */
export function requestFailure(name: RequestSchemaName, errors: readonly ErrorObject[]): RequestValidation {
  const rules = FIELD_RULES[name];
  let best: { rank: number; result: RequestValidation } | undefined;
  const consider = (rank: number, code: ErrorCode, detail: string): void => {
    if (best === undefined || rank < best.rank) best = { rank, result: { ok: false, code, detail } };
  };
  for (const error of errors) {
    // Branch failures of the root anyOf (tone-update) are summarised by the anyOf error itself.
    if (error.schemaPath.includes('/anyOf/')) continue;
    if (error.instancePath === '' && error.keyword === 'type') return { ok: false, code: 'VALIDATION_FAILED', detail: 'body must be a JSON object' };
    if (error.instancePath === '' && error.keyword === 'anyOf') { consider(rules.length + 1, 'NO_FIELDS', NO_FIELDS_DETAIL); continue; }
    const missing = error.instancePath === '' && error.keyword === 'required';
    const field = missing ? String(error.params['missingProperty']) : topField(error.instancePath);
    const index = rules.findIndex(([f]) => f === field);
    if (index < 0) { consider(rules.length, 'VALIDATION_FAILED', `${field} ${error.message ?? 'is invalid'}`); continue; }
    const rule = rules[index]![1];
    const chosen = missing && rule.missing ? rule.missing : rule;
    consider(index, chosen.code, chosen.detail);
  }
  return best?.result ?? { ok: false, code: 'VALIDATION_FAILED', detail: 'request body is invalid' };
}

/** `/freeze_words/3` → `freeze_words` (JSON Pointer, `~1` and `~0` unescaped). */
function topField(instancePath: string): string {
  const segment = instancePath.split('/')[1] ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
