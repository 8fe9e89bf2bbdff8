/**
 * Read model of each account's word ledger: the figures of `balanceOf` for the folded `account-<id>`
 * stream, one row per account. Decisions never read it (they fold the stream); it serves operators,
 * lists, and `ledger audit`, which checks it against a replay of the log.
 *
 * Why it is provably the domain's figures: the row keeps the folded account state itself (jsonb) and
 * every event is applied with the domain's own `accountDecider.evolve`; the figure columns are then
 * `balanceOf(state)`. The stored state leaves out the two settlement indexes, which `evolve` only ever
 * writes (they answer "already settled?" for `decide`, never a balance question), so a fold that
 * starts from the stored state gives the same figures as a fold of the whole stream. Open
 * reservations are kept, since a refund gives back what its reservation took. A release that changes
 * the shape of the account state must rebuild this projection (`projections rebuild --name balances`).
 */
import type { Pool, PoolClient } from 'pg';
import { accountDecider, balanceOf, type AccountState, type Reservation } from '../domain/account.js';
import type { AccountEvent } from '../domain/events.js';
import { SettlementIndex } from '../domain/settlements.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

const ACCOUNT_STREAM = 'account-';
const ACCOUNT_EVENT_TYPES: ReadonlySet<string> = new Set<AccountEvent['type']>([
  'AccountOpened', 'SubscriptionStarted', 'PeriodRenewed', 'SubscriptionCancelled', 'TopUpPurchased', 'BalanceAdjusted',
  'AccountSuspended', 'AccountReinstated', 'WordsReserved', 'WordsCharged', 'WordsRefunded',
]);

/** One row of `balances`, numbers as numbers. */
export interface BalanceRow {
  accountId: string;
  monthlyRemaining: number;
  topUpRemaining: number;
  wordsUsed: number;
  wordsLimit: number;
  requestsThisPeriod: number;
  openReservations: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Log position of the last event folded into the row. */
  updatedPosition: bigint;
}

type OpenState = Extract<AccountState, { status: 'open' }>;

type StoredState = Omit<OpenState, 'ledger'> & {
  ledger: Omit<OpenState['ledger'], 'open' | 'settled' | 'settledPrevious'> & { open: Reservation[] };
};

/** The account state as stored in the row: plain JSON, settlement indexes left out (see above). */
export function storableState(state: OpenState): StoredState {
  const { open, settled: _settled, settledPrevious: _previous, ...figures } = state.ledger;
  return { ...state, ledger: { ...figures, open: [...open.values()] } };
}

export function restoredState(stored: StoredState): AccountState {
  const { open, ...figures } = stored.ledger;
  return {
    ...stored,
    ledger: {
      ...figures,
      open: new Map(open.map((r) => [r.requestId, r])),
      settled: SettlementIndex.empty(),
      settledPrevious: SettlementIndex.empty(),
    },
  };
}

/**
 * Replaces the account's row at position $12 by the row at $11, in one statement; inserts nothing
 * when no row stands at $12 (the caller then reads the row). $12 NULL: the account has no row yet.
 *
 * Why a new row per event rather than an UPDATE: a rebuild replays the whole log in one transaction,
 * and PostgreSQL keeps every version a transaction writes of a row on the row's update chain, which
 * each later lookup walks; an account with n events would cost O(n²). A deleted row and a fresh one
 * under a new key are found in O(log n) whatever happened before.
 */
const REPLACE_ROW = `
  WITH gone AS (DELETE FROM balances WHERE account_id = $1 AND updated_position = $12 RETURNING 1)
  INSERT INTO balances (account_id, monthly_remaining, topup_remaining, words_used, words_limit, requests_this_period,
    open_reservations, period_start, period_end, state, updated_position)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
  WHERE EXISTS (SELECT 1 FROM gone) OR $12::bigint IS NULL`;

