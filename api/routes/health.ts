/** GET/HEAD /v1/health (spec 4.4, design.md): real checks with short timeouts, 200 or 503. */
import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';

export type CheckName = 'database' | 'event_store' | 'redis' | 'ai';
export type Check = () => Promise<void>;

export interface HealthDeps {
  version: string;
  adminSecret: string | null;
  checks: Record<CheckName, Check>;
  timeoutMs?: number;
  /** Runs before the checks (the per-IP limit). */
  guard?: Middleware;
}

interface CheckResult { status: 'up' | 'down'; latency_ms: number; error?: string }

async function runCheck(check: Check, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs); }),
    ]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started) };
  } catch (err: unknown) {
    return { status: 'down', latency_ms: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export function secretMatches(expected: string | null, given: string): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function healthRouter(deps: HealthDeps): Router {
  const timeoutMs = deps.timeoutMs ?? 1_500;
  const router = new Router();
  const guard: Middleware = deps.guard ?? (async (_ctx, next) => next());
  router.get('/v1/health', guard, async (ctx) => {
    const names = Object.keys(deps.checks) as CheckName[];
    const results = await Promise.all(names.map((n) => runCheck(deps.checks[n], timeoutMs)));
    const services = Object.fromEntries(names.map((n, i) => [n, results[i]])) as Record<CheckName, CheckResult>;
    const status = services.database.status === 'down' || services.event_store.status === 'down'
      ? 'unhealthy'
      : services.redis.status === 'down' || services.ai.status === 'down' ? 'degraded' : 'healthy';
    ctx.status = status === 'healthy' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status,
      timestamp: new Date().toISOString(),
      version: deps.version,
      ...(secretMatches(deps.adminSecret, ctx.get('X-Admin-Secret')) ? { services } : {}),
    };
  });
  return router;
}
