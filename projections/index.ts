/** Every projection the service keeps, in one list for the runner and the rebuild command. */
import { accountsProjection } from './accounts.js';
import { apiKeysProjection } from './api-keys.js';
import { createBalancesProjection } from './balances.js';
import { idempotencyKeysProjection } from './idempotency.js';
import { usageProjection } from './usage.js';
import { usageHistoryProjection } from './usage-history.js';
import type { Projection } from './projection.js';

export function allProjections(): Projection[] {
  return [accountsProjection, apiKeysProjection, createBalancesProjection(), usageProjection, idempotencyKeysProjection, usageHistoryProjection];
}
