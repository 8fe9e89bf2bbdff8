/**
 * CPU cost of the local humanizer: per mode, the time of one humanize call (the engine's own
 * candidates, each scored by the detector, as the service runs it with best_of 1) on a 1,000-word
 * multi-paragraph text (normalised), in ms per 1,000 words of CPU time and wall-clock time; the same for the
 * 250-word text of `npm run bench`. A floor is measured in the same run on the same text — one pass of a
 * word tokeniser (a Unicode word regex with offsets) — so that a busy machine still gives a comparable ratio.
 * Writes bench/results/humanizer-speed.json and humanizer-speed.md.
 *
 *   npm run bench:humanizer        (HUMANIZER_SPEED_RUNS overrides the runs per mode; default 20)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { MODES, type Mode } from '../../domain/options.js';
import { countWords } from '../../domain/words.js';
import { createEnginePool } from '../../workers/engine-pool.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import type { HumanizeRequest } from '../../workers/engines/types.js';
import { SAMPLE_TEXT } from '../../test/support/service.js';
import { REPO_ROOT } from './lib/data.js';
import { dataTexts, longTexts } from './lib/corpus.js';

const RUNS = Number(process.env['HUMANIZER_SPEED_RUNS'] ?? 20);
const WARMUP = 3;

/**
 * Texts of about 1,000 words, each made of consecutive texts of the detection data (one paragraph
 * each); every run gets a text of its own, so nothing one run computed can serve the next.
 */
const LONG = longTexts(dataTexts(10_000), MODES.length * (RUNS + WARMUP) + 10);
const TEXT_1000 = LONG[0]!;
const TEXT_250 = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');
const detector = createLocalDetector();

interface Timing { cpu_median_ms: number; cpu_mean_ms: number; wall_median_ms: number }

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]!; };
const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Times of `run(i)` for i = warmup … warmup + runs - 1, each multiplied by `scale(i)`. */
function measure(run: (i: number) => unknown, runs: number, warmup: number, scale: (i: number) => number = () => 1): Timing {
  for (let i = 0; i < warmup; i++) run(i);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = warmup; i < warmup + runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run(i);
    wall.push((performance.now() - t0) * scale(i));
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000 * scale(i));
  }
  return { cpu_median_ms: r2(median(cpu)), cpu_mean_ms: r2(cpu.reduce((a, b) => a + b, 0) / cpu.length), wall_median_ms: r2(median(wall)) };
}

/** The floor: one tokenising pass over the text (every word with its offsets), repeated to be measurable. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
function tokenisePass(text: string): number {
  let n = 0;
  for (const m of text.matchAll(WORD)) n += m.index! + m[0].length;
  return n;
}
const FLOOR_REPEAT = 200;
const floorOf = (text: string): number => {
  const t = measure(() => { for (let i = 0; i < FLOOR_REPEAT; i++) tokenisePass(text); }, 20, 5);
  return t.cpu_median_ms / FLOOR_REPEAT;
};

const request = (text: string, mode: Mode, seed: number): HumanizeRequest => ({
  text, mode, tone: { kind: 'builtin', name: 'casual' }, readability: 'college', language: 'en', freezeWords: [], seed,
});

const load0 = loadavg()[0]!;
// Warm-up of the whole engine (JIT) on texts no run uses, so the first mode measured does not pay for it.
for (let i = 0; i < 10; i++) bestCandidate(request(LONG[LONG.length - 1 - i]!, MODES[i % MODES.length]!, 1), detector);
const words1000 = countWords(TEXT_1000);
/** Floor per 1,000 words. */
const floor1000 = floorOf(TEXT_1000) * 1000 / words1000;
const perMode = MODES.map((mode, m) => {
  const textOf = (i: number): string => LONG[m * (RUNS + WARMUP) + i]!;
  const t = measure((i) => bestCandidate(request(textOf(i), mode, 1), detector), RUNS, WARMUP, (i) => 1000 / countWords(textOf(i)));
  console.log(`${mode}: ${t.cpu_median_ms} ms CPU per 1,000 words`);
  return { mode, cpu_ms_per_1000_words: t.cpu_median_ms, cpu_mean_ms_per_1000_words: t.cpu_mean_ms, wall_ms_per_1000_words: t.wall_median_ms, ratio_to_floor: Math.round(t.cpu_median_ms / floor1000) };
});
const floor250 = floorOf(TEXT_250);
const http = measure((i) => bestCandidate(request(TEXT_250, 'standard', i), detector), RUNS * 2, WARMUP);

