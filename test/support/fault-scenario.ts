/**
 * The load-and-fault scenario: one API, two worker and one projector process (real `bin/main.ts`
 * processes) on a fresh database and a Redis server of their own, a mixed workload from many keys,
 * and two faults in the middle of it: a worker process is SIGKILLed and replaced, then the Redis
 * server is SIGKILLed and restarted empty on the same port. Afterwards it waits for every reservation
 * to settle, audits the ledger, compares it with what each client was told, and rebuilds the
 * projections to compare the read models row for row. Bounded in time; everything it started is
 * stopped whatever fails.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AdminCommands } from '../../bin/admin-commands.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import { auditLedger, type LedgerAuditReport } from '../../bin/ledger-audit.js';
import { loadConfig } from '../../infra/config.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { compareWithClients, openRequests, readLedger, rowDifferences, tableRows, type LedgerComparison, type Problem } from './fault-ledger.js';
import { startWorkload, type LoopKey, type RequestRecord } from './fault-workload.js';
import { ProcessGroup, spawnService, type ServiceProcess } from './processes.js';
import { startRedisServer, type RedisServer } from './redis-server.js';

export interface FaultOptions {
  /** Length of the client workload (default 45 s). */
  durationMs?: number;
  loops?: number;
  accounts?: number;
  aiTimeoutMs?: number;
  seed?: number;
  log?: (line: string) => void;
}

interface Window { requests: number; succeeded: number; failed: number; failuresByCode: Record<string, number> }

export interface FaultReport {
  setup: { accounts: number; keys: number; loops: number; processes: string[]; aiTimeoutMs: number; workloadMs: number };
  /** Milliseconds after the workload started. */
  timeline: { workerKilledAt: number; replacementReadyAt: number; redisKilledAt: number; redisBackAt: number; jobsRunningAtWorkerKill: number; jobsRunningAtRedisKill: number };
  requests: { total: number; byKind: Record<string, Record<string, number>> };
  windows: { calm: Window; workerFault: Window; redisFault: Window; afterFaults: Window };
  ledger: Omit<LedgerComparison, 'problems' | 'misreports'> & { settleMs: number };
  audit: Pick<LedgerAuditReport, 'accounts' | 'events' | 'reservations' | 'violations' | 'warnings'>;
  rebuild: Record<'usage_daily' | 'balances', { rows: number; equal: boolean; onlyBefore: string[]; onlyAfter: string[] }>;
  workerLog: { charged: number; refunded: number; dropped: number; failedInQueue: number };
  unexpectedExits: string[];
  problems: (Problem & { evidence: string[] })[];
  misreports: (Problem & { evidence: string[] })[];
  /** Every humanize/detect failure a client saw, with how the ledger settled it and the processes' log trail. */
  failures: { requestId: string | null; kind: string; outcome: string; atMs: number; ledger: string; evidence: string[] }[];
  totalMs: number;
}

/** Heavy requests sent just before each fault, and how long they get to be accepted and enqueued. */
const BURST = 8;
const BURST_ACCEPT_MS = 200;
/** A fault strikes once this many jobs are running (or after BURST_WAIT_MS, whichever comes first). */
const ACTIVE_JOBS_WANTED = 3;
const BURST_WAIT_MS = 4_000;

/** Waits until the queues (on the suite's own Redis) show `wanted` running jobs; returns how many there were. */
async function untilJobsRunning(redisUrl: string, prefix: string, wanted: number, ms: number): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const deadline = Date.now() + ms;
    for (;;) {
      const [h, d] = await Promise.all(['humanize', 'detect'].map((q) => redis.llen(`${prefix}:bull:${q}:active`)));
      const running = (h ?? 0) + (d ?? 0);
      if (running >= wanted || Date.now() > deadline) return running;
      await delay(20);
    }
  } finally {
    redis.disconnect();
  }
}
/** How long the workload goes on after Redis is back. */
const AFTER_FAULTS_MS = 10_000;
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const isSuccess = (r: RequestRecord): boolean => r.status >= 200 && r.status < 300 && r.sse !== 'error' && r.sse !== 'broken';

