/**
 * `npm run bench`: starts the service in-process with the local engine and measures requests/s and
 * p50/p99 latency for detect and humanize (JSON), SSE time to first chunk, at a few concurrency
 * levels, beside a bare Koa route measured in the same run (the ratio is what to compare across
 * machines). Writes bench/results/http.json and bench/results/http.md. Loopback only, bounded.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startTestService } from '../test/support/service.js';
import { SAMPLE_TEXT } from '../test/support/service.js';
import { PLANS, type Plan } from '../domain/plans.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);

const benchPlan: Plan = {
  ...(PLANS.api_scale as Plan), key: 'api_bench', name: 'Bench', wordsPerMonth: 2_000_000_000,
  requestsPerMinute: 10_000_000, concurrentRequests: 10_000,
};

interface Row { target: string; concurrency: number; rps: number; p50: number; p99: number; errors: number; non2xx: number }

async function cannon(url: string, concurrency: number, opts: Partial<autocannon.Options>): Promise<Omit<Row, 'target' | 'concurrency'>> {
  const result = await autocannon({ url, connections: concurrency, duration: DURATION_S, ...opts });
  return {
    rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors, non2xx: result.non2xx,
  };
}

async function sseFirstChunk(url: string, key: string, concurrency: number): Promise<Omit<Row, 'target' | 'concurrency'>> {
  const samples: number[] = [];
  let errors = 0;
  const until = Date.now() + DURATION_S * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(url + '/v1/humanize', {
        method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: SAMPLE_TEXT, stream: true }),
      });
      let first = -1;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(part, { stream: true });
        if (first < 0 && buffer.includes('event: chunk')) first = performance.now() - started;
      }
      if (first < 0 || res.status !== 200) errors++;
      else samples.push(first);
    }
  }));
  samples.sort((a, b) => a - b);
  const pct = (p: number) => (samples.length ? Math.round(samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]! * 10) / 10 : 0);
  return { rps: Math.round(samples.length / DURATION_S), p50: pct(0.5), p99: pct(0.99), errors, non2xx: 0 };
}

async function main(): Promise<void> {
  const bare = new Koa();
  bare.use((ctx) => { ctx.body = { ok: true }; });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((r) => bareServer.once('listening', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;

  const t = await startTestService({ WORKER_CONCURRENCY: '8', ROLES: process.env.BENCH_ROLES ?? 'api,worker,projector' }, { extraPlans: { api_bench: benchPlan } });
  // Several customers, as in production: one account's requests serialise on its ledger stream.
  const keys: string[] = [];
  for (let i = 0; i < 8; i++) keys.push((await t.customer({ plan: 'api_bench' })).key);
  const key = keys[0]!;
  let turn = 0;
  const rotating = (path: string) => ({
    method: 'POST' as const,
    setupRequest: (req: autocannon.Request) => ({ ...req, path, headers: { Authorization: `Bearer ${keys[turn++ % keys.length]}`, 'Content-Type': 'application/json' } }),
  });
  const rows: Row[] = [];
  try {
    for (const c of LEVELS) {
      rows.push({ target: 'bare Koa route', concurrency: c, ...(await cannon(bareUrl, c, {})) });
      rows.push({ target: 'POST /v1/detect', concurrency: c, ...(await cannon(t.url, c, { method: 'POST', body: JSON.stringify({ text: SAMPLE_TEXT }), requests: [rotating('/v1/detect')] })) });
      rows.push({ target: 'POST /v1/humanize (JSON)', concurrency: c, ...(await cannon(t.url, c, { method: 'POST', body: JSON.stringify({ text: SAMPLE_TEXT }), requests: [rotating('/v1/humanize')] })) });
      rows.push({ target: 'POST /v1/humanize (SSE, time to first chunk)', concurrency: c, ...(await sseFirstChunk(t.url, key, c)) });
      console.log(rows.slice(-4));
    }
  } finally {
    await t.close();
    bareServer.close();
  }
  const bareAt = (c: number) => rows.find((r) => r.target === 'bare Koa route' && r.concurrency === c)?.rps ?? 0;
  const table = [
    '| target | concurrency | req/s | p50 ms | p99 ms | share of bare Koa req/s | errors / non-2xx |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.target} | ${r.concurrency} | ${r.rps} | ${r.p50} | ${r.p99} | ${bareAt(r.concurrency) ? (r.rps / bareAt(r.concurrency)).toFixed(3) : '-'} | ${r.errors} / ${r.non2xx} |`),
  ].join('\n');
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const meta = { date: new Date().toISOString(), node: process.version, durationSeconds: DURATION_S, text_words: SAMPLE_TEXT.split(/\s+/).length };
  writeFileSync(new URL('./results/http.json', import.meta.url), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
  writeFileSync(new URL('./results/http.md', import.meta.url), `# HTTP benchmark\n\n${JSON.stringify(meta)}\n\n${table}\n`);
  console.log(table);
}

main().then(() => process.exit(0), (err: unknown) => { console.error(err); process.exit(1); });
