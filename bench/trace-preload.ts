/**
 * Diagnostic preload of `npm run bench:profile` with TRACE=1 (loaded through bench/trace-preload.mjs on the main
 * thread only): stamps the steps of every request in the api and worker processes (keyed by request id, on the
 * machine's clock, so the two processes' stamps line up), counts SQL statements and Redis commands, and measures the
 * event-loop delay. Everything is written to the temporary directory at exit; bench/trace-report.ts reads it.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Relay } from '../api/relay.js';
import { TextJobs } from '../api/text-job.js';
import { LedgerService } from '../infra/ledger.js';
import { PendingResults } from '../infra/pending-results.js';
import { ProgressHub } from '../infra/progress.js';
import { JobQueues } from '../infra/queues.js';

type Fn = (...args: any[]) => any;
const now = () => performance.timeOrigin + performance.now();
const marks = new Map<string, Record<string, number>>();
function mark(id: string, name: string, t = now()): void {
  let m = marks.get(id);
  if (!m) marks.set(id, m = {});
  if (m[name] === undefined) m[name] = t;
}
/** Stamps `<label>0` and `<label>1` around every call of `proto[name]`. */
function wrap(proto: any, name: string, idOf: (args: any[]) => string, label: string | ((args: any[]) => string)): void {
  const original = proto[name] as Fn;
  proto[name] = async function (this: unknown, ...args: any[]) {
    const id = idOf(args);
    const l = typeof label === 'string' ? label : label(args);
    mark(id, l + '0');
    try { return await original.apply(this, args); } finally { mark(id, l + '1'); }
  };
}

wrap(TextJobs.prototype, 'accept', (a) => { mark(String(a[0].state.requestId), 'http', performance.timeOrigin + a[0].state.startedAt); return String(a[0].state.requestId); }, 'accept');
wrap(LedgerService.prototype, 'reserve', (a) => a[0].requestId, 'reserve');
wrap(LedgerService.prototype, 'charge', (a) => a[0].requestId, 'charge');
wrap(JobQueues.prototype, 'enqueue', (a) => a[0].requestId, 'enqueue');
wrap(PendingResults.prototype, 'put', (a) => a[0].requestId, 'pput');
wrap(PendingResults.prototype, 'delete', (a) => a[1], 'pdel');
wrap(ProgressHub.prototype, 'publish', (a) => a[0].requestId, (a) => 'pub_' + a[1].kind);
wrap(Relay.prototype, 'run', (a) => a[1].requestId, 'run');
const listen = (ProgressHub.prototype as any).listen as Fn;
(ProgressHub.prototype as any).listen = async function (this: unknown, ref: any, handler: Fn) {
  const id = ref.requestId as string;
  mark(id, 'listen0');
  const stop = await listen.call(this, ref, (m: any) => { mark(id, 'got_' + m.kind); handler(m); });
  mark(id, 'listen1');
  return async () => { mark(id, 'unsub0'); await stop(); mark(id, 'unsub1'); };
};
const processJob = (Worker.prototype as any).processJob as Fn;
(Worker.prototype as any).processJob = function (this: unknown, job: any, ...rest: any[]) {
  mark(job.data.requestId, 'created', job.timestamp);
  mark(job.data.requestId, 'pick');
  return Promise.resolve(processJob.call(this, job, ...rest)).finally(() => mark(job.data.requestId, 'jobdone'));
};

const sql = new Map<string, number>();
const clientQuery = pg.Client.prototype.query as Fn;
(pg.Client.prototype as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text ?? '';
  const k = text.trim().split(/\s+/).slice(0, 4).join(' ').slice(0, 50);
  sql.set(k, (sql.get(k) ?? 0) + 1);
  return clientQuery.apply(this, args);
};
const redisCommands = new Map<string, number>();
const sendCommand = Redis.prototype.sendCommand as Fn;
Redis.prototype.sendCommand = function (this: Redis, command: { name: string; args?: unknown[] }, ...rest: unknown[]) {
  const name = command.name === 'publish' ? `publish ${String(command.args?.[1]).slice(0, 16)}` : command.name;
  redisCommands.set(name, (redisCommands.get(name) ?? 0) + 1);
  return sendCommand.call(this, command, ...rest);
} as typeof Redis.prototype.sendCommand;

const eld = monitorEventLoopDelay({ resolution: 5 });
eld.enable();
process.on('exit', () => {
  const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${v} ${k}`).join('\n');
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  writeFileSync(join(tmpdir(), `hz-trace-${process.pid}.json`), JSON.stringify(Object.fromEntries(marks)));
  writeFileSync(join(tmpdir(), `hz-counts-${process.pid}.txt`),
    `${process.env.ROLES}: event-loop delay mean ${ms(eld.mean)} p99 ${ms(eld.percentile(99))} ms (5 ms resolution)\nSQL statements:\n${fmt(sql)}\nRedis commands:\n${fmt(redisCommands)}\n`);
});
