/**
 * The composition root: wires config, stores, queues, engines and routes for the roles this process
 * runs (api, worker, projector). Tests start it in-process; bin/main.ts runs it as a process.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import { createApp, type RequestLog } from '../api/app.js';
import { ACCESS_CHANGED_CHANNEL, KeyCache } from '../api/key-cache.js';
import { authenticate, clientIp, requireScope, type Principal } from '../api/middleware/auth.js';
import { BODY_READ_TIMEOUT_MS, jsonBody } from '../api/middleware/body.js';
import { healthLimit, primaryHeadersOnEarlyRefusal, primaryLimits, secondaryLimits } from '../api/middleware/limits.js';
import { Relay } from '../api/relay.js';
import { healthRouter } from '../api/routes/health.js';
import { textRouter } from '../api/routes/text.js';
import { tonesRouter } from '../api/routes/tones.js';
import { usageRouter } from '../api/routes/usage.js';
import { usageStats } from '../projections/usage.js';
import { usageHistoryRouter } from '../api/routes/usage-history.js';
import { historyPage } from '../projections/usage-history.js';
import { openApiRouter } from '../api/routes/openapi.js';
import { docsRouter } from '../api/routes/docs.js';
import { metricsRouter } from '../api/routes/metrics.js';
import { secretMatches } from '../api/routes/health.js';
import { Metrics } from '../infra/metrics.js';
import { instrumented } from '../infra/eventstore/instrumented.js';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { TextJobs } from '../api/text-job.js';
import { balanceOf } from '../domain/account.js';
import { HEALTH_REQUESTS_PER_MINUTE, type Plan } from '../domain/plans.js';
import type { Config } from '../infra/config.js';
import { IdempotencyService } from '../infra/idempotency.js';
import { LedgerService } from '../infra/ledger.js';
import { createLimiter } from '../infra/limits.js';
import { createLogger, type Logger } from '../infra/logger.js';
import { ProgressHub } from '../infra/progress.js';
import { JobQueues } from '../infra/queues.js';
import { createRedis } from '../infra/redis.js';
import { PgNotifications } from '../infra/pg-notifications.js';
import { PendingResults } from '../infra/pending-results.js';
import { Settlements } from '../api/settlement.js';
import type { RelayHooks } from '../api/relay.js';
import type { ProcessorHooks } from '../workers/processor.js';
import { ReservationSweeper } from '../workers/sweeper.js';
import { projectFile } from '../infra/paths.js';
import { ToneService } from '../infra/tones.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { createEngines, type Engines } from '../workers/engines/index.js';
import { createEnginePool } from '../workers/engine-pool.js';
import { createProcessor } from '../workers/processor.js';
import { WorkerRole } from '../workers/worker-role.js';
import { loadExtraPlans, openBackends } from './backends.js';
import { localOutputLanguage } from '../domain/language.js';

export const VERSION: string = (JSON.parse(readFileSync(projectFile('package.json'), 'utf8')) as { version: string }).version;

export interface ServiceOptions {
  logger?: Logger;
  extraPlans?: Readonly<Record<string, Plan>>;
  /** Replace the engines (tests of failure paths use real engines pointed at a fake server instead). */
  engines?: Pick<Engines, 'humanizer' | 'detector' | 'ping'> & Partial<Pick<Engines, 'checkDetector'>>;
  onRequestDone?: (info: RequestLog) => void;
  heartbeatMs?: number;
  stalledIntervalMs?: number;
  /** How long a client may take to send a request body (default 30 s). */
  bodyReadTimeoutMs?: number;
  /** Test hooks where the API and the workers meet (tests drive the interleavings with them). */
  hooks?: { relay?: RelayHooks; processor?: ProcessorHooks };
  /** How long the API keeps trying to settle an abandoned request through a store outage (default 15 s). */
  settleRetryMs?: number;
  /** How often the API's key cache polls the read models (default KEY_CACHE_POLL_MS); tests make it long. */
  keyCachePollMs?: number;
  /** Called after the key cache was dropped on an operator's announcement (tests wait for it). */
  onAccessChanged?: () => void;
  /** Replace the usage statistics lookup (tests break it to see the degraded answer). */
  usageStats?: (accountId: string) => Promise<import('../projections/usage.js').UsageStats>;
}

export interface Service {
  url: string | null;
  server: Server | null;
  config: Config;
  close(): Promise<void>;
}

