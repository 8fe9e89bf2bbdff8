/**
 * Billing history per account: one row per reservation of an `account-*` stream (WordsReserved), moved
 * to `charged` or `refunded` by the event that settles it. Serves GET /v1/usage/history; `ledger audit`
 * compares it with the log (bin/history-audit.ts).
 *
 * Idempotent by construction: a reservation is inserted once (request ids are unique per account, the
 * ledger decider refuses a second reservation with the same id), and a settlement only touches a row
 * still `reserved` whose `last_position` is below the event's; the first settlement wins, as in the
 * ledger decider. Each row is updated at most once, so a rebuild in one transaction stays linear.
 *
 * Rows are read newest first by keyset on (created_at, reserved_position), through the index
 * `usage_history_page` (or its twins led by status or endpoint when a page is filtered); `reserved_position` breaks ties between reservations made in the same
 * millisecond, so the order is total and a page boundary is never ambiguous.
 */
import type { Pool, PoolClient } from 'pg';
import type { WordsCharged, WordsRefunded, WordsReserved } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

const ACCOUNT_STREAM = 'account-';

export const HISTORY_STATUSES = ['reserved', 'charged', 'refunded'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

/** One item of the history, as the API returns it. */
export interface HistoryItem {
  request_id: string;
  endpoint: 'humanize' | 'detect';
  key_id: string;
  status: HistoryStatus;
  input_words: number;
  multiplier: number;
  words_reserved: number;
  words_charged: number;
  words_refunded: number;
  refund_code?: string;
  created_at: string;
  settled_at: string | null;
}

const iso = (at: unknown, fallback: Date): string => {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return new Date(Number.isFinite(ms) ? ms : fallback.getTime()).toISOString();
};

export const usageHistoryProjection: Projection = {
  name: 'usage_history',
  tables: ['usage_history'],
  async setup(client: PoolClient) {
    await client.query(`CREATE TABLE IF NOT EXISTS usage_history (
      account_id text NOT NULL,
      request_id text NOT NULL,
      endpoint text NOT NULL,
      key_id text NOT NULL,
      status text NOT NULL,
      input_words integer NOT NULL,
      multiplier integer NOT NULL,
      words_reserved integer NOT NULL,
      words_charged integer NOT NULL DEFAULT 0,
      words_refunded integer NOT NULL DEFAULT 0,
      refund_code text,
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      reserved_position bigint NOT NULL,
      last_position bigint NOT NULL,
      PRIMARY KEY (account_id, request_id)
    )`);
    await client.query(`CREATE INDEX IF NOT EXISTS usage_history_page
      ON usage_history (account_id, created_at DESC, reserved_position DESC)`);
    // Filtered pages stay a keyset scan even when few rows match (a handful of refunds among many charges).
    await client.query(`CREATE INDEX IF NOT EXISTS usage_history_page_by_status
      ON usage_history (account_id, status, created_at DESC, reserved_position DESC)`);
    await client.query(`CREATE INDEX IF NOT EXISTS usage_history_page_by_endpoint
      ON usage_history (account_id, endpoint, created_at DESC, reserved_position DESC)`);
  },
  async apply(recorded: RecordedEvent, client: PoolClient) {
    if (!recorded.streamName.startsWith(ACCOUNT_STREAM)) return;
    const accountId = recorded.streamName.slice(ACCOUNT_STREAM.length);
    const position = recorded.position.toString();
    switch (recorded.type) {
      case 'WordsReserved': {
        const d = recorded.data as WordsReserved['data'];
        await client.query(
          `INSERT INTO usage_history (account_id, request_id, endpoint, key_id, status, input_words, multiplier, words_reserved,
             created_at, reserved_position, last_position)
           VALUES ($1, $2, $3, $4, 'reserved', $5, $6, $7, $8, $9, $9)
           ON CONFLICT (account_id, request_id) DO NOTHING`,
          [accountId, d.requestId, d.endpoint, d.keyId, d.inputWords, d.multiplier, d.words, iso(d.at, recorded.createdAt), position],
        );
        return;
      }
      case 'WordsCharged': {
        const d = recorded.data as WordsCharged['data'];
        await client.query(
          `UPDATE usage_history SET status = 'charged', words_charged = $3, settled_at = $4, last_position = $5
           WHERE account_id = $1 AND request_id = $2 AND status = 'reserved' AND last_position < $5`,
          [accountId, d.requestId, d.words, iso(d.at, recorded.createdAt), position],
        );
        return;
      }
      case 'WordsRefunded': {
        const d = recorded.data as WordsRefunded['data'];
        await client.query(
          `UPDATE usage_history SET status = 'refunded', words_refunded = $3, refund_code = $4, settled_at = $5, last_position = $6
           WHERE account_id = $1 AND request_id = $2 AND status = 'reserved' AND last_position < $6`,
          [accountId, d.requestId, d.words, d.code, iso(d.at, recorded.createdAt), position],
        );
        return;
      }
      default:
        return;
    }
  },
  /**
   * A batch in one or two statements: every reservation inserted at once, already settled when its first
   * settlement is in the batch too, then the other settlements applied at once under the same guard as
   * `apply` (a request's first settlement wins, as one by one). When the insert skipped a reservation (its
   * request id had a row already), the folded settlements are applied by the update too, so each meets that
   * row as it would have one by one.
   */
  async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
    type Settlement = { a: string; id: string; status: 'charged' | 'refunded'; w: number; code: string | null; at: string; p: bigint };
    type Reservation = { a: string; id: string; e: string; k: string; i: number; m: number; w: number; at: string; p: bigint; settledBy?: Settlement };
    const reservations: Reservation[] = [];
    /** The first reservation of each request in the batch: what a later settlement of it meets first. */
    const reservedHere = new Map<string, Reservation>();
    const settlements = new Map<string, Settlement>();
    for (const recorded of events) {
      if (!recorded.streamName.startsWith(ACCOUNT_STREAM)) continue;
      if (recorded.type !== 'WordsReserved' && recorded.type !== 'WordsCharged' && recorded.type !== 'WordsRefunded') continue;
      const accountId = recorded.streamName.slice(ACCOUNT_STREAM.length);
      if (recorded.type === 'WordsReserved') {
        const d = recorded.data as WordsReserved['data'];
        const reservation: Reservation = {
          a: accountId, id: d.requestId, e: d.endpoint, k: d.keyId, i: d.inputWords, m: d.multiplier, w: d.words,
          at: iso(d.at, recorded.createdAt), p: recorded.position,
        };
        reservations.push(reservation);
        const key = `${accountId}\u0000${d.requestId}`;
        if (!reservedHere.has(key)) reservedHere.set(key, reservation);
      } else {
        const d = recorded.data as WordsCharged['data'] | WordsRefunded['data'];
        const key = `${accountId}\u0000${d.requestId}`;
        if (settlements.has(key)) continue;
        settlements.set(key, {
          a: accountId, id: d.requestId, status: recorded.type === 'WordsCharged' ? 'charged' : 'refunded', w: d.words,
          code: recorded.type === 'WordsRefunded' ? (d as WordsRefunded['data']).code : null, at: iso(d.at, recorded.createdAt), p: recorded.position,
        });
      }
    }
    const toUpdate: Settlement[] = [];
    for (const [key, settlement] of settlements) {
      const reservation = reservedHere.get(key);
      if (reservation && reservation.p < settlement.p) reservation.settledBy = settlement;
      else toUpdate.push(settlement);
    }
    if (reservations.length > 0) {
      const r = reservations;
      const s = (x: Reservation) => x.settledBy;
      const inserted = await client.query(
        `INSERT INTO usage_history (account_id, request_id, endpoint, key_id, status, input_words, multiplier, words_reserved,
           words_charged, words_refunded, refund_code, created_at, settled_at, reserved_position, last_position)
         SELECT a, id, e, k, coalesce(st, 'reserved'), i, m, w,
           CASE WHEN st = 'charged' THEN sw ELSE 0 END, CASE WHEN st = 'refunded' THEN sw ELSE 0 END,
           CASE WHEN st = 'refunded' THEN code END, at, sat, p, coalesce(sp, p)
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::timestamptz[], $9::bigint[],
           $10::text[], $11::int[], $12::text[], $13::timestamptz[], $14::bigint[])
           AS t(a, id, e, k, i, m, w, at, p, st, sw, code, sat, sp)
         ON CONFLICT (account_id, request_id) DO NOTHING`,
        [r.map((x) => x.a), r.map((x) => x.id), r.map((x) => x.e), r.map((x) => x.k), r.map((x) => x.i), r.map((x) => x.m), r.map((x) => x.w),
          r.map((x) => x.at), r.map((x) => x.p.toString()), r.map((x) => s(x)?.status ?? null), r.map((x) => s(x)?.w ?? null),
          r.map((x) => s(x)?.code ?? null), r.map((x) => s(x)?.at ?? null), r.map((x) => s(x)?.p.toString() ?? null)],
      );
      if ((inserted.rowCount ?? 0) < reservations.length) {
        // Some reservations met a row already there: their folded settlements go through the update too. Where the
        // reservation did land, already settled, the update's guard (still reserved) leaves the row alone.
        for (const reservation of reservedHere.values()) if (reservation.settledBy) toUpdate.push(reservation.settledBy);
      }
    }
    if (toUpdate.length > 0) {
      const s = toUpdate;
      await client.query(
        `UPDATE usage_history u SET status = t.status,
           words_charged = CASE WHEN t.status = 'charged' THEN t.w ELSE u.words_charged END,
           words_refunded = CASE WHEN t.status = 'refunded' THEN t.w ELSE u.words_refunded END,
           refund_code = CASE WHEN t.status = 'refunded' THEN t.code ELSE u.refund_code END,
           settled_at = t.at, last_position = t.p
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::timestamptz[], $7::bigint[])
           AS t(a, id, status, w, code, at, p)
         WHERE u.account_id = t.a AND u.request_id = t.id AND u.status = 'reserved' AND u.last_position < t.p`,
        [s.map((x) => x.a), s.map((x) => x.id), s.map((x) => x.status), s.map((x) => x.w), s.map((x) => x.code), s.map((x) => x.at), s.map((x) => x.p.toString())],
      );
    }
  },
};

