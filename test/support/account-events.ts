/** Event builders for account-stream tests: defaults for the fields a test does not care about. */
import type {
  AccountOpened, AccountSuspended, SubscriptionCancelled, SubscriptionStarted, SuspensionReason, TopUpPurchased,
  WordsCharged, WordsRefunded, WordsReserved,
} from '../../domain/events.js';

export const ACCOUNT = 'acc-1';
export const KEY = 'key-1';
/** A 31st, in a leap year: month arithmetic must clamp (Feb 29) without drifting (Mar 31). */
export const T0 = '2024-01-31T10:00:00.000Z';
export const P1_END = '2024-02-29T10:00:00.000Z';

export const opened = (at = T0): AccountOpened => ({ type: 'AccountOpened', data: { accountId: ACCOUNT, email: 'a@example.com', at } });

export const subscribed = (wordsPerMonth = 1_000_000, periodStart = T0, periodEnd = P1_END, planKey = 'api_growth'): SubscriptionStarted => ({
  type: 'SubscriptionStarted', data: { accountId: ACCOUNT, planKey, periodStart, periodEnd, wordsPerMonth, at: periodStart },
});

export const toppedUp = (words: number, at = T0): TopUpPurchased => ({ type: 'TopUpPurchased', data: { accountId: ACCOUNT, words, at } });

export const suspended = (reason: SuspensionReason, at = T0): AccountSuspended => ({ type: 'AccountSuspended', data: { accountId: ACCOUNT, reason, at } });

export const cancelled = (at = T0): SubscriptionCancelled => ({ type: 'SubscriptionCancelled', data: { accountId: ACCOUNT, at } });

export function reserved(requestId: string, words: number, fromMonthly = words, periodStart = T0, at = T0, multiplier = 1): WordsReserved {
  return {
    type: 'WordsReserved',
    data: {
      accountId: ACCOUNT, requestId, keyId: KEY, endpoint: 'humanize', words, inputWords: words / multiplier, multiplier,
      fromMonthly, fromTopUp: words - fromMonthly, periodStart, at,
    },
  };
}

export function charged(requestId: string, words: number, at = T0, multiplier = 1): WordsCharged {
  return {
    type: 'WordsCharged',
    data: { accountId: ACCOUNT, requestId, keyId: KEY, endpoint: 'humanize', words, inputWords: words / multiplier, outputWords: 30, latencyMs: 120, at },
  };
}

export function refunded(requestId: string, words: number, at = T0): WordsRefunded {
  return {
    type: 'WordsRefunded',
    data: { accountId: ACCOUNT, requestId, keyId: KEY, endpoint: 'humanize', words, code: 'AI_GENERATION_FAILED', latencyMs: 90, at },
  };
}
