/**
 * The service as real processes (`node --import tsx bin/main.ts`), for scale-out and shutdown tests:
 * spawn one per role set with its own environment, wait until it serves, read its JSON log lines,
 * signal it and await its exit code. Plus what those tests need around them: a deployment (one fresh
 * database, one Redis prefix, a fake OpenAI server behind a delaying front, admin commands in this
 * process), free ports, and removal of a Redis prefix's keys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AdminCommands } from '../../bin/admin-commands.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import { loadConfig } from '../../infra/config.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from './db.js';
import { FAKE_MODEL, startFakeOpenAI, type FakeOpenAI, type FakeOptions } from './fake-openai.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  pid: number;
  [field: string]: unknown;
}

export interface Exit { code: number | null; signal: NodeJS.Signals | null }

export interface ServiceProcess {
  /** What ROLES says, e.g. `api` or `worker`. */
  roles: string;
  pid: number;
  /** Base URL when the process runs the api role. */
  url: string | null;
  /** Parsed JSON log lines from stdout, in order (lines that are not JSON are kept as `{ msg }`). */
  logs: LogLine[];
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  running(): boolean;
  /** Resolves with the first log line (already seen or coming) that matches. */
  waitForLog(match: (line: LogLine) => boolean, what: string, ms?: number): Promise<LogLine>;
  signal(signal: NodeJS.Signals): void;
  /** Sends `signal` and waits for the exit (SIGKILL after `ms`, then rejects). */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<Exit>;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Ports handed out by freePort in this process: a freed port can come back from the next listen(0). */
const handedOut = new Set<number>();

/** A TCP port nobody listens on right now (listen on 0, note it, close), never the same one twice. */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createNetServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * Spawns the service with `ROLES=roles` and `env` on top of this process's environment (less the
 * service's own variables, so a developer's shell settings cannot leak in), and waits
 * until it has logged `started` (and, for the api role, answers GET /v1/health with 200 or 503).
 * The process is added to `group` before it is ready, so a failed start-up is still cleaned up.
 */
export async function spawnService(group: ProcessGroup, roles: string, env: Record<string, string>, readyMs = 60_000): Promise<ServiceProcess> {
  const api = roles.split(',').includes('api');
  const port = api ? (env.PORT ? Number(env.PORT) : await freePort()) : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...inheritedEnv(), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, ROLES: roles, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = wrap(child, roles, api ? `http://127.0.0.1:${port}` : null);
  group.add(proc);
  const failed = proc.exited.then((exit) => {
    throw new Error(`${roles} process exited during start-up (code ${exit.code}, signal ${exit.signal}): ${proc.stderr().slice(-2000)}`);
  });
  failed.catch(() => {});
  await Promise.race([proc.waitForLog((l) => l.msg === 'started', `${roles} to start`, readyMs), failed]);
  if (proc.url) await Promise.race([untilHealthAnswers(proc.url, readyMs), failed]);
  return proc;
}

/** Variables the service reads (infra/config.ts): a child gets only the ones its test sets. */
const SERVICE_VARIABLES = [
  'PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'AI_PROVIDER',
  'DETECT_PROVIDER', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL', 'AI_TIMEOUT_MS', 'ADMIN_SECRET', 'DOCS_URL',
  'IDEMPOTENCY_TTL_SECONDS', 'TRUST_PROXY', 'ROLES', 'WORKER_CONCURRENCY', 'ENGINE_THREADS', 'SHUTDOWN_GRACE_MS', 'LOG_LEVEL', 'METRICS_PORT', 'PLANS_FILE',
  'RESERVATION_SWEEP_INTERVAL_MS', 'RESERVATION_SWEEP_MARGIN_MS',
];

function inheritedEnv(): Record<string, string | undefined> {
  const env = { ...process.env };
  for (const name of SERVICE_VARIABLES) delete env[name];
  return env;
}

