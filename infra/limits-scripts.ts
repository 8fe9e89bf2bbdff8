/**
 * Lua scripts behind infra/limits.ts. Each runs as one EVALSHA, so a check is a single
 * round trip and atomic with respect to every other API process sharing the Redis.
 * Time comes from Redis alone (key expiry and TIME), never from the calling process.
 */

/**
 * Fixed-window counters over one or more buckets, all-or-nothing.
 *
 * KEYS[i]     counter of bucket i (all keys share a hash tag, so this also works on a cluster)
 * ARGV[1]     window length in milliseconds
 * ARGV[1 + i] limit of bucket i
 *
 * A window opens at the first counted request of a bucket and lasts ARGV[1] ms (the key's
 * PEXPIRE), so its remaining lifetime is exactly "seconds until the window resets".
 * When any bucket is full nothing is counted anywhere: a refused request costs no quota.
 *
 * Returns {allowed (0|1), bucket index (1-based), remaining, ms until reset}:
 * - refused: the full bucket that frees up last (so waiting Retry-After is enough for all);
 * - allowed: the bucket with the fewest requests left after this one.
 */
export const FIXED_WINDOW_LUA = `
local windowMs = tonumber(ARGV[1])
local counts = {}
local refused, refusedWait = 0, -1
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  local ttl = redis.call('PTTL', KEYS[i])
  if count > 0 and ttl < 0 then
    -- a counter without expiry would block forever; give it a fresh window
    redis.call('PEXPIRE', KEYS[i], windowMs)
    ttl = windowMs
  end
  counts[i] = count
  if count >= tonumber(ARGV[i + 1]) then
    local wait = ttl
    if wait < 0 then wait = windowMs end
    if wait > refusedWait then refused, refusedWait = i, wait end
  end
end
if refused > 0 then
  return {0, refused, 0, refusedWait}
end
local pick, pickRemaining = 1, nil
for i = 1, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('PEXPIRE', KEYS[i], windowMs) end
  local remaining = tonumber(ARGV[i + 1]) - count
  if pickRemaining == nil or remaining < pickRemaining then pick, pickRemaining = i, remaining end
end
return {1, pick, pickRemaining, 0}
`;

/** Redis server time in milliseconds; shared prologue of the slot scripts. */
const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * In-flight slot acquisition on a sorted set of holders scored by expiry time.
 *
 * KEYS[1] holder set; ARGV[1] max holders; ARGV[2] holder id; ARGV[3] holder ttl in ms.
 * Expired holders (a crashed process that never released) are dropped first, in the same
 * script, so they are reclaimed exactly when their ttl runs out. Acquiring again with an
 * id already holding a slot renews it rather than taking a second one.
 * The set's own expiry follows its longest-lived holder, so an idle account leaves no key.
 *
 * Returns {acquired (0|1), holders after the call}.
 */
export const ACQUIRE_SLOT_LUA = `${NOW_MS}
local key, max, member, ttl = KEYS[1], tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local held = redis.call('ZSCORE', key, member)
local count = redis.call('ZCARD', key)
if not held and count >= max then
  return {0, count}
end
redis.call('ZADD', key, now + ttl, member)
if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
if held then return {1, count} end
return {1, count + 1}
`;

/**
 * The primary rate limit and an in-flight slot in one step: the fixed window of FIXED_WINDOW_LUA
 * (one bucket), then, only when the window allowed the request, the slot of ACQUIRE_SLOT_LUA. The
 * same outcome as the two scripts run one after the other (a request refused a slot still counts
 * against the rate limit), in one round trip.
 *
 * KEYS[1] counter; KEYS[2] holder set (same hash tag); ARGV[1] window ms; ARGV[2] limit;
 * ARGV[3] max holders; ARGV[4] holder id; ARGV[5] holder ttl in ms.
 *
 * Returns {allowed (0|1), remaining, ms until reset, acquired (0|1; 0 when not allowed), holders}.
 */
export const PRIMARY_AND_SLOT_LUA = `${NOW_MS}
local windowMs, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if count > 0 and ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], windowMs)
  ttl = windowMs
end
if count >= limit then
  local wait = ttl
  if wait < 0 then wait = windowMs end
  return {0, 0, wait, 0, 0}
end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], windowMs) end
local remaining = limit - count
local key, max, member, holderTtl = KEYS[2], tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local held = redis.call('ZSCORE', key, member)
local holders = redis.call('ZCARD', key)
if not held and holders >= max then
  return {1, remaining, 0, 0, holders}
end
redis.call('ZADD', key, now + holderTtl, member)
if redis.call('PTTL', key) < holderTtl then redis.call('PEXPIRE', key, holderTtl) end
if held then return {1, remaining, 0, 1, holders} end
return {1, remaining, 0, 1, holders + 1}
`;

/**
 * Pushes a live holder's expiry to now + ttl.
 *
 * KEYS[1] holder set; ARGV[1] holder id; ARGV[2] new ttl in ms.
 * Returns 1 when renewed, 0 when the slot was already gone (expired and reclaimed, or
 * released); a lost slot is never silently re-taken, since that could exceed the maximum.
 */
export const REFRESH_SLOT_LUA = `${NOW_MS}
local key, member, ttl = KEYS[1], ARGV[1], tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if not redis.call('ZSCORE', key, member) then return 0 end
redis.call('ZADD', key, 'XX', now + ttl, member)
if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
return 1
`;
