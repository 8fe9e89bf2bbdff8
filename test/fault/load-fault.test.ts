/**
 * Load and fault: a mixed workload (humanize JSON and SSE, detect, tones, usage; keyed requests,
 * replays and retries) from 20 keys over 10 accounts, spread over two API processes, while a worker
 * process is SIGKILLed and replaced, an API process is SIGKILLed with JSON requests and streams waiting
 * on it, the Redis server is SIGKILLed and restarted empty, and the database connection is cut. Requests caught by the faults may fail; the
 * money may not go wrong: every reservation settles exactly once, nothing is charged twice, nothing is
 * charged unless the client received the result, the ledger audit finds no violation, and rebuilding
 * the projections from the log gives the same usage and balance rows the live projector wrote.
 *
 * Real processes of bin/main.ts on a Redis server of the suite's own; the shared Redis is not touched.
 * `npm run bench:fault` runs the same scenario and writes the figures to bench/results/fault.{json,md}.
 */
import { expect } from 'chai';
import { faultMarkdown } from '../support/fault-report.js';
import { runFaultScenario, type FaultReport } from '../support/fault-scenario.js';

describe('load and fault: worker killed, API killed, Redis restarted, database cut, under a mixed workload', function () {
  this.timeout(480_000);
  let report: FaultReport;

  before(async function () {
    this.timeout(480_000);
    report = await runFaultScenario({ durationMs: 45_000, log: process.env.FAULT_LOG ? (l) => console.log(`  [fault] ${l}`) : undefined });
    if (process.env.FAULT_LOG) console.log(faultMarkdown(report));
  });

  const problems = (rule: string) => report.problems.filter((p) => p.rule === rule).map((p) => `${p.requestId}: ${p.detail}\n    ${p.evidence.join('\n    ')}`);

  it('ran the workload through both faults, and the service recovered from them', () => {
    expect(report.unexpectedExits, 'processes that died on their own').to.deep.equal([]);
    expect(report.timeline.jobsRunningAtWorkerKill, 'jobs running when the worker was killed').to.be.greaterThan(0);
    expect(report.timeline.jobsRunningAtRedisKill, 'jobs running when Redis was killed').to.be.greaterThan(0);
    expect(report.timeline.jobsRunningAtApiKill, 'jobs running when the API was killed').to.be.greaterThan(0);
    expect(report.timeline.requestsOnKilledApi, 'requests waiting on the API when it was killed').to.be.greaterThan(0);
    expect(report.timeline.jobsRunningAtPgCut, 'jobs running when the database was cut').to.be.greaterThan(0);
    expect(report.windows.apiFault.requests, 'humanize/detect requests caught by the API kill').to.be.greaterThan(0);
    expect(report.windows.pgFault.requests, 'humanize/detect requests around the database cut').to.be.greaterThan(0);
    expect(report.windows.workerFault.requests, 'humanize/detect requests while a worker was dead').to.be.greaterThan(0);
    expect(report.windows.redisFault.requests, 'humanize/detect requests around the Redis restart').to.be.greaterThan(0);
    expect(report.windows.afterFaults.succeeded, 'humanize/detect successes after both faults').to.be.greaterThan(0);
    for (const kind of ['humanize', 'humanize_sse', 'detect', 'tone_create', 'tone_list', 'usage']) {
      const outcomes = report.requests.byKind[kind] ?? {};
      const ok = Object.entries(outcomes).filter(([s]) => s.startsWith('200') && !s.includes('error') && !s.includes('broken')).reduce((a, [, n]) => a + n, 0);
      expect(ok, `successful ${kind} requests (${JSON.stringify(outcomes)})`).to.be.greaterThan(0);
    }
    expect(report.ledger.charges, 'charges').to.be.greaterThan(50);
  });

  it('settles every reservation exactly once: none left open, none charged twice', () => {
    expect(problems('open_reservation'), 'reservations still open after the deadline and its grace').to.deep.equal([]);
    expect(problems('charged_twice'), 'request ids charged twice').to.deep.equal([]);
    expect(problems('settled_twice'), 'reservations settled twice').to.deep.equal([]);
    expect(problems('reserved_not_once'), 'request ids reserved twice').to.deep.equal([]);
    expect(report.ledger.charges + report.ledger.refunds).to.equal(report.ledger.reservations);
  });

  it('charges exactly what the clients received: every success once, no failure (a 5xx retried with its key: once)', () => {
    expect(problems('success_not_charged_once'), 'successes not charged exactly once').to.deep.equal([]);
    expect(problems('charge_differs'), 'successes charged another amount than the client was told').to.deep.equal([]);
    expect(problems('failed_but_charged'), 'failures the client saw that were charged').to.deep.equal([]);
    expect(problems('charged_without_result'), 'charges for requests whose result no client received').to.deep.equal([]);
    expect(report.problems).to.deep.equal([]);
  });

  it('passes the ledger audit (balances = allowance + top-ups + adjustments − charges, read model included)', () => {
    expect(report.audit.violations).to.deep.equal([]);
    // Open past deadline + sweep margin: none once the sweeper has run.
    expect(report.audit.warnings.filter((w) => w.rule === 'stale_reservation')).to.deep.equal([]);
    expect(report.audit.reservations).to.equal(report.ledger.reservations);
  });

  it('rebuilds usage_daily and balances from the log into the same rows the live projector wrote', () => {
    for (const table of ['usage_daily', 'balances'] as const) {
      const t = report.rebuild[table];
      expect(t.rows, `${table} rows`).to.be.greaterThan(0);
      expect({ onlyBefore: t.onlyBefore, onlyAfter: t.onlyAfter }, `${table} rows that differ`).to.deep.equal({ onlyBefore: [], onlyAfter: [] });
      expect(t.equal, `${table} identical row for row`).to.equal(true);
    }
  });
});
