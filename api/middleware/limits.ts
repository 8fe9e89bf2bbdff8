/**
 * Plan rate limits at the edge (spec section 8), through the shared Redis limiter. Limits fail open when
 * Redis is unreachable (logged): refusing every paid request during a cache outage is the worse failure.
 */
import type { Middleware } from 'koa';
import { LimiterUnavailableError, rateLimitHeaders, type Limiter, type RateLimitResult } from '../../infra/limits.js';
import type { Logger } from '../../infra/logger.js';
import { ApiError } from '../problem.js';
import type { Principal } from './auth.js';

async function failOpen(logger: Logger, check: () => Promise<RateLimitResult>): Promise<RateLimitResult | null> {
  try {
    return await check();
  } catch (err: unknown) {
    if (!(err instanceof LimiterUnavailableError)) throw err;
    logger.warn({ err: err.message }, 'rate limiter unavailable; request let through');
    return null;
  }
}

function refuse(result: RateLimitResult): never {
  throw new ApiError('RATE_LIMITED', `Rate limit of ${result.limit} requests per minute reached; retry in ${result.retryAfterSeconds} s.`);
}

/** Primary RPM and in-flight concurrency (humanize, detect), in one Redis round trip; headers on success and error. */
export function primaryLimits(limiter: Limiter, logger: Logger, slotTtlMs: number): Middleware {
  return async function applyPrimaryLimits(ctx, next) {
    const { accountId, plan } = ctx.state.principal as Principal;
    const slotId = String(ctx.state.requestId) + ':' + Math.random().toString(36).slice(2);
    let checked: Awaited<ReturnType<Limiter['primaryWithSlot']>> | null;
    try {
      checked = await limiter.primaryWithSlot(accountId, plan.requestsPerMinute, plan.concurrentRequests, slotId, slotTtlMs);
    } catch (err: unknown) {
      if (!(err instanceof LimiterUnavailableError)) throw err;
      logger.warn({ err: err.message }, 'rate limiter unavailable; request let through');
      checked = null;
    }
    if (checked) ctx.set(rateLimitHeaders(checked.rate, 'always'));
    if (checked && !checked.rate.allowed) refuse(checked.rate);
    if (checked?.slot && !checked.slot.acquired) {
      // Within the rate limit, so Retry-After would say 0; a slot frees when a request finishes.
      ctx.set('Retry-After', '1');
      throw new ApiError('CONCURRENT_LIMIT', `At most ${plan.concurrentRequests} humanize/detect requests may be in flight; wait for one to finish.`);
    }
    try {
      await next();
    } finally {
      if (checked) await limiter.releaseSlot(accountId, slotId).catch(() => {});
    }
  };
}

/** Who a humanize/detect request counts against, once its key is known (set by authentication). */
export interface LimitOwner { accountId: string; requestsPerMinute: number }

/**
 * Humanize and detect carry the rate-limit headers on every error from a known key, including the
 * refusals that come before primaryLimits: those show the window as it stands, without counting the
 * request. Mounted first on the route. A refusal before authentication (a body that is too large, not
 * JSON or not declared as JSON) has no account yet, so `identify` (the authentication middleware) is run
 * for it on its own; it records the account in `ctx.state.limitOwner` once the key is found, and whatever
 * it throws is ignored, since the first refusal is the answer.
 */
export function primaryHeadersOnEarlyRefusal(limiter: Limiter, logger: Logger, identify: Middleware): Middleware {
  return async function peekPrimaryOnRefusal(ctx, next) {
    try {
      await next();
    } catch (err: unknown) {
      if (!ctx.response.get('X-RateLimit-Limit')) {
        if (!ctx.state.limitOwner && !ctx.state.principal) await Promise.resolve(identify(ctx, async () => {})).catch(() => {});
        const owner = ctx.state.limitOwner as LimitOwner | undefined;
        // Best effort: the refusal is what the client needs, with or without the headers.
        const state = owner
          ? await failOpen(logger, () => limiter.peekPrimary(owner.accountId, owner.requestsPerMinute)).catch(() => null)
          : null;
        if (state) ctx.set(rateLimitHeaders(state, 'always'));
      }
      throw err;
    }
  };
}

/** The secondary bucket (usage + tones) and, for tone writes, the tone-write bucket; headers only on 429. */
export function secondaryLimits(limiter: Limiter, logger: Logger, toneWrite: boolean): Middleware {
  return async function applySecondaryLimits(ctx, next) {
    const { accountId, plan } = ctx.state.principal as Principal;
    const result = await failOpen(logger, () => toneWrite
      ? limiter.secondaryAndToneWrites(accountId, plan.secondaryRequestsPerMinute, plan.toneWritesPerMinute)
      : limiter.secondary(accountId, plan.secondaryRequestsPerMinute));
    if (result && !result.allowed) {
      ctx.set(rateLimitHeaders(result));
      refuse(result);
    }
    await next();
  };
}

/** Health per client IP. */
export function healthLimit(limiter: Limiter, logger: Logger, perMinute: number, ipOf: (ctx: Parameters<Middleware>[0]) => string): Middleware {
  return async function applyHealthLimit(ctx, next) {
    const result = await failOpen(logger, () => limiter.healthByIp(ipOf(ctx), perMinute));
    if (result && !result.allowed) {
      ctx.set(rateLimitHeaders(result));
      refuse(result);
    }
    await next();
  };
}
