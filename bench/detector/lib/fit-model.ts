/**
 * The whole training procedure, shared by train.ts (all data) and eval.ts (each leave-one-domain-out
 * fold), so the evaluation measures exactly what ships:
 * 1. domain- and class-balanced, sign-constrained, L2-regularised logistic regression;
 * 2. Platt calibration fitted on inner out-of-domain predictions (never on in-sample logits);
 * 3. verdict cut-offs read off the calibrated inner out-of-domain scores of human texts.
 */
import type { FeatureVector } from '../../../workers/engines/local/detector/features.js';
import { applyTransform, FEATURE_SPECS, type FeatureSpec } from '../../../workers/engines/local/detector/feature-specs.js';
import type { DetectorWeights } from '../../../workers/engines/local/detector/model.js';
import { fitLogistic, fitStandardiser, predictLogit, sigmoid, standardise } from './logistic.js';

export interface Row { features: FeatureVector; label: 0 | 1; domain: string; group: string; generator: string }

export const TRAINING = {
  /** L2 strength on standardised weights, chosen by leave-one-domain-out AUROC (0.01-1 tried). */
  lambda: 0.3,
  /** Weight of a chat-tuned machine text relative to a base-model one (1, 3, 6, 10 tried). */
  instructionTunedWeight: 6,
  zClip: 5,
  /** 1 = a sentence's own features move its score by their full weight relative to the document. */
  sentenceShrink: 1,
  /** Human false-positive rate the likely_ai cut-off aims for on held-out domains (target ≤ 5%). */
  likelyAiFpr: 0.03,
  possiblyAiFpr: 0.2,
  minLikelyAi: 60,
  minPossiblyAi: 50,
} as const;

const clipZ = (v: number): number => Math.max(-TRAINING.zClip, Math.min(TRAINING.zClip, v));

function matrix(rows: Row[], specs: readonly FeatureSpec[]): number[][] {
  return rows.map((r) => specs.map((s) => applyTransform(s.transform, r.features[s.name])));
}

/**
 * Chat-tuned generators, the kind of machine text the service meets today; the rest of the
 * training data are older base-model continuations, whose style is much closer to human text.
 */
export const INSTRUCTION_TUNED = new Set(['gpt-3.5-turbo', 'gpt-4']);

/**
 * Each domain weighs the same and within a domain each class weighs the same; inside the machine
 * class, instruction-tuned generators count TRAINING.instructionTunedWeight times as much.
 */
function balancedWeights(rows: Row[]): number[] {
  const raw = rows.map((r) => (r.label === 1 && INSTRUCTION_TUNED.has(r.generator) ? TRAINING.instructionTunedWeight : 1));
  const totals = new Map<string, number>();
  rows.forEach((r, i) => totals.set(`${r.domain}|${r.label}`, (totals.get(`${r.domain}|${r.label}`) ?? 0) + raw[i]!));
  return rows.map((r, i) => raw[i]! / totals.get(`${r.domain}|${r.label}`)!);
}

interface RawModel { specs: FeatureSpec[]; mean: number[]; std: number[]; weights: number[]; bias: number; dropped: string[] }

/** Refits without any feature whose weight contradicts its documented direction, until none does. */
export function fitRaw(rows: Row[], lambda: number = TRAINING.lambda): RawModel {
  let specs = [...FEATURE_SPECS];
  const dropped: string[] = [];
  const y = rows.map((r) => r.label);
  const sw = balancedWeights(rows);
  for (;;) {
    const x = matrix(rows, specs);
    const st = fitStandardiser(x);
    const prior = specs.map((s) => s.prior ?? 0);
    const z = x.map((r) => standardise(r, st).map(clipZ));
    const fit = fitLogistic(z, y, lambda, { prior, sampleWeights: sw });
    const wrong = specs.map((s, j) => ({ s, w: fit.weights[j]! })).filter(({ s, w }) => s.direction !== 0 && Math.sign(w) === -s.direction);
    if (wrong.length === 0) return { specs, mean: st.mean, std: st.std, weights: fit.weights, bias: fit.bias, dropped };
    // Drop the most contradicting feature only: removing it can fix the others' signs.
    wrong.sort((a, b) => Math.abs(b.w) - Math.abs(a.w));
    dropped.push(wrong[0]!.s.name);
    specs = specs.filter((s) => s !== wrong[0]!.s);
  }
}

