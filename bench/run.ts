/**
 * `npm run bench`: the service beside its physical floor, in one run on one machine.
 *
 * - bare Koa: a `POST /echo` that answers at once (the HTTP stack alone);
 * - the essential pipeline (bench/essential.ts): the Redis, PostgreSQL and BullMQ I/O a detect request
 *   cannot avoid, with a worker process, and nothing else;
 * - the service as it is deployed: an api process and a worker+projector process (bin/main.ts), local
 *   engine, 60 customers on a plan without rate limits, the key rotated per request, a 250-word text:
 *   detect and humanize (JSON) at 10 and 50 connections, SSE time to first chunk;
 * - the projection rebuild rate over a log of at least 100,000 events, and the CPU of a 1,000-word detect in
 *   the engine thread pool.
 *
 * Absolute figures depend on the machine; the ratios to the essential pipeline are what to compare.
 * Each deployment is warmed up first (BENCH_WARMUP seconds of load, default 20; see WARMUP_S).
 * Writes bench/results/http.json and bench/results/http.md. About four minutes.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { AdminCommands } from '../bin/admin-commands.js';
import { openBackends } from '../bin/backends.js';
import { defaultConcurrency, loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { createTestDatabase, REDIS_URL } from '../test/support/db.js';
import { freePort, dropRedisPrefix } from '../test/support/processes.js';
import { SAMPLE_TEXT } from '../test/support/service.js';
import { DATA_DIR } from './detector/lib/dataset.js';
import { createEssentialTable } from './essential.js';
import { spawnReady, type BenchProcess } from './processes.js';
import { detectCpuInPool, rebuildRate } from './measures.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/**
 * Seconds of load each deployment gets before anything is recorded. A new process compiles its hot code on V8's
 * background threads during its first seconds under load: after the 3 s of warm-up this bench used to give, the
 * service's four V8 platform threads used 1.05 ms of CPU per detect in the api process and 1.36 ms in the worker
 * over the next 10 s (their main threads 2.1 and 1.9), after 13–15 s 0.28–0.36, and after 23 s 0.11 and 0.13
 * (`THREADS=1 npm run bench:profile`), while the essential pipeline, a few hundred lines, was warm at once. What
 * ops run is a process warm for hours.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 20);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 60);
/** 250 words: the sample paragraph five times (the SSE measure, and every request with BENCH_TEXTS=repeated). */
const TEXT = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');
/**
 * What the requests send. `varied` (the default): a different 250-word text per request, cycling through
 * 400 made of consecutive texts of the detection data, as real traffic is; the engine's sentence memo then
 * helps as little as it would there. `repeated`: TEXT every time, as runs before this option measured.
 */
const TEXT_MODE = process.env.BENCH_TEXTS === 'repeated' ? 'repeated' : 'varied';
const TEXT_WORDS = 250;

function requestTexts(): string[] {
  const file = resolve(DATA_DIR, 'train.jsonl');
  if (TEXT_MODE === 'repeated' || !existsSync(file)) return [TEXT];
  const words = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim())
    .flatMap((l) => (JSON.parse(l) as { text: string }).text.split(/\s+/u).filter(Boolean));
  const texts: string[] = [];
  for (let at = 0; texts.length < 400 && at + TEXT_WORDS <= words.length; at += TEXT_WORDS) texts.push(words.slice(at, at + TEXT_WORDS).join(' '));
  return texts;
}

const benchPlan: Plan = {
  ...(PLANS.api_scale as Plan), key: 'api_bench', name: 'Bench', wordsPerMonth: 2_000_000_000,
  requestsPerMinute: 10_000_000, concurrentRequests: 10_000,
};

interface Row {
  target: string; connections: number; rps: number; p50: number; p99: number; errors: number; non2xx: number;
  /** req/s and p99 relative to the essential pipeline at the same connections. */
  shareOfEssential?: number; p99VsEssential?: number;
}

async function cannon(url: string, connections: number, opts: Partial<autocannon.Options>, duration = DURATION_S): Promise<Omit<Row, 'target' | 'connections'>> {
  const result = await autocannon({ url, connections, duration, ...opts });
  return {
    rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors, non2xx: result.non2xx,
  };
}

