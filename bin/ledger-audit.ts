/**
 * `ledger audit [--account ID]`: replays the word ledger from the log and checks every rule it must
 * obey (bin/ledger-replay.ts), then checks the `balances` read model against the replay.
 *
 * Violations fail the audit (the CLI exits non-zero). Warnings do not: a reservation open for longer
 * than `staleAfterMs` (the CLI passes AI_TIMEOUT_MS + RESERVATION_SWEEP_MARGIN_MS: past its deadline
 * and the sweep margin, the reservation sweeper should have refunded it — is the worker role running?)
 * and a read model still catching up are conditions to look at, not broken rules.
 *
 * The read model is compared where it says it stands: the `balances` rows and the projection's
 * checkpoint are read first, in one snapshot, and each row is compared with the fold just after the
 * event at its `updated_position`. A projector running meanwhile therefore causes no false alarm, and
 * a row behind a checkpoint that is past the account's last event is a fault (`read_model_stale`).
 * The customers' billing history (`usage_history`) is checked the same way (bin/history-audit.ts).
 */
import type { Pool } from 'pg';
import { openReservations, type Balance } from '../domain/account.js';
import { streams } from '../domain/events.js';
import type { EventStore, RecordedEvent } from '../infra/eventstore/types.js';
import { listBalances, type BalanceRow } from '../projections/balances.js';
import { HistoryCheck } from './history-audit.js';
import { AccountReplay, type Finding } from './ledger-replay.js';

export type { Finding };

export interface LedgerAuditReport {
  accounts: number;
  events: number;
  reservations: number;
  violations: Finding[];
  warnings: Finding[];
}

export interface LedgerAuditOptions {
  now?: Date;
  /** An open reservation older than this is reported as `stale_reservation` (default one hour). */
  staleAfterMs?: number;
  /** Events per page when reading the whole log (default 1000). */
  pageSize?: number;
  /** How long to wait for an event below the head to become visible (default 30 s). */
  visibilityTimeoutMs?: number;
}

const ACCOUNT_STREAM = 'account-';
const BALANCES_PROJECTION = 'balances';
const DEFAULT_STALE_AFTER_MS = 3_600_000;

interface ReadModelSnapshot {
  checkpoint: bigint;
  /** The newest row of each account (there must be only one). */
  rows: Map<string, BalanceRow>;
  /** Accounts with more than one row. */
  duplicated: Set<string>;
}

async function readModelSnapshot(pool: Pool, accountId: string | null): Promise<ReadModelSnapshot> {
  const client = await pool.connect();
  try {
    // One snapshot: the runner moves rows and checkpoint in one transaction, so they agree here.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ position: string }>(
      'SELECT position::text AS position FROM projection_checkpoints WHERE name = $1', [BALANCES_PROJECTION],
    );
    const balances = await listBalances(client, accountId);
    await client.query('COMMIT');
    const byAccount = new Map<string, BalanceRow>();
    const duplicated = new Set<string>();
    for (const row of balances) {
      if (byAccount.has(row.accountId)) duplicated.add(row.accountId);
      byAccount.set(row.accountId, row);
    }
    return { checkpoint: rows[0] ? BigInt(rows[0].position) : -1n, rows: byAccount, duplicated };
  } catch (err: unknown) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Every event of the log up to the head at the start, in order, a page at a time. */
