/**
 * `npm run bench:admin`: wall time of each admin CLI command as operators run it, compiled
 * (`node dist/bin/admin.js`, run `npm run build` first), in a database of its own that already holds
 * ADMIN_BENCH_ACCOUNTS accounts with keys. Each command runs ADMIN_BENCH_RUNS times; the median and the
 * slowest are reported, with the load average, plus one bulk provisioning of 1,000 accounts with keys.
 * Writes bench/results/admin-cli.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../test/support/db.js';

const RUNS = Number(process.env.ADMIN_BENCH_RUNS ?? 7);
const ACCOUNTS = Number(process.env.ADMIN_BENCH_ACCOUNTS ?? 200);
const BULK = Number(process.env.ADMIN_BENCH_BULK ?? 1000);
const ADMIN = new URL('../dist/bin/admin.js', import.meta.url).pathname;

async function main(): Promise<void> {
  if (!existsSync(ADMIN)) throw new Error('dist/bin/admin.js is missing: run `npm run build` first');
  const db = await createTestDatabase('hz_bench_admin');
  const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' };
  const admin = (args: string[]): { ms: number; out: Record<string, unknown> } => {
    const started = performance.now();
    const stdout = execFileSync(process.execPath, [ADMIN, ...args], { env, encoding: 'utf8' });
    return { ms: performance.now() - started, out: JSON.parse(stdout) as Record<string, unknown> };
  };
  try {
    admin(['accounts', 'create', '--plan', 'scale', '--count', String(ACCOUNTS), '--with-key']);
    const account = admin(['accounts', 'create', '--plan', 'scale']).out.account_id as string;
    let key = admin(['keys', 'create', '--account', account]).out.key_id as string;
    const commands: Array<{ name: string; args: () => string[]; after?: (out: Record<string, unknown>) => void }> = [
      { name: 'accounts create --plan growth', args: () => ['accounts', 'create', '--plan', 'growth'] },
      { name: 'accounts topup', args: () => ['accounts', 'topup', '--account', account, '--words', '1000'] },
      { name: 'accounts adjust', args: () => ['accounts', 'adjust', '--account', account, '--words=-10', '--reason', 'bench'] },
      { name: 'accounts suspend', args: () => ['accounts', 'suspend', '--account', account, '--reason', 'risk'] },
      { name: 'accounts reinstate', args: () => ['accounts', 'reinstate', '--account', account] },
      { name: 'keys create', args: () => ['keys', 'create', '--account', account] , after: (out) => {
        admin(['keys', 'revoke', '--key', out.key_id as string]); // stays under the plan's key quota
      } },
      { name: 'keys rotate', args: () => ['keys', 'rotate', '--key', key, '--grace-seconds', '0'], after: (out) => { key = out.key_id as string; } },
      { name: 'keys revoke', args: () => ['keys', 'revoke', '--key', admin(['keys', 'create', '--account', account]).out.key_id as string] },
      { name: 'ledger audit --account', args: () => ['ledger', 'audit', '--account', account] },
      { name: 'projections rebuild', args: () => ['projections', 'rebuild'] },
    ];
    const load = loadavg()[0]!;
    const rows: Array<{ command: string; medianMs: number; maxMs: number }> = [];
    for (const command of commands) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const args = command.args();
        const { ms, out } = admin(args);
        times.push(ms);
        command.after?.(out);
      }
      times.sort((a, b) => a - b);
      rows.push({ command: command.name, medianMs: Math.round(times[Math.floor(times.length / 2)]!), maxMs: Math.round(times.at(-1)!) });
      console.log(rows.at(-1));
    }
    const bulk = admin(['accounts', 'create', '--plan', 'scale', '--count', String(BULK), '--with-key']);
    const loadAfter = loadavg()[0]!;
    const figures = {
      date: new Date().toISOString(), node: process.version, runs: RUNS, accountsInDatabase: ACCOUNTS,
      loadAverage: { before: Math.round(load * 100) / 100, after: Math.round(loadAfter * 100) / 100 },
      rows, bulk: { count: BULK, withKey: true, ms: Math.round(bulk.ms) },
    };
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/admin-cli.json', import.meta.url), JSON.stringify(figures, null, 2) + '\n');
    writeFileSync(new URL('./results/admin-cli.md', import.meta.url), [
      '# Admin CLI', '',
      `${figures.date}, Node ${figures.node}, compiled (\`node dist/bin/admin.js\`), ${RUNS} runs per command, ` +
        `load average ${figures.loadAverage.before} → ${figures.loadAverage.after}.`, '',
      '| command | median ms | slowest ms |', '|---|---|---|',
      ...rows.map((r) => `| ${r.command} | ${r.medianMs} | ${r.maxMs} |`), '',
      `Bulk: \`accounts create --count ${BULK} --with-key\` in ${figures.bulk.ms} ms.`, '',
    ].join('\n'));
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await db.drop();
  }
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
