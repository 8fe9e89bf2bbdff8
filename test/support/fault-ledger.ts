/**
 * Compares what the clients of a load-and-fault run were told with what the word ledger recorded.
 * The rules: a request id is reserved at most once and settled exactly once; nothing is charged
 * unless a client received that request's result (a 2xx for its id, a stream `done`, a replay of its
 * Idempotency-Key, or a stream cut after text was sent: a stream is charged before its first chunk);
 * every success the client received was charged once, for the words it was
 * told; every failure the client saw was refunded or never reserved.
 */
import type { Pool } from 'pg';
import type { WordsCharged, WordsRefunded, WordsReserved } from '../../domain/events.js';
import type { EventStore, RecordedEvent } from '../../infra/eventstore/types.js';
import type { RequestRecord } from './fault-workload.js';

export interface LedgerEntry {
  accountId: string;
  endpoint: string;
  words: number;
  reservedAt: string;
  /** When the (first) charge was appended, epoch ms; null when never charged. */
  chargedAt: number | null;
  reservations: number;
  charges: number;
  refunds: number;
  refundCodes: string[];
}

export interface Problem { rule: string; requestId: string; detail: string }

export interface LedgerComparison {
  reservations: number;
  charges: number;
  refunds: number;
  open: number;
  wordsCharged: number;
  wordsRefunded: number;
  refundsByCode: Record<string, number>;
  /** Client failures (non-2xx, stream error or cut, no answer) on humanize/detect. */
  clientFailures: number;
  /** Of those with a known id: refunded, never reserved (refused before the reservation), charged once with the result delivered by a replay of the same key. */
  failuresRefunded: number;
  failuresNeverReserved: number;
  failuresRecoveredByReplay: number;
  /** Streams cut (client or API gone) after the charge, with text already delivered: charged, not a failed generation. */
  failuresCutAfterCharge: number;
  /**
   * Requests without an Idempotency-Key charged in the instant their API process was SIGKILLed: the worker saw the
   * API listening, charged, and the process died before writing the answer. The client got no answer (or a stream
   * cut before any text) and holds no key to retry with (see README "Reliability", residual window); each is matched
   * to one such client record on the killed process.
   */
  lostWithKilledApi: number;
  /** Failures whose request id the client never learnt (no answer, no Idempotency-Key). */
  failuresUnknownId: number;
  problems: Problem[];
  /** What a client was told that the ledger contradicts without costing it words (e.g. `refunded: false` on a refunded stream). */
  misreports: Problem[];
}

const isSuccess = (r: RequestRecord): boolean => r.status >= 200 && r.status < 300 && r.sse !== 'error' && r.sse !== 'broken';
/** The result reached the client: a success, or a stream cut after its (charged) text started to arrive. */
const delivered = (r: RequestRecord): boolean => isSuccess(r) || (r.sse === 'broken' && r.streamedChars > 0);

/** Every word-ledger event of the log, by request id. */
export async function readLedger(store: EventStore): Promise<Map<string, LedgerEntry>> {
  const entries = new Map<string, LedgerEntry>();
  let after: bigint | null = null;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll(after, 1_000);
    if (page.length === 0) break;
    after = page.at(-1)!.position;
    for (const e of page) {
      if (!e.streamName.startsWith('account-')) continue;
      if (e.type !== 'WordsReserved' && e.type !== 'WordsCharged' && e.type !== 'WordsRefunded') continue;
      const d = e.data as WordsReserved['data'] | WordsCharged['data'] | WordsRefunded['data'];
      let entry = entries.get(d.requestId);
      if (!entry) {
        entry = { accountId: d.accountId, endpoint: d.endpoint, words: d.words, reservedAt: d.at, chargedAt: null, reservations: 0, charges: 0, refunds: 0, refundCodes: [] };
        entries.set(d.requestId, entry);
      }
      if (e.type === 'WordsReserved') entry.reservations++;
      else if (e.type === 'WordsCharged') { entry.charges++; entry.chargedAt ??= Date.parse(d.at); }
      else { entry.refunds++; entry.refundCodes.push((d as WordsRefunded['data']).code); }
    }
  }
  return entries;
}

