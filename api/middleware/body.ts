/**
 * Content type, body size, read deadline and JSON parsing for write requests (POST/PUT), then input
 * normalisation (domain/input.ts) of every string in the body, once, before anything reads it.
 */
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { normaliseInput } from '../../domain/input.js';
import { BODY_LIMIT_BYTES } from '../../domain/plans.js';
import { ApiError } from '../problem.js';

/** How long a client may take to send its body (the body is read before authentication). */
export const BODY_READ_TIMEOUT_MS = 30_000;

/** co-body's message for a body with a `__proto__` member (valid JSON, refused against prototype poisoning). */
const PROTOTYPE_REFUSED = /forbidden prototype property/;

export interface BodyOptions {
  readTimeoutMs?: number;
}

export function jsonBody(options: BodyOptions = {}): Middleware {
  const readTimeoutMs = options.readTimeoutMs ?? BODY_READ_TIMEOUT_MS;
  const parse = koaBody({
    json: true, urlencoded: false, text: false, multipart: false, jsonStrict: false,
    jsonLimit: BODY_LIMIT_BYTES, parsedMethods: ['POST', 'PUT'] as never,
    onError(err: unknown, ctx) {
      const status = (err as { status?: number }).status;
      if (status === 413) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${BODY_LIMIT_BYTES / 1024} KiB.`);
      const raw = (err as { body?: unknown }).body;
      if (err instanceof SyntaxError && PROTOTYPE_REFUSED.test(err.message) && typeof raw === 'string') {
        // Valid JSON that co-body refuses for a `__proto__` member: read it as any unknown member, i.e. ignored.
        ctx.request.body = JSON.parse(raw, (key, value: unknown) => (key === '__proto__' ? undefined : value));
        return;
      }
      throw new ApiError('INVALID_JSON', 'The request body is not valid JSON.');
    },
  });
  return async function readJsonBody(ctx, next) {
    if (ctx.method !== 'POST' && ctx.method !== 'PUT') return next();
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > BODY_LIMIT_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${BODY_LIMIT_BYTES / 1024} KiB.`);
    // Without a body (no Content-Length, no Transfer-Encoding) ctx.is() answers null whatever the header
    // says: judge the header alone then, so a JSON request with nothing in it is a bad body, not a 415.
    const matched = ctx.is('application/json');
    const json = matched === null ? ctx.get('Content-Type').split(';')[0]!.trim().toLowerCase() === 'application/json' : matched !== false;
    if (!json) {
      throw new ApiError('INVALID_CONTENT_TYPE', 'Send the body as JSON with Content-Type: application/json.');
    }
    // Nothing is not JSON: an empty body (Content-Length: 0, or neither a length nor a chunked body) is INVALID_JSON,
    // as any other text that does not parse.
    if (declared === 0 && !ctx.get('Transfer-Encoding')) throw new ApiError('INVALID_JSON', 'The request body is empty; send a JSON object.');
    const reading = parse(ctx, async () => {});
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), readTimeoutMs); });
    try {
      if ((await Promise.race([reading, late])) === 'late') {
        // Answer, then drop the connection: the rest of a trickled body is not worth reading.
        reading.catch(() => {});
        ctx.set('Connection', 'close');
        ctx.res.once('finish', () => ctx.req.destroy());
        throw new ApiError('INVALID_JSON', `The request body did not arrive within ${Math.round(readTimeoutMs / 1000)} s.`);
      }
    } finally {
      clearTimeout(timer);
    }
    normaliseInput(ctx.request.body); // in place
    await next();
  };
}
