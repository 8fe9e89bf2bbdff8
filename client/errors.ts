/** The errors the client throws: every refusal carries the service's problem document. */
import type { components } from './openapi.js';

export type Problem = components['schemas']['Problem'];
export type ErrorCode = components['schemas']['ErrorCode'];

/** A problem+json answer of the service (or a failure the client could not get past after its retries). */
export class HumanizeApiError extends Error {
  override readonly name: string = 'HumanizeApiError';
  /** Stable code to match on, e.g. INSUFFICIENT_WORDS. */
  readonly code: ErrorCode;
  readonly status: number;
  /** The request id (X-Request-Id) to quote to support. */
  readonly requestId: string | null;
  /** The whole problem document, with extra members such as words_required. */
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(`${problem.code}: ${problem.detail}`);
    this.problem = problem;
    this.code = problem.code;
    this.status = problem.status;
    this.requestId = problem.request_id || null;
  }
}

/** The `error` event of a humanize stream: generation failed after it started; `refunded` true means no charge. */
export class HumanizeStreamError extends HumanizeApiError {
  override readonly name: string = 'HumanizeStreamError';
  readonly refunded: boolean;

  constructor(problem: Problem, refunded: boolean) {
    super(problem);
    this.refunded = refunded;
  }
}

/** The service could not be reached (or kept failing) after every retry. */
export class HumanizeConnectionError extends Error {
  override readonly name: string = 'HumanizeConnectionError';
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}
