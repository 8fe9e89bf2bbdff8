/**
 * Request limits of spec section 8, shared by every API process through Redis.
 *
 * Rate limits are fixed 60-second windows per bucket: a window opens at the bucket's first
 * counted request and its counter expires with it. This matches the headers of section 8
 * rule 3 exactly ("requests left in the current window", "seconds until the window
 * resets"), which a sliding window cannot state. The known cost of a fixed window is that a
 * client may fit up to 2x the cap into any 60 seconds straddling a reset.
 *
 * Every check is one EVALSHA (ioredis `defineCommand`, falling back to EVAL after a script
 * flush), atomic across processes. All timing is Redis's own (key expiry, TIME), so API
 * hosts with skewed clocks agree.
 *
 * Failure: when Redis cannot answer, every method rejects with LimiterUnavailableError
 * (how quickly depends on the client's `enableOfflineQueue` / `commandTimeout` /
 * `maxRetriesPerRequest`). The HTTP layer is expected to fail open: log a warning and let
 * the request through without rate-limit headers.
 */
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import { ACQUIRE_SLOT_LUA, FIXED_WINDOW_LUA, PRIMARY_AND_SLOT_LUA, REFRESH_SLOT_LUA } from './limits-scripts.js';

/** Which counter a result describes (`X-RateLimit-Limit` is that bucket's cap). */
export type LimitBucket = 'primary' | 'secondary' | 'tone_writes' | 'health';

/** Outcome of one rate-limit check, already in header units (whole seconds). */
export interface RateLimitResult {
  allowed: boolean;
  bucket: LimitBucket;
  /** Cap of the bucket applied: `X-RateLimit-Limit`. */
  limit: number;
  /** Requests left in the current window after this one: `X-RateLimit-Remaining`. */
  remaining: number;
  /** Seconds until the window resets: `X-RateLimit-Reset`; 0 while within the limit. */
  resetSeconds: number;
  /** `Retry-After`: at least 1 when refused, 0 when allowed. */
  retryAfterSeconds: number;
}

/** Outcome of an in-flight slot request. */
export interface SlotResult {
  acquired: boolean;
  /** Maximum in-flight requests for the account. */
  limit: number;
  /** Holders after the call (including this one when acquired). */
  inFlight: number;
}

export interface LimiterOptions {
  redis: Redis;
  /** Namespace of every key (e.g. `hz:`); tests use a fresh one each. */
  prefix: string;
  /** Rate-limit window length; 60 in production, shorter only in tests. */
  windowSeconds?: number;
}

export interface Limiter {
  /** Primary RPM per account, humanize + detect (plan requestsPerMinute). */
  primary(accountId: string, rpm: number): Promise<RateLimitResult>;
  /**
   * primary() and, when it allows the request, acquireSlot() in one atomic round trip: the same
   * outcome as calling them one after the other. `slot` is null when the rate limit refused.
   */
  primaryWithSlot(accountId: string, rpm: number, max: number, requestId: string, ttlMs: number): Promise<{ rate: RateLimitResult; slot: SlotResult | null }>;
  /**
   * The primary window as it stands, without counting a request: for the headers of a humanize/detect
   * request refused before the limiter (scope, IP allowlist, account state). `allowed` says whether a
   * request would be let through now.
   */
  peekPrimary(accountId: string, rpm: number): Promise<RateLimitResult>;
  /** Secondary RPM per account, usage + tones sharing one bucket. */
  secondary(accountId: string, rpm: number): Promise<RateLimitResult>;
  /** Tone writes (POST/PUT/DELETE) per minute, this bucket alone. */
  toneWrites(accountId: string, perMinute: number): Promise<RateLimitResult>;
  /**
   * A tone write against both of its buckets in one atomic step: refused when either is
   * full, and then neither is counted. Use this, not secondary() + toneWrites(), on
   * POST/PUT/DELETE /v1/tones.
   */
  secondaryAndToneWrites(accountId: string, secondaryRpm: number, toneWritesPerMinute: number): Promise<RateLimitResult>;
  /** Health checks per client IP (IPv4-mapped IPv6 counts as the IPv4 address). */
  healthByIp(ip: string, rpm: number): Promise<RateLimitResult>;
  /**
   * Takes one of `max` in-flight slots for `requestId`, held until released or until
   * `ttlMs` passes without a refresh (so a crashed process frees its slots). Taking it again
   * with the same id renews it.
   */
  acquireSlot(accountId: string, max: number, requestId: string, ttlMs: number): Promise<SlotResult>;
  /** Extends a held slot to now + ttlMs; false when the slot was already lost. */
  refreshSlot(accountId: string, requestId: string, ttlMs: number): Promise<boolean>;
  /** Frees the slot; idempotent. True when this call freed it. */
  releaseSlot(accountId: string, requestId: string): Promise<boolean>;
}

