/** `--check`: validates configuration and connectivity (database, event store, Redis, AI provider), then exits. */
import type { Config } from '../infra/config.js';
import type { Logger } from '../infra/logger.js';
import { createRedis } from '../infra/redis.js';
import { createEngines } from '../workers/engines/index.js';
import { openBackends } from './backends.js';

export async function checkConnectivity(config: Config, logger: Logger): Promise<string[]> {
  const problems: string[] = [];
  try {
    const backends = await openBackends(config, logger, 3);
    await backends.store.ping().catch((err: unknown) => problems.push(`event store: ${String(err)}`));
    await backends.close();
  } catch (err: unknown) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  const redis = createRedis(config.redisUrl, { lazyConnect: true, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err: unknown) {
    problems.push(`REDIS_URL: Redis unreachable at ${config.redisUrl} (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    redis.disconnect();
  }
  const engines = createEngines({ aiProvider: config.aiProvider, detectProvider: config.detectProvider, openai: config.openai, timeoutMs: config.aiTimeoutMs });
  try {
    await engines.ping(AbortSignal.timeout(5_000));
    const detector = await engines.checkDetector(AbortSignal.timeout(5_000));
    if (!detector.ok) problems.push(`DETECT_PROVIDER: ${detector.reason}`);
  } catch (err: unknown) {
    problems.push(`OPENAI_BASE_URL: AI provider unreachable (${err instanceof Error ? err.message : String(err)})`);
  }
  return problems;
}