async function sseFirstChunk(url: string, keys: string[], connections: number): Promise<Omit<Row, 'target' | 'connections'>> {
  const samples: number[] = [];
  let errors = 0;
  let turn = 0;
  const until = Date.now() + DURATION_S * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(url + '/v1/humanize', {
        method: 'POST', headers: { Authorization: `Bearer ${keys[turn++ % keys.length]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: TEXT, stream: true }),
      });
      let first = -1;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(part, { stream: true });
        if (first < 0 && buffer.includes('event: chunk')) first = performance.now() - started;
      }
      if (first < 0 || res.status !== 200) errors++;
      else samples.push(first);
    }
  }));
  samples.sort((a, b) => a - b);
  const pct = (p: number) => (samples.length ? Math.round(samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]! * 10) / 10 : 0);
  return { rps: Math.round(samples.length / DURATION_S), p50: pct(0.5), p99: pct(0.99), errors, non2xx: 0 };
}

async function main(): Promise<void> {
  const bare = new Koa();
  bare.use((ctx) => { ctx.body = { ok: true }; });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((r) => bareServer.once('listening', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/echo`;

  const db = await createTestDatabase('hz_bench');
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const plansFile = join(mkdtempSync(join(tmpdir(), 'hz-bench-')), 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ api_bench: benchPlan }));
  const env = { DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, HOST: '127.0.0.1', PLANS_FILE: plansFile, LOG_LEVEL: 'info' };
  const backends = await openBackends(loadConfig(env), createLogger('silent'));
  const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: { api_bench: benchPlan } });
  const keys = (await admin.createCustomers({ plan: 'api_bench', count: CUSTOMERS, keyName: 'bench' })).map((c) => c.key as string);
  await createEssentialTable(db.pool);

  const processes: BenchProcess[] = [];
  const rows: Row[] = [];
  let rebuild: Awaited<ReturnType<typeof rebuildRate>> | null = null;
  try {
    const apiPort = await freePort();
    const essentialPort = await freePort();
    processes.push(await spawnReady('service api', 'bin/main.ts', [], { ...env, ROLES: 'api', PORT: String(apiPort) }, '"msg":"started"'));
    processes.push(await spawnReady('service worker', 'bin/main.ts', [], { ...env, ROLES: 'worker,projector', PORT: '0' }, '"msg":"started"'));
    const essentialEnv = { DATABASE_URL: db.url, REDIS_URL, PREFIX: `${prefix}-essential:`, CONCURRENCY: String(defaultConcurrency('local')) };
    processes.push(await spawnReady('essential api', 'bench/essential.ts', ['api'], { ...essentialEnv, PORT: String(essentialPort) }, 'ready'));
    processes.push(await spawnReady('essential worker', 'bench/essential.ts', ['worker'], essentialEnv, 'ready'));
    const serviceUrl = `http://127.0.0.1:${apiPort}`;
    const essentialUrl = `http://127.0.0.1:${essentialPort}/detect`;

    let turn = 0;
    let sent = 0;
    const bodies = requestTexts().map((text) => JSON.stringify({ text }));
    const rotating = (path: string) => ({
      method: 'POST' as const,
      setupRequest: (req: autocannon.Request) => ({
        ...req, path, body: bodies[sent++ % bodies.length]!, headers: { Authorization: `Bearer ${keys[turn++ % keys.length]}`, 'Content-Type': 'application/json' },
      }),
    });
    const body = bodies[0]!;
    const post = { method: 'POST' as const, body, headers: { 'Content-Type': 'application/json' } };
    // Warm-up (JIT, connection pools), not recorded.
    await cannon(essentialUrl, 10, { ...post, requests: [rotating('/detect')] }, WARMUP_S);
    await cannon(serviceUrl, 10, { ...post, requests: [rotating('/v1/detect')] }, WARMUP_S);
    await cannon(serviceUrl, 10, { ...post, requests: [rotating('/v1/humanize')] }, WARMUP_S);

    for (const c of LEVELS) {
      const measured: Row[] = [];
      measured.push({ target: 'bare Koa POST /echo', connections: c, ...(await cannon(bareUrl, c, post)) });
      const essential: Row = { target: 'essential pipeline', connections: c, ...(await cannon(essentialUrl, c, { ...post, requests: [rotating('/detect')] })) };
      measured.push(essential);
      const vs = (r: Omit<Row, 'target' | 'connections'>) => ({
        ...r, shareOfEssential: round(r.rps / essential.rps, 3), p99VsEssential: round(r.p99 / Math.max(1, essential.p99), 2),
      });
      measured.push({ target: 'POST /v1/detect', connections: c, ...vs(await cannon(serviceUrl, c, { ...post, requests: [rotating('/v1/detect')] })) });
      measured.push({ target: 'POST /v1/humanize (JSON)', connections: c, ...vs(await cannon(serviceUrl, c, { ...post, requests: [rotating('/v1/humanize')] })) });
      measured.push({ target: 'POST /v1/humanize (SSE, time to first chunk)', connections: c, ...(await sseFirstChunk(serviceUrl, keys, c)) });
      console.log(measured);
      rows.push(...measured);
    }
  } finally {
    for (const p of processes.reverse()) await p.stop();
    bareServer.close();
  }
  let detectCpu: Awaited<ReturnType<typeof detectCpuInPool>>;
  try {
    rebuild = await rebuildRate(backends, admin, 100_000);
    detectCpu = await detectCpuInPool(1_000);
  } finally {
    await backends.close();
    await db.drop();
    await dropRedisPrefix(prefix);
  }

  const table = [
    '| path | connections | req/s | p50 ms | p99 ms | req/s ÷ essential | p99 ÷ essential | errors / non-2xx |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.target} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.shareOfEssential ?? '-'} | ${r.p99VsEssential ?? '-'} | ${r.errors} / ${r.non2xx} |`),
  ].join('\n');
  const extra = [
    `Projection rebuild: ${rebuild.events} events in ${rebuild.ms} ms = **${rebuild.eventsPerSecond} events/s**.`,
    `1,000-word detect in the engine thread pool: **${detectCpu.cpuMsPerDetect} ms CPU** per detect (whole process, ${detectCpu.runs} runs; thread run time p50 ${detectCpu.threadP50Ms} ms).`,
  ].join('\n\n');
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const meta = {
    date: new Date().toISOString(), node: process.version, durationSeconds: DURATION_S, customers: CUSTOMERS,
    textWords: TEXT_WORDS, texts: TEXT_MODE, workerConcurrency: defaultConcurrency('local'), warmupSeconds: WARMUP_S,
  };
  writeFileSync(new URL('./results/http.json', import.meta.url), JSON.stringify({ ...meta, rows, rebuild, detectCpu }, null, 2) + '\n');
  writeFileSync(new URL('./results/http.md', import.meta.url), `# HTTP benchmark\n\n${JSON.stringify(meta)}\n\n${table}\n\n${extra}\n`);
  console.log(table + '\n\n' + extra);
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
