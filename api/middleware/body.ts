/** Content type, body size and JSON parsing for write requests (POST/PUT). */
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { BODY_LIMIT_BYTES } from '../../domain/plans.js';
import { ApiError } from '../problem.js';

export function jsonBody(): Middleware {
  const parse = koaBody({
    json: true, urlencoded: false, text: false, multipart: false, jsonStrict: false,
    jsonLimit: BODY_LIMIT_BYTES, parsedMethods: ['POST', 'PUT'] as never,
    onError(err: unknown) {
      const status = (err as { status?: number }).status;
      if (status === 413) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${BODY_LIMIT_BYTES / 1024} KiB.`);
      throw new ApiError('INVALID_JSON', 'The request body is not valid JSON.');
    },
  });
  return async function readJsonBody(ctx, next) {
    if (ctx.method !== 'POST' && ctx.method !== 'PUT') return next();
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > BODY_LIMIT_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${BODY_LIMIT_BYTES / 1024} KiB.`);
    if (!ctx.is('application/json')) {
      throw new ApiError('INVALID_CONTENT_TYPE', 'Send the body as JSON with Content-Type: application/json.');
    }
    await parse(ctx, async () => {});
    await next();
  };
}
