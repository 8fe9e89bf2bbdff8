/**
 * Every JSON Schema document of the service, imported once. JSON imports (rather than reading the folder at run
 * time) keep the set explicit, type-checked against the event union, and copied along by the compiler.
 */
import type { DomainEventType } from '../domain/events.js';
import common from './common.json' with { type: 'json' };
import humanizeRequest from './requests/humanize.json' with { type: 'json' };
import detectRequest from './requests/detect.json' with { type: 'json' };
import toneCreateRequest from './requests/tone-create.json' with { type: 'json' };
import toneUpdateRequest from './requests/tone-update.json' with { type: 'json' };
import humanization from './responses/humanization.json' with { type: 'json' };
import detection from './responses/detection.json' with { type: 'json' };
import tone from './responses/tone.json' with { type: 'json' };
import toneEnvelope from './responses/tone-envelope.json' with { type: 'json' };
import toneList from './responses/tone-list.json' with { type: 'json' };
import toneDeleted from './responses/tone-deleted.json' with { type: 'json' };
import usage from './responses/usage.json' with { type: 'json' };
import usageHistory from './responses/usage-history.json' with { type: 'json' };
import usageHistoryItem from './responses/usage-history-item.json' with { type: 'json' };
import health from './responses/health.json' with { type: 'json' };
import problem from './responses/problem.json' with { type: 'json' };
import sseMeta from './responses/sse/meta.json' with { type: 'json' };
import sseChunk from './responses/sse/chunk.json' with { type: 'json' };
import sseDone from './responses/sse/done.json' with { type: 'json' };
import sseError from './responses/sse/error.json' with { type: 'json' };
import AccountOpened from './events/AccountOpened.json' with { type: 'json' };
import SubscriptionStarted from './events/SubscriptionStarted.json' with { type: 'json' };
import PeriodRenewed from './events/PeriodRenewed.json' with { type: 'json' };
import SubscriptionCancelled from './events/SubscriptionCancelled.json' with { type: 'json' };
import TopUpPurchased from './events/TopUpPurchased.json' with { type: 'json' };
import BalanceAdjusted from './events/BalanceAdjusted.json' with { type: 'json' };
import AccountSuspended from './events/AccountSuspended.json' with { type: 'json' };
import AccountReinstated from './events/AccountReinstated.json' with { type: 'json' };
import WordsReserved from './events/WordsReserved.json' with { type: 'json' };
import WordsCharged from './events/WordsCharged.json' with { type: 'json' };
import WordsRefunded from './events/WordsRefunded.json' with { type: 'json' };
import ApiKeyIssued from './events/ApiKeyIssued.json' with { type: 'json' };
import ApiKeyRotated from './events/ApiKeyRotated.json' with { type: 'json' };
import ApiKeyRevoked from './events/ApiKeyRevoked.json' with { type: 'json' };
import ToneCreated from './events/ToneCreated.json' with { type: 'json' };
import ToneUpdated from './events/ToneUpdated.json' with { type: 'json' };
import ToneDeleted from './events/ToneDeleted.json' with { type: 'json' };
import IdempotencyKeyClaimed from './events/IdempotencyKeyClaimed.json' with { type: 'json' };
import IdempotentResultStored from './events/IdempotentResultStored.json' with { type: 'json' };
import IdempotencyKeyReleased from './events/IdempotencyKeyReleased.json' with { type: 'json' };

/** A parsed JSON Schema document; every document carries `$id` and `title`. */
export type JsonSchema = Readonly<Record<string, unknown>> & { readonly $id: string; readonly title: string };

export const COMMON_SCHEMA: JsonSchema = common;

export const REQUEST_SCHEMAS = {
  humanize: humanizeRequest,
  detect: detectRequest,
  'tone-create': toneCreateRequest,
  'tone-update': toneUpdateRequest,
} as const satisfies Record<string, JsonSchema>;
export type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;

export const RESPONSE_SCHEMAS = {
  humanization,
  detection,
  tone,
  'tone-envelope': toneEnvelope,
  'tone-list': toneList,
  'tone-deleted': toneDeleted,
  usage,
  'usage-history': usageHistory,
  'usage-history-item': usageHistoryItem,
  health,
  problem,
  'sse/meta': sseMeta,
  'sse/chunk': sseChunk,
  'sse/done': sseDone,
  'sse/error': sseError,
} as const satisfies Record<string, JsonSchema>;
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** The data schema of every event type; `Record` makes a missing or unknown event type a compile error. */
export const EVENT_SCHEMAS: Readonly<Record<DomainEventType, JsonSchema>> = {
  AccountOpened, SubscriptionStarted, PeriodRenewed, SubscriptionCancelled, TopUpPurchased, BalanceAdjusted,
  AccountSuspended, AccountReinstated, WordsReserved, WordsCharged, WordsRefunded,
  ApiKeyIssued, ApiKeyRotated, ApiKeyRevoked,
  ToneCreated, ToneUpdated, ToneDeleted,
  IdempotencyKeyClaimed, IdempotentResultStored, IdempotencyKeyReleased,
};

/** Every event type, in stream order; the assertion below fails to compile when domain/events.ts gains a type. */
export const EVENT_TYPES = [
  'AccountOpened', 'SubscriptionStarted', 'PeriodRenewed', 'SubscriptionCancelled', 'TopUpPurchased',
  'BalanceAdjusted', 'AccountSuspended', 'AccountReinstated', 'WordsReserved', 'WordsCharged', 'WordsRefunded',
  'ApiKeyIssued', 'ApiKeyRotated', 'ApiKeyRevoked',
  'ToneCreated', 'ToneUpdated', 'ToneDeleted',
  'IdempotencyKeyClaimed', 'IdempotentResultStored', 'IdempotencyKeyReleased',
] as const satisfies readonly DomainEventType[];
type UnlistedEventType = Exclude<DomainEventType, (typeof EVENT_TYPES)[number]>;
const everyEventTypeListed: [UnlistedEventType] extends [never] ? true : UnlistedEventType = true;
void everyEventTypeListed;

/** All documents, for compiling and for the OpenAPI build. */
export const ALL_SCHEMAS: readonly JsonSchema[] = deepFreeze([
  COMMON_SCHEMA,
  ...Object.values(REQUEST_SCHEMAS),
  ...Object.values(RESPONSE_SCHEMAS),
  ...Object.values(EVENT_SCHEMAS),
]);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
