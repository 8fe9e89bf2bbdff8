/**
 * The problem handler: registered first (after the request id), it turns every thrown error into an
 * RFC 7807 application/problem+json document from the one error table. Unknown errors become
 * INTERNAL_ERROR with no internals in the body.
 */
import type { Context, Middleware } from 'koa';
import { DomainError, problemType, statusOf, titleOf, type ErrorCode } from '../domain/error-codes.js';
import { safeError, type Logger } from '../infra/logger.js';

/** An edge refusal; same shape as a domain refusal. */
export class ApiError extends DomainError {}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ErrorCode;
  request_id: string;
  [extra: string]: unknown;
}

/** Members a problem document may carry beyond the standard ones, by code (spec section 7). */
const EXTRA_MEMBERS: Partial<Record<ErrorCode, readonly string[]>> = { INSUFFICIENT_WORDS: ['words_required', 'words_remaining'] };

export function problemBody(ctx: Context, docsUrl: string, code: ErrorCode, detail: string, extra: Record<string, unknown> = {}): ProblemDocument {
  const allowed = EXTRA_MEMBERS[code] ?? [];
  const members = Object.fromEntries(Object.entries(extra).filter(([k]) => allowed.includes(k)));
  return {
    type: problemType(docsUrl, code),
    title: titleOf(code),
    status: statusOf(code),
    detail,
    instance: ctx.path,
    code,
    request_id: String(ctx.state.requestId ?? ''),
    ...members,
  };
}

/** Writes a problem document as the response. */
export function sendProblem(ctx: Context, docsUrl: string, code: ErrorCode, detail: string, extra: Record<string, unknown> = {}): void {
  ctx.status = statusOf(code);
  ctx.type = 'application/problem+json';
  ctx.body = problemBody(ctx, docsUrl, code, detail, extra);
  ctx.state.errorCode = code;
}

export function problemHandler(docsUrl: string, logger: Logger): Middleware {
  return async function handleProblems(ctx, next) {
    try {
      await next();
    } catch (err: unknown) {
      if (ctx.respond === false) {
        // A streamed response owns the socket already; all that is left is to log.
        logger.error({ err: safeError(err), requestId: ctx.state.requestId }, 'error after the response was handed to a stream');
        return;
      }
      if (err instanceof DomainError) {
        sendProblem(ctx, docsUrl, err.code, err.message, err.extra);
        return;
      }
      logger.error({ err: safeError(err), requestId: ctx.state.requestId, route: ctx.path }, 'unexpected error');
      sendProblem(ctx, docsUrl, 'INTERNAL_ERROR', 'An unexpected error occurred. Retry later with the same Idempotency-Key.');
    }
  };
}