/** Redis could not answer a limit check; `cause` holds the client error. */
export class LimiterUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`rate limiter unavailable during ${operation}`, { cause });
    this.name = 'LimiterUnavailableError';
  }
}

/**
 * Section 8 rule 3 headers for a result. Retry-After is on every refusal; with `retryAfter: 'always'`
 * (humanize and detect, where the rule lists it among the headers of successes and errors alike) also
 * on an allowed request, as 0.
 */
export function rateLimitHeaders(result: RateLimitResult, retryAfter: 'refused' | 'always' = 'refused'): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(result.limit),
    'X-RateLimit-Remaining': String(result.remaining),
    'X-RateLimit-Reset': String(result.resetSeconds),
  };
  if (!result.allowed || retryAfter === 'always') headers['Retry-After'] = String(result.retryAfterSeconds);
  return headers;
}

// Names are distinctive because defineCommand adds methods to a Redis instance others share.
const FIXED_WINDOW = 'hzLimitFixedWindow';
const ACQUIRE_SLOT = 'hzLimitAcquireSlot';
const REFRESH_SLOT = 'hzLimitRefreshSlot';
const PRIMARY_AND_SLOT = 'hzLimitPrimaryAndSlot';

type Reply = Array<number>;
interface LimitCommands {
  [FIXED_WINDOW](keyCount: number, ...keysThenArgs: Array<string | number>): Promise<Reply>;
  [ACQUIRE_SLOT](key: string, max: number, member: string, ttlMs: number): Promise<Reply>;
  [REFRESH_SLOT](key: string, member: string, ttlMs: number): Promise<number>;
  [PRIMARY_AND_SLOT](counter: string, slots: string, windowMs: number, limit: number, max: number, member: string, ttlMs: number): Promise<Reply>;
}

interface BucketCheck { bucket: LimitBucket; key: string; limit: number }

