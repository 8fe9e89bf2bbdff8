/** Figures of `npm run bench` beside the HTTP rows: projection rebuild rate, detect CPU in the engine pool. */
import type { AdminCommands } from '../bin/admin-commands.js';
import type { Backends } from '../bin/backends.js';
import { createEnginePool } from '../workers/engine-pool.js';

/**
 * Grows the log to at least `minEvents` with reservation/charge pairs on the accounts already in it (each
 * pair a copy of the account's newest real reservation under a new request id, revisions continuing the
 * stream), then rebuilds every projection from position 0.
 */
export async function rebuildRate(backends: Backends, admin: AdminCommands, minEvents: number): Promise<{ events: number; ms: number; eventsPerSecond: number }> {
  const pool = backends.pool;
  const { rows: [counts] } = await pool.query<{ events: string; accounts: string }>(
    `SELECT (SELECT count(*) FROM events)::text AS events,
            (SELECT count(DISTINCT stream) FROM events WHERE type = 'WordsReserved')::text AS accounts`);
  const missing = minEvents - Number(counts!.events);
  const accounts = Number(counts!.accounts);
  if (missing > 0 && accounts > 0) {
    const perAccount = Math.ceil(missing / (2 * accounts));
    await pool.query(`
      WITH template AS (
        SELECT DISTINCT ON (stream) stream, data FROM events WHERE type = 'WordsReserved' ORDER BY stream, position DESC
      ), head AS (
        SELECT stream, max(revision) AS rev FROM events GROUP BY stream
      )
      INSERT INTO events (stream, revision, id, type, data)
      SELECT t.stream, h.rev + 2 * (g.i - 1) + 1 + k.k, gen_random_uuid(),
             CASE k.k WHEN 0 THEN 'WordsReserved' ELSE 'WordsCharged' END,
             CASE k.k
               WHEN 0 THEN jsonb_set(t.data, '{requestId}', to_jsonb('bench-' || g.i || '-' || t.stream))
               ELSE jsonb_build_object(
                 'accountId', t.data->'accountId', 'requestId', 'bench-' || g.i || '-' || t.stream, 'keyId', t.data->'keyId',
                 'endpoint', t.data->'endpoint', 'words', t.data->'words', 'inputWords', t.data->'inputWords',
                 'outputWords', 0, 'latencyMs', 5, 'at', t.data->'at')
             END
      FROM template t JOIN head h USING (stream), generate_series(1, $1::int) AS g(i), (VALUES (0), (1)) AS k(k)
      ORDER BY g.i, t.stream, k.k`, [perAccount]);
  }
  const result = await admin.rebuildProjections(null);
  return { events: result.events, ms: result.ms, eventsPerSecond: Math.round(result.events / (result.ms / 1000)) };
}

/** CPU per 1,000-word detect run through a one-thread engine pool, after a warm-up (whole process: thread and messaging). */
export async function detectCpuInPool(words: number): Promise<{ runs: number; cpuMsPerDetect: number; threadP50Ms: number }> {
  const vocabulary = ['the', 'model', 'writes', 'clear', 'text', 'quickly.', 'However,', 'people', 'often', 'read', 'slowly', 'and', 'carefully.'];
  const text = Array.from({ length: words }, (_, i) => vocabulary[(i * 7) % vocabulary.length]).join(' ');
  const pool = createEnginePool({ threads: 1, recordTiming: true });
  const signal = new AbortController().signal;
  try {
    for (let i = 0; i < 30; i++) await pool.detector.detect(text, { signal });
    const runs = 100;
    const before = process.cpuUsage();
    for (let i = 0; i < runs; i++) await pool.detector.detect(text, { signal });
    const used = process.cpuUsage(before);
    return { runs, cpuMsPerDetect: Math.round(((used.user + used.system) / 1000 / runs) * 100) / 100, threadP50Ms: Math.round(pool.runTimeMs().p50 * 100) / 100 };
  } finally {
    await pool.close();
  }
}