/**
 * REPLACE_ROW for many accounts in one statement (each array holds one parameter of REPLACE_ROW, account by
 * account); returns the accounts whose row stood at $12 and was replaced, or that had none ($12 NULL).
 */
const REPLACE_ROWS = `
  WITH t AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::timestamptz[],
      $9::timestamptz[], $10::jsonb[], $11::bigint[], $12::bigint[]) AS t(a, mr, tr, wu, wl, rq, orv, ps, pe, st, pos, prev)
  ), gone AS (
    DELETE FROM balances b USING t WHERE b.account_id = t.a AND b.updated_position = t.prev RETURNING b.account_id
  )
  INSERT INTO balances (account_id, monthly_remaining, topup_remaining, words_used, words_limit, requests_this_period,
    open_reservations, period_start, period_end, state, updated_position)
  SELECT t.a, t.mr, t.tr, t.wu, t.wl, t.rq, t.orv, t.ps, t.pe, t.st, t.pos FROM t LEFT JOIN gone ON gone.account_id = t.a
  WHERE gone.account_id IS NOT NULL OR t.prev IS NULL
  RETURNING account_id`;

function rowValues(accountId: string, state: OpenState, position: bigint, replacing: bigint | null): unknown[] {
  const b = balanceOf(state);
  return [
    accountId, b.monthlyRemaining, b.topUpRemaining, b.wordsUsed, b.wordsLimit, b.requestsThisPeriod, state.ledger.open.size,
    b.periodStart, b.periodEnd, JSON.stringify(storableState(state)), position.toString(), replacing === null ? null : replacing.toString(),
  ];
}

/** The state as a cache keeps it: settlement indexes dropped, as in the row (they would only grow). */
function cacheable(state: OpenState): OpenState {
  return { ...state, ledger: { ...state.ledger, settled: SettlementIndex.empty(), settledPrevious: SettlementIndex.empty() } };
}

/**
 * The balances projection. Each instance remembers the states it wrote last (bounded), so the steady
 * state costs one statement per event: a replacement that only applies if the row still stands at
 * the remembered position. Anything else (a rolled-back batch, a rebuild, another runner, a cold
 * start) makes it match nothing, and the state is read from the row instead.
 */
