/**
 * Regression check of the local detector's output: builds the full report (verdict, confidence,
 * signals, per-sentence scores, summary) and the bare score of a varied corpus — 300 texts of the
 * detection data (every data file, short to long), multi-paragraph texts of about 1,000 and 2,500
 * words made of them, the humanizer's property inputs (lists, headings, code, twelve other
 * languages) and a few edge cases — and hashes every report's JSON. A change meant to leave the
 * output as it is (a speed-up) must leave the hash as it is. Each text is scored twice, in two
 * orders, so that state kept between calls (the sentence memo) cannot change a result unnoticed, and
 * the synchronous report() (what an engine thread runs) must agree with detect().
 *
 *   npx tsx bench/detector/golden.ts            compare with bench/detector/golden.sha256 (exit 1 on a difference)
 *   npx tsx bench/detector/golden.ts --update   record the current hash (after a deliberate change of the model)
 *   GOLDEN_DUMP=/tmp/out.jsonl ...              also write every case's output, to find where two versions differ
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { PROPERTY_CORPUS } from '../humanizer/lib/corpus.js';
import { DATA_DIR, REPO_ROOT, rng } from './lib/dataset.js';
import { recordOrCompare } from '../golden-file.js';

const FILES = ['train.jsonl', 'extra/seqxgpt.jsonl', 'extra/outfox.jsonl', 'extra/outfox-attacks.jsonl', 'extra/zippy.jsonl', 'extra/binoculars-pubmed.jsonl'];
const PER_FILE = 50;

/** 50 texts of each data file, picked with a fixed seed. */
function dataTexts(): string[] {
  const out: string[] = [];
  const random = rng(11);
  for (const file of FILES) {
    const texts = readFileSync(resolve(DATA_DIR, file), 'utf8').split('\n').filter((l) => l.trim().length > 0)
      .map((l) => (JSON.parse(l) as { text: string }).text);
    const picked = new Set<number>();
    while (picked.size < Math.min(PER_FILE, texts.length)) picked.add(Math.floor(random() * texts.length));
    for (const i of [...picked].sort((a, b) => a - b)) out.push(texts[i]!);
  }
  return out;
}

/** Multi-paragraph texts of at least `words` words made of consecutive texts. */
function longTexts(texts: readonly string[], count: number, words: number, from: number): string[] {
  const out: string[] = [];
  let at = from;
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    let w = 0;
    while (w < words) { const t = texts[at++ % texts.length]!; parts.push(t); w += t.split(/\s+/u).length; }
    out.push(parts.join('\n\n'));
  }
  return out;
}

const EDGE = [
  '', ' ', '.', '...', '?!', 'Hello.', 'hello', 'A b c d e f g h i j k l m n o p.',
  'One sentence without a final mark and with more than a few words in it to count',
  'Numbers 1, 2 and 3.5% and $4,000 only. 2024-2025 9:30 3rd.',
  '“Curly quotes” and ‘single ones’ — dashes – and… ellipses. Don’t stop; won’t.',
  'Ｆｕｌｌｗｉｄｔｈ ｔｅｘｔ。Ｎｏ ｍａｒｋｓ！',
  'Emoji 😀 in text 🎉. Another sentence here? Yes!',
  'a\n\nb\n\nc\n\nd',
  'The the the the the the the the the the the the the the the the the the the the.',
  'Furthermore, it is important to note that. Moreover, it is crucial. Additionally, we must. In conclusion, it plays a vital role.',
];

const data = dataTexts();
const texts = [
  ...data,
  ...longTexts(data, 6, 1000, 0),
  ...longTexts(data, 3, 2500, 97),
  ...Object.values(PROPERTY_CORPUS),
  ...EDGE,
];

const detector = createLocalDetector();
const signal = new AbortController().signal;
const hash = createHash('sha256');
const dumpPath = process.env['GOLDEN_DUMP'];
const dump: string[] = [];
let cases = 0;

const started = performance.now();
const cpu0 = process.cpuUsage();
const results: string[] = new Array<string>(texts.length);
for (const pass of [0, 1]) {
  const order = texts.map((_, i) => i);
  if (pass === 1) order.reverse();
  for (const i of order) {
    const text = texts[i]!;
    const report = await detector.detect(text, { signal });
    if (JSON.stringify(detector.report(text)) !== JSON.stringify(report)) throw new Error(`text ${i}: report() and detect() disagree`);
    const score = detector.scoreText(text);
    const served = await detector.score(text, { signal });
    const line = JSON.stringify({ i, input: createHash('sha256').update(text).digest('hex').slice(0, 16), score, served, report });
    if (pass === 0) results[i] = line;
    else if (results[i] !== line) throw new Error(`text ${i}: a second call gave a different result`);
  }
}
for (const line of results) {
  hash.update(line).update('\n');
  if (dumpPath) dump.push(line);
  cases++;
}

const digest = hash.digest('hex');
const cpu = process.cpuUsage(cpu0);
if (dumpPath) writeFileSync(dumpPath, dump.join('\n') + '\n');
const file = resolve(REPO_ROOT, 'bench/detector/golden.sha256');
console.log(`${cases} texts (${data.length} of the data, each scored twice); ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
recordOrCompare(file, digest);