/**
 * The engine thread pool as the service runs it: the 250-word text humanized with 8 calls in flight
 * on as many threads as there are cores, after 200 warm-up calls; calls per second, and CPU of the
 * whole process per call.
 */
const pool = createEnginePool({ threads: cpus().length });
const signal = new AbortController().signal;
const POOL_CALLS = RUNS * 20;
let next = 0;
const calls = (until: number, seeds: number) => async (): Promise<void> => {
  while (next < until) await pool.humanizer.humanize(request(TEXT_250, 'standard', seeds + next++), { signal });
};
// Warm-up (other seeds): each thread loads the models and compiles the engine on its first calls.
await Promise.all(Array.from({ length: 8 }, calls(200, 100_000)));
next = 0;
const worker = calls(POOL_CALLS, 5000);
const poolCpu0 = process.cpuUsage();
const poolT0 = performance.now();
await Promise.all(Array.from({ length: 8 }, worker));
const poolWall = performance.now() - poolT0;
const poolCpu = process.cpuUsage(poolCpu0);
await pool.close();
const poolResult = {
  threads: cpus().length, calls: POOL_CALLS, in_flight: 8, calls_per_second: Math.round(POOL_CALLS / (poolWall / 1000)),
  cpu_ms_per_call: r2((poolCpu.user + poolCpu.system) / 1000 / POOL_CALLS),
};
const load1 = loadavg()[0]!;

const result = {
  words_first_text: words1000, runs: RUNS, warmup: WARMUP,
  floor: { what: 'one pass of a Unicode word regex with offsets over the text', cpu_ms_1000_words: Math.round(floor1000 * 10_000) / 10_000, cpu_ms_250_words: Math.round(floor250 * 10_000) / 10_000 },
  modes: perMode,
  http_text: { words: countWords(TEXT_250), mode: 'standard', tone: 'casual', readability: 'college', cpu_median_ms: http.cpu_median_ms, wall_median_ms: http.wall_median_ms, ratio_to_floor: Math.round(http.cpu_median_ms / floor250) },
  engine_pool: poolResult,
  node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length,
  load_average_1m: { start: r2(load0), end: r2(load1) },
  note: 'one humanize call = the mode\'s seeded candidates (3-6 for English), each rewritten, checked and scored by the detector; cpu = user+system CPU time of this process (median over runs, a new text each run, scaled to 1,000 words); ratio_to_floor = humanize CPU ÷ floor CPU per 1,000 words; the 250-word text is the same in every run (a new seed each), as in npm run bench',
};
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'humanizer-speed.json'), JSON.stringify(result, null, 2) + '\n');
const md = [
  '# Local humanizer speed',
  '',
  `Texts of about 1,000 words (${words1000} in the first), each made of consecutive data texts (one paragraph each), a new text for every run; casual tone, college readability; median of ${RUNS} runs per mode. ` +
  `Node ${process.version}, ${cpus().length} × ${result.cpu}, load average ${result.load_average_1m.start} at the start, ${result.load_average_1m.end} at the end.`,
  '',
  '| mode | CPU ms per 1,000 words | wall ms per 1,000 words | ÷ floor |',
  '|---|---|---|---|',
  ...perMode.map((m) => `| ${m.mode} | ${m.cpu_ms_per_1000_words} | ${m.wall_ms_per_1000_words} | ${m.ratio_to_floor} |`),
  '',
  `Floor (${result.floor.what}): ${result.floor.cpu_ms_1000_words} ms for 1,000 words, ${result.floor.cpu_ms_250_words} ms for 250.`,
  '',
  `The 250-word text of \`npm run bench\` (standard, casual, college): ${http.cpu_median_ms} ms CPU (median of ${RUNS * 2}), ${result.http_text.ratio_to_floor} × its floor.`,
  '',
  `Through the engine thread pool (${poolResult.threads} threads, ${poolResult.in_flight} calls in flight, ${poolResult.calls} calls of that text): ` +
  `${poolResult.calls_per_second} humanize calls/s, ${poolResult.cpu_ms_per_call} ms CPU per call for the whole process (both threads and the main thread).`,
  '',
].join('\n');
writeFileSync(resolve(dir, 'humanizer-speed.md'), md);
console.log(md);
