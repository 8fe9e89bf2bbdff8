/**
 * Detector latency on a 1,000-word text, one core: median and p99 over RUNS runs of the full
 * report (detect) and of the bare score (scoreText). Writes bench/results/detector-speed.json.
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

async function measure(run: () => unknown): Promise<{ median_ms: number; p99_ms: number; mean_ms: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const r = (v: number): number => Math.round(v * 1000) / 1000;
  return { median_ms: r(percentile(times, 0.5)), p99_ms: r(percentile(times, 0.99)), mean_ms: r(times.reduce((a, b) => a + b, 0) / times.length) };
}

const detect = await measure(() => detector.detect(text, { signal }));
const score = await measure(() => detector.scoreText(text));
const result = {
  words: countWords(text), runs: RUNS, warmup: WARMUP, target_median_ms: TARGET_MS,
  detect_full_report: detect, score_only: score, meets_target: detect.median_ms < TARGET_MS,
  node: process.version, cpu: cpus()[0]?.model ?? 'unknown', load_average_1m: Math.round(loadavg()[0]! * 100) / 100,
  note: 'detect() includes one event-loop turn (setImmediate) before the work; the machine may be shared, see load_average_1m',
};
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'detector-speed.json'), JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
