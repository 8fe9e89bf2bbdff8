/** Redis connections. Commands fail fast when Redis is down instead of queueing without bound. */
import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

export function createRedis(url: string, overrides: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
    ...overrides,
  });
  // Connection errors are reported through failed commands and health; an unhandled 'error' event would crash.
  redis.on('error', () => {});
  return redis;
}

/** Options BullMQ requires of its connections (blocking commands must not time out or be retried). */
export function bullConnection(url: string): Redis {
  return createRedis(url, { maxRetriesPerRequest: null, commandTimeout: undefined, enableOfflineQueue: true });
}