export async function startService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(config.logLevel, { roles: config.roles.join(',') });
  const extraPlans = options.extraPlans ?? loadExtraPlans(config);
  const backends = await openBackends(config, logger);
  const { pool, runner } = backends;
  let queues: JobQueues | null = null;
  const metrics = new Metrics({
    queueDepth: async () => (queues ? queues.depth() : {}),
    projectionLag: async () => projectionLag(runner, pool, config.eventStore === 'postgres'),
  });
  const store = instrumented(backends.store, (s) => metrics.appendDuration.observe(s));
  const prefix = `${config.redisPrefix}:`;
  // Rate limits and progress: commands issued in one event-loop turn go out as one write (not for BullMQ's own
  // connections, whose blocking and scripted commands must keep their order of their own).
  const redis = createRedis(config.redisUrl, { enableAutoPipelining: true });
  const subscriber = createRedis(config.redisUrl, { commandTimeout: undefined });
  const progress = new ProgressHub(redis, subscriber, prefix);
  const pending = new PendingResults(pool);
  await pending.setup();
  const ledger = new LedgerService(store, {
    onConflict: () => metrics.conflictRetries.inc(),
    onReserve: () => metrics.reservations.inc(),
    onCharge: (words) => { metrics.charges.inc(); metrics.wordsCharged.inc(words); },
    onRefund: () => metrics.refunds.inc(),
  });
  const idempotency = new IdempotencyService(store, config.idempotencyTtlSeconds);
  const closers: Array<() => Promise<void>> = [];
  let shutdownDeadline = Number.POSITIVE_INFINITY;
  let server: Server | null = null;
  let relayRef: Relay | null = null;
  let url: string | null = null;
  // Workers run the built-in engine (detection, local rewriting, best_of judging) on a thread pool.
  const enginePool = !options.engines && config.roles.includes('worker') && config.engineThreads > 0
    ? createEnginePool({ threads: config.engineThreads }) : null;
  if (enginePool) closers.push(() => enginePool.close());
  const engines = options.engines ?? createEngines({
    aiProvider: config.aiProvider, detectProvider: config.detectProvider, openai: config.openai, timeoutMs: config.aiTimeoutMs,
    ...(enginePool ? { local: { detector: enginePool.detector, humanizer: enginePool.humanizer } } : {}),
  });

  if (config.roles.includes('projector')) {
    await runner.start();
  }

  if (config.roles.includes('worker')) {
    const shutdown = new AbortController();
    const processor = createProcessor({
      shutdown: shutdown.signal, engines, ledger, results: idempotency, publish: (ref, m) => progress.publish(ref, m), logger, pending,
      tokenStreaming: config.aiProvider === 'openai', ...(options.hooks?.processor ? { hooks: options.hooks.processor } : {}),
      onJobDone: (queue, outcome, ms) => metrics.jobDuration.observe({ queue, outcome }, ms / 1000),
    });
    const worker = new WorkerRole({
      redisUrl: config.redisUrl, prefix, concurrency: config.workerConcurrency, process: processor, progress, ledger,
      results: idempotency, logger, ...(options.stalledIntervalMs ? { stalledIntervalMs: options.stalledIntervalMs } : {}),
    });
    await worker.start();
    const sweeper = new ReservationSweeper({
      store, ledger, results: idempotency, pending, logger, aiTimeoutMs: config.aiTimeoutMs,
      marginMs: config.reservationSweep.marginMs, intervalMs: config.reservationSweep.intervalMs,
      onSwept: () => metrics.reservationsSwept.inc(),
    });
    sweeper.start();
    closers.push(() => sweeper.stop());
    // What is left of the shutdown grace period once the API (if any) has drained.
    closers.push(() => worker.close(false, shutdownDeadline - Date.now()));
    // Closers run in reverse: jobs stop re-publishing to absent listeners before the worker waits for them.
    closers.push(async () => shutdown.abort());
  }

  if (config.roles.includes('api')) {
    const keys = new KeyCache(pool, logger, options.keyCachePollMs);
    await keys.start();
    closers.push(async () => keys.stop());
    // Operators' commands announce access changes (NOTIFY); polling (above) still catches what a lost
    // connection made this process miss, and a (re)connected listener drops the cache too.
    const accessChanges = new PgNotifications(pool, ACCESS_CHANGED_CHANNEL);
    accessChanges.subscribe(() => {
      keys.invalidate();
      options.onAccessChanged?.();
    });
    closers.push(() => accessChanges.close());
    const jobQueues = new JobQueues(config.redisUrl, prefix, (err) => logger.warn({ err: err.message }, 'queue connection error'));
    queues = jobQueues;
    closers.push(() => jobQueues.close());
    const limiter = createLimiter({ redis, prefix });
    const schemas = createSchemaRegistry();
    const tones = new ToneService(store);
    const settlements = new Settlements({
      ledger, pending, storedResult: (key) => idempotency.storedResult(key), storeResult: (key, body) => idempotency.store(key, body),
    });
    const relay = new Relay({
      progress, queues: jobQueues, ledger, settlements, logger, docsUrl: config.docsUrl, onStreamOpen: (d) => metrics.sseOpen.inc(d),
      onStreamCancelled: (accountId) => metrics.streamsCancelled.inc({ account: accountId }),
      graceMs: 2_000, heartbeatMs: options.heartbeatMs ?? 15_000, ...(options.hooks?.relay ? { hooks: options.hooks.relay } : {}),
      ...(options.settleRetryMs ? { settleRetryMs: options.settleRetryMs } : {}),
      releaseIdempotencyKey: (key, code) => idempotency.release(key, code),
    });
    relayRef = relay;
    const jobs = new TextJobs({ ledger, idempotency, relay, aiTimeoutMs: config.aiTimeoutMs, settlements });
    const auth = authenticate({ keys, trustProxy: config.trustProxy, extraPlans });
    const body = jsonBody({ readTimeoutMs: options.bodyReadTimeoutMs ?? BODY_READ_TIMEOUT_MS });
    // The account's ledger state is read while the limits are checked (and the request validated), so the
    // reservation is decided on it and is one round trip (LedgerService.prefetch, api/text-job.ts); not read at
    // all while this process follows the account (the worker's report of the last charge brought the cached state
    // forward: LedgerService.follows). A request with an Idempotency-Key reads and claims its key first; its
    // reservation is decided the usual way.
    const prefetchAccount: Middleware = async function prefetchAccount(ctx, next) {
      const { accountId } = ctx.state.principal as Principal;
      if (!ctx.get('Idempotency-Key') && !ledger.follows(accountId)) ledger.prefetch(accountId);
      await next();
    };
    const edge = (scope: 'humanize' | 'detect'): Middleware[] => [
      primaryHeadersOnEarlyRefusal(limiter, logger, auth), body, auth, requireScope(scope), prefetchAccount, primaryLimits(limiter, logger, config.aiTimeoutMs + 30_000),
    ];
    const toneEdge = (write: boolean): Middleware[] => [body, auth, requireScope('tones'), secondaryLimits(limiter, logger, write)];
    const tonesRoutes = tonesRouter({
      read: toneEdge(false), write: toneEdge(true), tones, schemas,
      wordsRemaining: async (accountId) => balanceOf(await ledger.state(accountId)).total,
    });
    const usageRoutes = usageRouter({
      edge: [auth, secondaryLimits(limiter, logger, false)], ledger, logger,
      stats: options.usageStats ?? ((accountId) => usageStats(pool, accountId)),
    });
    const historyRoutes = usageHistoryRouter({
      edge: [auth, secondaryLimits(limiter, logger, false)], ledger, page: (query) => historyPage(pool, query),
    });
    const health = healthRouter({
      version: VERSION,
      adminSecret: config.adminSecret,
      guard: healthLimit(limiter, logger, HEALTH_REQUESTS_PER_MINUTE, (ctx) => clientIp(ctx, config.trustProxy)),
      checks: {
        database: async () => { await pool.query('SELECT 1'); },
        event_store: () => store.ping(),
        redis: async () => { await redis.ping(); },
        ai: aiCheck(engines),
      },
    });
    const app = createApp({
      docsUrl: config.docsUrl, logger, hsts: config.tls !== null,
      routers: [health, openApiRouter(), docsRouter(), metricsRouter(metrics, config.adminSecret), usageRoutes, historyRoutes, tonesRoutes, textRouter({ edge, schemas, jobs, resolveTone: (accountId, v) => tones.resolve(accountId, v), ...(config.aiProvider === 'local' ? { outputLanguage: localOutputLanguage } : {}) })],
      onRequestDone: (info) => {
        metrics.httpRequests.inc({ route: info.route, method: info.method, status: String(info.status), code: info.code ?? '' });
        metrics.httpDuration.observe({ route: info.route, method: info.method }, info.latencyMs / 1000);
        options.onRequestDone?.(info);
      },
    });
    server = await new Promise<Server>((resolve, reject) => {
      const s = config.tls ? createHttpsServer({ cert: config.tls.cert, key: config.tls.key }, app.callback()) : createServer(app.callback());
      s.listen(config.port, config.host, () => resolve(s));
      s.once('error', reject);
    });
    server.keepAliveTimeout = 5_000;
    // Node's own backstop for a request never completed (its default is 5 minutes); the body middleware
    // answers a slow body with a problem document first.
    server.requestTimeout = (options.bodyReadTimeoutMs ?? BODY_READ_TIMEOUT_MS) + 10_000;
    server.headersTimeout = Math.min(server.headersTimeout, server.requestTimeout);
    const address = server.address() as AddressInfo;
    url = `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${address.port}`;
    logger.info({ url, version: VERSION }, 'api listening');
  }

  if (!config.roles.includes('api') && config.metricsPort) {
    const metricsServer = createServer((req, res) => {
      if (req.url !== '/metrics' || !secretMatches(config.adminSecret, String(req.headers['x-admin-secret'] ?? ''))) {
        res.writeHead(403).end();
        return;
      }
      metrics.render().then(({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body), () => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => metricsServer.listen(config.metricsPort as number, config.host, resolve));
    closers.unshift(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
  }

  let closing: Promise<void> | null = null;
  return {
    url, server, config,
    close() {
      closing ??= (async () => {
        shutdownDeadline = Date.now() + config.shutdownGraceMs;
        if (server) {
          // Stop accepting; let in-flight requests and streams finish within the grace period, then
          // end them (refunded, with their failure code) and close what is left.
          const s = server;
          const closed = new Promise<void>((resolve) => { s.close(() => resolve()); });
          s.closeIdleConnections();
          const idle = setInterval(() => s.closeIdleConnections(), 100);
          const grace = new Promise<'grace'>((resolve) => setTimeout(() => resolve('grace'), config.shutdownGraceMs).unref());
          if ((await Promise.race([closed.then(() => 'closed' as const), grace])) === 'grace') {
            logger.warn({ inFlight: relayRef?.inFlight ?? 0 }, 'shutdown grace period over; ending open requests');
            relayRef?.stopAll();
            await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000).unref())]);
            s.closeAllConnections();
          }
          clearInterval(idle);
        }
        for (const close of closers.reverse()) await close().catch((err: unknown) => logger.warn({ err }, 'close failed'));
        redis.disconnect();
        subscriber.disconnect();
        await backends.close();
      })();
      return closing;
    },
  };
}

