/**
 * Daily usage per account (UTC day of the settling event's `at`), for the `stats` of GET /v1/usage.
 *
 * What counts as a request: every settled reservation, charged or refunded, since the client sent
 * each of them and got either a result or an error. Refunds coded IDEMPOTENCY_DUPLICATE are left out:
 * such a reservation stood for a repeat of a request that is already counted, and its client got the
 * original's result. Input and output words count charged requests only (a refund carries neither);
 * latency counts both.
 *
 * Idempotent by construction, not only by the runner's exactly-once batches (checkpoint moved in the
 * same transaction as the rows): each row carries the last position it took, and the runner hands
 * events over in log order, so an event at or below that position is one the row already counts.
 */
import type { Pool, PoolClient } from 'pg';
import type { WordsCharged, WordsRefunded } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

const ACCOUNT_STREAM = 'account-';

/** Refund codes that do not stand for a request of their own (see above). */
export const UNCOUNTED_REFUND_CODES: ReadonlySet<string> = new Set(['IDEMPOTENCY_DUPLICATE']);

export interface UsageSummary {
  total_requests: number;
  total_words_charged: number;
  total_input_words: number;
  total_output_words: number;
  /** Mean latency of the counted requests, rounded; 0 without requests. */
  avg_latency_ms: number;
  error_count: number;
  /** Percent of requests not refunded, two decimals; 100 without requests. */
  success_rate: number;
}

export interface UsageDay { date: string; requests: number; words_charged: number; errors: number }

export interface UsageStats { summary: UsageSummary; daily: UsageDay[] }

interface DayDelta {
  date: string; wordsCharged: number; errors: number; inputWords: number; outputWords: number; latencyMs: number;
}

/** UTC day of `at`, or of the record's own time when `at` is not a date. */
function utcDay(at: unknown, fallback: Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return new Date(Number.isFinite(ms) ? ms : fallback.getTime()).toISOString().slice(0, 10);
}

const whole = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);

function deltaOf(recorded: RecordedEvent): DayDelta | null {
  if (recorded.type === 'WordsCharged') {
    const d = recorded.data as WordsCharged['data'];
    return {
      date: utcDay(d.at, recorded.createdAt), wordsCharged: whole(d.words), errors: 0,
      inputWords: whole(d.inputWords), outputWords: whole(d.outputWords), latencyMs: whole(d.latencyMs),
    };
  }
  if (recorded.type === 'WordsRefunded') {
    const d = recorded.data as WordsRefunded['data'];
    if (UNCOUNTED_REFUND_CODES.has(d.code)) return null;
    return {
      date: utcDay(d.at, recorded.createdAt), wordsCharged: 0, errors: 1,
      inputWords: 0, outputWords: 0, latencyMs: whole(d.latencyMs),
    };
  }
  return null;
}

/**
 * Adds requests of one account and day to its row ($9 requests, the figures summed, $8 the last position,
 * $10 the first): the newest row is replaced by one holding the sums, under
 * the last position. Replaced rather than updated because a rebuild replays the log in one
 * transaction, where repeated UPDATEs of one row make every later lookup walk all its versions
 * (quadratic in the requests of a day); a delete and an insert under a new key stay O(log n).
 * Nothing happens when the row already holds any of them (its last position is not below the first); the
 * caller then applies them one by one, each under the same guard.
 */
const ADD_TO_DAY = `
  WITH latest AS (
    SELECT * FROM usage_daily WHERE account_id = $1 AND date = $2::date ORDER BY last_position DESC LIMIT 1
  ), gone AS (
    DELETE FROM usage_daily u USING latest
    WHERE u.account_id = latest.account_id AND u.date = latest.date AND u.last_position = latest.last_position
      AND latest.last_position < $10
  )
  INSERT INTO usage_daily (account_id, date, requests, words_charged, errors, input_words, output_words, latency_ms_total, last_position)
  SELECT $1, $2::date, coalesce(l.requests, 0) + $9, coalesce(l.words_charged, 0) + $3, coalesce(l.errors, 0) + $4,
         coalesce(l.input_words, 0) + $5, coalesce(l.output_words, 0) + $6, coalesce(l.latency_ms_total, 0) + $7, $8
  FROM (SELECT 1) AS one LEFT JOIN latest l ON true
  WHERE coalesce(l.last_position, -1) < $10`;

/**
 * ADD_TO_DAY for many (account, day) groups in one statement, each under its own guard; returns the
 * groups it added. Every group names a different (account, day), so they do not meet each other.
 */
const ADD_TO_DAYS = `
  WITH t AS (
    SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
      $9::int[], $10::bigint[]) AS t(a, d, wc, er, iw, ow, lat, last, n, first)
  ), cur AS (
    SELECT t.*, l.requests, l.words_charged, l.errors, l.input_words, l.output_words, l.latency_ms_total, l.last_position
    FROM t LEFT JOIN LATERAL (
      SELECT * FROM usage_daily u WHERE u.account_id = t.a AND u.date = t.d ORDER BY u.last_position DESC LIMIT 1
    ) l ON true
    WHERE coalesce(l.last_position, -1) < t.first
  ), gone AS (
    DELETE FROM usage_daily u USING cur
    WHERE u.account_id = cur.a AND u.date = cur.d AND u.last_position = cur.last_position
  )
  INSERT INTO usage_daily (account_id, date, requests, words_charged, errors, input_words, output_words, latency_ms_total, last_position)
  SELECT a, d, coalesce(requests, 0) + n, coalesce(words_charged, 0) + wc, coalesce(errors, 0) + er,
         coalesce(input_words, 0) + iw, coalesce(output_words, 0) + ow, coalesce(latency_ms_total, 0) + lat, last
  FROM cur
  RETURNING account_id AS a, to_char(date, 'YYYY-MM-DD') AS d`;

