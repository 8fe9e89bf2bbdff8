/** Billing-period arithmetic in UTC. Pure: the current time is always passed in. */
import { DomainError } from './error-codes.js';

const DAY_MS = 86_400_000;

/** Parses an ISO 8601 instant, refusing anything Date cannot read. */
export function instantOf(iso: string, field = 'now'): number {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms)) throw new DomainError('VALIDATION_FAILED', `${field} must be an ISO 8601 timestamp`);
  return ms;
}

export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * `iso` plus `months` calendar months; a day past the end of the target month is clamped to its last
 * day (31 Jan + 1 month = 28/29 Feb). Periods are always computed from the subscription's anchor, so
 * the clamping never drifts the billing day.
 */
export function addMonths(iso: string, months: number): string {
  const d = new Date(instantOf(iso, 'date'));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoOf(Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

/** How long a billing period is: a calendar month, or a fixed number of days. */
export type PeriodLength = { unit: 'month' } | { unit: 'days'; days: number };

/** Start of the `index`-th period after `anchor` (index 0 is the first period). */
export function periodBoundary(anchor: string, length: PeriodLength, index: number): string {
  return length.unit === 'month' ? addMonths(anchor, index) : isoOf(instantOf(anchor, 'anchor') + index * length.days * DAY_MS);
}

/** The period, counted from `anchor`, that contains `now` (now ≥ anchor). */
export function periodContaining(anchor: string, length: PeriodLength, now: string): { periodStart: string; periodEnd: string } {
  const at = instantOf(now);
  let index = 0;
  if (length.unit === 'days') {
    index = Math.max(0, Math.floor((at - instantOf(anchor, 'anchor')) / (length.days * DAY_MS)));
  } else {
    // Start from a close estimate, then correct: months differ in length.
    const a = new Date(instantOf(anchor, 'anchor'));
    const n = new Date(at);
    index = Math.max(0, (n.getUTCFullYear() - a.getUTCFullYear()) * 12 + n.getUTCMonth() - a.getUTCMonth() - 1);
    while (index > 0 && instantOf(periodBoundary(anchor, length, index), 'date') > at) index--;
  }
  while (instantOf(periodBoundary(anchor, length, index + 1), 'date') <= at) index++;
  return { periodStart: periodBoundary(anchor, length, index), periodEnd: periodBoundary(anchor, length, index + 1) };
}