export function rawLogit(m: RawModel, f: FeatureVector): number {
  const row = m.specs.map((s) => applyTransform(s.transform, f[s.name]));
  const z = standardise(row, { mean: m.mean, std: m.std }).map(clipZ);
  return predictLogit({ weights: m.weights, bias: m.bias }, z);
}

/** Folds for out-of-sample predictions: by domain when there are three or more, else by group hash. */
export function folds(rows: Row[]): string[][] {
  const domains = [...new Set(rows.map((r) => r.domain))].sort();
  if (domains.length >= 3) return domains.map((d) => [d]);
  return [0, 1, 2, 3, 4].map((k) => [`#${k}`]);
}

function foldOf(r: Row, useDomains: boolean): string {
  if (useDomains) return r.domain;
  let h = 0;
  for (const ch of r.group) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `#${h % 5}`;
}

/** Out-of-fold raw logits (each row scored by a model that never saw its domain or group). */
export function outOfFoldLogits(rows: Row[]): number[] {
  const fs = folds(rows);
  const byDomain = !fs[0]![0]!.startsWith('#');
  const out = new Array<number>(rows.length).fill(0);
  for (const [fold] of fs) {
    const train = rows.filter((r) => foldOf(r, byDomain) !== fold);
    const m = fitRaw(train);
    rows.forEach((r, i) => { if (foldOf(r, byDomain) === fold) out[i] = rawLogit(m, r.features); });
  }
  return out;
}

function fitPlatt(logits: number[], labels: number[], sw: number[]): { slope: number; intercept: number } {
  const fit = fitLogistic(logits.map((l) => [l]), labels, 1e-4, { sampleWeights: sw });
  return { slope: fit.weights[0]!, intercept: fit.bias };
}

/** Smallest integer cut-off ≥ floor whose human rate (score ≥ cut-off) is at most `fpr`. */
function cutoff(humanScores: number[], fpr: number, floor: number): number {
  for (let t = floor; t <= 99; t++) if (humanScores.filter((s) => s >= t).length / humanScores.length <= fpr) return t;
  return 99;
}

export function fitDetectorModel(rows: Row[], version: string): DetectorWeights {
  const model = fitRaw(rows);
  const oof = outOfFoldLogits(rows);
  const labels = rows.map((r) => r.label);
  const calibration = fitPlatt(oof, labels, balancedWeights(rows));
  const humanScores = oof.filter((_, i) => labels[i] === 0).map((l) => Math.round(100 * sigmoid(calibration.slope * l + calibration.intercept)));
  const likelyAi = cutoff(humanScores, TRAINING.likelyAiFpr, TRAINING.minLikelyAi);
  const possiblyAi = Math.min(likelyAi - 5, cutoff(humanScores, TRAINING.possiblyAiFpr, TRAINING.minPossiblyAi));
  return {
    version,
    model: 'logistic-regression',
    features: model.specs.map((s, j) => ({
      name: s.name, transform: s.transform, mean: model.mean[j]!, std: model.std[j]!, weight: model.weights[j]!, local: s.local,
    })),
    bias: model.bias,
    calibration,
    thresholds: { likely_ai: likelyAi, possibly_ai: possiblyAi },
    sentence_shrink: TRAINING.sentenceShrink,
    z_clip: TRAINING.zClip,
    training: { lambda: TRAINING.lambda, examples: rows.length, dropped_for_direction: model.dropped },
  };
}
