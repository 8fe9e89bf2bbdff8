/**
 * Starts the whole service in-process on a random port against a fresh database and a fresh Redis
 * prefix, plus admin helpers that go through the same commands as the admin CLI.
 */
import { randomUUID } from 'node:crypto';
import { AdminCommands } from '../../bin/admin-commands.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import { startService, type Service, type ServiceOptions } from '../../bin/service.js';
import { loadConfig, type Config } from '../../infra/config.js';
import { createLogger } from '../../infra/logger.js';
import type { Plan } from '../../domain/plans.js';
import { ACCESS_CHANGED_CHANNEL } from '../../api/key-cache.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from './db.js';

export interface TestService {
  url: string;
  service: Service;
  config: Config;
  db: TestDatabase;
  admin: AdminCommands;
  backends: Backends;
  /** Creates an account and a key; returns both. */
  customer(options?: { plan?: string; scopes?: string; allowIps?: string; name?: string }): Promise<{ accountId: string; keyId: string; key: string }>;
  close(): Promise<void>;
}

export async function startTestService(
  env: Record<string, string> = {},
  options: ServiceOptions & { extraPlans?: Readonly<Record<string, Plan>> } = {},
): Promise<TestService> {
  const db = await createTestDatabase('hz_svc');
  const config = loadConfig({
    DATABASE_URL: db.url, REDIS_URL, PORT: '0', HOST: '127.0.0.1', REDIS_PREFIX: `t-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', WORKER_CONCURRENCY: '4', ...env,
  });
  const logger = createLogger(config.logLevel);
  // The admin helpers' announcements return once this service has dropped its key cache: the test's next
  // request, sent from this same process, must not race the announcement to the server.
  const announced = new Set<() => void>();
  const service = await startService(config, {
    logger, ...options,
    onAccessChanged: () => { options.onAccessChanged?.(); for (const seen of [...announced]) seen(); },
  });
  const backends = await openBackends(config, logger);
  const admin = new AdminCommands({
    store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: options.extraPlans ?? {},
    announceAccessChange: async () => {
      let seen!: () => void;
      const received = new Promise<void>((resolve) => { seen = resolve; });
      announced.add(seen);
      try {
        await backends.pool.query(`NOTIFY ${ACCESS_CHANGED_CHANNEL}`);
        await Promise.race([received, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      } finally {
        announced.delete(seen);
      }
    },
  });
  return {
    url: service.url as string,
    service, config, db, admin, backends,
    async customer(o = {}) {
      const { account_id } = await admin.createAccount({ plan: o.plan ?? 'growth', email: null });
      const { key_id, key } = await admin.createKey({ accountId: account_id, name: o.name ?? 'test', scopes: o.scopes ?? null, allowIps: o.allowIps ?? null });
      return { accountId: account_id, keyId: key_id, key };
    },
    async close() {
      await service.close();
      await backends.close();
      await db.drop();
    },
  };
}

/** A text of `n` plain words. */
export function words(n: number, word = 'word'): string {
  return Array.from({ length: n }, (_, i) => `${word}${i % 7 === 6 ? '.' : ''}`).join(' ');
}

export const SAMPLE_TEXT =
  'Artificial intelligence has transformed the way organizations approach complex problems. Furthermore, it is important to note that ' +
  'these systems can analyze vast amounts of data with remarkable efficiency. In conclusion, the integration of such technologies ' +
  'represents a significant milestone in the ongoing evolution of modern business practices across many industries.';

export interface JsonResponse { status: number; headers: Headers; body: Record<string, unknown> }

/**
 * Requests of a test's service until one succeeds (at most four), so that its engine threads have started and loaded their
 * models before a test that needs the engine done within a short AI_TIMEOUT_MS: on a busy machine a cold start can miss
 * it (refunded, 500); the threads are warm after it. Returns the last response.
 */
export async function warmEngine(base: string, key: string, path: '/v1/humanize' | '/v1/detect'): Promise<JsonResponse> {
  let res = await call(base, 'POST', path, { key, body: { text: SAMPLE_TEXT } });
  for (let attempt = 1; attempt < 4 && res.status !== 200; attempt++) res = await call(base, 'POST', path, { key, body: { text: SAMPLE_TEXT } });
  return res;
}

export async function call(base: string, method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try { parsed = text ? JSON.parse(text) as Record<string, unknown> : {}; } catch { parsed = { raw: text }; }
  return { status: res.status, headers: res.headers, body: parsed };
}
