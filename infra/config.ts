/**
 * Configuration from environment variables (design.md "Configuration"). Every variable is validated at
 * start-up; a bad value stops the process with one line naming the variable and the expected form.
 */
import { availableParallelism } from 'node:os';
import { ConfigError } from './config-error.js';
import { loadTls, type TlsFiles } from './tls-config.js';

export { ConfigError };

export type Role = 'api' | 'worker' | 'projector';
export type Provider = 'local' | 'openai';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string;
  eventStore: 'postgres' | 'esdb';
  eventStoreConnectionString: string | null;
  aiProvider: Provider;
  detectProvider: Provider;
  openai: { baseURL: string; apiKey: string; model: string } | null;
  aiTimeoutMs: number;
  adminSecret: string | null;
  docsUrl: string;
  idempotencyTtlSeconds: number;
  trustProxy: boolean;
  roles: Role[];
  /** Jobs one worker process runs at once, per queue (humanize follows AI_PROVIDER, detect DETECT_PROVIDER). */
  workerConcurrency: { humanize: number; detect: number };
  /** Threads running the built-in engine off the event loop (0: on the main thread). */
  engineThreads: number;
  /** The reservation sweeper (worker role): how often it runs, and how long past its deadline a reservation may stay open. */
  reservationSweep: { intervalMs: number; marginMs: number };
  shutdownGraceMs: number;
  logLevel: string;
  metricsPort: number | null;
  /** Prefix of every Redis key and BullMQ queue this deployment uses. */
  redisPrefix: string;
  /** JSON file of extra plan definitions (operator plans, fixtures), keyed by plan key. */
  plansFile: string | null;
  /** TLS_CERT_FILE and TLS_KEY_FILE, read: the API then serves HTTPS. */
  tls: TlsFiles | null;
}

/**
 * Default jobs per worker process and queue. An `openai` job mostly waits on the network, so many run at
 * once (enough for every plan's concurrent-request limit on one worker). A `local` job's CPU work runs on
 * the engine threads (ENGINE_THREADS bounds how much runs at once, the rest queues there); the rest of the
 * job is waiting on the database and Redis (the charge, the result), so it too needs many jobs at once:
 * measured, 8 per queue left most of a detect's latency as time waiting for a free job slot.
 */
export const OPENAI_WORKER_CONCURRENCY = 128;
export const LOCAL_WORKER_CONCURRENCY = 64;
export function defaultConcurrency(provider: Provider): number {
  return provider === 'openai' ? OPENAI_WORKER_CONCURRENCY : LOCAL_WORKER_CONCURRENCY;
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function int(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
  return n;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = str(env, name, fallback);
  if (!(values as readonly string[]).includes(raw)) throw new ConfigError(name, `one of ${values.join(', ')}`, raw);
  return raw as T;
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name] === '' ? undefined : env[name];
  const value = raw ?? fallback;
  if (value === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `a URL (${protocols.map((p) => `${p}//…`).join(' or ')})`, value);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `a URL (${protocols.map((p) => `${p}//…`).join(' or ')})`, value);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, 'true or false', raw);
}

export function loadConfig(env: Env = process.env): Config {
  const eventStore = oneOf(env, 'EVENT_STORE', ['postgres', 'esdb'] as const, 'postgres');
  const esdb = url(env, 'EVENTSTORE_CONNECTION_STRING', null, ['esdb:', 'esdb+discover:']);
  if (eventStore === 'esdb' && !esdb) {
    throw new ConfigError('EVENTSTORE_CONNECTION_STRING', 'an esdb://… connection string when EVENT_STORE=esdb', undefined);
  }
  const aiProvider = oneOf(env, 'AI_PROVIDER', ['local', 'openai'] as const, 'local');
  const detectProvider = oneOf(env, 'DETECT_PROVIDER', ['local', 'openai'] as const, aiProvider);
  let openai: Config['openai'] = null;
  if (aiProvider === 'openai' || detectProvider === 'openai') {
    const baseURL = url(env, 'OPENAI_BASE_URL', null, ['http:', 'https:']);
    if (!baseURL) throw new ConfigError('OPENAI_BASE_URL', 'an http(s) URL when AI_PROVIDER or DETECT_PROVIDER is openai', undefined);
    const model = str(env, 'OPENAI_MODEL', '');
    if (!model) throw new ConfigError('OPENAI_MODEL', 'a model name when AI_PROVIDER or DETECT_PROVIDER is openai', undefined);
    // Local OpenAI-compatible servers often accept any key; an empty one is still sent as a header.
    openai = { baseURL, apiKey: str(env, 'OPENAI_API_KEY', 'none'), model };
  }
  const roles = str(env, 'ROLES', 'api,worker,projector').split(',').map((r) => r.trim()).filter(Boolean);
  for (const r of roles) {
    if (!['api', 'worker', 'projector'].includes(r)) throw new ConfigError('ROLES', 'a comma list of api, worker, projector', env.ROLES);
  }
  if (roles.length === 0) throw new ConfigError('ROLES', 'a comma list of api, worker, projector', env.ROLES);
  const docsUrl = url(env, 'DOCS_URL', 'https://docs.example.com', ['http:', 'https:']) as string;
  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info');
  const metricsPortRaw = env.METRICS_PORT;
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: str(env, 'HOST', '0.0.0.0'),
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://localhost:5432/humanizer', ['postgres:', 'postgresql:']) as string,
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']) as string,
    eventStore,
    eventStoreConnectionString: esdb,
    aiProvider,
    detectProvider,
    openai,
    aiTimeoutMs: int(env, 'AI_TIMEOUT_MS', 120_000, 100),
    adminSecret: str(env, 'ADMIN_SECRET', '') || null,
    docsUrl,
    idempotencyTtlSeconds: int(env, 'IDEMPOTENCY_TTL_SECONDS', 86_400, 1),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    roles: [...new Set(roles)] as Role[],
    workerConcurrency: {
      humanize: int(env, 'WORKER_CONCURRENCY', defaultConcurrency(aiProvider), 1, 1000),
      detect: int(env, 'WORKER_CONCURRENCY', defaultConcurrency(detectProvider), 1, 1000),
    },
    engineThreads: int(env, 'ENGINE_THREADS', availableParallelism(), 0, 64),
    reservationSweep: {
      intervalMs: int(env, 'RESERVATION_SWEEP_INTERVAL_MS', 30_000, 100),
      marginMs: int(env, 'RESERVATION_SWEEP_MARGIN_MS', 60_000, 0),
    },
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 25_000, 0),
    logLevel,
    metricsPort: metricsPortRaw ? int(env, 'METRICS_PORT', 0, 1, 65535) : null,
    redisPrefix: str(env, 'REDIS_PREFIX', 'hz'),
    plansFile: str(env, 'PLANS_FILE', '') || null,
    tls: loadTls(env),
  };
}
