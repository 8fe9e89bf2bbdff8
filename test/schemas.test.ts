import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES, type ErrorCode } from '../domain/error-codes.js';
import type { DomainEvent, DomainEventType } from '../domain/events.js';
import { CONFIDENCES, LANGUAGES, MODES, SEVERITIES, VERDICTS } from '../domain/options.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/plans.js';
import {
  ALL_SCHEMAS, COMMON_SCHEMA, createSchemaRegistry, describeViolations, EVENT_SCHEMAS, EVENT_TYPES,
  type RequestSchemaName, type ResponseSchemaName,
} from '../schemas/index.js';
import { renderOpenApiJson } from '../schemas/openapi/document.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const registry = createSchemaRegistry();
const UUID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const AT = '2025-03-01T12:00:00.000Z';

function valid(name: ResponseSchemaName, value: unknown): void {
  const violations = registry.validateResponse(name, value);
  expect(violations, violations ? describeViolations(violations) : '').to.equal(null);
}
function invalid(name: ResponseSchemaName, value: unknown): void {
  expect(registry.validateResponse(name, value), JSON.stringify(value)).to.not.equal(null);
}
function without<T extends object>(value: T, key: keyof T): Partial<T> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}
function defs(): Record<string, { enum?: unknown[]; pattern?: string }> {
  return COMMON_SCHEMA['$defs'] as Record<string, { enum?: unknown[]; pattern?: string }>;
}
function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'openapi' ? [] : jsonFilesUnder(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

describe('schemas: documents', () => {
  it('loads every JSON file under schemas/, each with a unique $id matching its path', () => {
    const files = jsonFilesUnder(`${root}schemas`).map((path) => path.slice(`${root}schemas/`.length)).sort();
    const ids = ALL_SCHEMAS.map((schema) => schema.$id.replace('https://humanize-detect-api.example/schemas/', '')).sort();
    expect(ids).to.deep.equal(files);
    expect(new Set(ALL_SCHEMAS.map((s) => s.title)).size).to.equal(ALL_SCHEMAS.length);
  });

  it('compiles every schema in strict mode', () => {
    const ajv = new Ajv2020.default({ strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats.default(ajv);
    for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
    for (const schema of ALL_SCHEMAS) expect(ajv.getSchema(schema.$id), schema.$id).to.be.a('function');
  });

  it('keeps the value sets equal to the domain constants', () => {
    expect(defs()['errorCode']?.enum).to.deep.equal(Object.keys(ERROR_CODES));
    expect(defs()['mode']?.enum).to.deep.equal([...MODES]);
    expect(defs()['language']?.enum).to.deep.equal([...LANGUAGES]);
    const detection = registry.schemas.responses.detection.properties;
    expect(detection.confidence.enum).to.deep.equal([...CONFIDENCES]);
    expect(detection.verdict.enum).to.deep.equal([...VERDICTS]);
    expect(detection.signals.items.properties.severity.enum).to.deep.equal([...SEVERITIES]);
  });

  it('accepts as request id exactly what the Idempotency-Key pattern accepts', () => {
    const requestId = new RegExp(defs()['requestId']?.pattern ?? '', 'u');
    for (const sample of ['a', 'A-z_0:9.', 'x'.repeat(128), '', 'x'.repeat(129), 'has space', 'ü', 'a/b']) {
      expect(requestId.test(sample), sample).to.equal(IDEMPOTENCY_KEY_PATTERN.test(sample));
    }
  });
});

describe('schemas: validateRequest', () => {
  // Word counts are checked after normalisation, not by the schema: any non-empty string passes here.
  const text = 'Some text.';
  const cases: ReadonlyArray<readonly [RequestSchemaName, unknown, ErrorCode]> = [
    ['humanize', { text, prompt: 'old' }, 'LEGACY_PROMPT_REMOVED'],
    ['humanize', { prompt: 'old', mode: 'nope' }, 'LEGACY_PROMPT_REMOVED'],
    ['detect', { text, prompt: null }, 'LEGACY_PROMPT_REMOVED'],
    ['humanize', {}, 'MISSING_TEXT'],
    ['humanize', { mode: 'nope' }, 'MISSING_TEXT'],
    ['humanize', { text: 42 }, 'INVALID_TEXT'],
    ['humanize', { text: '' }, 'INVALID_TEXT'],
    ['humanize', { text: null }, 'INVALID_TEXT'],
    ['humanize', { text, mode: 'turbo' }, 'INVALID_MODE'],
    ['humanize', { text, mode: 3 }, 'INVALID_MODE'],
    ['humanize', { text, tone: 7 }, 'INVALID_TONE'],
    ['humanize', { text, tone: '' }, 'INVALID_TONE'],
    ['humanize', { text, tone: '   ' }, 'INVALID_TONE'],
    ['humanize', { text, tone: 'x'.repeat(101) }, 'INVALID_TONE'],
    ['humanize', { text, tone: 'bad\u0007tone' }, 'INVALID_TONE'],
    ['humanize', { text, tone: 'line\nbreak' }, 'INVALID_TONE'],
    ['humanize', { text, best_of: 0 }, 'INVALID_BEST_OF'],
    ['humanize', { text, best_of: 6 }, 'INVALID_BEST_OF'],
    ['humanize', { text, best_of: 2.5 }, 'INVALID_BEST_OF'],
    ['humanize', { text, best_of: '2' }, 'INVALID_BEST_OF'],
    ['humanize', { text, freeze_words: 'API' }, 'INVALID_FREEZE_WORDS'],
    ['humanize', { text, freeze_words: Array.from({ length: 101 }, (_, i) => `w${i}`) }, 'INVALID_FREEZE_WORDS'],
    ['humanize', { text, freeze_words: ['ok', 'x'.repeat(101)] }, 'INVALID_FREEZE_WORDS'],
    ['humanize', { text, freeze_words: ['ok', 5] }, 'INVALID_FREEZE_WORDS'],
    ['humanize', { text, stream: 'yes' }, 'VALIDATION_FAILED'],
    ['humanize', { text, readability: 5 }, 'VALIDATION_FAILED'],
    ['humanize', { text, language: ['en'] }, 'VALIDATION_FAILED'],
    ['humanize', { text, best_of: 9, mode: 'turbo' }, 'INVALID_MODE'],
    ['humanize', { text, stream: 1, freeze_words: 'x' }, 'INVALID_FREEZE_WORDS'],
    ['humanize', [text], 'VALIDATION_FAILED'],
    ['humanize', 'text', 'VALIDATION_FAILED'],
    ['humanize', null, 'VALIDATION_FAILED'],
    ['detect', {}, 'MISSING_TEXT'],
    ['detect', { text: false }, 'INVALID_TEXT'],
    ['detect', 12, 'VALIDATION_FAILED'],
    ['tone-create', { instructions: 'Be brief.' }, 'INVALID_NAME'],
    ['tone-create', { name: 9, instructions: 'Be brief.' }, 'INVALID_NAME'],
    ['tone-create', { name: '', instructions: 'Be brief.' }, 'INVALID_NAME'],
    ['tone-create', { name: 'Warm' }, 'INVALID_INSTRUCTIONS'],
    ['tone-create', { name: 'Warm', instructions: [] }, 'INVALID_INSTRUCTIONS'],
    ['tone-create', {}, 'INVALID_NAME'],
    ['tone-create', { name: 'Warm', instructions: 'Be brief.', description: 3 }, 'VALIDATION_FAILED'],
    ['tone-create', { name: 'Warm', instructions: 'Be brief.', example: {} }, 'VALIDATION_FAILED'],
    ['tone-create', [], 'VALIDATION_FAILED'],
    ['tone-update', {}, 'NO_FIELDS'],
    ['tone-update', { unrelated: true }, 'NO_FIELDS'],
    ['tone-update', { name: 5 }, 'INVALID_NAME'],
    ['tone-update', { instructions: '' }, 'INVALID_INSTRUCTIONS'],
    ['tone-update', { example: 1 }, 'VALIDATION_FAILED'],
    ['tone-update', null, 'VALIDATION_FAILED'],
  ];
  for (const [name, body, code] of cases) {
    it(`${name} ${JSON.stringify(body).slice(0, 60)} → ${code}`, () => {
      const result = registry.validateRequest(name, body);
      expect(result).to.include({ ok: false, code });
      if (!result.ok) expect(result.detail).to.be.a('string').and.not.equal('');
    });
  }

  it('accepts well-formed bodies, ignoring unknown members and leaving fallbacks to the handler', () => {
    const accepted: ReadonlyArray<readonly [RequestSchemaName, unknown]> = [
      ['humanize', { text }],
      ['humanize', {
        text, mode: 'ultra', tone: 'My Custom Tone', readability: 'kindergarten', language: 'xx', best_of: 5,
        freeze_words: ['', 'x'.repeat(100)], stream: true, extra: { ignored: true },
      }],
      ['humanize', { text, tone: UUID, freeze_words: [], best_of: 1.0 }],
      ['detect', { text, mode: 'not checked here' }],
      ['tone-create', { name: 'Warm', instructions: 'Be brief.', description: null, example: 'Hi!' }],
      ['tone-update', { description: 'Only this.' }],
      ['tone-update', { example: null }],
    ];
    for (const [name, body] of accepted) expect(registry.validateRequest(name, body), JSON.stringify(body)).to.deep.equal({ ok: true });
  });
});

const humanization = {
  object: 'humanization', id: 'req_1', humanized_text: 'Rewritten.', input_words: 25, output_words: 24,
  mode: 'standard', tone: 'casual', language: 'en', best_of_used: 1, is_custom_tone: false, words_charged: 25,
  words_remaining: 999_975,
};
const tone = {
  id: UUID, name: 'Warm', instructions: 'Be brief.', description: '', example: 'Hello there.', created_at: AT, updated_at: AT,
};
const usage = {
  plan: {
    key: 'api_growth', slug: 'growth', name: 'Growth', words_per_month: 1_000_000, max_words_per_request: 5000,
    requests_per_minute: 60, allowed_modes: [...MODES], streaming_enabled: true, detection_enabled: true,
  },
  usage: {
    words_used: 100, words_remaining: 999_900, words_limit: 1_000_000, topup_words_remaining: 0,
    requests_this_period: 4, period_end: AT,
  },
  stats: {
    summary: {
      total_requests: 4, total_words_charged: 100, total_input_words: 100, total_output_words: 98,
      avg_latency_ms: 120, error_count: 1, success_rate: 75,
    },
    daily: [{ date: '2025-03-01', requests: 4, words_charged: 100, errors: 1 }],
  },
  key: { id: UUID, name: 'default', scopes: ['humanize', 'detect', 'tones'] },
};
const problem = {
  type: 'https://docs.example.com/errors/invalid-mode', title: 'Invalid mode', status: 400,
  detail: 'mode must be one of standard, academic, enhanced, ultra, aggressive', instance: '/v1/humanize',
  code: 'INVALID_MODE', request_id: 'req_1',
};
const done = {
  object: 'humanization', id: 'req_1', input_words: 25, output_words: 24, words_charged: 25, words_remaining: 10,
  credits_low: true, language: 'en', best_of_used: 1, is_custom_tone: false, latency_ms: 812,
};
const detection = {
  object: 'detection', id: 'req_2', ai_score: 82, human_score: 18, confidence: 'high', verdict: 'likely_ai',
  label: 'Likely AI-generated', signals: [{ signal: 'low_burstiness', severity: 'high', detail: 'Uniform sentences.' }],
  sentences: [{ text: 'First sentence.', start: 0, end: 15, ai_score: 90 }], summary: 'Reads as machine-written.',
  input_words: 30, words_charged: 30, words_remaining: 70,
};

describe('schemas: responses', () => {
  it('humanization: custom tone fields exactly when is_custom_tone, credits_low and replayed only true', () => {
    valid('humanization', humanization);
    valid('humanization', { ...humanization, credits_low: true, replayed: true });
    valid('humanization', { ...humanization, is_custom_tone: true, tone: 'Warm', tone_id: UUID, tone_name: 'Warm' });
    invalid('humanization', { ...humanization, is_custom_tone: true });
    invalid('humanization', { ...humanization, is_custom_tone: true, tone_id: UUID });
    invalid('humanization', { ...humanization, tone_id: UUID, tone_name: 'Warm' });
    invalid('humanization', { ...humanization, credits_low: false });
    invalid('humanization', { ...humanization, replayed: false });
    invalid('humanization', { ...humanization, object: 'detection' });
    invalid('humanization', { ...humanization, mode: 'turbo' });
    invalid('humanization', { ...humanization, input_words: 2.5 });
    invalid('humanization', { ...humanization, leaked: 'internal' });
    invalid('humanization', without(humanization, 'words_remaining'));
  });

  it('detection: value sets, sentence items, optional sentences', () => {
    valid('detection', detection);
    valid('detection', { ...without(detection, 'sentences'), replayed: true });
    valid('detection', { ...detection, sentences: [] });
    invalid('detection', { ...detection, confidence: 'certain' });
    invalid('detection', { ...detection, verdict: 'ai' });
    invalid('detection', { ...detection, ai_score: 101 });
    invalid('detection', { ...detection, signals: [{ signal: 's', severity: 'extreme', detail: '' }] });
    invalid('detection', { ...detection, sentences: [{ text: 'x', start: 0, ai_score: 3 }] });
    invalid('detection', without(detection, 'summary'));
  });

  it('tone envelopes', () => {
    valid('tone', tone);
    invalid('tone', without(tone, 'description'));
    invalid('tone', { ...tone, example: null });
    invalid('tone', { ...tone, id: 'not-a-uuid' });
    invalid('tone', { ...tone, name: 'x'.repeat(51) });
    valid('tone-envelope', { object: 'tone', id: 'req_3', tone, words_charged: 0, words_remaining: 5 });
    invalid('tone-envelope', { object: 'tone', id: 'req_3', tone, words_charged: 1, words_remaining: 5 });
    invalid('tone-envelope', { object: 'tone', id: 'req_3', tone: without(tone, 'created_at'), words_charged: 0, words_remaining: 5 });
    valid('tone-list', { object: 'list', id: 'req_4', tones: [tone, tone], words_charged: 0, words_remaining: 5 });
    invalid('tone-list', { object: 'tone', id: 'req_4', tones: [], words_charged: 0, words_remaining: 5 });
    valid('tone-deleted', { object: 'tone', id: 'req_5', deleted: true, words_charged: 0, words_remaining: 5 });
    invalid('tone-deleted', { object: 'tone', id: 'req_5', deleted: false, words_charged: 0, words_remaining: 5 });
  });

  it('usage: stats null exactly when degraded', () => {
    valid('usage', usage);
    valid('usage', { ...usage, stats: null, degraded: true });
    invalid('usage', { ...usage, stats: null });
    invalid('usage', { ...usage, degraded: true });
    invalid('usage', { ...usage, plan: { ...usage.plan, slug: 'free' } });
    invalid('usage', { ...usage, key: { ...usage.key, scopes: ['admin'] } });
    invalid('usage', { ...usage, stats: { ...usage.stats, daily: [{ date: '03/01/2025', requests: 1, words_charged: 1, errors: 0 }] } });
    invalid('usage', without(usage, 'key'));
  });

  it('health', () => {
    valid('health', { status: 'healthy', timestamp: AT, version: '0.1.0' });
    valid('health', { status: 'degraded', timestamp: AT, version: '0.1.0', services: { redis: { status: 'down' } } });
    invalid('health', { status: 'ok', timestamp: AT, version: '0.1.0' });
    invalid('health', { status: 'healthy', timestamp: 'yesterday', version: '0.1.0' });
  });

  it('problem: every member, known codes, INSUFFICIENT_WORDS extras', () => {
    valid('problem', problem);
    const insufficient = { ...problem, code: 'INSUFFICIENT_WORDS', status: 402, words_required: 75, words_remaining: 10 };
    valid('problem', insufficient);
    invalid('problem', without(insufficient, 'words_required'));
    invalid('problem', { ...problem, words_required: 75, words_remaining: 10 });
    invalid('problem', { ...problem, code: 'SOMETHING_ELSE' });
    invalid('problem', { ...problem, stack: 'Error: at ...' });
    invalid('problem', without(problem, 'request_id'));
  });

  it('SSE event data', () => {
    valid('sse/meta', { id: 'req_1', mode: 'standard', tone: 'casual', language: 'en', input_words: 25 });
    invalid('sse/meta', { id: 'req_1', mode: 'standard', tone: 'casual', language: 'en' });
    valid('sse/chunk', { text: 'Hello ' });
    invalid('sse/chunk', { text: 3 });
    valid('sse/done', done);
    valid('sse/done', { ...done, credits_low: false, is_custom_tone: true, tone_id: UUID, tone_name: 'Warm' });
    invalid('sse/done', without(done, 'credits_low'));
    invalid('sse/done', { ...done, tone_id: UUID });
    valid('sse/error', { code: 'AI_GENERATION_FAILED', message: 'Generation failed', refunded: true });
    invalid('sse/error', { code: 'AI_GENERATION_FAILED', message: 'Generation failed' });
  });
});

type DataOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** Optional data members per event type; the two assertions keep this list equal to the TypeScript types. */
const OPTIONAL_MEMBERS = { SubscriptionStarted: ['periodDays'], IdempotencyKeyReleased: ['reusable'] } as const satisfies Partial<Record<DomainEventType, readonly string[]>>;
type Listed<T> = T extends keyof typeof OPTIONAL_MEMBERS ? (typeof OPTIONAL_MEMBERS)[T][number] : never;
type UnlistedOptional = { [T in DomainEventType]: Exclude<OptionalKeys<DataOf<T>>, Listed<T>> }[DomainEventType];
type ListedRequired = { [T in DomainEventType]: Exclude<Listed<T>, OptionalKeys<DataOf<T>>> }[DomainEventType];
const optionalMembersListed: [UnlistedOptional | ListedRequired] extends [never] ? true : UnlistedOptional | ListedRequired = true;
void optionalMembersListed;

/** Every member, optional ones included (`Required`), so the schema's properties can be compared with the type. */
const EVENT_SAMPLES: { [T in DomainEventType]: Required<DataOf<T>> } = {
  AccountOpened: { accountId: 'acc_1', email: null, at: AT },
  SubscriptionStarted: {
    accountId: 'acc_1', planKey: 'api_growth', periodStart: AT, periodEnd: AT, wordsPerMonth: 1_000_000, at: AT, periodDays: 30,
  },
  PeriodRenewed: { accountId: 'acc_1', periodStart: AT, periodEnd: AT, wordsPerMonth: 1_000_000, at: AT },
  SubscriptionCancelled: { accountId: 'acc_1', at: AT },
  TopUpPurchased: { accountId: 'acc_1', words: 5000, at: AT },
  BalanceAdjusted: { accountId: 'acc_1', words: -200, reason: 'goodwill correction', at: AT },
  AccountSuspended: { accountId: 'acc_1', reason: 'risk', at: AT },
  AccountReinstated: { accountId: 'acc_1', at: AT },
  WordsReserved: {
    accountId: 'acc_1', requestId: 'req_1', keyId: UUID, endpoint: 'humanize', words: 75, inputWords: 25,
    multiplier: 3, fromMonthly: 70, fromTopUp: 5, periodStart: AT, at: AT,
  },
  WordsCharged: {
    accountId: 'acc_1', requestId: 'req_1', keyId: UUID, endpoint: 'humanize', words: 75, inputWords: 25,
    outputWords: 24, latencyMs: 800, at: AT,
  },
  WordsRefunded: {
    accountId: 'acc_1', requestId: 'req_1', keyId: UUID, endpoint: 'detect', words: 25, code: 'CLIENT_CANCELLED', latencyMs: 20, at: AT,
  },
  ApiKeyIssued: {
    keyId: UUID, accountId: 'acc_1', name: 'default', hash: 'ab'.repeat(32), scopes: ['humanize', 'tones'],
    allowIps: ['10.0.0.0/8'], rotatedFrom: null, at: AT,
  },
  ApiKeyRotated: { keyId: UUID, accountId: 'acc_1', newKeyId: UUID, expiresAt: AT, at: AT },
  ApiKeyRevoked: { keyId: UUID, accountId: 'acc_1', at: AT },
  ToneCreated: { accountId: 'acc_1', toneId: UUID, at: AT, name: 'Warm', instructions: 'Be brief.', description: null, example: null },
  ToneUpdated: { accountId: 'acc_1', toneId: UUID, changes: { description: null }, at: AT },
  ToneDeleted: { accountId: 'acc_1', toneId: UUID, at: AT },
  IdempotencyKeyClaimed: { key: 'order-42', accountId: 'acc_1', keyId: UUID, endpoint: 'detect', at: AT },
  IdempotentResultStored: { key: 'order-42', status: 200, body: { object: 'detection' }, at: AT },
  IdempotencyKeyReleased: { key: 'order-42', code: 'AI_GENERATION_FAILED', reusable: true, at: AT },
};

describe('schemas: events', () => {
  it('has a schema for every event type, and no other', () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).to.deep.equal([...EVENT_TYPES].sort());
    expect(Object.keys(EVENT_SAMPLES).sort()).to.deep.equal([...EVENT_TYPES].sort());
  });

  for (const type of EVENT_TYPES) {
    it(`${type}: schema members match the TypeScript data type`, () => {
      const data = EVENT_SAMPLES[type] as object as Record<string, unknown>;
      const optional: readonly string[] = (OPTIONAL_MEMBERS as Partial<Record<DomainEventType, readonly string[]>>)[type] ?? [];
      const violations = registry.validateEvent(type, data);
      expect(violations, violations ? describeViolations(violations) : '').to.equal(null);
      const schema = EVENT_SCHEMAS[type] as unknown as { required: string[]; properties: Record<string, unknown> };
      expect(Object.keys(schema.properties).sort()).to.deep.equal(Object.keys(data).sort());
      const required = Object.keys(data).filter((key) => !optional.includes(key));
      expect([...schema.required].sort()).to.deep.equal(required.sort());
      for (const key of required) {
        expect(registry.validateEvent(type, without(data, key)), `without ${key}`).to.not.equal(null);
      }
      for (const key of optional) expect(registry.validateEvent(type, without(data, key)), `without ${key}`).to.equal(null);
      expect(registry.validateEvent(type, { ...data, unexpected: 1 })).to.not.equal(null);
    });
  }

  it('refuses bad values inside events and unknown event types', () => {
    expect(registry.validateEvent('WordsReserved', { ...EVENT_SAMPLES.WordsReserved, multiplier: 0 })).to.not.equal(null);
    expect(registry.validateEvent('ToneUpdated', { ...EVENT_SAMPLES.ToneUpdated, changes: {} })).to.not.equal(null);
    expect(registry.validateEvent('AccountSuspended', { ...EVENT_SAMPLES.AccountSuspended, reason: 'bored' })).to.not.equal(null);
    expect(registry.validateEvent('WordsRefunded', { ...EVENT_SAMPLES.WordsRefunded, code: 'OOPS' })).to.not.equal(null);
    // @ts-expect-error not an event type of domain/events.ts
    expect(registry.validateEvent('AccountClosed', {})).to.have.length(1);
  });
});

describe('openapi.json', () => {
  const checkedIn = readFileSync(`${root}openapi.json`, 'utf8');
  const doc = JSON.parse(checkedIn) as {
    openapi: string; paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    components: { schemas: Record<string, unknown>; parameters: Record<string, { schema: { pattern: string } }> };
  };

  it('is what bin/build-openapi.ts produces from the sources now', () => {
    expect(checkedIn === renderOpenApiJson(), 'openapi.json is stale: run npm run openapi').to.equal(true);
    execFileSync(process.execPath, ['--import', 'tsx', `${root}bin/build-openapi.ts`, '--check'], { cwd: root, stdio: 'pipe' });
  });

  it('is a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(checkedIn) as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
    const refs = [...checkedIn.matchAll(/"\$ref": "#\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).to.be.greaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).to.not.equal(undefined);
    }
  });

  it('describes the eleven operations of the spec, the billing history and its own path', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).to.deep.equal([
      'DELETE /v1/tones/{id}', 'GET /v1/health', 'GET /v1/openapi.json', 'GET /v1/tones', 'GET /v1/tones/{id}',
      'GET /v1/usage', 'GET /v1/usage/history', 'HEAD /v1/health', 'HEAD /v1/usage', 'POST /v1/detect', 'POST /v1/humanize', 'POST /v1/tones',
      'PUT /v1/tones/{id}',
    ]);
    expect(doc.paths['/v1/health']?.['get']?.security).to.deep.equal([]);
    expect(doc.paths['/v1/humanize']?.['post']?.responses).to.include.keys('200', '400', '401', '402', '403', '404', '409', '429', '500');
    expect(doc.components.parameters['IdempotencyKey']?.schema.pattern).to.equal(IDEMPOTENCY_KEY_PATTERN.source);
    expect(checkedIn).to.include('"text/event-stream"').and.include('"X-Admin-Secret"');
  });

  it('documents every error code a client can meet on some operation', () => {
    const documented = new Set([...checkedIn.matchAll(/- `([A-Z_]+)`/g)].map((m) => m[1]));
    const described = new Set(['NOT_FOUND', 'METHOD_NOT_ALLOWED']);
    const neverSent = new Set(['AI_TIMEOUT', 'INVALID_WORD_COUNT', 'INVALID_MULTIPLIER']);
    const missing = Object.keys(ERROR_CODES).filter((c) => !documented.has(c) && !described.has(c) && !neverSent.has(c));
    expect(missing).to.deep.equal([]);
  });

  it('keeps the component schemas equivalent to the JSON Schemas', () => {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'https://openapi.test/doc.json');
    const component = (name: string) => ajv.getSchema(`https://openapi.test/doc.json#/components/schemas/${name}`);
    const samples: ReadonlyArray<readonly [string, unknown, boolean]> = [
      ['Humanization', humanization, true],
      ['Humanization', { ...humanization, is_custom_tone: true }, false],
      ['Detection', detection, true],
      ['Usage', { ...usage, stats: null }, false],
      ['ToneEnvelope', { object: 'tone', id: 'r', tone, words_charged: 0, words_remaining: 1 }, true],
      ['Problem', problem, true],
      ['SseDone', done, true],
      ['HumanizeRequest', { text: 'x', mode: 'turbo' }, false],
    ];
    for (const [name, value, expected] of samples) expect(component(name)?.(value), name).to.equal(expected);
  });
});