export function createBalancesProjection(options: { cachedAccounts?: number } = {}): Projection {
  const capacity = options.cachedAccounts ?? 10_000;
  const recent = new Map<string, { position: bigint; state: OpenState }>();
  const remember = (accountId: string, position: bigint, state: OpenState): void => {
    recent.delete(accountId);
    recent.set(accountId, { position, state: cacheable(state) });
    if (recent.size > capacity) recent.delete(recent.keys().next().value as string);
  };

  return {
    name: 'balances',
    tables: ['balances'],
    async setup(client: PoolClient) {
      // One live row per account; the position is in the key for the reason given at REPLACE_ROW.
      // Ids are text, not uuid: a read model must take every event the log accepted.
      await client.query(`CREATE TABLE IF NOT EXISTS balances (
        account_id text NOT NULL,
        monthly_remaining bigint NOT NULL,
        topup_remaining bigint NOT NULL,
        words_used bigint NOT NULL,
        words_limit bigint NOT NULL,
        requests_this_period integer NOT NULL,
        open_reservations integer NOT NULL,
        period_start timestamptz,
        period_end timestamptz,
        state jsonb NOT NULL,
        updated_position bigint NOT NULL,
        PRIMARY KEY (account_id, updated_position)
      )`);
    },
    async apply(recorded: RecordedEvent, client: PoolClient) {
      await applyToAccount(recorded.streamName.slice(ACCOUNT_STREAM.length), [recorded], client);
    },
    /**
     * Each account's events of the batch folded in memory, then its row replaced once: the accounts whose row
     * is the one remembered all in one statement, the others (cold cache, a row moved elsewhere) one by one.
     */
    async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
      const byAccount = new Map<string, RecordedEvent[]>();
      for (const e of events) {
        if (!e.streamName.startsWith(ACCOUNT_STREAM) || !ACCOUNT_EVENT_TYPES.has(e.type)) continue;
        const accountId = e.streamName.slice(ACCOUNT_STREAM.length);
        const list = byAccount.get(accountId);
        if (list) list.push(e); else byAccount.set(accountId, [e]);
      }
      const replacing: Array<{ accountId: string; after: OpenState; last: bigint; values: unknown[] }> = [];
      const slow: string[] = [];
      for (const [accountId, list] of byAccount) {
        const cached = recent.get(accountId);
        recent.delete(accountId);
        const after = cached && cached.position < list[0]!.position ? fold(list, cached.state, cached.position) : null;
        if (!cached || !after || after.status !== 'open') { slow.push(accountId); continue; }
        const last = list.at(-1)!.position;
        replacing.push({ accountId, after, last, values: rowValues(accountId, after, last, cached.position) });
      }
      if (replacing.length > 0) {
        const column = (i: number) => replacing.map((r) => r.values[i]);
        const { rows } = await client.query<{ account_id: string }>(REPLACE_ROWS, Array.from({ length: 12 }, (_, i) => column(i)));
        const replaced = new Set(rows.map((r) => r.account_id));
        for (const r of replacing) {
          if (replaced.has(r.accountId)) remember(r.accountId, r.last, r.after);
          else slow.push(r.accountId);
        }
      }
      if (slow.length > 0) await applyFromRows(slow.map((accountId) => [accountId, byAccount.get(accountId)!]), client);
    },
  };

  /** Folds `recorded` (one account's events, in order) onto its row: one statement when the row is the one remembered. */
  async function applyToAccount(accountId: string, all: readonly RecordedEvent[], client: PoolClient): Promise<void> {
    const recordedList = all.filter((r) => r.streamName.startsWith(ACCOUNT_STREAM) && ACCOUNT_EVENT_TYPES.has(r.type));
    const last = recordedList.at(-1);
    if (!last) return;
    const cached = recent.get(accountId);
    recent.delete(accountId);
    if (cached && cached.position < recordedList[0]!.position) {
      const after = fold(recordedList, cached.state, cached.position);
      if (after.status === 'open') {
        const replaced = await client.query(REPLACE_ROW, rowValues(accountId, after, last.position, cached.position));
        if (replaced.rowCount === 1) {
          remember(accountId, last.position, after);
          return;
        }
      }
    }
    await applyFromRow(accountId, recordedList, client);
  }

  /**
   * `applyFromRow` for many accounts at once: their rows read (and locked) in one statement, folded in memory,
   * written in one statement. An account whose write did not land (its row moved meanwhile) goes one by one.
   */
  async function applyFromRows(accounts: ReadonlyArray<readonly [string, readonly RecordedEvent[]]>, client: PoolClient): Promise<void> {
    const { rows } = await client.query<{ account_id: string; state: StoredState; updated_position: string }>(
      `SELECT b.account_id, b.state, b.updated_position::text AS updated_position
       FROM unnest($1::text[]) AS a(id) CROSS JOIN LATERAL (
         SELECT account_id, state, updated_position FROM balances WHERE account_id = a.id ORDER BY updated_position DESC LIMIT 1 FOR UPDATE
       ) b`,
      [accounts.map(([accountId]) => accountId)],
    );
    const stored = new Map(rows.map((r) => [r.account_id, r]));
    const writes: Array<{ accountId: string; after: OpenState; last: bigint; values: unknown[]; list: readonly RecordedEvent[] }> = [];
    for (const [accountId, list] of accounts) {
      const last = list.at(-1)!.position;
      const row = stored.get(accountId);
      const at = row ? BigInt(row.updated_position) : null;
      // Applying an event the row already holds changes nothing, whatever the runner guarantees.
      if (at !== null && at >= last) continue;
      const after = fold(list, row ? restoredState(row.state) : accountDecider.initialState(), at ?? -1n);
      // Events before AccountOpened leave the state empty (the fold ignores them): no row yet.
      if (after.status !== 'open') continue;
      writes.push({ accountId, after, last, values: rowValues(accountId, after, last, at), list });
    }
    if (writes.length === 0) return;
    const { rows: written } = await client.query<{ account_id: string }>(REPLACE_ROWS, Array.from({ length: 12 }, (_, i) => writes.map((w) => w.values[i])));
    const landed = new Set(written.map((r) => r.account_id));
    for (const w of writes) {
      if (landed.has(w.accountId)) remember(w.accountId, w.last, w.after);
      else await applyFromRow(w.accountId, w.list, client);
    }
  }

  /** Folds `recordedList` (one account's handled events, in order) onto the row as stored, whatever is remembered. */
  async function applyFromRow(accountId: string, recordedList: readonly RecordedEvent[], client: PoolClient): Promise<void> {
    const last = recordedList.at(-1)!;
    const { rows } = await client.query<{ state: StoredState; updated_position: string }>(
      `SELECT state, updated_position::text AS updated_position FROM balances WHERE account_id = $1
       ORDER BY updated_position DESC LIMIT 1 FOR UPDATE`,
      [accountId],
    );
    const row = rows[0];
    // Applying an event the row already holds changes nothing, whatever the runner guarantees.
    if (row && BigInt(row.updated_position) >= last.position) return;
    const before = row ? restoredState(row.state) : accountDecider.initialState();
    const after = fold(recordedList, before, row ? BigInt(row.updated_position) : -1n);
    // Events before AccountOpened leave the state empty (the fold ignores them): no row yet.
    if (after.status !== 'open') return;
    await client.query(REPLACE_ROW, rowValues(accountId, after, last.position, row ? BigInt(row.updated_position) : null));
    remember(accountId, last.position, after);
  }
}

