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
    if (checked) ctx.set(rateLimitHeaders(checked.rate));
    if (checked && !checked.rate.allowed) refuse(checked.rate);
    if (checked?.slot && !checked.slot.acquired) {
      throw new ApiError('CONCURRENT_LIMIT', `At most ${plan.concurrentRequests} humanize/detect requests may be in flight; wait for one to finish.`);
    }
    try {
      await next();
    } finally {
      if (checked) await limiter.releaseSlot(accountId, slotId).catch(() => {});
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
