/**
 * `npm run bench:profile`: the deployed topology of `npm run bench` (an api process and a worker+projector
 * process, local engine, 60 customers, 250-word texts) under load, with the CPU each process used during
 * the run (from /proc) so that a figure reads as "CPU-bound" or "waiting", beside the essential pipeline
 * measured in the same rounds. BASE_DIR=<another checkout> runs that checkout's service too, in alternating
 * rounds, for a before/after comparison on a machine whose load changes. PROFILE=1 makes each service process
 * write a V8 CPU profile into bench/results/profiles/; TRACE=1 preloads bench/trace-preload.mjs, whose
 * per-request step times `node --import tsx bench/trace-report.ts` then summarises.
 * SPLIT_PROJECTOR=1 runs the projector in a process of its own (api, worker, projector), so that the worker's CPU
 * per request is read without the projector's; THREADS=1 prints each process's CPU per request by thread (the
 * main thread, then every other thread that used at least 0.02 ms per request: engine threads, V8's platform
 * threads, libuv's pool), from /proc/<pid>/task.
 * SERVICE_NODE_ARGS: Node/V8 flags for this checkout's service processes only (against BASE_DIR's, without them).
 * Environment: BENCH_DURATION (s per round, default 10), BENCH_WARMUP (s of load before each deployment's first round, default 20),
 * BENCH_CONNECTIONS (default 10), ROUNDS (default 1),
 * TARGET (detect | humanize), BENCH_RATE (requests per second for every deployment, rounds and warm-up; default as
 * fast as each answers): CPU per request falls as the rate rises (more work per wake-up), so a before/after of CPU
 * per request is fairest at one rate that both sides sustain.
 */
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { AdminCommands } from '../bin/admin-commands.js';
import { openBackends, type Backends } from '../bin/backends.js';
import { defaultConcurrency, loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { PLANS, type Plan } from '../domain/plans.js';
import pg from 'pg';
import { withDefaultUser } from '../infra/db.js';
import { createTestDatabase, PG_BASE_URL, REDIS_URL, type TestDatabase } from '../test/support/db.js';
import { freePort, dropRedisPrefix } from '../test/support/processes.js';
import { SAMPLE_TEXT } from '../test/support/service.js';
import { createEssentialTable } from './essential.js';
import { ROOT, spawnReady, type BenchProcess } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of unrecorded load per deployment first (JIT compilation on V8's threads; see bench/run.ts). */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const TARGET = process.env.TARGET ?? 'detect';
const TEXT = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');
const TICKS = 100;
const SPLIT_PROJECTOR = Boolean(process.env.SPLIT_PROJECTOR);
const THREADS = Boolean(process.env.THREADS);
const RATE = Number(process.env.BENCH_RATE ?? 0);

function cpuMs(pid: number): number {
  let stat: string;
  try { stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); } catch { return 0; }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
}

/** CPU ms of every process whose command name is `name` (postgres backends, redis-server). */
function cpuOf(name: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try { if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) total += cpuMs(Number(pid)); } catch { /* gone */ }
  }
  return total;
}

/** Busy share of the whole machine between two readings. */
function machine(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3]! - f[4]!, total };
}

const plan: Plan = { ...(PLANS.api_scale as Plan), key: 'api_bench', name: 'Bench', wordsPerMonth: 2_000_000_000, requestsPerMinute: 10_000_000, concurrentRequests: 10_000 };

interface Deployment { label: string; url: string; path: string; keys: string[]; processes: BenchProcess[]; database: string; close(): Promise<void> }

/**
 * Transactions committed in a deployment's database so far (pg_stat_database): a statement outside a transaction is one,
 * so per request it counts the statements both processes send (a read as well as a write). PostgreSQL publishes the
 * counts about once a second, so a round's figure is good to about a second's worth of requests.
 */
