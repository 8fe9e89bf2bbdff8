/**
 * `npm run bench:stages`: where the time of one detect goes under load. Starts the service in-process with
 * every role (as a single-process deployment runs), drives POST /v1/detect at 50 connections, and times
 * the stages by wrapping them: the word reservation and the charge (ledger appends), enqueueing, the wait
 * for the worker's answer, the engine in its thread pool; and counts Redis commands and SQL statements
 * per request. Prints a table of stage → mean ms per request and share of the request's time.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { Redis } from 'ioredis';
import { LedgerService } from '../infra/ledger.js';
import { JobQueues } from '../infra/queues.js';
import { ProgressHub } from '../infra/progress.js';
import { Relay } from '../api/relay.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { createEnginePool } from '../workers/engine-pool.js';
import { SAMPLE_TEXT, startTestService } from '../test/support/service.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TEXT = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');

const totals = new Map<string, { ms: number; n: number }>();
let recording = false;
function add(stage: string, ms: number): void {
  if (!recording) return;
  const t = totals.get(stage) ?? { ms: 0, n: 0 };
  t.ms += ms; t.n += 1;
  totals.set(stage, t);
}

/** Replaces `proto[name]` with a version that adds its duration to `stage`. */
function timed(proto: object, name: string, stage: string | ((args: unknown[]) => string)): void {
  const original = (proto as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!;
  (proto as Record<string, unknown>)[name] = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      add(typeof stage === 'string' ? stage : stage(args), performance.now() - started);
    }
  };
}

const redisCommands = new Map<string, number>();
const sqlStatements = new Map<string, number>();
function count(map: Map<string, number>, key: string): void {
  if (recording) map.set(key, (map.get(key) ?? 0) + 1);
}

async function main(): Promise<void> {
  timed(LedgerService.prototype, 'reserve', 'reservation append (ledger.reserve)');
  timed(LedgerService.prototype, 'charge', 'charge append (ledger.charge, worker)');
  timed(JobQueues.prototype, 'enqueue', 'enqueue (BullMQ add)');
  timed(ProgressHub.prototype, 'publish', 'publish result (worker)');
  timed(Relay.prototype, 'run', 'relay: enqueue + wait for the worker + answer');
  const sendCommand = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: Redis, command: { name: string }, ...rest: unknown[]) {
    count(redisCommands, command.name);
    return (sendCommand as (...a: unknown[]) => unknown).call(this, command, ...rest);
  } as typeof Redis.prototype.sendCommand;
  for (const proto of [pg.Client.prototype, pg.Pool.prototype]) {
    const query = proto.query as (...a: unknown[]) => unknown;
    (proto as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text ?? '';
      if (proto === pg.Client.prototype) count(sqlStatements, text.trim().split(/\s+/).slice(0, 3).join(' ').slice(0, 40));
      return query.apply(this, args);
    };
  }
  const pool = createEnginePool({ threads: 2, recordTiming: true });
  const detector = {
    async detect(text: string, options: { signal: AbortSignal }) {
      const started = performance.now();
      try { return await pool.detector.detect(text, options); } finally { add('engine (detect in the thread pool)', performance.now() - started); }
    },
  };
  const plan: Plan = { ...(PLANS.api_scale as Plan), key: 'api_bench', wordsPerMonth: 2_000_000_000, requestsPerMinute: 10_000_000, concurrentRequests: 10_000 };
  const t = await startTestService({ WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '', LOG_LEVEL: 'info' }, {
    extraPlans: { api_bench: plan }, engines: { detector, humanizer: pool.humanizer, ping: async () => {} },
  });
  const keys = (await t.admin.createCustomers({ plan: 'api_bench', count: 60, keyName: 'bench' })).map((c) => c.key as string);
  let turn = 0;
  const opts = {
    url: t.url, connections: CONNECTIONS, method: 'POST' as const, body: JSON.stringify({ text: TEXT }),
    requests: [{ method: 'POST' as const, setupRequest: (req: autocannon.Request) => ({ ...req, path: '/v1/detect', headers: { Authorization: `Bearer ${keys[turn++ % keys.length]}`, 'Content-Type': 'application/json' } }) }],
  };
  await autocannon({ ...opts, duration: 3 });
  recording = true;
  const started = performance.now();
  const result = await autocannon({ ...opts, duration: DURATION_S });
  recording = false;
  const wall = performance.now() - started;
  const requests = result.requests.total;
  const meanLatency = result.latency.average;
  const rows = [...totals].map(([stage, t]) => ({ stage, msPerRequest: t.ms / requests }));
  console.log(`detect, ${CONNECTIONS} connections, ${DURATION_S} s: ${requests} requests, ${Math.round(requests / (wall / 1000))} req/s, mean latency ${meanLatency} ms`);
  console.log('| stage | mean ms per request | share of request latency |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.stage} | ${r.msPerRequest.toFixed(2)} | ${Math.round((r.msPerRequest / meanLatency) * 100)}% |`);
  const per = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / requests).toFixed(2)}`).join(', ');
  console.log(`Redis commands per request (all connections of the process): ${[...redisCommands.values()].reduce((a, b) => a + b, 0) / requests}: ${per(redisCommands)}`);
  console.log(`SQL statements per request: ${[...sqlStatements.values()].reduce((a, b) => a + b, 0) / requests}: ${per(sqlStatements)}`);
  await t.close();
  await pool.close();
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
