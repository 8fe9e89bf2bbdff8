/**
 * Detector speed: CPU time (and wall-clock time) per call of the full report (detect) and of the bare
 * score (scoreText) for texts of 250 and 1,000 words, and the cost of a detect through the engine
 * thread pool. Writes bench/results/detector-speed.{json,md}.
 *
 * Every call of the full report and of the "new text" score gets a text it has not seen (consecutive
 * stretches of the detection data), so the sentence memo that scoreText keeps for the humanizer's
 * candidates never answers; "repeated text" scores one text again and again, as best_of's candidates,
 * which share most sentences, are scored. The 250-word text of `npm run bench` (one paragraph five
 * times) is measured as well.
 *
 *   npx tsx bench/detector/speed.ts                       (SPEED_RUNS overrides the number of runs, 200)
 *   BASE_DIR=<another checkout> ROUNDS=3 npx tsx bench/detector/speed.ts
 *       measures both checkouts' detectors in separate processes, alternating, ROUNDS rounds each, and
 *       reports each round and the median of the rounds' medians (before/after on a machine whose load moves)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countWords } from '../../domain/words.js';
import type { Detector } from '../../workers/engines/types.js';
import type { LocalDetector } from '../../workers/engines/local/detector/detector.js';
import { DATA_DIR, loadExamples, REPO_ROOT } from './lib/dataset.js';

const RUNS = Number(process.env['SPEED_RUNS'] ?? 200);
const WARMUP = 30;
/** Calls of the detector before any measure (optimising compilation), on texts no measure uses. */
const WARMUP_CALLS = Number(process.env['SPEED_WARMUP_CALLS'] ?? 400);
const TARGET_MS = 20;
const signal = new AbortController().signal;

interface Timing { median_ms: number; p99_ms: number; mean_ms: number }
interface Measured { cpu: Timing; wall: Timing }
type Sizes = Record<'w250' | 'w1000', { words: number; detect: Measured; score_new_text: Measured; score_repeated_text: Measured }>;
interface Result { sizes: Sizes; bench_text: { words: number; detect: Measured; score_repeated_text: Measured } }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
const r3 = (v: number): number => Math.round(v * 1000) / 1000;
const summary = (xs: number[]): Timing => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median_ms: r3(percentile(sorted, 0.5)), p99_ms: r3(percentile(sorted, 0.99)), mean_ms: r3(xs.reduce((a, b) => a + b, 0) / xs.length) };
};

/**
 * Wall-clock time, and CPU time of this process (user + system): on a shared machine the wall
 * clock also counts time spent waiting for a core, CPU time only the work done on one.
 */
async function measure(run: (i: number) => unknown, runs = RUNS): Promise<Measured> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run(WARMUP + i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { cpu: summary(cpu), wall: summary(wall) };
}

/** Consecutive stretches of `words` words of the detection data, enough for every warm-up and run. */
function stretches(words: number): string[] {
  const all: string[] = [];
  for (const file of ['train.jsonl', 'extra/outfox.jsonl', 'extra/zippy.jsonl']) {
    for (const e of loadExamples(resolve(DATA_DIR, file))) all.push(...e.text.split(/\s+/u).filter((w) => w.length > 0));
    if (all.length >= (WARMUP + RUNS) * words) break;
  }
  const n = Math.min(WARMUP + RUNS, Math.floor(all.length / words));
  return Array.from({ length: n }, (_, i) => all.slice(i * words, (i + 1) * words).join(' '));
}

/** The 250-word text of `npm run bench`: its sample paragraph (SAMPLE_TEXT of test/support/service.ts) five times. */
const SAMPLE_TEXT =
  'Artificial intelligence has transformed the way organizations approach complex problems. Furthermore, it is important to note that ' +
  'these systems can analyze vast amounts of data with remarkable efficiency. In conclusion, the integration of such technologies ' +
  'represents a significant milestone in the ongoing evolution of modern business practices across many industries.';
const BENCH_TEXT = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');

