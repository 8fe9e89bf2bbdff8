/**
 * Helpers shared by the HTTP failure tests (test/http-failures.test.ts, test/fault/*): the refund check
 * of a fresh account's one request, a raw POST, an SSE reader, and the fake provider's request lists.
 */
import { expect } from 'chai';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { countWords } from '../../domain/words.js';
import type { FakeOpenAI } from './fake-openai.js';
import { settledLedger, type LedgerReport } from './ledger-check.js';
import { SAMPLE_TEXT, type TestService } from './service.js';

export const INPUT_WORDS = countWords(SAMPLE_TEXT);

/** The one reservation of a fresh account was refunded with `code`; the balance is back where it was. */
export async function expectRefundedOnce(t: TestService, accountId: string, before: number, code: string, requestId?: string): Promise<LedgerReport> {
  const ledger = await settledLedger(t.backends.store, accountId, 5_000, 1);
  expect(ledger.reserved.size, 'reservations').to.equal(1);
  expect(ledger.charged.size, 'charges').to.equal(0);
  const [id, refund] = [...ledger.refunded.entries()][0] ?? [];
  if (requestId !== undefined) expect(id).to.equal(requestId);
  expect(refund?.code).to.equal(code);
  expect(ledger.balance).to.equal(before);
  return ledger;
}

export function post(t: TestService, path: string, key: string, body: unknown, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(t.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

export async function readSse(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

export const chatRequests = (fake: FakeOpenAI) => fake.requests.filter((r) => r.path === '/v1/chat/completions');
export const completionRequests = (fake: FakeOpenAI) => fake.requests.filter((r) => r.path === '/v1/completions');
