/**
 * Regression check of the local humanizer's output: runs it over a varied corpus (the property
 * test's inputs, texts of the detection data, and long multi-paragraph texts made of them) in every
 * mode, several tones and readability levels, seeds 1 and 2, best_of 1 and 3, and hashes every
 * output together with its rule-checker verdict and the detector scores best_of chose by. A change
 * that is meant to leave the output as it is (a speed-up) must leave the hash as it is.
 *
 *   npx tsx bench/humanizer/golden.ts            compare with bench/humanizer/golden.sha256 (exit 1 on a difference)
 *   npx tsx bench/humanizer/golden.ts --update   record the current hash (after a deliberate change of the rules)
 *   GOLDEN_DUMP=/tmp/out.jsonl ...               also write every case's output, to find where two versions differ
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILTIN_TONES, LANGUAGES, MODES, READABILITY_LEVELS, type Mode, type Readability, type ToneSpec } from '../../domain/options.js';
import { identifyLanguage } from '../../domain/language.js';
import { bestOf } from '../../workers/engines/best-of.js';
import { createLocalDetector, createLocalHumanizer } from '../../workers/engines/local/index.js';
import { checkRewrite } from '../../workers/engines/local/humanizer/checker.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { createRandom } from '../../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../../workers/engines/local/humanizer/rewrite.js';
import type { HumanizeRequest } from '../../workers/engines/types.js';
import { REPO_ROOT } from './lib/data.js';
import { dataTexts, longTexts, PROPERTY_CORPUS } from './lib/corpus.js';
import { recordOrCompare } from '../golden-file.js';

const CUSTOM: ToneSpec = { kind: 'custom', id: '00000000-0000-4000-8000-000000000000', name: 'Support', instructions: 'Warm, friendly and concise.', description: null, example: null };
const TONES: ToneSpec[] = [...BUILTIN_TONES.map((name): ToneSpec => ({ kind: 'builtin', name })), CUSTOM];

const hash = createHash('sha256');
const dumpPath = process.env['GOLDEN_DUMP'];
const dump: string[] = [];
let cases = 0;
function record(kind: string, input: string, params: unknown, result: unknown): void {
  const line = JSON.stringify({ kind, params, input: createHash('sha256').update(input).digest('hex').slice(0, 16), result });
  hash.update(line).update('\n');
  if (dumpPath) dump.push(line);
  cases++;
}

const started = performance.now();
const cpu0 = process.cpuUsage();

// 1. The property test's sweep: one seeded candidate per request, every mode and readability level,
//    random tones, requested languages and freeze words, with the rule checker's verdict.
{
  const rng = createRandom(2026);
  for (const [name, text] of Object.entries(PROPERTY_CORPUS)) {
    const language = identifyLanguage(text);
    const words = text.split(/\s+/u);
    for (const mode of MODES) {
      for (const readability of READABILITY_LEVELS) {
        for (let k = 0; k < 3; k++) {
          const at = Math.floor(rng.next() * words.length);
          const freezeWords = rng.chance(0.5) ? [words.slice(at, at + 1 + Math.floor(rng.next() * 3)).join(' ')] : [];
          const request: HumanizeRequest = {
            text, mode, readability, freezeWords, tone: rng.pick(TONES), language: rng.pick(LANGUAGES), seed: Math.floor(rng.next() * 1e9),
          };
          const out = rewriteOnce(request, request.seed);
          record('once', text, { name, mode, readability, k }, { out, defects: checkRewrite(text, out, { freezeWords, language }) });
        }
      }
    }
  }
}

// 2. The engine as the service calls it: best_of 1 (the humanizer's own candidates, picked by the
//    detector's score) and best_of 3 (three seeds, each scored by the detector's report).
const detector = createLocalDetector();
const humanizer = createLocalHumanizer(detector);
const signal = new AbortController().signal;
const data = dataTexts(100);
const inputs = [...Object.values(PROPERTY_CORPUS), ...data, ...longTexts(data, 4)];
const readabilities: Readability[] = ['college', 'high-school', 'graduate', 'doctorate'];
const tones: ToneSpec[] = [TONES[0]!, TONES[1]!, TONES[3]!, CUSTOM];
for (let i = 0; i < inputs.length; i++) {
  const text = inputs[i]!;
  const language = identifyLanguage(text);
  const words = text.split(/\s+/u);
  for (let m = 0; m < MODES.length; m++) {
    const mode: Mode = MODES[m]!;
    const readability = readabilities[(i + m) % readabilities.length]!;
    const tone = tones[(i * 3 + m) % tones.length]!;
    const freezeWords = (i + m) % 3 === 0 && words.length > 6 ? [words[(i * 7 + m) % (words.length - 1)]!] : [];
    for (const seed of [1, 2]) {
      const request: HumanizeRequest = { text, mode, tone, readability, language: 'en', freezeWords, seed };
      const { text: out, score } = bestCandidate(request, detector);
      const served = await humanizer.humanize(request, { signal });
      if (served !== out) throw new Error(`humanize() and bestCandidate() disagree on input ${i}, ${mode}, seed ${seed}`);
      record('best_of_1', text, { i, mode, readability, tone: tone.kind === 'builtin' ? tone.name : 'custom', seed, freezeWords }, {
        out, score, defects: checkRewrite(text, out, { freezeWords, language }),
      });
    }
    // best_of 3 on every fourth input (a third of the long ones), so the check stays quick.
    if ((i + m) % 4 === 0) {
      const request: HumanizeRequest = { text, mode, tone, readability, language: 'en', freezeWords, seed: 1 };
      const r = await bestOf({ humanizer, detector, request, n: 3, signal });
      record('best_of_3', text, { i, mode, readability, seed: 1 }, r);
    }
  }
}

const digest = hash.digest('hex');
const cpu = process.cpuUsage(cpu0);
if (dumpPath) writeFileSync(dumpPath, dump.join('\n') + '\n');
const file = resolve(REPO_ROOT, 'bench/humanizer/golden.sha256');
console.log(`${cases} cases, ${inputs.length} inputs; ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
recordOrCompare(file, digest);