async function commits(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: withDefaultUser(`${PG_BASE_URL}/postgres`) });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>('SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = $1', [database]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function service(label: string, root: string, nodeArgs: string[]): Promise<Deployment> {
  const db: TestDatabase = await createTestDatabase('hz_prof');
  const prefix = `prof-${randomUUID().slice(0, 8)}`;
  const plansFile = join(mkdtempSync(join(tmpdir(), 'hz-prof-')), 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ api_bench: plan }));
  const env = { DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, HOST: '127.0.0.1', PLANS_FILE: plansFile, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const backends: Backends = await openBackends(loadConfig(env), createLogger('silent'));
  const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: { api_bench: plan } });
  const keys = (await admin.createCustomers({ plan: 'api_bench', count: 60, keyName: 'bench' })).map((c) => c.key as string);
  const port = await freePort();
  const api = await spawnReady(`${label} api`, 'bin/main.ts', [], { ...env, ROLES: 'api', PORT: String(port) }, '"msg":"started"', nodeArgs, root);
  const worker = await spawnReady(`${label} worker`, 'bin/main.ts', [], { ...env, ROLES: SPLIT_PROJECTOR ? 'worker' : 'worker,projector', PORT: '0' }, '"msg":"started"', nodeArgs, root);
  const projector = SPLIT_PROJECTOR
    ? [await spawnReady(`${label} projector`, 'bin/main.ts', [], { ...env, ROLES: 'projector', PORT: '0' }, '"msg":"started"', nodeArgs, root)]
    : [];
  return {
    label, url: `http://127.0.0.1:${port}`, path: `/v1/${TARGET}`, keys, processes: [api, worker, ...projector], database: new URL(db.url).pathname.slice(1),
    async close() {
      for (const p of projector) await p.stop();
      await worker.stop();
      await api.stop();
      await backends.close();
      await db.drop();
      await dropRedisPrefix(prefix);
    },
  };
}

async function essential(keys: string[]): Promise<Deployment> {
  const db = await createTestDatabase('hz_prof_e');
  await createEssentialTable(db.pool);
  const prefix = `prof-${randomUUID().slice(0, 8)}-essential`;
  const port = await freePort();
  const env = { DATABASE_URL: db.url, REDIS_URL, PREFIX: `${prefix}:`, CONCURRENCY: String(defaultConcurrency('local')) };
  const api = await spawnReady('essential api', 'bench/essential.ts', ['api'], { ...env, PORT: String(port) }, 'ready');
  const worker = await spawnReady('essential worker', 'bench/essential.ts', ['worker'], env, 'ready');
  return {
    label: 'essential', url: `http://127.0.0.1:${port}`, path: '/detect', keys, processes: [api, worker], database: new URL(db.url).pathname.slice(1),
    async close() { await worker.stop(); await api.stop(); await db.drop(); await dropRedisPrefix(prefix); },
  };
}

async function load(d: Deployment, duration: number) {
  let turn = 0;
  return autocannon({
    url: d.url, connections: CONNECTIONS, duration, method: 'POST', body: JSON.stringify({ text: TEXT }), ...(RATE > 0 ? { overallRate: RATE } : {}),
    requests: [{ method: 'POST', setupRequest: (req: autocannon.Request) => ({ ...req, path: d.path, headers: { Authorization: `Bearer ${d.keys[turn++ % d.keys.length]}`, 'Content-Type': 'application/json' } }) }],
  });
}

/** CPU ms of each thread of a process ('main', or 't' + thread id). */
function threadCpuMs(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  let tids: string[];
  try { tids = readdirSync(`/proc/${pid}/task`); } catch { return byThread; }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byThread.set(tid === String(pid) ? 'main' : `t${tid}`, ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000);
    } catch { /* gone */ }
  }
  return byThread;
}

