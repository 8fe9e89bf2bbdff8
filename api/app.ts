/**
 * The Koa application: request id → problem handler → access log → routes → 404/405. Route-specific
 * middleware (body, auth, scope, limits, idempotency, validation) is mounted per route by each router,
 * so an unknown path or a wrong method is answered before any of it runs.
 */
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from '../infra/logger.js';
import { requestId } from './middleware/request-id.js';
import { ApiError, problemHandler } from './problem.js';
import type { Principal } from './middleware/auth.js';

export interface AppOptions {
  docsUrl: string;
  logger: Logger;
  routers: Router[];
  /** Served over TLS: every response carries Strict-Transport-Security. */
  hsts?: boolean;
  /** Called once per finished request (metrics). */
  onRequestDone?: (info: RequestLog) => void;
}

export interface RequestLog {
  requestId: string;
  method: string;
  route: string;
  status: number;
  code: string | null;
  latencyMs: number;
  accountId: string | null;
  keyId: string | null;
  wordsCharged: number | null;
}

/** The de facto status of a request whose client went away (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

export function createApp(options: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestId());
  if (options.hsts) {
    app.use(async function strictTransportSecurity(ctx, next) {
      ctx.set('Strict-Transport-Security', 'max-age=31536000');
      await next();
    });
  }
  app.use(async function accessLog(ctx, next) {
    // A client that closed its connection before the answer was complete is logged and counted as 499,
    // whatever status was set for it, so disconnects do not pass for server errors.
    let clientGone = false;
    ctx.res.once('close', () => { if (!ctx.res.writableFinished) clientGone = true; });
    try {
      await next();
    } finally {
      const finish = () => {
        const principal = ctx.state.principal as Principal | undefined;
        const info: RequestLog = {
          requestId: String(ctx.state.requestId),
          method: ctx.method,
          route: (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched',
          status: clientGone || (ctx.res.destroyed && !ctx.res.writableFinished) ? CLIENT_CLOSED_REQUEST : ctx.state.streamStatus ?? ctx.status,
          code: (ctx.state.errorCode as string | undefined) ?? null,
          latencyMs: Math.round(performance.now() - (ctx.state.startedAt as number)),
          accountId: principal?.accountId ?? null,
          keyId: principal?.keyId ?? null,
          wordsCharged: (ctx.state.wordsCharged as number | undefined) ?? null,
        };
        options.logger.info(info, 'request');
        options.onRequestDone?.(info);
      };
      if (ctx.respond === false && !ctx.res.writableEnded) ctx.res.once('close', finish);
      else finish();
    }
  });
  app.use(problemHandler(options.docsUrl, options.logger));
  const methods = ['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE'];
  for (const router of options.routers) {
    app.use(router.routes());
  }
  // One router that knows every path tells an unknown path (404) from a wrong method (405 with Allow).
  const all = new Router();
  for (const router of options.routers) {
    for (const layer of router.stack) if (layer.methods.length > 0) all.register(layer.path, layer.methods, [async () => {}]);
  }
  app.use(async function notFoundOrWrongMethod(ctx, next) {
    await next();
    if (ctx.body !== undefined || ctx.respond === false || ctx.status !== 404) return;
    const matched = all.match(ctx.path, ctx.method);
    if (matched.path.length === 0) throw new ApiError('NOT_FOUND', `No resource at ${ctx.path}.`);
    const allowed = [...new Set(matched.path.flatMap((layer) => layer.methods))];
    ctx.set('Allow', allowed.join(', '));
    throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(', ')}.`);
  });
  return app;
}
