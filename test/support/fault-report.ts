/** The load-and-fault report as a short Markdown page (bench/results/fault.md). */
import type { FaultReport } from './fault-scenario.js';

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export function faultMarkdown(r: FaultReport): string {
  const rows = Object.entries(r.requests.byKind).sort().map(([kind, byStatus]) =>
    `| ${kind} | ${Object.values(byStatus).reduce((a, b) => a + b, 0)} | ${Object.entries(byStatus).sort().map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  const win = (name: string, w: FaultReport['windows']['calm']) =>
    `| ${name} | ${w.requests} | ${w.succeeded} | ${w.failed} | ${Object.entries(w.failuresByCode).map(([c, n]) => `${c}: ${n}`).join(', ') || '-'} |`;
  const l = r.ledger;
  return [
    '# Load and fault test',
    '',
    `${r.setup.loops} client loops over ${r.setup.accounts} accounts (${r.setup.keys} keys); 2 APIs, 2 workers, 1 projector (AI_PROVIDER=local, AI_TIMEOUT_MS=${r.setup.aiTimeoutMs}).`,
    `Workload ${s(r.setup.workloadMs)}; worker SIGKILLed at ${s(r.timeline.workerKilledAt)} (${r.timeline.jobsRunningAtWorkerKill} jobs running), replacement ready at ${s(r.timeline.replacementReadyAt)};`,
    `API SIGKILLed at ${s(r.timeline.apiKilledAt)} (${r.timeline.jobsRunningAtApiKill} jobs running, ${r.timeline.requestsOnKilledApi} requests waiting on it);`,
    `Redis SIGKILLed at ${s(r.timeline.redisKilledAt)} (${r.timeline.jobsRunningAtRedisKill} jobs running) and back (empty) at ${s(r.timeline.redisBackAt)};`,
    `database cut at ${s(r.timeline.pgCutAt)} (${r.timeline.jobsRunningAtPgCut} jobs running) and back at ${s(r.timeline.pgBackAt)}. Whole run ${s(r.totalMs)}.`,
    '',
    '## Requests',
    '',
    '| kind | requests | outcomes |', '|---|---|---|', ...rows,
    '',
    '## Humanize/detect around the faults',
    '',
    '| window | requests | succeeded | failed | failures |', '|---|---|---|---|---|',
    win('calm', r.windows.calm), win('worker killed → replacement ready', r.windows.workerFault), win('API killed (its requests, and retries within 2 s)', r.windows.apiFault),
    win('Redis down → back + 3 s', r.windows.redisFault), win('database cut → back + 2 s', r.windows.pgFault), win('after all faults', r.windows.afterFaults),
    '',
    '## Money',
    '',
    `- reservations ${l.reservations}, charges ${l.charges} (${l.wordsCharged} words), refunds ${l.refunds} (${l.wordsRefunded} words), open after ${(l.settleMs / 1000).toFixed(1)} s: ${l.open}`,
    `- refunds by code: ${Object.entries(l.refundsByCode).map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`,
    `- client-visible failures ${l.clientFailures}: refunded ${l.failuresRefunded}, refused before any reservation ${l.failuresNeverReserved}, charged once and delivered by a replay ${l.failuresRecoveredByReplay}, streams cut after the charge with text delivered ${l.failuresCutAfterCharge}, id unknown to the client ${l.failuresUnknownId}`,
    `- charged in the instant their API process was killed (no key, no answer; the residual window): ${l.lostWithKilledApi}`,
    `- worker log: ${r.workerLog.charged} charged, ${r.workerLog.refunded} refunded, ${r.workerLog.dropped} results dropped (already refunded by the API), ${r.workerLog.failedInQueue} failed in the queue, ${r.workerLog.swept} expired reservations swept`,
    `- ledger audit: ${r.audit.accounts} accounts, ${r.audit.events} events, ${r.audit.reservations} reservations, ${r.audit.violations.length} violations, ${r.audit.warnings.length} warnings`,
    `- projections rebuilt: usage_daily ${r.rebuild.usage_daily.rows} rows ${r.rebuild.usage_daily.equal ? 'identical' : 'DIFFERENT'}, balances ${r.rebuild.balances.rows} rows ${r.rebuild.balances.equal ? 'identical' : 'DIFFERENT'}`,
    `- problems: ${r.problems.length === 0 ? 'none' : ''}`,
    ...r.problems.slice(0, 20).map((p) => `  - ${p.rule} ${p.requestId}: ${p.detail}`),
    `- misreports (no money involved): ${r.misreports.length === 0 ? 'none' : ''}`,
    ...r.misreports.slice(0, 10).map((p) => `  - ${p.rule} ${p.requestId}: ${p.detail}`),
    ...(r.unexpectedExits.length > 0 ? ['', `Processes that exited on their own: ${r.unexpectedExits.join('; ')}`] : []),
    '',
  ].join('\n');
}