export interface HistoryQuery {
  accountId: string;
  limit: number;
  /** Request id of the last item of the previous page. */
  startingAfter?: string;
  endpoint?: 'humanize' | 'detect';
  status?: HistoryStatus;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
}

export interface HistoryPage { items: HistoryItem[]; hasMore: boolean }

/** The cursor named a request this account does not have: refused, never followed. */
export class UnknownCursor extends Error {
  override readonly name = 'UnknownCursor';
}

interface HistoryRow {
  request_id: string; endpoint: 'humanize' | 'detect'; key_id: string; status: HistoryStatus; input_words: number;
  multiplier: number; words_reserved: number; words_charged: number; words_refunded: number; refund_code: string | null;
  created_at: Date; settled_at: Date | null;
}

export function toHistoryItem(row: HistoryRow): HistoryItem {
  return {
    request_id: row.request_id,
    endpoint: row.endpoint,
    key_id: row.key_id,
    status: row.status,
    input_words: row.input_words,
    multiplier: row.multiplier,
    words_reserved: row.words_reserved,
    words_charged: row.words_charged,
    words_refunded: row.words_refunded,
    ...(row.status === 'refunded' && row.refund_code !== null ? { refund_code: row.refund_code } : {}),
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
  };
}

export const HISTORY_COLUMNS = `request_id, endpoint, key_id, status, input_words, multiplier, words_reserved, words_charged,
  words_refunded, refund_code, created_at, settled_at`;

