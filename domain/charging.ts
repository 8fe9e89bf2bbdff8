/**
 * Charging rules of spec 4.1: words_charged = input_words x multiplier, where the multiplier is the
 * effective best_of fan-out after mode floors. Output length never affects the charge.
 */
import { DomainError } from './error-codes.js';
import type { Mode } from './options.js';
import type { Plan } from './plans.js';

export const BEST_OF_MIN = 1;
export const BEST_OF_MAX = 5;
/** Ultra always runs a 3-candidate pipeline; aggressive defaults to it. */
export const ULTRA_FANOUT = 3;
/** Detection is charged input_words x 1. */
export const DETECT_MULTIPLIER = 1;

export interface ChargingPlan {
  multiplier: number;
  /** Reported as best_of_used. */
  bestOfUsed: number;
}

/** Throws INVALID_BEST_OF unless `bestOf` is omitted or an integer 1-5. */
export function assertValidBestOf(bestOf: unknown): asserts bestOf is number | undefined {
  if (bestOf === undefined) return;
  if (typeof bestOf !== 'number' || !Number.isInteger(bestOf) || bestOf < BEST_OF_MIN || bestOf > BEST_OF_MAX) {
    throw new DomainError('INVALID_BEST_OF', `best_of must be an integer from ${BEST_OF_MIN} to ${BEST_OF_MAX}`);
  }
}

/** Throws BEST_OF_NOT_AVAILABLE when best_of exceeds the plan's maximum; checked in every mode, ultra included. */
export function assertBestOfAllowed(bestOf: number | undefined, plan: Pick<Plan, 'maxBestOf' | 'name'>): void {
  if (bestOf !== undefined && bestOf > plan.maxBestOf) {
    throw new DomainError('BEST_OF_NOT_AVAILABLE', `best_of above ${plan.maxBestOf} needs the Scale plan (this account is on ${plan.name})`);
  }
}

/**
 * standard/academic/enhanced: best_of (default 1). ultra: always 3, whatever valid best_of is sent.
 * aggressive: 3 when best_of is omitted, else the explicit best_of.
 */
export function chargingPlan(request: { mode: Mode; bestOf: number | undefined }): ChargingPlan {
  const { mode, bestOf } = request;
  assertValidBestOf(bestOf);
  let fanout: number;
  switch (mode) {
    case 'standard': case 'academic': case 'enhanced': fanout = bestOf ?? 1; break;
    case 'ultra': fanout = ULTRA_FANOUT; break;
    case 'aggressive': fanout = bestOf ?? ULTRA_FANOUT; break;
    default: { const unknown: never = mode; throw new DomainError('INVALID_MODE', `unknown mode ${String(unknown)}`); }
  }
  return { multiplier: fanout, bestOfUsed: fanout };
}

export function wordsToCharge(inputWords: number, multiplier: number): number {
  return inputWords * multiplier;
}