function label(r: RequestRecord): string {
  if (r.status === 0) return r.code ?? 'NO_ANSWER';
  if (r.sse) return `200 sse ${r.sse}${r.code ? ` ${r.code}` : ''}`;
  return r.code ? `${r.status} ${r.code}` : `${r.status}${r.replayed ? ' replayed' : ''}`;
}

function windowOf(records: RequestRecord[]): Window {
  const failed = records.filter((r) => !isSuccess(r));
  const failuresByCode: Record<string, number> = {};
  for (const r of failed) failuresByCode[label(r)] = (failuresByCode[label(r)] ?? 0) + 1;
  return { requests: records.length, succeeded: records.length - failed.length, failed: failed.length, failuresByCode };
}

/** Log lines of every process that mention `id` (the trail of one request through the processes). */
function evidence(group: ProcessGroup, id: string, t0: number): string[] {
  const lines: string[] = [];
  // The id as a whole token: `k-1` must not match `k-10`.
  const token = new RegExp(`${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_:-])`);
  for (const p of group.processes) {
    for (const l of p.logs) {
      const text = JSON.stringify(l);
      if (!token.test(text)) continue;
      const { level, msg, pid, time, roles, ...rest } = l as Record<string, unknown>;
      void level; void roles;
      const at = typeof time === 'string' ? `${Date.parse(time) - t0} ms ` : '';
      lines.push(`${at}${p.roles}#${String(pid)} ${String(msg)} ${JSON.stringify(rest).slice(0, 300)}`);
    }
  }
  return lines.slice(0, 12);
}

