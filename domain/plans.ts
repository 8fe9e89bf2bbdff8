/** Plans and limits as data (spec section 8). */
import type { Endpoint, PlanSlug } from './events.js';
import { MODES, type Mode } from './options.js';

export interface Plan {
  key: string;
  slug: PlanSlug;
  name: string;
  wordsPerMonth: number;
  maxWordsPerRequest: number;
  requestsPerMinute: number;
  concurrentRequests: number;
  maxApiKeys: number;
  maxCustomTones: number;
  maxBestOf: number;
  secondaryRequestsPerMinute: number;
  toneWritesPerMinute: number;
  allowedModes: readonly Mode[];
  allowedEndpoints: readonly Endpoint[];
  streamingEnabled: boolean;
  detectionEnabled: boolean;
}

export const PLANS: Readonly<Record<string, Plan>> = {
  api_growth: {
    key: 'api_growth', slug: 'growth', name: 'Growth',
    wordsPerMonth: 1_000_000, maxWordsPerRequest: 5_000, requestsPerMinute: 60, concurrentRequests: 10,
    maxApiKeys: 5, maxCustomTones: 10, maxBestOf: 3, secondaryRequestsPerMinute: 60, toneWritesPerMinute: 10,
    allowedModes: MODES, allowedEndpoints: ['humanize', 'detect'], streamingEnabled: true, detectionEnabled: true,
  },
  api_scale: {
    key: 'api_scale', slug: 'scale', name: 'Scale',
    wordsPerMonth: 3_000_000, maxWordsPerRequest: 10_000, requestsPerMinute: 200, concurrentRequests: 30,
    maxApiKeys: 15, maxCustomTones: 50, maxBestOf: 5, secondaryRequestsPerMinute: 60, toneWritesPerMinute: 10,
    allowedModes: MODES, allowedEndpoints: ['humanize', 'detect'], streamingEnabled: true, detectionEnabled: true,
  },
};

export const PLAN_KEY_BY_SLUG: Readonly<Record<PlanSlug, string>> = { growth: 'api_growth', scale: 'api_scale' };

/** Looks a plan up; `extra` lets tests and operators add plans (e.g. a fixture lacking a feature). */
export function findPlan(planKey: string, extra: Readonly<Record<string, Plan>> = {}): Plan | undefined {
  return extra[planKey] ?? PLANS[planKey];
}

export const MIN_WORDS = 20;
export const BODY_LIMIT_BYTES = 128 * 1024;
export const FREEZE_WORDS_MAX = 100;
export const FREEZE_WORD_MAX_CHARS = 100;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,128}$/;
export const HEALTH_REQUESTS_PER_MINUTE = 60;
/** design.md: credits_low when the balance after the reservation is under 10% of the monthly allowance. */
export const CREDITS_LOW_FRACTION = 0.1;
