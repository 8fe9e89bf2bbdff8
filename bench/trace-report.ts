/**
 * Summarises what bench/trace-preload.ts wrote (run `TRACE=1 npm run bench:profile` first): the mean, p50 and p90 of
 * each step of a request across the api and worker processes (the first 30% of requests, the warm-up, left out),
 * then each process's SQL statements and Redis commands. Removes the files it read.
 */
import { readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = tmpdir();
const all = new Map<string, Record<string, number>>();
const counts: string[] = [];
for (const f of readdirSync(dir)) {
  if (f.startsWith('hz-trace-')) {
    for (const [id, m] of Object.entries(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, Record<string, number>>)) all.set(id, { ...(all.get(id) ?? {}), ...m });
  } else if (f.startsWith('hz-counts-')) counts.push(readFileSync(join(dir, f), 'utf8'));
  else continue;
  unlinkSync(join(dir, f));
}
const rows = [...all.values()].filter((m) => m.http !== undefined && m.accept1 !== undefined && m.pick !== undefined).sort((a, b) => a.http! - b.http!);
const use = rows.slice(Math.floor(rows.length * 0.3));
const steps: Array<[string, string, string]> = [
  ['http start → accept (body, auth, limits, validation)', 'http', 'accept0'],
  ['reserve', 'reserve0', 'reserve1'], ['listen', 'listen0', 'listen1'], ['enqueue (BullMQ add)', 'enqueue0', 'enqueue1'],
  ['enqueued → taken by the worker', 'enqueue1', 'pick'], ['taken → result (engine)', 'pick', 'pput0'], ['pending put', 'pput0', 'pput1'],
  ['publish started', 'pub_started0', 'pub_started1'], ['charge', 'charge0', 'charge1'], ['publish done', 'pub_done0', 'pub_done1'],
  ['done published → API has it', 'pub_done0', 'got_done'], ['pending delete (after the answer)', 'pdel0', 'pdel1'],
  ['TOTAL http start → answer', 'http', 'accept1'],
];
console.log(`${use.length} requests`);
for (const [label, a, b] of steps) {
  const d = use.filter((m) => m[a] !== undefined && m[b] !== undefined).map((m) => m[b]! - m[a]!).sort((x, y) => x - y);
  if (d.length === 0) { console.log(`${label}: -`); continue; }
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const at = (q: number) => d[Math.floor(d.length * q)]!.toFixed(1).padStart(6);
  console.log(`${label.padEnd(55)} mean ${mean.toFixed(1).padStart(6)} p50 ${at(0.5)} p90 ${at(0.9)}  (n=${d.length})`);
}
console.log(counts.join('\n'));
