/**
 * The JSON Schemas of the service (draft 2020-12): request bodies, response bodies, problem documents, SSE event
 * data and domain event data. `createSchemaRegistry()` compiles them all once; callers create one registry at
 * start-up and keep it.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { DomainEventType } from '../domain/events.js';
import {
  ALL_SCHEMAS, COMMON_SCHEMA, EVENT_SCHEMAS, EVENT_TYPES, REQUEST_SCHEMAS, RESPONSE_SCHEMAS,
  type JsonSchema, type RequestSchemaName, type ResponseSchemaName,
} from './documents.js';
import { refusedMember, requestFailure, type RequestValidation } from './request-errors.js';

export {
  ALL_SCHEMAS, COMMON_SCHEMA, EVENT_SCHEMAS, EVENT_TYPES, REQUEST_SCHEMAS, RESPONSE_SCHEMAS,
  type JsonSchema, type RequestSchemaName, type ResponseSchemaName, type RequestValidation,
};

/** One schema failure: where (JSON Pointer into the value), which keyword, and ajv's message. */
export interface SchemaViolation { readonly path: string; readonly keyword: string; readonly message: string }

export interface SchemaRegistry {
  /** Validates a request body and maps the first failure to the spec's error code (LEGACY_PROMPT_REMOVED first). */
  validateRequest(name: RequestSchemaName, body: unknown): RequestValidation;
  /** null when `value` matches the response schema, else every violation. */
  validateResponse(name: ResponseSchemaName, value: unknown): SchemaViolation[] | null;
  /** null when `data` matches the data schema of event `type`, else every violation. */
  validateEvent(type: DomainEventType, data: unknown): SchemaViolation[] | null;
  readonly schemas: {
    readonly common: JsonSchema;
    readonly requests: typeof REQUEST_SCHEMAS;
    readonly responses: typeof RESPONSE_SCHEMAS;
    readonly events: Readonly<Record<DomainEventType, JsonSchema>>;
  };
}

/** Request bodies as they are once `validateRequest` accepted them. */
export interface HumanizeRequestBody {
  text: string; mode?: string; tone?: string; readability?: string; freeze_words?: string[]; best_of?: number;
  language?: string; stream?: boolean;
}
export interface DetectRequestBody { text: string }
export interface ToneCreateRequestBody { name: string; instructions: string; description?: string | null; example?: string | null }
export type ToneUpdateRequestBody = Partial<ToneCreateRequestBody>;

export function createSchemaRegistry(): SchemaRegistry {
  // strictRequired is off: presence rules name properties declared in the parent schema (if/then, anyOf).
  const ajv = new Ajv2020.default({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
  const compile = (schema: JsonSchema): ValidateFunction => {
    const validate = ajv.getSchema(schema.$id);
    if (!validate) throw new Error(`schema ${schema.$id} did not compile`);
    return validate;
  };
  const compileAll = <K extends string>(set: Readonly<Record<K, JsonSchema>>): Record<K, ValidateFunction> => {
    const out = {} as Record<K, ValidateFunction>;
    for (const key of Object.keys(set) as K[]) out[key] = compile(set[key]);
    return out;
  };
  const requests = compileAll<RequestSchemaName>(REQUEST_SCHEMAS);
  const responses = compileAll<ResponseSchemaName>(RESPONSE_SCHEMAS);
  const events = compileAll<DomainEventType>(EVENT_SCHEMAS);

  return {
    validateRequest(name, body) {
      const refused = refusedMember(name, body);
      if (refused) return refused;
      const validate = requests[name];
      return validate(body) ? { ok: true } : requestFailure(name, validate.errors ?? []);
    },
    validateResponse(name, value) {
      return violations(responses[name], value);
    },
    validateEvent(type, data) {
      const validate = Object.hasOwn(events, type) ? events[type] : undefined;
      if (!validate) return [{ path: '', keyword: 'type', message: `unknown event type ${String(type)}` }];
      return violations(validate, data);
    },
    schemas: { common: COMMON_SCHEMA, requests: REQUEST_SCHEMAS, responses: RESPONSE_SCHEMAS, events: EVENT_SCHEMAS },
  };
}

/** One line per violation, for logs and assertion messages. */
export function describeViolations(list: readonly SchemaViolation[]): string {
  return list.map((v) => `${v.path || '/'} ${v.message} (${v.keyword})`).join('; ');
}

function violations(validate: ValidateFunction, value: unknown): SchemaViolation[] | null {
  if (validate(value)) return null;
  return (validate.errors ?? []).map(toViolation);
}

function toViolation(error: ErrorObject): SchemaViolation {
  return { path: error.instancePath, keyword: error.keyword, message: error.message ?? 'is invalid' };
}
