/**
 * The "essential pipeline": the I/O a detect request cannot avoid, and nothing else. The bench measures it
 * beside the service in the same run, so the service's figures read as a share of their physical floor.
 *
 * `api` mode: a Koa `POST /detect` that does one Redis Lua call for the rate limit (INCR + PEXPIRE), appends
 * `WordsReserved` to PostgreSQL (a single-row insert, synchronous_commit on), adds a BullMQ job, waits for the
 * job's score on Redis pub/sub (one subscription per process, set up once) and answers detection-shaped JSON.
 * `worker` mode: a BullMQ worker *process* that takes the job, counts its words, appends `WordsCharged` and
 * publishes the score. Run: `node --import tsx bench/essential.ts api|worker` with DATABASE_URL, REDIS_URL,
 * PREFIX, PORT and CONCURRENCY in the environment.
 */
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { createPool } from '../infra/db.js';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { countWords } from '../domain/words.js';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const LIMIT_LUA = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n`;
/** The service's pool size (bin/backends.ts), for a like-for-like comparison. */
const POOL_SIZE = 20;
const INSERT = 'INSERT INTO essential_events (stream, type, data) VALUES ($1, $2, $3)';

interface EssentialJob { requestId: string; accountId: string; text: string; replyTo: string }

export async function createEssentialTable(pool: import('pg').Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS essential_events (
    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream text NOT NULL, type text NOT NULL,
    data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
}

async function api(): Promise<void> {
  const prefix = env('PREFIX');
  const pool = createPool(env('DATABASE_URL'), POOL_SIZE);
  const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
  const subscriber = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
  const queue = new Queue<EssentialJob>('detect', { connection: new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null }), prefix: `${prefix}bull` });
  const replyTo = `${prefix}reply:${process.pid}`;
  const waiting = new Map<string, (score: Record<string, unknown>) => void>();
  subscriber.on('message', (_channel: string, raw: string) => {
    const m = JSON.parse(raw) as { requestId: string; body: Record<string, unknown> };
    waiting.get(m.requestId)?.(m.body);
  });
  await subscriber.subscribe(replyTo);
  redis.defineCommand('limit', { numberOfKeys: 1, lua: LIMIT_LUA });

  const app = new Koa();
  app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false }));
  app.use(async (ctx) => {
    const { text } = ctx.request.body as { text: string };
    const accountId = String(ctx.get('Authorization')).slice(-12);
    const requestId = randomUUID();
    await (redis as unknown as { limit(key: string, ms: number): Promise<number> }).limit(`${prefix}limit:${accountId}`, 60_000);
    const words = countWords(text);
    await pool.query(INSERT, [`account-${accountId}`, 'WordsReserved', JSON.stringify({ requestId, words })]);
    const result = new Promise<Record<string, unknown>>((resolve) => waiting.set(requestId, resolve));
    await queue.add('detect', { requestId, accountId, text, replyTo }, { jobId: requestId, removeOnComplete: true, removeOnFail: true });
    const body = await result;
    waiting.delete(requestId);
    ctx.body = { object: 'detection', id: requestId, ...body, input_words: words, words_charged: words };
  });
  const server = app.listen(Number(env('PORT')), '127.0.0.1');
  server.once('listening', () => process.stdout.write('ready\n'));
}

async function worker(): Promise<void> {
  const prefix = env('PREFIX');
  const pool = createPool(env('DATABASE_URL'), POOL_SIZE);
  const publisher = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null });
  const w = new Worker<EssentialJob>('detect', async (job) => {
    const { requestId, accountId, text, replyTo } = job.data;
    const words = countWords(text);
    const score = { ai_score: words % 100, human_score: 100 - (words % 100), verdict: 'possibly_ai' };
    await pool.query(INSERT, [`account-${accountId}`, 'WordsCharged', JSON.stringify({ requestId, words })]);
    await publisher.publish(replyTo, JSON.stringify({ requestId, body: score }));
  }, {
    connection: new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null }), prefix: `${prefix}bull`,
    concurrency: Number(process.env.CONCURRENCY ?? 8),
  });
  await w.waitUntilReady();
  process.stdout.write('ready\n');
}

if (process.argv[2] === 'api') await api();
else if (process.argv[2] === 'worker') await worker();
