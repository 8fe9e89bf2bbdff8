import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/**
 * Gives every request a server-generated id, sent as X-Request-Id on every response. The idempotency
 * middleware later replaces it with the Idempotency-Key on humanize and detect.
 */
export function requestId(): Middleware {
  return async function assignRequestId(ctx, next) {
    ctx.state.requestId = randomUUID();
    ctx.state.startedAt = performance.now();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}

export function setRequestId(ctx: Parameters<Middleware>[0], id: string): void {
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
}
