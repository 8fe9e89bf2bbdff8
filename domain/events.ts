/**
 * Every event the service writes, by stream. Stream names are the contract between writers and
 * projections: see `streams` below. Timestamps are ISO 8601 strings; word amounts are integers.
 */

export type Endpoint = 'humanize' | 'detect';
export type PlanSlug = 'growth' | 'scale';
export type SuspensionReason = 'banned' | 'risk' | 'turnstile';
export type Scope = 'humanize' | 'detect' | 'tones';

export const streams = {
  account: (accountId: string) => `account-${accountId}`,
  apiKey: (keyId: string) => `apikey-${keyId}`,
  tones: (accountId: string) => `tones-${accountId}`,
  idempotency: (key: string) => `idempotency-${key}`,
} as const;

type Ev<T extends string, D> = { type: T; data: D };

// ---- account-<accountId> ----
export type AccountOpened = Ev<'AccountOpened', { accountId: string; email: string | null; at: string }>;
export type SubscriptionStarted = Ev<'SubscriptionStarted', {
  accountId: string; planKey: string; periodStart: string; periodEnd: string; wordsPerMonth: number; at: string;
  /** Set when periods last a fixed number of days instead of a calendar month; renewals keep it. */
  periodDays?: number;
}>;
export type PeriodRenewed = Ev<'PeriodRenewed', {
  accountId: string; periodStart: string; periodEnd: string; wordsPerMonth: number; at: string;
}>;
export type SubscriptionCancelled = Ev<'SubscriptionCancelled', { accountId: string; at: string }>;
export type TopUpPurchased = Ev<'TopUpPurchased', { accountId: string; words: number; at: string }>;
/** Signed: positive adds to the top-up balance, negative draws monthly first then top-up. */
export type BalanceAdjusted = Ev<'BalanceAdjusted', { accountId: string; words: number; reason: string; at: string }>;
export type AccountSuspended = Ev<'AccountSuspended', { accountId: string; reason: SuspensionReason; at: string }>;
export type AccountReinstated = Ev<'AccountReinstated', { accountId: string; at: string }>;
/** `fromMonthly + fromTopUp === words`; the split is what a refund gives back. */
export type WordsReserved = Ev<'WordsReserved', {
  accountId: string; requestId: string; keyId: string; endpoint: Endpoint; words: number;
  inputWords: number; multiplier: number; fromMonthly: number; fromTopUp: number; periodStart: string; at: string;
}>;
export type WordsCharged = Ev<'WordsCharged', {
  accountId: string; requestId: string; keyId: string; endpoint: Endpoint; words: number;
  inputWords: number; outputWords: number; latencyMs: number; at: string;
}>;
export type WordsRefunded = Ev<'WordsRefunded', {
  accountId: string; requestId: string; keyId: string; endpoint: Endpoint; words: number;
  /** The spec error code the request ended with (AI_GENERATION_FAILED, CLIENT_CANCELLED, ...). */
  code: string; latencyMs: number; at: string;
}>;

export type AccountEvent =
  | AccountOpened | SubscriptionStarted | PeriodRenewed | SubscriptionCancelled | TopUpPurchased | BalanceAdjusted
  | AccountSuspended | AccountReinstated | WordsReserved | WordsCharged | WordsRefunded;

// ---- apikey-<keyId> ----
export type ApiKeyIssued = Ev<'ApiKeyIssued', {
  keyId: string; accountId: string; name: string; hash: string; scopes: Scope[]; allowIps: string[];
  /** Set when this key replaces a rotated one. */
  rotatedFrom: string | null; at: string;
}>;
export type ApiKeyRotated = Ev<'ApiKeyRotated', { keyId: string; accountId: string; newKeyId: string; expiresAt: string; at: string }>;
export type ApiKeyRevoked = Ev<'ApiKeyRevoked', { keyId: string; accountId: string; at: string }>;
export type ApiKeyEvent = ApiKeyIssued | ApiKeyRotated | ApiKeyRevoked;

// ---- tones-<accountId> ----
export interface ToneFields { name: string; instructions: string; description: string | null; example: string | null }
export type ToneCreated = Ev<'ToneCreated', { accountId: string; toneId: string; at: string } & ToneFields>;
export type ToneUpdated = Ev<'ToneUpdated', { accountId: string; toneId: string; changes: Partial<ToneFields>; at: string }>;
export type ToneDeleted = Ev<'ToneDeleted', { accountId: string; toneId: string; at: string }>;
export type ToneEvent = ToneCreated | ToneUpdated | ToneDeleted;

// ---- idempotency-<key> ----
export type IdempotencyKeyClaimed = Ev<'IdempotencyKeyClaimed', {
  key: string; accountId: string; keyId: string; endpoint: Endpoint; at: string;
}>;
/** `body` is the JSON response exactly as first sent (without `replayed`). */
export type IdempotentResultStored = Ev<'IdempotentResultStored', {
  key: string; status: number; body: Record<string, unknown>; at: string;
}>;
/** `reusable`: the request was refused before any work or charge, so the key may be claimed again. */
export type IdempotencyKeyReleased = Ev<'IdempotencyKeyReleased', { key: string; code: string; reusable?: boolean; at: string }>;
export type IdempotencyEvent = IdempotencyKeyClaimed | IdempotentResultStored | IdempotencyKeyReleased;

export type DomainEvent = AccountEvent | ApiKeyEvent | ToneEvent | IdempotencyEvent;
export type DomainEventType = DomainEvent['type'];