async function measure(d: Deployment): Promise<{ rps: number; p50: number; p99: number; line: string }> {
  const before = d.processes.map((p) => cpuMs(p.child.pid!));
  const threadsBefore = d.processes.map((p) => threadCpuMs(p.child.pid!));
  const pgBefore = cpuOf('postgres');
  const redisBefore = cpuOf('redis-server');
  const mBefore = machine();
  const commitsBefore = await commits(d.database);
  const started = performance.now();
  const r = await load(d, DURATION_S);
  const wall = performance.now() - started;
  const used = d.processes.map((p, i) => cpuMs(p.child.pid!) - before[i]!);
  const pg = cpuOf('postgres') - pgBefore;
  const rd = cpuOf('redis-server') - redisBefore;
  const mAfter = machine();
  // The counts of the round's last second are published about a second later.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const committed = (await commits(d.database)) - commitsBefore;
  const n = r.requests.total;
  if (THREADS) {
    d.processes.forEach((p, i) => {
      const perRequest = [...threadCpuMs(p.child.pid!)].map(([t, ms]) => [t, (ms - (threadsBefore[i]!.get(t) ?? 0)) / n] as const);
      console.log(`  ${p.name} CPU ms/req by thread: ${perRequest.filter(([t, ms]) => t === 'main' || ms >= 0.02).map(([t, ms]) => `${t} ${ms.toFixed(2)}`).join(', ')}`);
    });
  }
  const rps = Math.round(n / (wall / 1000));
  const line = `${d.label}: ${rps} req/s, p50 ${r.latency.p50} p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; ` +
    d.processes.map((p, i) => `${p.name} ${Math.round((used[i]! / wall) * 100)}% CPU ${(used[i]! / n).toFixed(2)} ms/req`).join(', ') +
    `; all postgres ${(pg / n).toFixed(2)} ms/req, redis ${(rd / n).toFixed(2)} ms/req (the machine's, other users included); ` +
    `transactions ${(committed / n).toFixed(2)}/req; ` +
    `machine busy ${Math.round(((mAfter.busy - mBefore.busy) / (mAfter.total - mBefore.total)) * 100)}%, load average ${loadavg()[0]!.toFixed(1)}`;
  return { rps, p50: r.latency.p50, p99: r.latency.p99, line };
}

async function main(): Promise<void> {
  const profDir = join(ROOT, 'bench/results/profiles');
  mkdirSync(profDir, { recursive: true });
  const nodeArgs = [
    ...(process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ...(process.env.TRACE ? ['--import', 'tsx', '--import', join(ROOT, 'bench/trace-preload.mjs')] : []),
  ];
  const deployments: Deployment[] = [];
  try {
    const current = await service('service', ROOT, [...nodeArgs, ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean)]);
    deployments.push(current);
    if (process.env.BASE_DIR) deployments.push(await service('base', process.env.BASE_DIR, nodeArgs));
    if (!process.env.SKIP_ESSENTIAL) deployments.unshift(await essential(current.keys));
    for (let round = 1; round <= ROUNDS; round++) {
      const results = new Map<string, { rps: number; p99: number }>();
      for (const d of deployments) {
        // Each deployment's warm-up right before its first round. Warmed up all first, the service measured first had
        // stood idle through the others' warm-ups (20–40 s), and in its first round V8's own threads (compiler, garbage
        // collector) worked more per request than in the rounds after, the other side's not: up to 0.1 ms of CPU per
        // request against it in before/after runs.
        if (round === 1) await load(d, WARMUP_S);
        const m = await measure(d);
        results.set(d.label, m);
        console.log(`round ${round} ${m.line}`);
      }
      const e = results.get('essential');
      if (e) {
        for (const [label, m] of results) {
          if (label !== 'essential') console.log(`round ${round} ${label}: ${(m.rps / e.rps).toFixed(3)} of essential req/s, p99 ${(m.p99 / Math.max(1, e.p99)).toFixed(2)}x`);
        }
      }
    }
  } finally {
    for (const d of deployments.reverse()) await d.close();
  }
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
