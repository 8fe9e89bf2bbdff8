/** GET /v1/usage/history in the OpenAPI document: a customer's billing history, JSON or CSV. */
import type { ErrorCode } from '../../domain/error-codes.js';
import { componentRef, type SchemaObject } from './components.js';
import { defaultProblemResponse, headerRefs, problemResponses } from './responses.js';

const query = (name: string, description: string, schema: SchemaObject): SchemaObject =>
  ({ name, in: 'query', required: false, description, schema });

const CSV_DESCRIPTION = 'With `Accept: text/csv`: the same rows as RFC 4180 CSV, a header line first; columns ' +
  'request_id, endpoint, key_id, status, input_words, multiplier, words_reserved, words_charged, words_refunded, ' +
  'refund_code, created_at, settled_at (empty cells where the JSON has null or no member).';

export function usageHistoryOperation(errors: readonly ErrorCode[]): SchemaObject {
  return {
    operationId: 'listUsageHistory', tags: ['account'], summary: 'Every request of the account and what it cost, newest first',
    description: 'No scope beyond a valid key; no words charged. One item per humanize or detect request: the words ' +
      'reserved when it was accepted, then charged (result delivered) or refunded (failed, cancelled or timed out; ' +
      '`refund_code` is the error it ended with). Pages are cut by keyset: pass `next_starting_after` as ' +
      '`starting_after` to get the next page (also given as a `Link: <…>; rel="next"` header). A bad parameter, or a ' +
      '`starting_after` that is not a request of this account, gives 400 VALIDATION_FAILED naming the parameter.',
    parameters: [
      query('limit', 'Items per page, 1-100 (default 20).', { type: 'integer', minimum: 1, maximum: 100, default: 20 }),
      query('starting_after', 'request_id of the last item of the previous page.', componentRef('RequestId')),
      query('endpoint', 'Only requests to this endpoint.', componentRef('Endpoint')),
      query('status', 'Only requests in this state.', { type: 'string', enum: ['reserved', 'charged', 'refunded'] }),
      query('from', 'Only requests created at or after this date (YYYY-MM-DD, midnight UTC) or date-time with a zone.', { type: 'string' }),
      query('to', 'Only requests created before this date or date-time; must be after `from`.', { type: 'string' }),
    ],
    responses: {
      200: {
        description: 'One page of the history.',
        headers: {
          ...headerRefs(['X-Request-Id']),
          Link: { description: 'The next page, while has_more: `</v1/usage/history?…&starting_after=…>; rel="next"`.', schema: { type: 'string' } },
        },
        content: {
          'application/json': { schema: componentRef('UsageHistory') },
          'text/csv': { schema: { type: 'string', description: CSV_DESCRIPTION } },
        },
      },
      ...problemResponses([...errors, 'VALIDATION_FAILED']),
      default: defaultProblemResponse(),
    },
  };
}
