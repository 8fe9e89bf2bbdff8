/**
 * The load-and-fault scenario: two API, two worker and one projector process (real `bin/main.ts`
 * processes) on a fresh database (reached through a TCP proxy) and a Redis server of their own, a mixed
 * workload from many keys spread over the APIs, and four faults in the middle of it: a worker process
 * is SIGKILLed and replaced; an API process is SIGKILLed while JSON requests and streams wait on it
 * (its clients retry on the other API, which serves alone from then on); the Redis server is SIGKILLed and
 * restarted empty on the same port; the database connection is cut for a few seconds. Afterwards it waits for every reservation
 * to settle, audits the ledger, compares it with what each client was told, and rebuilds the
 * projections to compare the read models row for row. Bounded in time; everything it started is
 * stopped whatever fails.
 */
import { randomUUID } from 'node:crypto';
import { AdminCommands } from '../../bin/admin-commands.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import { auditLedger, type LedgerAuditReport } from '../../bin/ledger-audit.js';
import { loadConfig } from '../../infra/config.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { compareWithClients, openRequests, readLedger, rowDifferences, tableRows, type LedgerComparison, type Problem } from './fault-ledger.js';
import { delay, evidence, isSuccess, label, untilJobsRunning, windowOf, type Window } from './fault-probes.js';
import { startWorkload, type LoopKey, type RequestRecord } from './fault-workload.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
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


