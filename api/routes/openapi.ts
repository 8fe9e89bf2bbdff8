/** GET /v1/openapi.json: the checked-in OpenAPI 3.1 document, no auth. */
import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import { projectFile } from '../../infra/paths.js';

export function openApiRouter(): Router {
  const document = readFileSync(projectFile('openapi.json'), 'utf8');
  const router = new Router();
  router.get('/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = document;
  });
  return router;
}