/** Request ids still reserved and unsettled. */
export function openRequests(ledger: Map<string, LedgerEntry>): string[] {
  return [...ledger].filter(([, e]) => e.reservations > 0 && e.charges + e.refunds === 0).map(([id]) => id);
}

/** How close to the kill a charge must be to count as lost with the killed API process. */
const KILL_WINDOW_MS = 1_000;

export function compareWithClients(ledger: Map<string, LedgerEntry>, records: RequestRecord[], killedApi: { url: string; at: number } | null = null): LedgerComparison {
  const problems: Problem[] = [];
  // Unkeyed requests on the killed API that never got an answer: each may account for one charge lost with it.
  const cutByKill = (r: RequestRecord): boolean => killedApi !== null && r.apiUrl === killedApi.url && r.endpoint !== null
    && r.idempotencyKey === null && (r.status === 0 || (r.sse === 'broken' && r.streamedChars === 0))
    && r.startedAt <= killedApi.at && r.endedAt >= killedApi.at;
  const lostCandidates = records.filter((r) => r.requestId === null && cutByKill(r));
  const lostIds = new Set<string>();
  let lostWithKilledApi = 0;
  const paid = records.filter((r) => r.endpoint !== null);
  const byId = new Map<string, RequestRecord[]>();
  for (const r of paid) if (r.requestId) byId.set(r.requestId, [...(byId.get(r.requestId) ?? []), r]);
  const describe = (id: string): string => (byId.get(id) ?? [])
    .map((r) => `${r.kind}${r.retry ? ' retry' : ''} → ${r.status}${r.code ? ` ${r.code}` : ''}${r.replayed ? ' replayed' : ''}`).join('; ') || 'no client record';

  let charges = 0, refunds = 0, open = 0, wordsCharged = 0, wordsRefunded = 0;
  const refundsByCode: Record<string, number> = {};
  for (const [id, e] of ledger) {
    charges += e.charges;
    refunds += e.refunds;
    wordsCharged += e.charges * e.words;
    wordsRefunded += e.refunds * e.words;
    for (const code of e.refundCodes) refundsByCode[code] = (refundsByCode[code] ?? 0) + 1;
    if (e.reservations !== 1) problems.push({ rule: 'reserved_not_once', requestId: id, detail: `${e.reservations} reservations` });
    if (e.charges > 1) problems.push({ rule: 'charged_twice', requestId: id, detail: `${e.charges} charges; client: ${describe(id)}` });
    if (e.charges + e.refunds > 1) problems.push({ rule: 'settled_twice', requestId: id, detail: `${e.charges} charges, ${e.refunds} refunds` });
    if (e.charges + e.refunds === 0) {
      open++;
      problems.push({ rule: 'open_reservation', requestId: id, detail: `${e.endpoint}, ${e.words} words reserved at ${e.reservedAt}; client: ${describe(id)}` });
    }
    const nearKill = e.charges > 0 && killedApi !== null && e.chargedAt !== null && Math.abs(e.chargedAt - killedApi.at) <= KILL_WINDOW_MS;
    const own = byId.get(id) ?? [];
    // The client knew the id (a stream's X-Request-Id) and every answer it got was cut by the kill; or it never
    // learnt the id, and one unanswered request of that account on the killed process accounts for it.
    const lost = !nearKill ? -1 : own.length > 0 ? (own.every(cutByKill) ? Number.MAX_SAFE_INTEGER : -1)
      : lostCandidates.findIndex((r) => r.accountId === e.accountId && r.endpoint === e.endpoint && r.startedAt <= e.chargedAt!);
    if (lost >= 0) {
      if (lost !== Number.MAX_SAFE_INTEGER) lostCandidates.splice(lost, 1);
      lostIds.add(id);
      lostWithKilledApi++;
    } else if (e.charges > 0 && !(byId.get(id) ?? []).some(delivered)) {
      problems.push({ rule: 'charged_without_result', requestId: id, detail: `${e.endpoint}, ${e.words} words charged; client: ${describe(id)}` });
    }
  }

  for (const r of paid.filter(isSuccess)) {
    const e = r.requestId ? ledger.get(r.requestId) : undefined;
    if (!e || e.charges !== 1) {
      problems.push({ rule: 'success_not_charged_once', requestId: r.requestId ?? '?', detail: `${r.kind} answered ${r.status}; ledger: ${e ? `${e.charges} charges, ${e.refunds} refunds` : 'no entry'}` });
    } else if (r.incomplete) {
      problems.push({ rule: 'stream_incomplete_charged', requestId: r.requestId!, detail: 'the stream ended with done, but its chunks do not add up to output_words' });
    } else if (r.wordsCharged !== null && r.wordsCharged !== e.words) {
      problems.push({ rule: 'charge_differs', requestId: r.requestId!, detail: `client told ${r.wordsCharged} words, ledger charged ${e.words}` });
    }
  }

  const failures = paid.filter((r) => !isSuccess(r));
  const misreports: Problem[] = [];
  let failuresRefunded = 0, failuresNeverReserved = 0, failuresRecoveredByReplay = 0, failuresUnknownId = 0, failuresCutAfterCharge = 0;
  for (const r of failures) {
    if (!r.requestId) { failuresUnknownId++; continue; }
    const e = ledger.get(r.requestId);
    // The charge belongs to a success the client did get for the same id (a replay of the key).
    const recovered = r.idempotencyKey !== null && (byId.get(r.requestId) ?? []).some(isSuccess);
    if (!e) failuresNeverReserved++;
    else if (e.charges === 0) {
      if (e.refunds === 1) failuresRefunded++;
      if (r.sse === 'error' && r.refundedFlag === false) {
        misreports.push({ rule: 'refunded_flag_false', requestId: r.requestId, detail: `stream error ${r.code} said refunded: false, the ledger refunded it (${e.refundCodes.join(', ')})` });
      }
    }
    else if (recovered) failuresRecoveredByReplay++;
    else if (lostIds.has(r.requestId)) continue;
    else if (delivered(r)) failuresCutAfterCharge++;
    else if (r.sse === 'error' && r.refundedFlag === false) {
      problems.push({ rule: 'failed_but_charged', requestId: r.requestId, detail: `stream error ${r.code} said refunded: false; client: ${describe(r.requestId)}` });
    } else {
      problems.push({ rule: 'failed_but_charged', requestId: r.requestId, detail: `${r.kind} answered ${r.status} ${r.code ?? ''}; the ledger charged ${e.words} words; client: ${describe(r.requestId)}` });
    }
  }
  // One request failing twice (the original and its retry) is one problem, not two.
  const seen = new Set<string>();
  const unique = problems.filter((p) => { const k = `${p.rule}|${p.requestId}`; if (seen.has(k)) return false; seen.add(k); return true; });

  return {
    reservations: ledger.size, charges, refunds, open, wordsCharged, wordsRefunded, refundsByCode,
    clientFailures: failures.length, failuresRefunded, failuresNeverReserved, failuresRecoveredByReplay, failuresCutAfterCharge, failuresUnknownId, lostWithKilledApi,
    problems: unique, misreports,
  };
}

/** Every row of `table`, as JSON text, in primary-key order. */
export async function tableRows(pool: Pool, table: 'usage_daily' | 'balances'): Promise<string[]> {
  const order = table === 'usage_daily' ? 'account_id, date' : 'account_id';
  const { rows } = await pool.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY ${order}`);
  return rows.map((r) => r.row);
}

/** Rows present on one side only (after a rebuild vs before), at most `limit` of each. */
export function rowDifferences(before: string[], after: string[], limit = 5): { onlyBefore: string[]; onlyAfter: string[] } {
  const a = new Set(after);
  const b = new Set(before);
  return { onlyBefore: before.filter((r) => !a.has(r)).slice(0, limit), onlyAfter: after.filter((r) => !b.has(r)).slice(0, limit) };
}
