/**
 * `npm run bench:fault`: the load-and-fault scenario of test/fault/load-fault.test.ts as a standalone
 * run (real processes on loopback, a Redis server of its own; a worker and an API SIGKILLed, Redis
 * restarted, the database cut; about two minutes), printing
 * the figures and writing them to bench/results/fault.json and bench/results/fault.md. Exits non-zero
 * when the money went wrong (an audit violation, a reservation left open, a double or unearned charge)
 * or a rebuilt read model differs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { faultMarkdown } from '../test/support/fault-report.js';
import { runFaultScenario } from '../test/support/fault-scenario.js';

const durationMs = Number(process.env.FAULT_DURATION_MS ?? 45_000);
const report = await runFaultScenario({ durationMs, log: (line) => console.log(`[fault] ${line}`) });
const markdown = faultMarkdown(report);
const results = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(results, { recursive: true });
writeFileSync(`${results}fault.json`, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...report }, null, 2)}\n`);
writeFileSync(`${results}fault.md`, markdown);
console.log(markdown);
const failed = report.problems.length > 0 || report.audit.violations.length > 0 || report.unexpectedExits.length > 0
  || !report.rebuild.usage_daily.equal || !report.rebuild.balances.equal;
process.exit(failed ? 1 : 0);