async function addToDay(client: PoolClient, accountId: string, delta: DayDelta, position: bigint): Promise<void> {
  await client.query(ADD_TO_DAY, [
    accountId, delta.date, delta.wordsCharged, delta.errors, delta.inputWords, delta.outputWords, delta.latencyMs, position.toString(), 1, position.toString(),
  ]);
}

export const usageProjection: Projection = {
  name: 'usage',
  tables: ['usage_daily'],
  async setup(client: PoolClient) {
    // One live row per (account, day); the position is in the key for the reason given at ADD_TO_DAY.
    await client.query(`CREATE TABLE IF NOT EXISTS usage_daily (
      account_id text NOT NULL,
      date date NOT NULL,
      requests integer NOT NULL,
      words_charged bigint NOT NULL,
      errors integer NOT NULL,
      input_words bigint NOT NULL,
      output_words bigint NOT NULL,
      latency_ms_total bigint NOT NULL,
      last_position bigint NOT NULL,
      PRIMARY KEY (account_id, date, last_position)
    )`);
  },
  async apply(recorded: RecordedEvent, client: PoolClient) {
    if (!recorded.streamName.startsWith(ACCOUNT_STREAM)) return;
    const accountId = recorded.streamName.slice(ACCOUNT_STREAM.length);
    const delta = deltaOf(recorded);
    if (!delta) return;
    await addToDay(client, accountId, delta, recorded.position);
  },
  /** The batch's requests summed per account and day, every (account, day) added in one statement. */
  async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
    const groups = new Map<string, { accountId: string; items: Array<{ delta: DayDelta; position: bigint }> }>();
    for (const recorded of events) {
      if (!recorded.streamName.startsWith(ACCOUNT_STREAM)) continue;
      const delta = deltaOf(recorded);
      if (!delta) continue;
      const accountId = recorded.streamName.slice(ACCOUNT_STREAM.length);
      const key = `${accountId} ${delta.date}`;
      const group = groups.get(key) ?? { accountId, items: [] };
      group.items.push({ delta, position: recorded.position });
      groups.set(key, group);
    }
    if (groups.size === 0) return;
    const g = [...groups.values()].map(({ accountId, items }) => {
      const sum = (f: (d: DayDelta) => number) => items.reduce((n, i) => n + f(i.delta), 0);
      return {
        accountId, items, date: items[0]!.delta.date, wordsCharged: sum((d) => d.wordsCharged), errors: sum((d) => d.errors),
        inputWords: sum((d) => d.inputWords), outputWords: sum((d) => d.outputWords), latencyMs: sum((d) => d.latencyMs),
      };
    });
    const added = await client.query<{ a: string; d: string }>(ADD_TO_DAYS, [
      g.map((x) => x.accountId), g.map((x) => x.date), g.map((x) => x.wordsCharged), g.map((x) => x.errors), g.map((x) => x.inputWords),
      g.map((x) => x.outputWords), g.map((x) => x.latencyMs), g.map((x) => x.items.at(-1)!.position.toString()), g.map((x) => x.items.length),
      g.map((x) => x.items[0]!.position.toString()),
    ]);
    if (added.rows.length === g.length) return;
    // A row that already holds some of a group's requests: the group one request at a time, each under the guard.
    const done = new Set(added.rows.map((r) => `${r.a} ${r.d}`));
    for (const { accountId, items, date } of g) {
      if (items.length > 1 && !done.has(`${accountId} ${date}`)) for (const i of items) await addToDay(client, accountId, i.delta, i.position);
    }
  },
};

const DAY_MS = 86_400_000;

export interface UsageStatsOptions {
  /** How many UTC days, today included (default 30). */
  days?: number;
  now?: Date;
}

/**
 * Statistics of the last `days` UTC days, today included. `daily` is oldest first (ready to chart) and
 * has one item per day, zeros for days without requests; `summary` totals the same days.
 */
export async function usageStats(pool: Pool, accountId: string, options: UsageStatsOptions = {}): Promise<UsageStats> {
  const days = Math.max(1, Math.floor(options.days ?? 30));
  const today = utcDay((options.now ?? new Date()).toISOString(), new Date());
  const first = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await pool.query<{
    date: string; requests: number; words_charged: string; errors: number; input_words: string; output_words: string; latency_ms_total: string;
  }>(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, requests, words_charged::text, errors, input_words::text, output_words::text,
            latency_ms_total::text
     FROM usage_daily WHERE account_id = $1 AND date BETWEEN $2::date AND $3::date`,
    [accountId, first, today],
  );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const daily: UsageDay[] = [];
  const totals = { requests: 0, words: 0, errors: 0, input: 0, output: 0, latency: 0 };
  for (let i = 0; i < days; i++) {
    const date = new Date(Date.parse(first) + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDate.get(date);
    const day: UsageDay = { date, requests: r?.requests ?? 0, words_charged: Number(r?.words_charged ?? 0), errors: r?.errors ?? 0 };
    daily.push(day);
    totals.requests += day.requests;
    totals.words += day.words_charged;
    totals.errors += day.errors;
    totals.input += Number(r?.input_words ?? 0);
    totals.output += Number(r?.output_words ?? 0);
    totals.latency += Number(r?.latency_ms_total ?? 0);
  }
  const n = totals.requests;
  return {
    summary: {
      total_requests: n,
      total_words_charged: totals.words,
      total_input_words: totals.input,
      total_output_words: totals.output,
      avg_latency_ms: n === 0 ? 0 : Math.round(totals.latency / n),
      error_count: totals.errors,
      success_rate: n === 0 ? 100 : Math.round(((n - totals.errors) / n) * 10_000) / 100,
    },
    daily,
  };
}
