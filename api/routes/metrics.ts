/** GET /metrics: Prometheus text, for operators holding ADMIN_SECRET (header X-Admin-Secret). */
import Router from '@koa/router';
import { DomainError } from '../../domain/error-codes.js';
import type { Metrics } from '../../infra/metrics.js';
import { secretMatches } from './health.js';

export function metricsRouter(metrics: Metrics, adminSecret: string | null): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    if (!secretMatches(adminSecret, ctx.get('X-Admin-Secret'))) {
      throw new DomainError('UNAUTHORIZED', adminSecret ? 'Metrics need the X-Admin-Secret header.' : 'Metrics are disabled: ADMIN_SECRET is not set.');
    }
    const { contentType, body } = await metrics.render();
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
