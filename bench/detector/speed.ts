/**
 * Detector latency on a 1,000-word text: median and p99 over RUNS runs of the full report
 * (detect) and of the bare score (scoreText), in CPU time and wall-clock time. Writes
 * bench/results/detector-speed.json.
 *
 *   npx tsx bench/detector/speed.ts        (SPEED_RUNS overrides the number of runs)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { countWords } from '../../domain/words.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { loadExamples, REPO_ROOT } from './lib/dataset.js';

const RUNS = Number(process.env['SPEED_RUNS'] ?? 200);
const WARMUP = 50;
const TARGET_MS = 20;

const words = loadExamples().map((e) => e.text).join(' ').split(/\s+/u).slice(0, 1000);
const text = words.join(' ');
const detector = createLocalDetector();
const signal = new AbortController().signal;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

interface Timing { median_ms: number; p99_ms: number; mean_ms: number }

/**
 * Wall-clock time, and CPU time of this process (user + system): on a shared machine the wall
 * clock also counts time spent waiting for a core, CPU time only the work done on one.
 */
async function measure(run: () => unknown): Promise<{ cpu: Timing; wall: Timing }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const r = (v: number): number => Math.round(v * 1000) / 1000;
  const summary = (xs: number[]): Timing => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { median_ms: r(percentile(sorted, 0.5)), p99_ms: r(percentile(sorted, 0.99)), mean_ms: r(xs.reduce((a, b) => a + b, 0) / xs.length) };
  };
  return { cpu: summary(cpu), wall: summary(wall) };
}

const detect = await measure(() => detector.detect(text, { signal }));
const score = await measure(() => detector.scoreText(text));
const result = {
  words: countWords(text), runs: RUNS, warmup: WARMUP, target_median_ms: TARGET_MS,
  detect_full_report: detect, score_only: score, meets_target_on_cpu_time: detect.cpu.median_ms < TARGET_MS,
  node: process.version, cpu: cpus()[0]?.model ?? 'unknown', load_average_1m: Math.round(loadavg()[0]! * 100) / 100,
  note: 'cpu = user+system CPU time of this process per call (garbage collection on helper threads included); wall = elapsed time, which on a shared machine (see load_average_1m) includes waiting for a core; detect() also yields one event-loop turn',
};
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'detector-speed.json'), JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