/** Measures the detector of the checkout at `root` in this process. */
async function measureCheckout(root: string): Promise<Result> {
  const local = await import(pathToFileURL(resolve(root, 'workers/engines/local/index.ts')).href) as typeof import('../../workers/engines/local/index.js');
  // A detector of its own for every measure, so that its sentence memo holds no sentence of another measure's texts.
  const fresh = (): LocalDetector => local.createLocalDetector();
  // Warm-up of the code on texts no measure uses (SeqXGPT's), until the compiler has optimised it.
  const warm = [fresh(), fresh()] as const;
  const others = loadExamples(resolve(DATA_DIR, 'extra/seqxgpt.jsonl')).map((e) => e.text);
  for (let i = 0; i < WARMUP_CALLS; i++) {
    const t = others[i % others.length]!;
    await warm[0].detect(t, { signal });
    warm[1].scoreText(t);
  }
  const sizes = {} as Sizes;
  for (const [key, words] of [['w250', 250], ['w1000', 1000]] as const) {
    const texts = stretches(words);
    const at = (i: number): string => texts[i % texts.length]!;
    const d1 = fresh();
    const detect = await measure((i) => d1.detect(at(i), { signal }));
    const d2 = fresh();
    const scoreNew = await measure((i) => d2.scoreText(at(i)));
    const d3 = fresh();
    const scoreRepeated = await measure(() => d3.scoreText(at(0)));
    sizes[key] = { words: countWords(at(0)), detect, score_new_text: scoreNew, score_repeated_text: scoreRepeated };
  }
  const d4 = fresh();
  const benchDetect = await measure(() => d4.detect(BENCH_TEXT, { signal }));
  const d5 = fresh();
  const benchScore = await measure(() => d5.scoreText(BENCH_TEXT));
  return { sizes, bench_text: { words: countWords(BENCH_TEXT), detect: benchDetect, score_repeated_text: benchScore } };
}

/** CPU of the whole process per detect of the bench text: in this thread, and through a one-thread engine pool. */
async function measurePool(): Promise<Record<string, number>> {
  const { createEnginePool } = await import('../../workers/engine-pool.js');
  const { createLocalDetector } = await import('../../workers/engines/local/index.js');
  const direct = createLocalDetector();
  const pool = createEnginePool({ threads: 1 });
  const runs = 4 * RUNS;
  const perCall = async (detector: Detector, inFlight: number): Promise<number> => {
    const batch = (): Promise<unknown> => Promise.all(Array.from({ length: inFlight }, () => detector.detect(BENCH_TEXT, { signal })));
    for (let i = 0; i < 50; i++) await batch();
    const c0 = process.cpuUsage();
    for (let i = 0; i < runs / inFlight; i++) await batch();
    const c = process.cpuUsage(c0);
    return r3((c.user + c.system) / 1000 / runs);
  };
  try {
    const out = { in_thread_ms: 0, pool_one_in_flight_ms: 0, pool_eight_in_flight_ms: 0 };
    // Alternated twice; the lower of each pair (the machine's load only ever adds).
    for (let k = 0; k < 2; k++) {
      const d = await perCall(direct, 1);
      const p1 = await perCall(pool.detector, 1);
      const p8 = await perCall(pool.detector, 8);
      out.in_thread_ms = k === 0 ? d : Math.min(out.in_thread_ms, d);
      out.pool_one_in_flight_ms = k === 0 ? p1 : Math.min(out.pool_one_in_flight_ms, p1);
      out.pool_eight_in_flight_ms = k === 0 ? p8 : Math.min(out.pool_eight_in_flight_ms, p8);
    }
    const report = await direct.detect(BENCH_TEXT, { signal });
    const c0 = process.cpuUsage();
    for (let i = 0; i < 1000; i++) structuredClone(report);
    const c = process.cpuUsage(c0);
    return { ...out, report_structured_clone_ms: r3((c.user + c.system) / 1000 / 1000), report_json_bytes: JSON.stringify(report).length };
  } finally {
    await pool.close();
  }
}

const load = (): number => Math.round(loadavg()[0]! * 100) / 100;
const machine = { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length };
const NOTE = 'cpu = user+system CPU time of this process per call (garbage collection on helper threads included); wall = elapsed time, which on a shared machine (see load_average_1m) includes waiting for a core; detect() also yields one event-loop turn';

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  process.stdout.write(JSON.stringify(await measureCheckout(process.argv[childAt + 1]!)) + '\n');
  process.exit(0);
}

const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
const baseDir = process.env['BASE_DIR'];
const loadStart = load();

const rows = (r: Result): Array<[string, number, Measured]> => [
  ['full report, 250 words', r.sizes.w250.words, r.sizes.w250.detect],
  ['full report, 1,000 words', r.sizes.w1000.words, r.sizes.w1000.detect],
  ['full report, bench text', r.bench_text.words, r.bench_text.detect],
  ['score, new text, 250 words', r.sizes.w250.words, r.sizes.w250.score_new_text],
  ['score, new text, 1,000 words', r.sizes.w1000.words, r.sizes.w1000.score_new_text],
  ['score, repeated text, 250 words', r.sizes.w250.words, r.sizes.w250.score_repeated_text],
  ['score, repeated text, 1,000 words', r.sizes.w1000.words, r.sizes.w1000.score_repeated_text],
  ['score, repeated text, bench text', r.bench_text.words, r.bench_text.score_repeated_text],
];