/**
 * One page, newest first: a keyset scan of `usage_history_page` from the cursor's row (looked up in this
 * account only), filters applied on the way, `limit + 1` rows read to tell whether more follow.
 */
export async function historyPage(pool: Pool, q: HistoryQuery): Promise<HistoryPage> {
  const params: unknown[] = [q.accountId];
  const where = ['account_id = $1'];
  const param = (value: unknown): string => { params.push(value); return `$${params.length}`; };
  if (q.startingAfter !== undefined) {
    const { rows } = await pool.query<{ created_at: Date; reserved_position: string }>(
      'SELECT created_at, reserved_position::text FROM usage_history WHERE account_id = $1 AND request_id = $2',
      [q.accountId, q.startingAfter],
    );
    const cursor = rows[0];
    if (!cursor) throw new UnknownCursor(q.startingAfter);
    where.push(`(created_at, reserved_position) < (${param(cursor.created_at)}, ${param(cursor.reserved_position)})`);
  }
  if (q.endpoint) where.push(`endpoint = ${param(q.endpoint)}`);
  if (q.status) where.push(`status = ${param(q.status)}`);
  if (q.from) where.push(`created_at >= ${param(q.from)}`);
  if (q.to) where.push(`created_at < ${param(q.to)}`);
  const { rows } = await pool.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM usage_history WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, reserved_position DESC LIMIT ${param(q.limit + 1)}`,
    params,
  );
  return { items: rows.slice(0, q.limit).map(toHistoryItem), hasMore: rows.length > q.limit };
}
