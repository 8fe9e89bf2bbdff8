/**
 * Evaluates the local humanizer on the machine-written half of the detection data: detector
 * ai_score before and after per mode, share moved below the likely_ai cut-off, content-word
 * overlap, length change, Flesch–Kincaid grade per readability level, freeze-word preservation.
 * Writes bench/results/humanizer-eval.json and humanizer-eval.md.
 *
 *   npx tsx bench/humanizer/eval.ts        (DETECT_DATA overrides the data file; HUMANIZER_EVAL_LIMIT caps texts)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MODES, READABILITY_LEVELS, type Mode, type Readability } from '../../domain/options.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { createRandom } from '../../workers/engines/local/humanizer/random.js';
import { contentOverlap, fleschKincaidGrade } from '../../workers/engines/local/text/measures.js';
import type { HumanizeRequest } from '../../workers/engines/types.js';
import { loadExamples, REPO_ROOT } from '../detector/lib/dataset.js';

const limit = Number(process.env['HUMANIZER_EVAL_LIMIT'] ?? Infinity);
const aiExamples = loadExamples().filter((e) => e.label === 'ai').slice(0, limit);
const texts = aiExamples.map((e) => e.text);
/** Chat-tuned generators: their texts carry the stock phrasing the rules target. */
const CHAT = new Set(['gpt-3.5-turbo', 'gpt-4']);
const isChat = aiExamples.map((e) => CHAT.has(e.generator));
const detector = createLocalDetector();
const threshold = detector.weights.thresholds.likely_ai;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

const request = (text: string, mode: Mode, readability: Readability, freezeWords: string[] = []): HumanizeRequest => ({
  text, mode, readability, freezeWords, tone: { kind: 'builtin', name: 'casual' }, language: 'en', seed: 1,
});

const before = texts.map((t) => detector.scoreText(t));
const perMode = MODES.map((mode) => {
  const outs = texts.map((t) => bestCandidate(request(t, mode, 'college'), detector).text);
  const after = outs.map((o) => detector.scoreText(o));
  const flaggedBefore = before.map((s, i) => i).filter((i) => before[i]! >= threshold);
  const row = {
    mode,
    mean_ai_score_before: r3(mean(before)),
    mean_ai_score_after: r3(mean(after)),
    ratio_after_to_before: r3(mean(after) / mean(before)),
    share_likely_ai_before: r3(flaggedBefore.length / texts.length),
    share_likely_ai_after: r3(after.filter((s) => s >= threshold).length / texts.length),
    moved_below_likely_ai: r3(flaggedBefore.filter((i) => after[i]! < threshold).length / Math.max(1, flaggedBefore.length)),
    mean_content_overlap: r3(mean(outs.map((o, i) => contentOverlap(texts[i]!, o)))),
    min_content_overlap: r3(Math.min(...outs.map((o, i) => contentOverlap(texts[i]!, o)))),
    mean_length_ratio: r3(mean(outs.map((o, i) => o.length / texts[i]!.length))),
    chat_generators: {
      texts: isChat.filter(Boolean).length,
      mean_ai_score_before: r3(mean(before.filter((_, i) => isChat[i]))),
      mean_ai_score_after: r3(mean(after.filter((_, i) => isChat[i]))),
    },
  };
  console.log(JSON.stringify(row));
  return row;
});

const fkInput = mean(texts.map(fleschKincaidGrade));
const perReadability = READABILITY_LEVELS.map((level) => {
  const grades = texts.map((t) => fleschKincaidGrade(bestCandidate(request(t, 'standard', level), detector).text));
  return { readability: level, mean_fk_grade: r3(mean(grades)) };
});
const ordered = perReadability.every((r, i) => i === 0 || r.mean_fk_grade > perReadability[i - 1]!.mean_fk_grade);