export interface FaultReport {
  setup: { accounts: number; keys: number; loops: number; processes: string[]; aiTimeoutMs: number; workloadMs: number };
  /** Milliseconds after the workload started. */
  timeline: {
    workerKilledAt: number; replacementReadyAt: number; apiKilledAt: number; redisKilledAt: number; redisBackAt: number; pgCutAt: number; pgBackAt: number;
    jobsRunningAtWorkerKill: number; jobsRunningAtApiKill: number; jobsRunningAtRedisKill: number; jobsRunningAtPgCut: number;
    /** Requests the killed API process was holding when it died. */
    requestsOnKilledApi: number;
  };
  requests: { total: number; byKind: Record<string, Record<string, number>> };
  windows: { calm: Window; workerFault: Window; apiFault: Window; redisFault: Window; pgFault: Window; afterFaults: Window };
  ledger: Omit<LedgerComparison, 'problems' | 'misreports'> & { settleMs: number };
  audit: Pick<LedgerAuditReport, 'accounts' | 'events' | 'reservations' | 'violations' | 'warnings'>;
  rebuild: Record<'usage_daily' | 'balances', { rows: number; equal: boolean; onlyBefore: string[]; onlyAfter: string[] }>;
  workerLog: { charged: number; refunded: number; dropped: number; failedInQueue: number; swept: number };
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

/** How long the workload goes on after Redis is back. */
const AFTER_FAULTS_MS = 10_000;
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
  let pgProxy: TcpProxy | null = null;
  const killedOnPurpose = new Set<number>();
  try {
    redis = await startRedisServer();
    db = await createTestDatabase('hz_fault');
    // The service reaches PostgreSQL through a proxy the scenario can cut; the scenario itself goes direct.
    const pgUrl = new URL(db.url);
    pgProxy = await startTcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
    const env: Record<string, string> = {
      DATABASE_URL: pgProxy.url(db.url), REDIS_URL: redis.url, REDIS_PREFIX: `lf-${randomUUID().slice(0, 8)}`, HOST: '127.0.0.1', LOG_LEVEL: 'info',
      AI_PROVIDER: 'local', DETECT_PROVIDER: 'local', AI_TIMEOUT_MS: String(aiTimeoutMs), SHUTDOWN_GRACE_MS: '5000', WORKER_CONCURRENCY: '4',
      // Reservations whose every settler died (the killed API's) are refunded within seconds of their deadline.
      RESERVATION_SWEEP_INTERVAL_MS: '1000', RESERVATION_SWEEP_MARGIN_MS: '3000',
    };
    backends = await openBackends(loadConfig({ ...env, DATABASE_URL: db.url }));
    const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
    // Start-up is CPU-bound (TypeScript compiled on load): on a shared 2-core machine it can take minutes.
    const spawn = (roles: string) => spawnService(group, roles, env, 240_000);
    log(`redis ${redis.url}, database ${db.url}; starting processes`);
    const [apiA, apiB, workerA] = await Promise.all([spawn('api'), spawn('api'), spawn('worker'), spawn('worker'), spawn('projector')]) as ServiceProcess[];
    const apiUrls = [apiA!.url!, apiB!.url!];

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
    const timeline: FaultReport['timeline'] = {
      workerKilledAt: 0, replacementReadyAt: 0, apiKilledAt: 0, redisKilledAt: 0, redisBackAt: 0, pgCutAt: 0, pgBackAt: 0,
      jobsRunningAtWorkerKill: 0, jobsRunningAtApiKill: 0, jobsRunningAtRedisKill: 0, jobsRunningAtPgCut: 0, requestsOnKilledApi: 0,
    };
    let faultsOverAt: number | null = null;
    const workload = startWorkload({
      apiUrls, keys: loopKeys, durationMs, cycleMs: 900, requestTimeoutMs: 15_000, seed: options.seed ?? 1,
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
      // JSON requests and streams waiting on API B when it dies; their clients retry on the other API.
      await at(Math.max(durationMs * 0.45, timeline.replacementReadyAt + 1_000));
      await workload.burst(BURST, BURST_ACCEPT_MS, apiB!.url!);
      timeline.jobsRunningAtApiKill = await untilJobsRunning(redis!.url, env.REDIS_PREFIX!, ACTIVE_JOBS_WANTED, BURST_WAIT_MS);
      killedOnPurpose.add(apiB!.pid);
      apiB!.signal('SIGKILL');
      timeline.apiKilledAt = Date.now() - t0;
      // The load balancer notices: from now on every request, retries included, goes to API A.
      apiUrls.splice(apiUrls.indexOf(apiB!.url!), 1);
      log(`api ${apiB!.pid} killed at ${timeline.apiKilledAt} ms (${timeline.jobsRunningAtApiKill} jobs running); API A serves alone`);
      await at(Math.max(durationMs * 0.6, timeline.apiKilledAt + 3_000));
      await workload.burst(BURST, BURST_ACCEPT_MS);
      timeline.jobsRunningAtRedisKill = await untilJobsRunning(redis!.url, env.REDIS_PREFIX!, ACTIVE_JOBS_WANTED, BURST_WAIT_MS);
      await redis!.kill('SIGKILL');
      timeline.redisKilledAt = Date.now() - t0;
      log(`redis killed at ${timeline.redisKilledAt} ms (${timeline.jobsRunningAtRedisKill} jobs running)`);
      await delay(3_000);
      await redis!.start();
      timeline.redisBackAt = Date.now() - t0;
      log(`redis back (empty) at ${timeline.redisBackAt} ms`);
      // The database connection of every service process is cut while jobs run, then comes back.
      await at(Math.max(durationMs * 0.8, timeline.redisBackAt + 4_000));
      await workload.burst(BURST, BURST_ACCEPT_MS);
      timeline.jobsRunningAtPgCut = await untilJobsRunning(redis!.url, env.REDIS_PREFIX!, ACTIVE_JOBS_WANTED, BURST_WAIT_MS);
      pgProxy!.down();
      timeline.pgCutAt = Date.now() - t0;
      log(`database cut at ${timeline.pgCutAt} ms (${timeline.jobsRunningAtPgCut} jobs running)`);
      await delay(3_000);
      pgProxy!.up();
      timeline.pgBackAt = Date.now() - t0;
      log(`database back at ${timeline.pgBackAt} ms`);
    })().finally(() => { faultsOverAt = Date.now(); });
    // The loops end on their own once the faults are over (or failed); a failed fault still fails the run.
    const [records, faultOutcome] = await Promise.all([workload.done, faults.then(() => null, (err: unknown) => err)]);
    if (faultOutcome !== null) throw faultOutcome;
    const workloadMs = Date.now() - t0;
    log(`workload done: ${records.length} requests in ${workloadMs} ms; waiting for settlement`);

    timeline.requestsOnKilledApi = records.filter((r) => r.apiUrl === apiB!.url && r.startedAt - t0 <= timeline.apiKilledAt && r.endedAt - t0 >= timeline.apiKilledAt).length;
    // Every reservation must settle: the API refunds at the deadline plus its grace, whatever happened to the job,
    // and the sweeper refunds what a dead API left (deadline + its 3 s margin, swept every second).
    const settleStart = Date.now();
    let ledger = await readLedger(backends.store);
    while (openRequests(ledger).length > 0 && Date.now() - settleStart < aiTimeoutMs + 5_000 + 15_000) {
      await delay(500);
      ledger = await readLedger(backends.store);
    }
    const settleMs = Date.now() - settleStart;
    const lagDeadline = Date.now() + 20_000;
    while ((await backends.runner.lag()).some((l) => l.behind > 0) && Date.now() < lagDeadline) await delay(200);
    const audit = await auditLedger(backends.store, backends.pool, null, { staleAfterMs: aiTimeoutMs + 3_000 });
    const comparison = compareWithClients(ledger, records, { url: apiB!.url!, at: t0 + timeline.apiKilledAt });

    const workerLogs = group.processes.filter((p) => p.roles === 'worker').flatMap((p) => p.logs);
    const count = (msg: string) => workerLogs.filter((l) => l.msg === msg).length;
    const workerLog = {
      charged: count('job charged'), refunded: count('job failed; refunding'), dropped: count('result dropped: reservation already settled'),
      failedInQueue: count('job failed in the queue'), swept: count('expired reservation refunded by the sweeper'),
    };
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
    const inApi = (r: RequestRecord) => overlaps(r, timeline.apiKilledAt, timeline.apiKilledAt + 1_000) && r.apiUrl === apiB!.url || (r.retry && overlaps(r, timeline.apiKilledAt, timeline.apiKilledAt + 2_000));
    const inPg = (r: RequestRecord) => overlaps(r, timeline.pgCutAt, timeline.pgBackAt + 2_000);
    const { problems, misreports, ...figures } = comparison;
    return {
      setup: { accounts: accountCount, keys: accountCount * 2, loops, processes: ['api', 'api', 'worker', 'worker', 'projector', '+1 replacement worker'], aiTimeoutMs, workloadMs },
      timeline,
      requests: { total: records.length, byKind },
      windows: {
        calm: windowOf(paid.filter((r) => !inWorker(r) && !inApi(r) && !inRedis(r) && !inPg(r))),
        workerFault: windowOf(paid.filter(inWorker)),
        apiFault: windowOf(paid.filter(inApi)),
        redisFault: windowOf(paid.filter(inRedis)),
        pgFault: windowOf(paid.filter(inPg)),
        afterFaults: windowOf(paid.filter((r) => r.startedAt - t0 > timeline.pgBackAt + 2_000)),
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
    await pgProxy?.close().catch(() => {});
  }
}
