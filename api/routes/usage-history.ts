/**
 * GET /v1/usage/history: the calling account's humanize and detect requests with what each cost, newest
 * first, from the `usage_history` projection. Any valid key, no scope; no words charged. Keyset
 * pagination: `starting_after` is the request_id of the last item of the previous page, looked up in
 * this account only, so a request id of another account is refused, never followed. `Accept: text/csv`
 * gives the same rows as CSV; both forms carry a `Link: <…>; rel="next"` header while more follow.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { balanceOf, type AccountState } from '../../domain/account.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/plans.js';
import {
  HISTORY_STATUSES, UnknownCursor, type HistoryItem, type HistoryPage, type HistoryQuery, type HistoryStatus,
} from '../../projections/usage-history.js';
import type { Principal } from '../middleware/auth.js';
import { ApiError } from '../problem.js';

export interface UsageHistoryRoutesDeps {
  /** Auth and the secondary rate limit, as the composition root chains them. */
  edge: Middleware[];
  ledger: { state(accountId: string): Promise<AccountState> };
  page(query: HistoryQuery): Promise<HistoryPage>;
  now?: () => Date;
}

export const HISTORY_PATH = '/v1/usage/history';
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
const PARAMETERS = ['limit', 'starting_after', 'endpoint', 'status', 'from', 'to'] as const;
const ENDPOINTS = ['humanize', 'detect'] as const;
/** A date (midnight UTC) or a date-time with a zone: what `from` and `to` accept. */
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** The CSV columns: every member of an item, in order. */
export const CSV_COLUMNS: readonly (keyof HistoryItem)[] = [
  'request_id', 'endpoint', 'key_id', 'status', 'input_words', 'multiplier', 'words_reserved', 'words_charged',
  'words_refunded', 'refund_code', 'created_at', 'settled_at',
];

const refuse = (parameter: string, expected: string): never => {
  throw new ApiError('VALIDATION_FAILED', `Query parameter ${parameter}: ${expected}.`);
};

function parseDate(parameter: string, raw: string): Date {
  const ms = DATE_OR_DATE_TIME.test(raw) ? Date.parse(raw.length === 10 ? `${raw}T00:00:00Z` : raw) : Number.NaN;
  if (!Number.isFinite(ms)) refuse(parameter, 'expected an ISO 8601 date (2026-01-31) or date-time with a zone (2026-01-31T12:00:00Z)');
  return new Date(ms);
}

/** The query of one page, or a VALIDATION_FAILED naming the first bad parameter. */
export function parseHistoryQuery(accountId: string, query: Record<string, string | string[] | undefined>): HistoryQuery {
  const values: Partial<Record<(typeof PARAMETERS)[number], string>> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!(PARAMETERS as readonly string[]).includes(name)) refuse(name, `unknown parameter; known: ${PARAMETERS.join(', ')}`);
    if (typeof value !== 'string') refuse(name, 'expected one value');
    values[name as (typeof PARAMETERS)[number]] = value as string;
  }
  const q: HistoryQuery = { accountId, limit: DEFAULT_LIMIT };
  if (values.limit !== undefined) {
    const limit = /^\d{1,4}$/.test(values.limit) ? Number(values.limit) : Number.NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT)) refuse('limit', `expected an integer from 1 to ${MAX_LIMIT}`);
    q.limit = limit;
  }
  if (values.starting_after !== undefined) {
    if (!IDEMPOTENCY_KEY_PATTERN.test(values.starting_after)) refuse('starting_after', 'expected the request_id of an item of a previous page');
    q.startingAfter = values.starting_after;
  }
  if (values.endpoint !== undefined) {
    if (!(ENDPOINTS as readonly string[]).includes(values.endpoint)) refuse('endpoint', `expected one of ${ENDPOINTS.join(', ')}`);
    q.endpoint = values.endpoint as HistoryQuery['endpoint'];
  }
  if (values.status !== undefined) {
    if (!(HISTORY_STATUSES as readonly string[]).includes(values.status)) refuse('status', `expected one of ${HISTORY_STATUSES.join(', ')}`);
    q.status = values.status as HistoryStatus;
  }
  if (values.from !== undefined) q.from = parseDate('from', values.from);
  if (values.to !== undefined) q.to = parseDate('to', values.to);
  if (q.from && q.to && q.from.getTime() >= q.to.getTime()) refuse('to', 'expected a time after from');
  return q;
}

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: a header line, then one line per item, CRLF line ends. */
export function toCsv(items: readonly HistoryItem[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const item of items) lines.push(CSV_COLUMNS.map((column) => csvCell(item[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function nextLink(ctx: Context, startingAfter: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(ctx.query)) if (typeof value === 'string' && name !== 'starting_after') params.set(name, value);
  params.set('starting_after', startingAfter);
  return `<${HISTORY_PATH}?${params.toString()}>; rel="next"`;
}

export function usageHistoryRouter(deps: UsageHistoryRoutesDeps): Router {
  const router = new Router();
  const now = deps.now ?? (() => new Date());
  router.get(HISTORY_PATH, ...deps.edge, async (ctx) => {
    const { accountId } = ctx.state.principal as Principal;
    const query = parseHistoryQuery(accountId, ctx.query);
    let page: HistoryPage;
    try {
      page = await deps.page(query);
    } catch (err: unknown) {
      if (err instanceof UnknownCursor) refuse('starting_after', `no request ${query.startingAfter} in this account's history`);
      throw err;
    }
    const last = page.items.at(-1);
    const next = page.hasMore && last ? last.request_id : null;
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept');
    if (next !== null) ctx.set('Link', nextLink(ctx, next));
    if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = toCsv(page.items);
      return;
    }
    const state = await deps.ledger.state(accountId);
    ctx.body = {
      object: 'list',
      id: String(ctx.state.requestId),
      data: page.items,
      has_more: page.hasMore,
      next_starting_after: next,
      words_charged: 0,
      // As GET /v1/usage: a period that ended without a renewal appended yet shows as it will be once renewed.
      words_remaining: balanceOf(state, now().toISOString()).total,
    };
  });
  return router;
}