async function projectionLag(runner: { lag(): Promise<Array<{ name: string; position: bigint; behind: number }>> }, pool: import('pg').Pool, postgres: boolean) {
  const lag = await runner.lag();
  return Promise.all(lag.map(async (p) => {
    let seconds = 0;
    if (postgres && p.behind > 0) {
      const { rows } = await pool.query('SELECT extract(epoch FROM now() - created_at)::float AS s FROM events WHERE position > $1 ORDER BY position LIMIT 1', [p.position.toString()]);
      seconds = rows[0] ? Number(rows[0].s) : 0;
    }
    return { name: p.name, events: p.behind, seconds };
  }));
}

/**
 * The AI provider's health: reachable, and (for openai detection) able to return prompt log-probabilities.
 * The capability probe costs a completion, so its answer is kept for a minute.
 */
function aiCheck(engines: Pick<Engines, 'ping'> & Partial<Pick<Engines, 'checkDetector'>>): () => Promise<void> {
  let probe: { at: number; result: { ok: true } | { ok: false; reason: string } } | null = null;
  return async () => {
    await engines.ping(AbortSignal.timeout(1_500));
    if (!engines.checkDetector) return;
    if (!probe || Date.now() - probe.at > 60_000) probe = { at: Date.now(), result: await engines.checkDetector(AbortSignal.timeout(1_500)) };
    if (!probe.result.ok) throw new Error(`detection misconfigured: ${probe.result.reason}`);
  };
}