/** `state` with the events of `recordedList` past position `after` applied by the domain's own evolve. */
function fold(recordedList: readonly RecordedEvent[], state: AccountState, after: bigint): AccountState {
  let s = state;
  for (const r of recordedList) if (r.position > after) s = accountDecider.evolve(s, { type: r.type, data: r.data } as AccountEvent);
  return s;
}

const ROW_COLUMNS = `account_id, monthly_remaining::text, topup_remaining::text, words_used::text, words_limit::text,
  requests_this_period, open_reservations, period_start, period_end, updated_position::text`;

export function toBalanceRow(r: Record<string, unknown>): BalanceRow {
  return {
    accountId: r.account_id as string,
    monthlyRemaining: Number(r.monthly_remaining),
    topUpRemaining: Number(r.topup_remaining),
    wordsUsed: Number(r.words_used),
    wordsLimit: Number(r.words_limit),
    requestsThisPeriod: Number(r.requests_this_period),
    openReservations: Number(r.open_reservations),
    periodStart: (r.period_start as Date | null) ?? null,
    periodEnd: (r.period_end as Date | null) ?? null,
    updatedPosition: BigInt(r.updated_position as string),
  };
}

export async function findBalance(pool: Pool | PoolClient, accountId: string): Promise<BalanceRow | null> {
  const { rows } = await pool.query(
    `SELECT ${ROW_COLUMNS} FROM balances WHERE account_id = $1 ORDER BY updated_position DESC LIMIT 1`, [accountId],
  );
  return rows[0] ? toBalanceRow(rows[0]) : null;
}

/** Every row, or the one account's, by account; for the audit (which also reports an account with two). */
export async function listBalances(pool: Pool | PoolClient, accountId: string | null): Promise<BalanceRow[]> {
  const { rows } = await pool.query(
    `SELECT ${ROW_COLUMNS} FROM balances WHERE $1::text IS NULL OR account_id = $1 ORDER BY account_id, updated_position`, [accountId],
  );
  return rows.map(toBalanceRow);
}
