/**
 * The `usage_history` part of `ledger audit`: the customer-facing billing history must say exactly what
 * the log says. The table and its checkpoint are read in one snapshot (the runner moves both in one
 * transaction), and the history the log gives up to that checkpoint is rebuilt here independently
 * (first settlement of a reservation wins, as in the ledger decider) and compared row by row. A
 * projector running meanwhile causes no false alarm: events past the checkpoint are not expected yet,
 * and only reported as a warning (`history_lagging`).
 */
import type { Pool } from 'pg';
import type { WordsCharged, WordsRefunded, WordsReserved } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Finding } from './ledger-replay.js';

const PROJECTION = 'usage_history';

interface Expected {
  account_id: string; request_id: string; endpoint: string; key_id: string; status: 'reserved' | 'charged' | 'refunded';
  input_words: number; multiplier: number; words_reserved: number; words_charged: number; words_refunded: number;
  refund_code: string | null; created_at: number; settled_at: number | null;
}

interface Snapshot { checkpoint: bigint; rows: Map<string, Expected> }

const keyOf = (accountId: string, requestId: string): string => `${accountId}\u0000${requestId}`;
const msOf = (at: unknown, fallback: Date): number => {
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isFinite(ms) ? ms : fallback.getTime();
};

async function readSnapshot(pool: Pool, accountId: string | null): Promise<Snapshot> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cp = await client.query<{ position: string }>('SELECT position::text AS position FROM projection_checkpoints WHERE name = $1', [PROJECTION]);
    const exists = await client.query<{ t: string | null }>("SELECT to_regclass('usage_history')::text AS t");
    const rows = new Map<string, Expected>();
    if (exists.rows[0]?.t) {
      const { rows: found } = await client.query<Omit<Expected, 'created_at' | 'settled_at'> & { created_at: Date; settled_at: Date | null }>(
        `SELECT account_id, request_id, endpoint, key_id, status, input_words, multiplier, words_reserved, words_charged,
                words_refunded, refund_code, created_at, settled_at
         FROM usage_history ${accountId === null ? '' : 'WHERE account_id = $1'}`,
        accountId === null ? [] : [accountId],
      );
      for (const r of found) {
        rows.set(keyOf(r.account_id, r.request_id), { ...r, created_at: r.created_at.getTime(), settled_at: r.settled_at?.getTime() ?? null });
      }
    }
    await client.query('COMMIT');
    return { checkpoint: cp.rows[0] ? BigInt(cp.rows[0].position) : -1n, rows };
  } catch (err: unknown) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export class HistoryCheck {
  private readonly expected = new Map<string, Expected>();
  private readonly lagging = new Map<string, bigint>();

  private constructor(private readonly snapshot: Snapshot) {}

  /** Reads the table first, so that every event the snapshot reflects is in the log read afterwards. */
  static async start(pool: Pool, accountId: string | null): Promise<HistoryCheck> {
    return new HistoryCheck(await readSnapshot(pool, accountId));
  }

  /** Feeds one event of an `account-<id>` stream, in log order. */
  observe(accountId: string, event: RecordedEvent): void {
    if (event.type !== 'WordsReserved' && event.type !== 'WordsCharged' && event.type !== 'WordsRefunded') return;
    if (event.position > this.snapshot.checkpoint) {
      if (!this.lagging.has(accountId)) this.lagging.set(accountId, event.position);
      return;
    }
    const data = event.data as Partial<WordsReserved['data'] & WordsCharged['data'] & WordsRefunded['data']>;
    const key = keyOf(accountId, String(data.requestId));
    const row = this.expected.get(key);
    if (event.type === 'WordsReserved') {
      if (row) return;
      this.expected.set(key, {
        account_id: accountId, request_id: String(data.requestId), endpoint: String(data.endpoint), key_id: String(data.keyId),
        status: 'reserved', input_words: Number(data.inputWords), multiplier: Number(data.multiplier), words_reserved: Number(data.words),
        words_charged: 0, words_refunded: 0, refund_code: null, created_at: msOf(data.at, event.createdAt), settled_at: null,
      });
      return;
    }
    if (!row || row.status !== 'reserved') return;
    row.settled_at = msOf(data.at, event.createdAt);
    if (event.type === 'WordsCharged') {
      row.status = 'charged';
      row.words_charged = Number(data.words);
    } else {
      row.status = 'refunded';
      row.words_refunded = Number(data.words);
      row.refund_code = String(data.code);
    }
  }

  /** Reports every difference between the table and the log (violations) and the lag (warnings). */
  finish(add: (finding: Finding, warning?: boolean) => void): void {
    const { rows, checkpoint } = this.snapshot;
    for (const [key, want] of this.expected) {
      const row = rows.get(key);
      if (!row) {
        add({ account_id: want.account_id, rule: 'history_missing', detail: `request ${want.request_id} is in the log but not in usage_history (projection at position ${checkpoint})` });
        continue;
      }
      const differences = (Object.keys(want) as (keyof Expected)[])
        .filter((column) => row[column] !== want[column])
        .map((column) => `${column} ${String(row[column])} (row) vs ${String(want[column])} (log)`);
      if (differences.length > 0) {
        add({ account_id: want.account_id, rule: 'history_mismatch', detail: `request ${want.request_id}: ${differences.join(', ')}` });
      }
    }
    for (const [key, row] of rows) {
      if (!this.expected.has(key)) {
        add({ account_id: row.account_id, rule: 'history_orphan', detail: `usage_history holds request ${row.request_id}, which has no reservation in the log up to position ${checkpoint}` });
      }
    }
    for (const [accountId, position] of this.lagging) {
      add({ account_id: accountId, rule: 'history_lagging', detail: `usage_history projection at position ${checkpoint}; the account has ledger events from position ${position}` }, true);
    }
  }
}
