/**
 * Evaluates the local humanizer against a detector it was not tuned on. The detection data is split by
 * group (lib/data.ts): half A taught the humanizer its machine-typical phrase table; an independent
 * n-gram detector (lib/holdout-detector.ts) is trained here on most of half B; the machine-written
 * texts of the rest of half B, seen by neither, are rewritten. A second held-out detector of another
 * family (lib/lm-detector.ts: how predictable a text is under a language model of half B's human
 * texts) judges the same rewrites. Reports per mode both held-out detectors' mean AI-probability
 * before and after, the language model's perplexity, the first detector's share moved below 0.5, the
 * service's own detector for reference, content-word overlap, length ratio, freeze-word retention and
 * the rule checker's defect count; Flesch–Kincaid grade per readability level; tone markers per tone.
 * Writes bench/results/humanizer-eval.json and humanizer-eval.md.
 *
 *   npm run eval:humanizer            (HUMANIZER_EVAL_LIMIT caps the rewritten texts; default 300)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILTIN_TONES, MODES, READABILITY_LEVELS, type BuiltinTone, type Mode, type Readability } from '../../domain/options.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { checkRewrite } from '../../workers/engines/local/humanizer/checker.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { createRandom } from '../../workers/engines/local/humanizer/random.js';
import { contentOverlap, fleschKincaidGrade, wordChangeRate } from '../../workers/engines/local/text/measures.js';
import type { HumanizeRequest } from '../../workers/engines/types.js';
import { loadAll, REPO_ROOT, sideOf } from './lib/data.js';
import { auroc, trainHoldoutDetector } from './lib/holdout-detector.js';
import { trainLmDetector } from './lib/lm-detector.js';

const limit = Number(process.env['HUMANIZER_EVAL_LIMIT'] ?? 300);
const started = Date.now();
const all = loadAll();
const train = all.filter((e) => sideOf(e.group) === 'B-train');
const heldOut = all.filter((e) => sideOf(e.group) === 'B-test');
const holdout = trainHoldoutDetector(train);
const heldOutAuroc = auroc(heldOut.filter((e) => e.label === 'ai').map((e) => holdout.prob(e.text)), heldOut.filter((e) => e.label === 'human').map((e) => holdout.prob(e.text)));
console.log(`held-out detector: trained on ${train.length} texts, AUROC ${heldOutAuroc.toFixed(3)} on ${heldOut.length} unseen texts (${((Date.now() - started) / 1000).toFixed(0)} s)`);
const lm = trainLmDetector(train);
const lmAuroc = auroc(heldOut.filter((e) => e.label === 'ai').map((e) => lm.prob(e.text)), heldOut.filter((e) => e.label === 'human').map((e) => lm.prob(e.text)));
console.log(`language-model detector: language model of ${lm.humanTexts} human texts, regression on ${lm.trainedOn}, AUROC ${lmAuroc.toFixed(3)} on ${heldOut.length} unseen texts (${((Date.now() - started) / 1000).toFixed(0)} s)`);

// Every k-th machine-written held-out text, so all generators are represented.
const aiHeldOut = heldOut.filter((e) => e.label === 'ai');
const step = Math.max(1, aiHeldOut.length / limit);
const sample = Array.from({ length: Math.min(limit, aiHeldOut.length) }, (_, i) => aiHeldOut[Math.floor(i * step)]!);
const texts = sample.map((e) => e.text);
const local = createLocalDetector();
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

const request = (text: string, mode: Mode, readability: Readability, tone: BuiltinTone = 'casual', freezeWords: string[] = []): HumanizeRequest => ({
  text, mode, readability, freezeWords, tone: { kind: 'builtin', name: tone }, language: 'en', seed: 1,
});
const rewrite = (r: HumanizeRequest): string => bestCandidate(r, local).text;
let outputsChecked = 0;
let defects = 0;
const defectSamples: string[] = [];
function check(input: string, output: string, freezeWords: string[] = []): void {
  outputsChecked++;
  const found = checkRewrite(input, output, { freezeWords, language: 'en' });
  defects += found.length;
  if (found.length > 0 && defectSamples.length < 5) defectSamples.push(`${found.map((d) => `${d.rule}: ${d.detail}`).join('; ')}`);
}

const before = texts.map((t) => holdout.prob(t));
const localBefore = texts.map((t) => local.scoreText(t));
// Perplexity over a set of texts: exp of minus the mean, over the texts, of each one's mean token
// log-probability (the geometric mean of their perplexities), so no single odd text dominates it.
const perplexity = (assessed: ReadonlyArray<{ statistics: { mean_log_prob: number } }>): number => Math.exp(-mean(assessed.map((a) => a.statistics.mean_log_prob)));
const lmBefore = texts.map((t) => lm.assess(t));
const perMode = MODES.map((mode) => {
  const outs = texts.map((t) => rewrite(request(t, mode, 'college')));
  outs.forEach((o, i) => check(texts[i]!, o));
  const after = outs.map((o) => holdout.prob(o));
  const lmAfter = outs.map((o) => lm.assess(o));
  const flagged = before.map((_, i) => i).filter((i) => before[i]! >= 0.5);
  const lengths = outs.map((o, i) => o.length / texts[i]!.length);
  const overlaps = outs.map((o, i) => contentOverlap(texts[i]!, o));
  const row = {
    mode,
    holdout_mean_prob_before: r3(mean(before)),
    holdout_mean_prob_after: r3(mean(after)),
    holdout_relative_drop: r3(1 - mean(after) / mean(before)),
    share_above_half_before: r3(flagged.length / texts.length),
    share_above_half_after: r3(after.filter((p) => p >= 0.5).length / texts.length),
    moved_below_half: r3(flagged.filter((i) => after[i]! < 0.5).length / Math.max(1, flagged.length)),
    lm_mean_prob_before: r3(mean(lmBefore.map((a) => a.prob))),
    lm_mean_prob_after: r3(mean(lmAfter.map((a) => a.prob))),
    lm_relative_drop: r3(1 - mean(lmAfter.map((a) => a.prob)) / mean(lmBefore.map((a) => a.prob))),
    lm_perplexity_before: r3(perplexity(lmBefore)),
    lm_perplexity_after: r3(perplexity(lmAfter)),
    local_mean_ai_score_before: r3(mean(localBefore)),
    local_mean_ai_score_after: r3(mean(outs.map((o) => local.scoreText(o)))),
    words_changed_mean: r3(mean(outs.map((o, i) => wordChangeRate(texts[i]!, o)))),
    content_overlap_mean: r3(mean(overlaps)),
    content_overlap_min: r3(Math.min(...overlaps)),
    length_ratio_mean: r3(mean(lengths)),
    length_ratio_min: r3(Math.min(...lengths)),
    length_ratio_max: r3(Math.max(...lengths)),
  };
  console.log(JSON.stringify(row));
  return row;
});

const fkInput = mean(texts.map(fleschKincaidGrade));
const perReadability = READABILITY_LEVELS.map((level) => {
  const outs = texts.map((t) => rewrite(request(t, 'standard', level)));
  outs.forEach((o, i) => check(texts[i]!, o));
  return { readability: level, mean_fk_grade: r3(mean(outs.map(fleschKincaidGrade))), holdout_mean_prob_after: r3(mean(outs.map((o) => holdout.prob(o)))) };
});
const ordered = perReadability.every((r, i) => i === 0 || r.mean_fk_grade > perReadability[i - 1]!.mean_fk_grade);

const contractions = (s: string): number => (s.match(/\b\p{L}+(?:n['’]t|['’](?:re|ve|ll|m|d))\b|\b(?:it|that|there|what|who|let)['’]s\b/giu) ?? []).length;
const words = (s: string): number => (s.match(/\p{L}+/gu) ?? []).length;
const toneTexts = texts.slice(0, 100);
const perTone = BUILTIN_TONES.map((tone) => {
  const outs = toneTexts.map((t) => rewrite(request(t, 'standard', 'college', tone)));
  outs.forEach((o, i) => check(toneTexts[i]!, o));
  return {
    tone,
    contractions_per_100_words: r3(100 * mean(outs.map(contractions)) / mean(outs.map(words))),
    input_contractions_per_100_words: r3(100 * mean(toneTexts.map(contractions)) / mean(toneTexts.map(words))),
    holdout_mean_prob_after: r3(mean(outs.map((o) => holdout.prob(o)))),
  };
});

// Freeze words: per text a few words and phrases of the text itself, checked verbatim in every mode.
const rng = createRandom(42);
let freezeChecks = 0;
let freezeKept = 0;
const occurrences = (hay: string, needle: string): number => { let n = 0; for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++; return n; };
for (const text of texts.slice(0, 100)) {
  const tokens = text.split(/\s+/u).filter((w) => w.length > 0);
  const freeze = [0, 1, 2].map(() => { const at = Math.floor(rng.next() * tokens.length); return tokens.slice(at, at + 1 + Math.floor(rng.next() * 3)).join(' '); });
  for (const mode of MODES) {
    const out = rewrite(request(text, mode, 'college', 'casual', freeze));
    check(text, out, freeze);
    for (const f of freeze) { freezeChecks++; if (occurrences(out, f) >= occurrences(text, f)) freezeKept++; }
  }
}

const standard = perMode.find((m) => m.mode === 'standard')!;
const result = {
  texts: texts.length, source: 'machine-written texts of held-out groups of half B', tone: 'casual', readability_level: 'college', seed: 1,
  holdout_detector: { trained_on: train.length, auroc_on_unseen: r3(heldOutAuroc) },
  lm_detector: { language_model_human_texts: lm.humanTexts, trained_on: lm.trainedOn, auroc_on_unseen: r3(lmAuroc) },
  per_mode: perMode,
  readability: { input_mean_fk_grade: r3(fkInput), per_level: perReadability, ordered_high_school_to_doctorate: ordered },
  tones: perTone,
  freeze_words: { checks: freezeChecks, kept: freezeKept, rate: r3(freezeKept / Math.max(1, freezeChecks)) },
  rule_checker: { outputs: outputsChecked, defects, samples: defectSamples },
  targets: {
    standard_drop_at_least_25_percent: standard.holdout_relative_drop >= 0.25,
    standard_overlap_at_least_0_7: standard.content_overlap_mean >= 0.7,
    standard_length_ratio_within_0_8_1_3: standard.length_ratio_mean >= 0.8 && standard.length_ratio_mean <= 1.3,
    freeze_words_100_percent: freezeKept === freezeChecks,
    zero_defects: defects === 0,
  },
  seconds: Math.round((Date.now() - started) / 1000),
};
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'humanizer-eval.json'), JSON.stringify(result, null, 2) + '\n');
const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
const md = [
  '# Humanizer evaluation', '',
  `${texts.length} machine-written texts from held-out groups (seen neither by the phrase table nor by the held-out detector);`,
  `tone casual, readability college, seed 1. Held-out detector: word 1-2-gram and character 3-5-gram logistic regression trained`,
  `on ${train.length} texts of half B, AUROC ${heldOutAuroc.toFixed(3)} on unseen texts. The service's own detector is shown for reference only.`,
  `Language-model (LM) detector: perplexity, its spread across sentences, top-1/top-10 continuation shares, unknown-word share and sentence-length spread under a Kneser–Ney`,
  `trigram model of ${lm.humanTexts} human texts of half B, combined by logistic regression on ${lm.trainedOn} texts; AUROC ${lmAuroc.toFixed(3)} on unseen texts. LM perplexity: geometric mean over texts.`, '',
  '| mode | held-out P(AI) before | after | drop | ≥ 0.5 before | after | moved below 0.5 | LM P(AI) before | after | drop | LM perplexity before → after | own detector before → after | words changed | content overlap (mean / min) | length ratio (mean, min–max) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...perMode.map((m) => `| ${m.mode} | ${m.holdout_mean_prob_before.toFixed(3)} | ${m.holdout_mean_prob_after.toFixed(3)} | ${pct(m.holdout_relative_drop)} | ${pct(m.share_above_half_before)} | ${pct(m.share_above_half_after)} | ${pct(m.moved_below_half)} | ${m.lm_mean_prob_before.toFixed(3)} | ${m.lm_mean_prob_after.toFixed(3)} | ${pct(m.lm_relative_drop)} | ${m.lm_perplexity_before.toFixed(1)} → ${m.lm_perplexity_after.toFixed(1)} | ${m.local_mean_ai_score_before.toFixed(1)} → ${m.local_mean_ai_score_after.toFixed(1)} | ${pct(m.words_changed_mean)} | ${m.content_overlap_mean.toFixed(2)} / ${m.content_overlap_min.toFixed(2)} | ${m.length_ratio_mean.toFixed(2)}, ${m.length_ratio_min.toFixed(2)}–${m.length_ratio_max.toFixed(2)} |`),
  '', '## Readability (standard mode, Flesch–Kincaid grade)', '', `Input: ${fkInput.toFixed(1)}.`, '',
  '| level | mean FK grade | held-out P(AI) after |', '|---|---|---|',
  ...perReadability.map((r) => `| ${r.readability} | ${r.mean_fk_grade.toFixed(1)} | ${r.holdout_mean_prob_after.toFixed(3)} |`),
  '', `Ordered high-school < college < graduate < doctorate: ${ordered ? 'yes' : 'no'}.`, '',
  '## Tones (standard mode, 100 texts)', '', '| tone | contractions per 100 words (input → output) | held-out P(AI) after |', '|---|---|---|',
  ...perTone.map((t) => `| ${t.tone} | ${t.input_contractions_per_100_words.toFixed(2)} → ${t.contractions_per_100_words.toFixed(2)} | ${t.holdout_mean_prob_after.toFixed(3)} |`),
  '', '## Freeze words and rules', '',
  `- Freeze words: ${freezeKept} of ${freezeChecks} kept verbatim (${pct(result.freeze_words.rate)}).`,
  `- Rule checker: ${defects} defects over ${outputsChecked} outputs.`, '',
  '## Targets', '',
  ...Object.entries(result.targets).map(([k, v]) => `- ${k.replace(/_/gu, ' ')}: ${v ? 'met' : 'not met'}`), '',
];
writeFileSync(resolve(dir, 'humanizer-eval.md'), md.join('\n'));
console.log(JSON.stringify(result.targets), JSON.stringify(result.rule_checker), `${result.seconds} s`);
