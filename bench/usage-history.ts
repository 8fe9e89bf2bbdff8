/**
 * `npm run bench:history`: the billing history of one account with 100,000 requests. The first
 * PROJECTED requests (default 5,000) go through the projection itself (their ledger events applied in
 * one transaction, as a rebuild does: that times the write path); the rest are bulk-inserted rows of
 * the same shape. Then it times pages read the way GET /v1/usage/history reads them: the first page,
 * a page deep in the history (keyset from a cursor, never OFFSET), and filtered pages. Writes
 * bench/results/usage-history.{json,md}. Run it with nothing else heavy on the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import { historyPage, usageHistoryProjection, type HistoryQuery } from '../projections/usage-history.js';
import { createTestDatabase } from '../test/support/db.js';

const REQUESTS = Number(process.env.HISTORY_REQUESTS ?? 100_000);
const PROJECTED = Math.min(REQUESTS, Number(process.env.PROJECTED ?? 5_000));
const RUNS = 50;
const accountId = '00000000-0000-4000-8000-000000000001';
const start = Date.parse('2026-01-01T00:00:00Z');

function event(position: number, type: string, data: Record<string, unknown>): RecordedEvent {
  return { streamName: `account-${accountId}`, type, data, position: BigInt(position), revision: BigInt(position), createdAt: new Date(start + position * 1000) } as unknown as RecordedEvent;
}

const db = await createTestDatabase('hz_bench_history');
try {
  const client = await db.pool.connect();
  let buildMs: number;
  try {
    await usageHistoryProjection.setup(client);
    const began = performance.now();
    await client.query('BEGIN');
    for (let i = 0; i < PROJECTED; i++) {
      const requestId = `req-${i}`;
      const at = new Date(start + i * 1000).toISOString();
      const endpoint = i % 3 === 0 ? 'detect' : 'humanize';
      await usageHistoryProjection.apply(event(2 * i, 'WordsReserved', { accountId, requestId, keyId: 'k', endpoint, words: 60, inputWords: 60, multiplier: 1, fromMonthly: 60, fromTopUp: 0, periodStart: at, at }), client);
      const settle = i % 50 === 7
        ? event(2 * i + 1, 'WordsRefunded', { accountId, requestId, keyId: 'k', endpoint, words: 60, code: 'AI_GENERATION_FAILED', latencyMs: 5, at })
        : event(2 * i + 1, 'WordsCharged', { accountId, requestId, keyId: 'k', endpoint, words: 60, inputWords: 60, outputWords: 60, latencyMs: 5, at });
      await usageHistoryProjection.apply(settle, client);
    }
    await client.query('COMMIT');
    buildMs = performance.now() - began;
    // The rest: rows as the projection writes them (every 50th refunded, every 3rd a detect).
    await client.query(
      `INSERT INTO usage_history (account_id, request_id, endpoint, key_id, status, input_words, multiplier, words_reserved,
         words_charged, words_refunded, refund_code, created_at, settled_at, reserved_position, last_position)
       SELECT $1, 'req-' || i, CASE WHEN i % 3 = 0 THEN 'detect' ELSE 'humanize' END, 'k',
              CASE WHEN i % 50 = 7 THEN 'refunded' ELSE 'charged' END, 60, 1, 60,
              CASE WHEN i % 50 = 7 THEN 0 ELSE 60 END, CASE WHEN i % 50 = 7 THEN 60 ELSE 0 END,
              CASE WHEN i % 50 = 7 THEN 'AI_GENERATION_FAILED' END,
              $2::timestamptz + i * interval '1 second', $2::timestamptz + i * interval '1 second', 2 * i, 2 * i + 1
       FROM generate_series($3::int, $4::int) AS i`,
      [accountId, new Date(start).toISOString(), PROJECTED, REQUESTS - 1],
    );
    await client.query('ANALYZE usage_history');
  } finally {
    client.release();
  }

  const time = async (name: string, query: Omit<HistoryQuery, 'accountId'>) => {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const began = performance.now();
      rows = (await historyPage(db.pool, { accountId, ...query })).items.length;
      samples.push(performance.now() - began);
    }
    samples.sort((a, b) => a - b);
    return { name, rows, p50Ms: +samples[Math.floor(RUNS / 2)]!.toFixed(2), p95Ms: +samples[Math.floor(RUNS * 0.95)]!.toFixed(2) };
  };
  const deepCursor = `req-${Math.floor(REQUESTS * 0.01)}`;
  const results = [
    await time('first page (limit 20)', { limit: 20 }),
    await time('first page (limit 100)', { limit: 100 }),
    await time(`deep page after ${deepCursor} (limit 100)`, { limit: 100, startingAfter: deepCursor }),
    await time('status=refunded (2% of rows, limit 100)', { limit: 100, status: 'refunded' }),
    await time('endpoint=detect, deep (limit 100)', { limit: 100, endpoint: 'detect', startingAfter: deepCursor }),
    await time('one day (from/to, limit 100)', { limit: 100, from: new Date(start + 86_400_000), to: new Date(start + 2 * 86_400_000) }),
  ];
  const eventsPerSecond = Math.round((2 * PROJECTED) / (buildMs / 1000));
  const report = { measuredAt: new Date().toISOString(), requests: REQUESTS, projectedRequests: PROJECTED, projectedEvents: 2 * PROJECTED, buildSeconds: +(buildMs / 1000).toFixed(1), eventsPerSecond, runs: RUNS, results };
  const markdown = [
    `Billing history of one account with ${REQUESTS.toLocaleString('en-US')} requests; the projection applied ${(2 * PROJECTED).toLocaleString('en-US')} ledger events in ${report.buildSeconds} s (${eventsPerSecond} events/s, one transaction), the rest bulk-inserted. Median and 95th percentile of ${RUNS} reads per page:`,
    '', '| page | rows | p50 ms | p95 ms |', '|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.rows} | ${r.p50Ms} | ${r.p95Ms} |`), '',
  ].join('\n');
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}usage-history.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${dir}usage-history.md`, markdown);
  console.log(markdown);
} finally {
  await db.drop();
}