// Freeze words: per text, a few random words and phrases of the text itself (names and phrases
// that rules target included), checked verbatim and by count in every mode.
const rng = createRandom(42);
let checks = 0;
let preserved = 0;
const occurrences = (hay: string, needle: string): number => { let n = 0; for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++; return n; };
for (const text of texts.slice(0, 150)) {
  const words = text.split(/\s+/u).filter((w) => w.length > 0);
  const freeze = [0, 1, 2].map(() => {
    const at = Math.floor(rng.next() * words.length);
    return words.slice(at, at + 1 + Math.floor(rng.next() * 3)).join(' ');
  });
  for (const mode of MODES) {
    const out = bestCandidate(request(text, mode, 'college', freeze), detector).text;
    for (const f of freeze) { checks++; if (occurrences(out, f) >= occurrences(text, f)) preserved++; }
  }
}

const standard = perMode.find((m) => m.mode === 'standard')!;
const result = {
  texts: texts.length, likely_ai_threshold: threshold, tone: 'casual', seed: 1,
  per_mode: perMode,
  readability: { input_mean_fk_grade: r3(fkInput), per_level: perReadability, ordered_high_school_to_doctorate: ordered },
  freeze_words: { checks, preserved, rate: r3(preserved / Math.max(1, checks)) },
  targets: {
    standard_halves_mean_ai_score: standard.ratio_after_to_before <= 0.5,
    standard_overlap_at_least_0_6: standard.mean_content_overlap >= 0.6,
  },
};
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'humanizer-eval.json'), JSON.stringify(result, null, 2) + '\n');
const md = [
  '# Humanizer evaluation', '',
  `${texts.length} machine-written texts of the detection data; tone casual, readability college, seed 1. Scores are the`,
  `local detector's ai_score (0-100); likely_ai cut-off ${threshold}.`, '',
  '| mode | mean ai_score before | after | after/before | likely_ai before | after | moved below cut-off | content overlap (mean / min) | length ratio |',
  '|---|---|---|---|---|---|---|---|---|',
  ...perMode.map((m) => `| ${m.mode} | ${m.mean_ai_score_before.toFixed(1)} | ${m.mean_ai_score_after.toFixed(1)} | ${m.ratio_after_to_before.toFixed(2)} | ${(100 * m.share_likely_ai_before).toFixed(1)}% | ${(100 * m.share_likely_ai_after).toFixed(1)}% | ${(100 * m.moved_below_likely_ai).toFixed(1)}% | ${m.mean_content_overlap.toFixed(2)} / ${m.min_content_overlap.toFixed(2)} | ${m.mean_length_ratio.toFixed(2)} |`),
  '', `Chat-model texts only (gpt-3.5-turbo, gpt-4; ${perMode[0]!.chat_generators.texts} texts), mean ai_score before → after:`, '',
  '| mode | before | after | after/before |', '|---|---|---|---|',
  ...perMode.map((m) => `| ${m.mode} | ${m.chat_generators.mean_ai_score_before.toFixed(1)} | ${m.chat_generators.mean_ai_score_after.toFixed(1)} | ${(m.chat_generators.mean_ai_score_after / m.chat_generators.mean_ai_score_before).toFixed(2)} |`),
  '', '## Readability (standard mode, Flesch–Kincaid grade)', '',
  `Input: ${fkInput.toFixed(1)}.`, '', '| level | mean FK grade |', '|---|---|',
  ...perReadability.map((r) => `| ${r.readability} | ${r.mean_fk_grade.toFixed(1)} |`),
  '', `Ordered high-school < college < graduate < doctorate: ${ordered ? 'yes' : 'no'}.`, '',
  '## Freeze words', '', `${preserved} of ${checks} checks kept every occurrence verbatim (${(100 * result.freeze_words.rate).toFixed(1)}%).`, '',
  '## Targets', '',
  `- standard mode at least halves the mean ai_score: ${result.targets.standard_halves_mean_ai_score ? 'met' : `not met (after/before ${standard.ratio_after_to_before.toFixed(2)})`}`,
  `- content overlap ≥ 0.6 in standard mode: ${result.targets.standard_overlap_at_least_0_6 ? 'met' : 'not met'} (${standard.mean_content_overlap.toFixed(2)})`, '',
];
writeFileSync(resolve(dir, 'humanizer-eval.md'), md.join('\n'));
console.log(JSON.stringify(result.targets), JSON.stringify(result.readability), JSON.stringify(result.freeze_words));