async function* wholeLog(store: EventStore, pageSize: number, visibilityTimeoutMs: number): AsyncGenerator<RecordedEvent> {
  const head = await store.headPosition();
  let cursor: bigint | null = null;
  let waitingSince: number | null = null;
  while (cursor === null ? head >= 0n : cursor < head) {
    const page = await store.readAll(cursor, pageSize);
    if (page.length === 0) {
      // An append below the head has not committed yet; its events must not be skipped.
      waitingSince ??= Date.now();
      if (Date.now() - waitingSince > visibilityTimeoutMs) throw new Error(`events up to position ${head} did not become visible`);
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    waitingSince = null;
    for (const event of page) {
      if (event.position > head) return;
      yield event;
    }
    cursor = page.at(-1)!.position;
  }
}

async function* accountLog(store: EventStore, accountId: string): AsyncGenerator<RecordedEvent> {
  yield* await store.read(streams.account(accountId));
}

const sameInstant = (a: Date | null, b: string | null): boolean =>
  a === null || b === null ? a === null && b === null : a.getTime() === Date.parse(b);

function rowDifferences(row: BalanceRow, fold: { balance: Balance; openReservations: number }): string[] {
  const b = fold.balance;
  const pairs: [string, number | string | null, number | string | null, boolean][] = [
    ['monthly_remaining', row.monthlyRemaining, b.monthlyRemaining, row.monthlyRemaining === b.monthlyRemaining],
    ['topup_remaining', row.topUpRemaining, b.topUpRemaining, row.topUpRemaining === b.topUpRemaining],
    ['words_used', row.wordsUsed, b.wordsUsed, row.wordsUsed === b.wordsUsed],
    ['words_limit', row.wordsLimit, b.wordsLimit, row.wordsLimit === b.wordsLimit],
    ['requests_this_period', row.requestsThisPeriod, b.requestsThisPeriod, row.requestsThisPeriod === b.requestsThisPeriod],
    ['open_reservations', row.openReservations, fold.openReservations, row.openReservations === fold.openReservations],
    ['period_start', row.periodStart?.toISOString() ?? null, b.periodStart, sameInstant(row.periodStart, b.periodStart)],
    ['period_end', row.periodEnd?.toISOString() ?? null, b.periodEnd, sameInstant(row.periodEnd, b.periodEnd)],
  ];
  return pairs.filter(([, , , same]) => !same).map(([column, found, expected]) => `${column} ${String(found)} (row) vs ${String(expected)} (log)`);
}

function checkReadModel(replay: AccountReplay, row: BalanceRow | undefined, checkpoint: bigint, add: (f: Finding, warning?: boolean) => void): void {
  const account_id = replay.accountId;
  const last = replay.lastPosition;
  if (!row) {
    if (replay.openedPosition === null) return;
    if (checkpoint >= replay.openedPosition) {
      add({ account_id, rule: 'read_model_missing', detail: `no balances row, though the projection is at position ${checkpoint}` });
    } else add({ account_id, rule: 'read_model_lagging', detail: `balances projection at position ${checkpoint}; the account opened at ${replay.openedPosition}` }, true);
    return;
  }
  if (last === null) {
    add({ account_id, rule: 'read_model_orphan', detail: 'a balances row exists for an account with no events' });
    return;
  }
  const fold = replay.snapshot(row.updatedPosition);
  if (!fold) {
    add({ account_id, rule: 'read_model_mismatch', detail: `the row claims position ${row.updatedPosition}, which holds no event of this account` });
    return;
  }
  const differences = rowDifferences(row, fold);
  if (differences.length > 0) {
    add({ account_id, rule: 'read_model_mismatch', detail: `at position ${row.updatedPosition}: ${differences.join(', ')}` });
  }
  if (row.updatedPosition < last) {
    if (checkpoint >= last) {
      add({ account_id, rule: 'read_model_stale', detail: `the row stops at position ${row.updatedPosition}; the projection is at ${checkpoint} and the account's last event at ${last}` });
    } else add({ account_id, rule: 'read_model_lagging', detail: `balances projection at position ${checkpoint}; the account's last event is at ${last}` }, true);
  }
}

/**
 * Audits one account (`accountId`) or every account in the log (null). Never throws for a broken
 * ledger: everything found is in the report; it throws only when the log or database cannot be read.
 */
export async function auditLedger(store: EventStore, pool: Pool, accountId: string | null, options: LedgerAuditOptions = {}): Promise<LedgerAuditReport> {
  const staleBefore = (options.now ?? new Date()).getTime() - (options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS);
  const violations: Finding[] = [];
  const warnings: Finding[] = [];
  const add = (finding: Finding, warning = false): void => { (warning ? warnings : violations).push(finding); };

  const readModel = await readModelSnapshot(pool, accountId);
  const history = await HistoryCheck.start(pool, accountId);
  const replays = new Map<string, AccountReplay>();
  const replayOf = (id: string): AccountReplay => {
    let replay = replays.get(id);
    if (!replay) {
      const row = readModel.rows.get(id);
      replay = new AccountReplay(id, (f) => add(f), row ? new Set([row.updatedPosition]) : new Set());
      replays.set(id, replay);
    }
    return replay;
  };
  if (accountId !== null) replayOf(accountId);

  const log = accountId === null
    ? wholeLog(store, options.pageSize ?? 1_000, options.visibilityTimeoutMs ?? 30_000)
    : accountLog(store, accountId);
  for await (const event of log) {
    if (!event.streamName.startsWith(ACCOUNT_STREAM)) continue;
    const id = event.streamName.slice(ACCOUNT_STREAM.length);
    replayOf(id).apply(event);
    history.observe(id, event);
  }
  history.finish(add);
  for (const id of readModel.rows.keys()) replayOf(id);
  for (const id of readModel.duplicated) {
    add({ account_id: id, rule: 'read_model_duplicate', detail: 'the balances table holds more than one row for this account; the newest is checked' });
  }

  let events = 0;
  let reservations = 0;
  let accounts = 0;
  for (const replay of replays.values()) {
    if (replay.events > 0) accounts++;
    events += replay.events;
    reservations += replay.reservations;
    checkReadModel(replay, readModel.rows.get(replay.accountId), readModel.checkpoint, add);
    // Not the domain's staleReservations: a malformed `at` must be reported, not stop the audit.
    for (const r of openReservations(replay.state)) {
      const at = Date.parse(r.at);
      if (Number.isFinite(at) && at > staleBefore) continue;
      add({
        account_id: replay.accountId, rule: 'stale_reservation',
        detail: `request ${r.requestId} (${r.endpoint}, key ${r.keyId}) reserved ${r.words} words at ${r.at} and is still open past its deadline and the sweep margin`,
      }, true);
    }
  }
  return { accounts, events, reservations, violations, warnings };
}