export async function runFaultScenario(options: FaultOptions = {}): Promise<FaultReport> {
  const began = Date.now();
  const log = options.log ?? (() => {});
  const durationMs = options.durationMs ?? 45_000;
  const aiTimeoutMs = options.aiTimeoutMs ?? 4_000;
  const loops = options.loops ?? 12;
  const accountCount = options.accounts ?? 10;
  const group = new ProcessGroup();
  let redis: RedisServer | null = null;
  let db: TestDatabase | null = null;
  let backends: Backends | null = null;
  const killedOnPurpose = new Set<number>();
  try {
    redis = await startRedisServer();
    db = await createTestDatabase('hz_fault');
    const env: Record<string, string> = {
      DATABASE_URL: db.url, REDIS_URL: redis.url, REDIS_PREFIX: `lf-${randomUUID().slice(0, 8)}`, HOST: '127.0.0.1', LOG_LEVEL: 'info',
      AI_PROVIDER: 'local', DETECT_PROVIDER: 'local', AI_TIMEOUT_MS: String(aiTimeoutMs), SHUTDOWN_GRACE_MS: '5000', WORKER_CONCURRENCY: '4',
    };
    backends = await openBackends(loadConfig(env));
    const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
    const spawn = (roles: string) => spawnService(group, roles, env, 90_000);
    log(`redis ${redis.url}, database ${db.url}; starting processes`);
    const [api, workerA] = await Promise.all([spawn('api'), spawn('worker'), spawn('worker'), spawn('projector')]) as ServiceProcess[];

    // Accounts 0..3 on Scale (the first two carry two client loops each), the rest on Growth; two keys each.
    const customers: { accountId: string; keys: string[]; scale: boolean }[] = [];
    for (let i = 0; i < accountCount; i++) {
      const scale = i < 4;
      const { account_id } = await admin.createAccount({ plan: scale ? 'scale' : 'growth', email: null });
      const keys: string[] = [];
      for (let k = 0; k < 2; k++) keys.push((await admin.createKey({ accountId: account_id, name: `key${k}`, scopes: null, allowIps: null })).key);
      customers.push({ accountId: account_id, keys, scale });
    }
    const loopKeys: LoopKey[] = Array.from({ length: loops }, (_, i) => {
      const c = customers[i % accountCount]!;
      return { accountId: c.accountId, key: c.keys[Math.floor(i / accountCount) % 2]!, scale: c.scale };
    });
    log(`${accountCount} accounts, ${accountCount * 2} keys, ${loops} client loops; workload for ${durationMs} ms`);

    const t0 = Date.now();
    const at = (ms: number) => delay(Math.max(0, t0 + ms - Date.now()));
    const timeline = { workerKilledAt: 0, replacementReadyAt: 0, redisKilledAt: 0, redisBackAt: 0, jobsRunningAtWorkerKill: 0, jobsRunningAtRedisKill: 0 };
    let faultsOverAt: number | null = null;
    const workload = startWorkload({
      apiUrl: api!.url!, keys: loopKeys, durationMs, cycleMs: 900, requestTimeoutMs: 15_000, seed: options.seed ?? 1,
      // However long the replacement worker took to start, the workload runs on past the Redis restart.
      stopWhen: () => faultsOverAt !== null && Date.now() >= faultsOverAt + AFTER_FAULTS_MS,
    });
    const faults = (async () => {
      await at(durationMs * 0.2);
      // Money moving outside the requests while they run: a top-up and an adjustment.
      await admin.topUp(customers[2]!.accountId, 5_000);
      await admin.adjust(customers[3]!.accountId, -1_000, 'fault-test correction');
      await at(durationMs * 0.25);
      // Heavy jobs in flight on both workers when one dies.
      await workload.burst(BURST, BURST_ACCEPT_MS);
      timeline.jobsRunningAtWorkerKill = await untilJobsRunning(redis!.url, env.REDIS_PREFIX!, ACTIVE_JOBS_WANTED, BURST_WAIT_MS);
      killedOnPurpose.add(workerA!.pid);
      workerA!.signal('SIGKILL');
      timeline.workerKilledAt = Date.now() - t0;
      log(`worker ${workerA!.pid} killed at ${timeline.workerKilledAt} ms (${timeline.jobsRunningAtWorkerKill} jobs running)`);
      await delay(5_000);
      const replacement = await spawn('worker');
      timeline.replacementReadyAt = Date.now() - t0;
      log(`replacement worker ${replacement.pid} ready at ${timeline.replacementReadyAt} ms`);
      await at(Math.max(durationMs * 0.55, timeline.replacementReadyAt + 3_000));
      await workload.burst(BURST, BURST_ACCEPT_MS);
      timeline.jobsRunningAtRedisKill = await untilJobsRunning(redis!.url, env.REDIS_PREFIX!, ACTIVE_JOBS_WANTED, BURST_WAIT_MS);
      await redis!.kill('SIGKILL');
      timeline.redisKilledAt = Date.now() - t0;
      log(`redis killed at ${timeline.redisKilledAt} ms (${timeline.jobsRunningAtRedisKill} jobs running)`);
      await delay(3_000);
      await redis!.start();
      timeline.redisBackAt = Date.now() - t0;
      log(`redis back (empty) at ${timeline.redisBackAt} ms`);
    })().finally(() => { faultsOverAt = Date.now(); });
    // The loops end on their own once the faults are over (or failed); a failed fault still fails the run.
    const [records, faultOutcome] = await Promise.all([workload.done, faults.then(() => null, (err: unknown) => err)]);
    if (faultOutcome !== null) throw faultOutcome;
    const workloadMs = Date.now() - t0;
    log(`workload done: ${records.length} requests in ${workloadMs} ms; waiting for settlement`);

    // Every reservation must settle: the API refunds at the deadline plus its grace, whatever happened to the job.
    const settleStart = Date.now();
    let ledger = await readLedger(backends.store);
    while (openRequests(ledger).length > 0 && Date.now() - settleStart < aiTimeoutMs + 2_000 + 15_000) {
      await delay(500);
      ledger = await readLedger(backends.store);
    }
    const settleMs = Date.now() - settleStart;
    const lagDeadline = Date.now() + 20_000;
    while ((await backends.runner.lag()).some((l) => l.behind > 0) && Date.now() < lagDeadline) await delay(200);
    const audit = await auditLedger(backends.store, backends.pool, null);
    const comparison = compareWithClients(ledger, records);

    const workerLogs = group.processes.filter((p) => p.roles === 'worker').flatMap((p) => p.logs);
    const count = (msg: string) => workerLogs.filter((l) => l.msg === msg).length;
    const workerLog = { charged: count('job charged'), refunded: count('job failed; refunding'), dropped: count('result dropped: reservation already settled'), failedInQueue: count('job failed in the queue') };
    const unexpectedExits = group.processes.filter((p) => !p.running() && !killedOnPurpose.has(p.pid))
      .map((p) => `${p.roles}#${p.pid}: ${p.stderr().slice(-500)}`);

    log('stopping processes; rebuilding projections');
    await Promise.all(group.processes.filter((p) => p.running()).map((p) => p.stop('SIGTERM', 15_000).catch(() => {})));
    await backends.runner.catchUpTo(await backends.store.headPosition());
    const before = { usage_daily: await tableRows(backends.pool, 'usage_daily'), balances: await tableRows(backends.pool, 'balances') };
    await admin.rebuildProjections(null);
    const after = { usage_daily: await tableRows(backends.pool, 'usage_daily'), balances: await tableRows(backends.pool, 'balances') };
    const rebuild = Object.fromEntries((['usage_daily', 'balances'] as const).map((t) => {
      const diff = rowDifferences(before[t], after[t]);
      const equal = before[t].length === after[t].length && before[t].every((row, i) => row === after[t][i]);
      return [t, { rows: before[t].length, equal, ...diff }];
    })) as FaultReport['rebuild'];

    const byKind: Record<string, Record<string, number>> = {};
    for (const r of records) {
      const k = r.retry ? `${r.kind} (retry)` : r.kind;
      byKind[k] ??= {};
      byKind[k][label(r)] = (byKind[k][label(r)] ?? 0) + 1;
    }
    const overlaps = (r: RequestRecord, from: number, to: number) => r.startedAt - t0 <= to && r.endedAt - t0 >= from;
    const paid = records.filter((r) => r.endpoint !== null);
    const inWorker = (r: RequestRecord) => overlaps(r, timeline.workerKilledAt, timeline.replacementReadyAt);
    // Clients reconnect within a couple of seconds of Redis coming back.
    const inRedis = (r: RequestRecord) => overlaps(r, timeline.redisKilledAt, timeline.redisBackAt + 3_000);
    const { problems, misreports, ...figures } = comparison;
    return {
      setup: { accounts: accountCount, keys: accountCount * 2, loops, processes: ['api', 'worker', 'worker', 'projector', '+1 replacement worker'], aiTimeoutMs, workloadMs },
      timeline,
      requests: { total: records.length, byKind },
      windows: {
        calm: windowOf(paid.filter((r) => !inWorker(r) && !inRedis(r))),
        workerFault: windowOf(paid.filter(inWorker)),
        redisFault: windowOf(paid.filter(inRedis)),
        afterFaults: windowOf(paid.filter((r) => r.startedAt - t0 > timeline.redisBackAt + 3_000)),
      },
      ledger: { ...figures, settleMs },
      audit: { accounts: audit.accounts, events: audit.events, reservations: audit.reservations, violations: audit.violations, warnings: audit.warnings },
      rebuild,
      workerLog,
      unexpectedExits,
      problems: problems.map((p) => ({ ...p, evidence: evidence(group, p.requestId, t0) })),
      misreports: misreports.map((p) => ({ ...p, evidence: evidence(group, p.requestId, t0) })),
      failures: paid.filter((r) => !isSuccess(r)).slice(0, 60).map((r) => {
        const e = r.requestId ? ledger.get(r.requestId) : undefined;
        const settled = !e ? 'not reserved' : e.charges > 0 ? `charged ${e.words}` : e.refunds > 0 ? `refunded ${e.refundCodes.join(',')}` : 'open';
        return { requestId: r.requestId, kind: r.retry ? `${r.kind} (retry)` : r.kind, outcome: label(r), atMs: r.startedAt - t0, ledger: settled, evidence: r.requestId ? evidence(group, r.requestId, t0) : [] };
      }),
      totalMs: Date.now() - began,
    };
  } finally {
    await group.killAll().catch(() => {});
    await backends?.close().catch(() => {});
    await db?.drop().catch(() => {});
    await redis?.close().catch(() => {});
  }
}