if (baseDir) {
  const rounds = Number(process.env['ROUNDS'] ?? 3);
  const checkouts = { base: resolve(baseDir), this: REPO_ROOT };
  const results: Record<'base' | 'this', Result[]> = { base: [], this: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['base', 'this'] as const) : (['this', 'base'] as const);
    for (const which of order) {
      const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--child', checkouts[which]], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (child.status !== 0) throw new Error(`${which} round ${round + 1} failed: ${child.stderr}`);
      results[which].push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Result);
      console.log(`round ${round + 1} ${which}: ` + rows(results[which].at(-1)!).map(([l, , m]) => `${l} ${m.cpu.median_ms}`).join('; '));
    }
  }
  const med = (xs: number[]): number => r3([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  const table = rows(results.this[0]!).map(([label], k) => {
    const base = results.base.map((r) => rows(r)[k]![2].cpu.median_ms);
    const now = results.this.map((r) => rows(r)[k]![2].cpu.median_ms);
    return { measure: label, base_rounds_cpu_ms: base, this_rounds_cpu_ms: now, base_cpu_ms: med(base), this_cpu_ms: med(now), ratio: Math.round((med(base) / med(now)) * 100) / 100 };
  });
  const out = { base_dir: checkouts.base, rounds, runs: RUNS, ...machine, load_average_1m_start: loadStart, load_average_1m_end: load(), comparison: table, note: NOTE };
  writeFileSync(resolve(dir, 'detector-speed-compare.json'), JSON.stringify(out, null, 2) + '\n');
  const md = [
    '# Detector speed: two checkouts alternated',
    '',
    `\`BASE_DIR=${baseDir} ROUNDS=${rounds} npm run bench:detector\`: each checkout's detector measured in its own process, ${rounds} rounds in alternating order, ${RUNS} runs per measure (median CPU ms per call of each round, then the median of the rounds). ${machine.node}, ${machine.cores} × ${machine.cpu}, load average ${loadStart} at the start, ${out.load_average_1m_end} at the end.`,
    '',
    '| measure | base, CPU ms per round | this checkout, CPU ms per round | base | this | base ÷ this |',
    '|---|---|---|---|---|---|',
    ...table.map((t) => `| ${t.measure} | ${t.base_rounds_cpu_ms.join(', ')} | ${t.this_rounds_cpu_ms.join(', ')} | ${t.base_cpu_ms} | ${t.this_cpu_ms} | ${t.ratio} |`),
    '',
  ].join('\n');
  writeFileSync(resolve(dir, 'detector-speed-compare.md'), md);
  console.log(md);
} else {
  const r = await measureCheckout(REPO_ROOT);
  const pool = await measurePool();
  const result = {
    runs: RUNS, warmup: WARMUP, warmup_calls_before_measuring: WARMUP_CALLS, target_median_ms: TARGET_MS, ...r,
    meets_target_on_cpu_time: r.sizes.w1000.detect.cpu.median_ms < TARGET_MS,
    engine_pool_bench_text: pool,
    ...machine, load_average_1m: loadStart, load_average_1m_end: load(), note: NOTE,
  };
  writeFileSync(resolve(dir, 'detector-speed.json'), JSON.stringify(result, null, 2) + '\n');
  const md = [
    '# Local detector speed',
    '',
    `Median of ${RUNS} runs per measure (after ${WARMUP_CALLS} detects and scores of texts no measure uses, then ${WARMUP} warm-up runs per measure), CPU time of the process per call (garbage collection on helper threads included) and wall-clock time. "New text": every call gets a stretch of the detection data it has not seen; "repeated text": one text scored again and again, so the per-sentence counts come from the memo that best_of's candidates share. The bench text is the 250-word request text of \`npm run bench\` (one paragraph five times). ${machine.node}, ${machine.cores} × ${machine.cpu}, load average ${loadStart} at the start, ${result.load_average_1m_end} at the end.`,
    '',
    '| measure | words | CPU ms median | CPU ms p99 | wall ms median |',
    '|---|---|---|---|---|',
    ...rows(r).map(([label, words, m]) => `| ${label} | ${words} | ${m.cpu.median_ms} | ${m.cpu.p99_ms} | ${m.wall.median_ms} |`),
    '',
    `Through the engine thread pool (one thread; bench text; CPU of the whole process per detect, ${4 * RUNS} detects, the lower of two alternations): ${pool['in_thread_ms']} ms in the calling thread, ${pool['pool_one_in_flight_ms']} ms through the pool one call at a time, ${pool['pool_eight_in_flight_ms']} ms with eight in flight. The report (${pool['report_json_bytes']} bytes of JSON) costs ${pool['report_structured_clone_ms']} ms to copy between threads (structured clone).`,
    '',
  ].join('\n');
  writeFileSync(resolve(dir, 'detector-speed.md'), md);
  console.log(md);
}
