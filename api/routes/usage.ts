/**
 * GET /v1/usage (and HEAD, which Koa answers from GET with the same status and no body): plan, balance,
 * calling key and statistics (spec 2.5, 4.3). Charges no words. The balance comes from the account's
 * stream through the ledger (the read side for decisions), so a request settled a moment ago already
 * shows; only `stats` comes from a projection, and when that lookup fails or is slow the answer is
 * still 200 with `stats: null` and `degraded: true`.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { balanceOf, type AccountState } from '../../domain/account.js';
import type { Logger } from '../../infra/logger.js';
import type { UsageStats } from '../../projections/usage.js';
import type { Principal } from '../middleware/auth.js';

export interface UsageRoutesDeps {
  /** Body, auth and the secondary rate limit, as the composition root chains them. */
  edge: Middleware[];
  ledger: { state(accountId: string): Promise<AccountState> };
  stats: (accountId: string) => Promise<UsageStats>;
  now?: () => Date;
  /** Past this the statistics count as failed (default 2000 ms). */
  statsTimeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function usageRouter(deps: UsageRoutesDeps): Router {
  const router = new Router();
  const now = deps.now ?? (() => new Date());
  const statsTimeoutMs = deps.statsTimeoutMs ?? 2_000;

  router.get('/v1/usage', ...deps.edge, async (ctx) => {
    const { accountId, keyId, keyName, scopes, plan } = ctx.state.principal as Principal;
    const statsLookup = withTimeout(deps.stats(accountId), statsTimeoutMs).then(
      (stats): UsageStats | null => stats,
      (err: unknown) => {
        deps.logger?.warn({ err: err instanceof Error ? err.message : String(err), accountId }, 'usage statistics unavailable');
        return null;
      },
    );
    const [state, stats] = await Promise.all([deps.ledger.state(accountId), statsLookup]);
    // With `now`, a period that ended without a renewal appended yet shows as it will be once renewed.
    const balance = balanceOf(state, now().toISOString());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      plan: {
        key: plan.key,
        slug: plan.slug,
        name: plan.name,
        words_per_month: plan.wordsPerMonth,
        max_words_per_request: plan.maxWordsPerRequest,
        requests_per_minute: plan.requestsPerMinute,
        allowed_modes: [...plan.allowedModes],
        streaming_enabled: plan.streamingEnabled,
        detection_enabled: plan.detectionEnabled,
      },
      usage: {
        words_used: balance.wordsUsed,
        words_remaining: balance.total,
        words_limit: balance.wordsLimit,
        topup_words_remaining: balance.topUpRemaining,
        requests_this_period: balance.requestsThisPeriod,
        period_end: balance.periodEnd,
      },
      stats,
      ...(stats === null ? { degraded: true } : {}),
      key: { id: keyId, name: keyName, scopes: [...scopes] },
    };
  });
  return router;
}