export function createLimiter(options: LimiterOptions): Limiter {
  const { redis, prefix } = options;
  const windowSeconds = options.windowSeconds ?? 60;
  if (!(windowSeconds > 0)) throw new RangeError('windowSeconds must be positive');
  const windowMs = Math.max(1, Math.round(windowSeconds * 1000));

  // Redefining is harmless (same name, same script), so several limiters may share a client.
  redis.defineCommand(FIXED_WINDOW, { lua: FIXED_WINDOW_LUA });
  redis.defineCommand(ACQUIRE_SLOT, { lua: ACQUIRE_SLOT_LUA, numberOfKeys: 1 });
  redis.defineCommand(REFRESH_SLOT, { lua: REFRESH_SLOT_LUA, numberOfKeys: 1 });
  redis.defineCommand(PRIMARY_AND_SLOT, { lua: PRIMARY_AND_SLOT_LUA, numberOfKeys: 2 });
  const commands = redis as unknown as LimitCommands;

  // The {…} hash tag keeps one owner's buckets on one cluster slot, which the
  // multi-bucket script needs; on a single node it is just part of the name.
  const accountKey = (accountId: string, bucket: string) => `${prefix}limit:{acct:${accountId}}:${bucket}`;

  async function check(operation: string, buckets: readonly BucketCheck[]): Promise<RateLimitResult> {
    for (const b of buckets) requirePositiveInteger(`${b.bucket} limit`, b.limit);
    let reply: Reply;
    try {
      reply = await commands[FIXED_WINDOW](
        buckets.length, ...buckets.map((b) => b.key), windowMs, ...buckets.map((b) => b.limit),
      );
    } catch (err: unknown) {
      throw new LimiterUnavailableError(operation, err);
    }
    const [allowed, index, remaining, waitMs] = reply.map(Number) as [number, number, number, number];
    const applied = buckets[index - 1];
    if (applied === undefined) throw new LimiterUnavailableError(operation, new Error(`bad script reply ${String(reply)}`));
    if (allowed === 1) {
      return { allowed: true, bucket: applied.bucket, limit: applied.limit, remaining, resetSeconds: 0, retryAfterSeconds: 0 };
    }
    const wait = Math.max(1, Math.ceil(waitMs / 1000));
    return { allowed: false, bucket: applied.bucket, limit: applied.limit, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait };
  }

  const slotKey = (accountId: string) => accountKey(accountId, 'inflight');

  return {
    primary: (accountId, rpm) =>
      check('primary', [{ bucket: 'primary', key: accountKey(accountId, 'primary'), limit: rpm }]),
    async primaryWithSlot(accountId, rpm, max, requestId, ttlMs) {
      requirePositiveInteger('primary limit', rpm);
      requirePositiveInteger('max', max);
      requirePositiveInteger('ttlMs', ttlMs);
      let reply: Reply;
      try {
        reply = await commands[PRIMARY_AND_SLOT](accountKey(accountId, 'primary'), slotKey(accountId), windowMs, rpm, max, requestId, ttlMs);
      } catch (err: unknown) {
        throw new LimiterUnavailableError('primaryWithSlot', err);
      }
      const [allowed, remaining, waitMs, acquired, holders] = reply.map(Number) as [number, number, number, number, number];
      if (allowed !== 1) {
        const wait = Math.max(1, Math.ceil(waitMs / 1000));
        return { rate: { allowed: false, bucket: 'primary', limit: rpm, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait }, slot: null };
      }
      return {
        rate: { allowed: true, bucket: 'primary', limit: rpm, remaining, resetSeconds: 0, retryAfterSeconds: 0 },
        slot: { acquired: acquired === 1, limit: max, inFlight: holders },
      };
    },
    async peekPrimary(accountId, rpm) {
      requirePositiveInteger('primary limit', rpm);
      const key = accountKey(accountId, 'primary');
      let count: number;
      let ttl: number;
      try {
        const replies = await redis.multi().get(key).pttl(key).exec();
        if (!replies) throw new Error('transaction aborted');
        for (const [err] of replies) if (err) throw err;
        count = Number(replies[0]?.[1] ?? 0) || 0;
        ttl = Number(replies[1]?.[1] ?? -2);
      } catch (err: unknown) {
        throw new LimiterUnavailableError('peekPrimary', err);
      }
      if (count < rpm) return { allowed: true, bucket: 'primary', limit: rpm, remaining: rpm - count, resetSeconds: 0, retryAfterSeconds: 0 };
      const wait = Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000));
      return { allowed: false, bucket: 'primary', limit: rpm, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait };
    },
    secondary: (accountId, rpm) =>
      check('secondary', [{ bucket: 'secondary', key: accountKey(accountId, 'secondary'), limit: rpm }]),
    toneWrites: (accountId, perMinute) =>
      check('toneWrites', [{ bucket: 'tone_writes', key: accountKey(accountId, 'tone_writes'), limit: perMinute }]),
    secondaryAndToneWrites: (accountId, secondaryRpm, toneWritesPerMinute) =>
      check('secondaryAndToneWrites', [
        { bucket: 'secondary', key: accountKey(accountId, 'secondary'), limit: secondaryRpm },
        { bucket: 'tone_writes', key: accountKey(accountId, 'tone_writes'), limit: toneWritesPerMinute },
      ]),
    healthByIp: (ip, rpm) =>
      check('healthByIp', [{ bucket: 'health', key: `${prefix}limit:{ip:${normalizeIp(ip)}}:health`, limit: rpm }]),

    async acquireSlot(accountId, max, requestId, ttlMs) {
      requirePositiveInteger('max', max);
      requirePositiveInteger('ttlMs', ttlMs);
      let reply: Reply;
      try {
        reply = await commands[ACQUIRE_SLOT](slotKey(accountId), max, requestId, ttlMs);
      } catch (err: unknown) {
        throw new LimiterUnavailableError('acquireSlot', err);
      }
      return { acquired: Number(reply[0]) === 1, limit: max, inFlight: Number(reply[1]) };
    },

    async refreshSlot(accountId, requestId, ttlMs) {
      requirePositiveInteger('ttlMs', ttlMs);
      try {
        return Number(await commands[REFRESH_SLOT](slotKey(accountId), requestId, ttlMs)) === 1;
      } catch (err: unknown) {
        throw new LimiterUnavailableError('refreshSlot', err);
      }
    },

    async releaseSlot(accountId, requestId) {
      try {
        return (await redis.zrem(slotKey(accountId), requestId)) === 1;
      } catch (err: unknown) {
        throw new LimiterUnavailableError('releaseSlot', err);
      }
    },
  };
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** One client, one bucket: `::ffff:1.2.3.4` and `1.2.3.4` are the same caller. */
function normalizeIp(ip: string): string {
  try {
    return ipaddr.process(ip).toString();
  } catch {
    return ip;
  }
}