async function untilHealthAnswers(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(`${url}/v1/health`);
      await res.arrayBuffer();
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/v1/health did not answer in time`);
    await delay(100);
  }
}

function wrap(child: ChildProcess, roles: string, url: string | null): ServiceProcess {
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }>();
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => { stderr += d; });
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { level: 0, msg: text, pid: child.pid ?? 0 };
    }
    logs.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) { waiters.delete(w); w.resolve(line); }
    }
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    roles, url, logs,
    pid: child.pid as number,
    stderr: () => stderr,
    exited,
    running,
    waitForLog(match, what, ms = 10_000) {
      const seen = logs.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        const waiter = { match, resolve: (l: LogLine) => { clearTimeout(timer); resolve(l); } };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`timed out waiting for ${what} (pid ${child.pid}); stderr: ${stderr.slice(-1000)}`));
        }, ms);
        waiters.add(waiter);
      });
    },
    signal(signal) {
      if (running()) child.kill(signal);
    },
    async stop(signal = 'SIGTERM', ms = 30_000) {
      if (running()) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), ms); });
      const outcome = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        child.kill('SIGKILL');
        throw new Error(`${roles} process (pid ${child.pid}) did not exit within ${ms} ms of ${signal}`);
      }
      return outcome;
    },
  };
}

/** Every process a suite started; `killAll` in after() leaves none behind whatever failed. */
export class ProcessGroup {
  readonly processes: ServiceProcess[] = [];

  add(proc: ServiceProcess): void {
    this.processes.push(proc);
  }

  /** Kills what still runs (SIGKILL) and waits for the exits. */
  async killAll(): Promise<void> {
    const left = this.processes.filter((p) => p.running());
    for (const p of left) p.signal('SIGKILL');
    await Promise.all(left.map((p) => p.exited));
  }

}

export interface DelayingProxy {
  /** Base URL ending in /v1, to use as OPENAI_BASE_URL. */
  url: string;
  /** Delay before a non-streamed chat completion is forwarded (0: none). */
  jsonDelayMs: number;
  /** Chat completion requests received so far (streamed or not), counted on arrival. */
  chatRequests: number;
  close(): Promise<void>;
}

/**
 * A front for the fake OpenAI server that holds non-streamed chat completions for `jsonDelayMs`
 * before forwarding them, so JSON requests take as long as slow streams do. Everything else passes
 * straight through; a client going away ends the upstream request too.
 */
export async function startDelayingProxy(upstreamV1Url: string, jsonDelayMs: number): Promise<DelayingProxy> {
  const upstream = new URL(upstreamV1Url);
  const sockets = new Set<Socket>();
  const proxy: DelayingProxy = { url: '', jsonDelayMs, chatRequests: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(parts);
        if (req.url === '/v1/chat/completions') proxy.chatRequests++;
        if (req.url === '/v1/chat/completions' && proxy.jsonDelayMs > 0 && !isStreamed(body)) {
          await delay(proxy.jsonDelayMs);
          if (res.destroyed) return;
        }
        const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
        const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        out.on('error', () => res.destroy());
        res.on('close', () => { if (!res.writableFinished) out.destroy(); });
        out.end(body);
      })();
    });
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  proxy.close = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  return proxy;
}

function isStreamed(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString('utf8')) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}

/** Deletes every Redis key under `prefix:` (queues, limits, pub/sub bookkeeping of one test run). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface Deployment {
  db: TestDatabase;
  /** REDIS_PREFIX shared by every process of the deployment. */
  prefix: string;
  fake: FakeOpenAI;
  proxy: DelayingProxy;
  /** The environment every process gets (database, Redis, provider, timeouts). */
  env: Record<string, string>;
  /** Backends of this process over the same database: admin commands and reading the log. */
  backends: Backends;
  admin: AdminCommands;
  group: ProcessGroup;
  /** Spawns a process with these roles; `env` adds to or overrides the deployment's. */
  spawn(roles: string, env?: Record<string, string>): Promise<ServiceProcess>;
  /** An account on `plan` (growth by default) with one key of every scope. */
  customer(plan?: string): Promise<{ accountId: string; keyId: string; key: string }>;
  /** Stops every process still running (SIGTERM, then SIGKILL), then drops the database and the Redis keys. */
  close(): Promise<void>;
}

export interface DeploymentOptions {
  /** How the fake OpenAI server answers (e.g. `{ behaviour: 'slow', chunkDelayMs: 20 }`). */
  fake?: FakeOptions;
  /** How long non-streamed chat completions are held (see startDelayingProxy). */
  jsonDelayMs?: number;
  env?: Record<string, string>;
}

/**
 * A deployment without processes yet: the openai provider for humanize (the fake server, through the
 * delaying front) and the local detector, a fresh database whose tables exist, a fresh Redis prefix.
 */
export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  const group = new ProcessGroup();
  const prefix = `c-${randomUUID().slice(0, 8)}`;
  const fake = await startFakeOpenAI(options.fake ?? 'normal');
  const proxy = await startDelayingProxy(fake.url, options.jsonDelayMs ?? 0);
  const db = await createTestDatabase('hz_proc');
  const env: Record<string, string> = {
    DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, HOST: '127.0.0.1', LOG_LEVEL: 'info',
    AI_PROVIDER: 'openai', DETECT_PROVIDER: 'local', OPENAI_BASE_URL: proxy.url, OPENAI_MODEL: FAKE_MODEL,
    AI_TIMEOUT_MS: '30000', SHUTDOWN_GRACE_MS: '20000', ...options.env,
  };
  let backends: Backends;
  try {
    backends = await openBackends(loadConfig(env));
  } catch (err: unknown) {
    await Promise.allSettled([db.drop(), proxy.close(), fake.close()]);
    throw err;
  }
  const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
  return {
    db, prefix, fake, proxy, env, backends, admin, group,
    spawn: (roles, extra = {}) => spawnService(group, roles, { ...env, ...extra }),
    async customer(plan = 'growth') {
      const { account_id } = await admin.createAccount({ plan, email: null });
      const { key_id, key } = await admin.createKey({ accountId: account_id, name: 'test', scopes: null, allowIps: null });
      return { accountId: account_id, keyId: key_id, key };
    },
    async close() {
      await Promise.all(group.processes.filter((p) => p.running()).map((p) => p.stop('SIGTERM', 10_000).catch(() => {})));
      await group.killAll();
      await backends.close();
      await db.drop();
      await proxy.close();
      await fake.close();
      await dropRedisPrefix(prefix);
    },
  };
}

/** The SSE events of a response, read to its end; `broken` when the connection was cut instead. */
export async function readSse(res: Response): Promise<{ events: EventSourceMessage[]; broken: boolean }> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  } catch {
    return { events, broken: true };
  }
  return { events, broken: false };
}
