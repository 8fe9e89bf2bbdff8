/**
 * The detector's model, a stack of two learners:
 *  1. a logistic regression on hashed word 1–2-gram and character 4-gram TF-IDF vectors (ngrams.ts);
 *  2. a meta logistic regression over that model's (clipped) logit and the standardised stylometric
 *     features, fitted on held-out-source predictions of (1), so it trusts the n-grams only as far as
 *     they carry over to sources they never saw;
 * followed by a Platt calibration fitted on held-out-source predictions. The model file is produced by
 * bench/detector/train.ts and read once at start-up; nothing is learnt at request time.
 */
import { readFileSync } from 'node:fs';
import { FEATURE_NAMES, type FeatureName, type FeatureVector } from './features.js';
import { applyTransform, type Transform } from './feature-specs.js';
import type { HashSpec } from './ngrams.js';

export interface WeightedFeature {
  name: FeatureName; transform: Transform; mean: number; std: number; weight: number; local: boolean;
}

/** The n-gram model as stored: int16 weights and uint8 IDF, base64, each with its scale. */
export interface StoredNgramModel {
  hashing: HashSpec;
  bias: number;
  weight_scale: number;
  weights_int16_b64: string;
  idf_scale: number;
  idf_uint8_b64: string;
}

/**
 * The thin-evidence rule, fitted in training: under MIN_WORDS_MEDIUM_CONFIDENCE (80) words the calibrated
 * logit is multiplied by (words / 80)^exponent, which pulls the score toward 50 (exponent > 0, so every
 * text under 80 words is pulled, an empty one to 50); text that is not mostly English is then pulled
 * toward 50 by non_english_factor more, in score space. Both stay below likely_ai.
 */
export interface ThinEvidence { exponent: number; non_english_factor: number }

/**
 * The plain-register rule, fitted in training: the connectives and essay templates that writing courses teach
 * ("Furthermore", "In conclusion", "On the other hand") count as machine evidence only in text whose sentences are
 * as long as those of the chat-model text that uses them. In text of at least `min_words` words (shorter text is
 * pulled toward 50 anyway) whose sentences are shorter on average than `max_sentence_length` words (a low quantile
 * of chat-model texts with stock phrasing in the training data), each `substitutes` feature is read from its
 * substitute (machine phrases without the taught ones) and the `capped` features (sentence-opening connectives)
 * contribute at most 0. The plain, short sentences and taught connectives of learners' essays are a register no
 * chat-model source of the training data writes in, and the connectives alone accused them; the vocabulary chat
 * models favour ("delve", "tapestry", "multifaceted") still counts.
 */
export interface PlainRegister {
  max_sentence_length: number;
  min_words: number;
  /**
   * The rule is for prose: a text with more than this share of its words in list items or headings (chat answers
   * in bullet points, whose short items are no plain sentences) is read in full. Absent: no limit.
   */
  max_list_share?: number;
  capped: FeatureName[];
  substitutes: Partial<Record<FeatureName, FeatureName>>;
}

export interface DetectorWeights {
  version: string;
  model: 'stacked-logistic';
  ngram: StoredNgramModel;
  /** Meta weight of the n-gram logit, which is clipped to ±ngram_clip first. */
  ngram_weight: number;
  ngram_clip: number;
  /** Stylometric inputs of the meta model. */
  features: WeightedFeature[];
  bias: number;
  /** p = sigmoid(slope * logit + intercept). */
  calibration: { slope: number; intercept: number };
  thin_evidence: ThinEvidence;
  /**
   * ai_score cut-offs (percent), read off held-out-source human scores: at or above likely_ai → likely_ai;
   * at or above possibly_ai → possibly_ai.
   */
  thresholds: { likely_ai: number; possibly_ai: number };
  /** How far a sentence's own features may move its score away from the document's (0..1). */
  sentence_shrink: number;
  /** Standardised values are clipped to ±z_clip so one extreme feature cannot decide alone. */
  z_clip: number;
  plain_register?: PlainRegister;
  training?: Record<string, unknown>;
}

export interface Contribution { name: FeatureName; value: number; z: number; contribution: number }

export interface NgramModel { hashing: HashSpec; bias: number; weights: Float32Array; idf: Float32Array }

export interface Scorer {
  readonly weights: DetectorWeights;
  readonly ngram: NgramModel;
  /**
   * The features logit() and contributions() look at: the meta model's, in its order, then what the
   * plain-register rule reads.
   */
  readonly featureNames: readonly FeatureName[];
  /** Stylometric contributions to the meta logit. */
  contributions(features: FeatureVector): Contribution[];
  /** A feature's standardised, clipped value (Contribution.z). */
  zScore(feature: WeightedFeature, value: number): number;
  /** Contribution of a raw n-gram logit to the meta logit. */
  ngramContribution(ngramLogit: number): number;
  /**
   * Meta logit: bias + n-gram contribution + Σ stylometric contributions. `plain` overrides whether the
   * plain-register rule holds (a window or a sentence follows its document's).
   */
  logit(features: FeatureVector, ngramLogit: number, plain?: boolean): number;
  /** Whether the plain-register rule holds for a text's features. */
  isPlain(features: FeatureVector): boolean;
  /** A feature's standardised value with the plain-register rule applied as `plain` says. */
  ruledZ(feature: WeightedFeature, features: FeatureVector, plain: boolean): number;
  /** Calibrated logit (slope × logit + intercept) of a raw logit: 0 is an ai_score of 50. */
  calibratedLogit(logit: number): number;
  /** Calibrated probability (0..1) of a raw logit. */
  calibrate(logit: number): number;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function decodeNgramModel(stored: StoredNgramModel): NgramModel {
  const wBytes = Buffer.from(stored.weights_int16_b64, 'base64');
  const iBytes = Buffer.from(stored.idf_uint8_b64, 'base64');
  const size = 1 << stored.hashing.bits;
  if (wBytes.length !== 2 * size || iBytes.length !== size) throw new Error('n-gram model arrays do not match its hashing spec');
  const q = new Int16Array(wBytes.buffer, wBytes.byteOffset, size);
  const weights = new Float32Array(size);
  const idf = new Float32Array(size);
  for (let k = 0; k < size; k++) { weights[k] = q[k]! * stored.weight_scale; idf[k] = iBytes[k]! * stored.idf_scale; }
  return { hashing: stored.hashing, bias: stored.bias, weights, idf };
}

/** Quantises an n-gram model for storage (int16 weights, uint8 IDF). */
export function encodeNgramModel(m: NgramModel): StoredNgramModel {
  const size = 1 << m.hashing.bits;
  let wMax = 1e-9;
  let iMax = 1e-9;
  for (let k = 0; k < size; k++) { wMax = Math.max(wMax, Math.abs(m.weights[k]!)); iMax = Math.max(iMax, m.idf[k]!); }
  const weightScale = wMax / 32767;
  const idfScale = iMax / 255;
  const q = new Int16Array(size);
  const i8 = new Uint8Array(size);
  for (let k = 0; k < size; k++) { q[k] = Math.round(m.weights[k]! / weightScale); i8[k] = Math.round(m.idf[k]! / idfScale); }
  return {
    hashing: m.hashing, bias: m.bias, weight_scale: weightScale, idf_scale: idfScale,
    weights_int16_b64: Buffer.from(q.buffer).toString('base64'), idf_uint8_b64: Buffer.from(i8.buffer).toString('base64'),
  };
}

export function createScorer(weights: DetectorWeights, ngram: NgramModel = decodeNgramModel(weights.ngram)): Scorer {
  const clip = weights.z_clip;
  const ngramContribution = (l: number): number =>
    weights.ngram_weight * Math.max(-weights.ngram_clip, Math.min(weights.ngram_clip, Number.isFinite(l) ? l : 0));
  const zScore = (wf: WeightedFeature, value: number): number => {
    const raw = (applyTransform(wf.transform, value) - wf.mean) / wf.std;
    return Math.max(-clip, Math.min(clip, Number.isFinite(raw) ? raw : 0));
  };
  const plain = weights.plain_register;
  const capped = new Set<FeatureName>(plain?.capped ?? []);
  /** Whether the plain-register rule holds for a text's features: its capped features count at most 0. */
  const plainRegister = (f: FeatureVector): boolean =>
    !!plain && f.word_count >= plain.min_words && f.sentence_length_mean < plain.max_sentence_length &&
    !(plain.max_list_share !== undefined && f.list_word_share > plain.max_list_share);
  /** A feature's value and standardised value, the plain-register rule applied. */
  const valueAndZ = (wf: WeightedFeature, f: FeatureVector, isPlain: boolean): [number, number] => {
    if (!isPlain) { const v = f[wf.name]; return [v, zScore(wf, v)]; }
    const v = f[plain!.substitutes[wf.name] ?? wf.name];
    const z = zScore(wf, v);
    return [v, capped.has(wf.name) ? Math.min(0, z) : z];
  };
  const contributions = (f: FeatureVector): Contribution[] => {
    const isPlain = plainRegister(f);
    return weights.features.map((wf) => {
      const [value, z] = valueAndZ(wf, f, isPlain);
      return { name: wf.name, value, z, contribution: wf.weight * z };
    });
  };
  const featureNames: FeatureName[] = weights.features.map((wf) => wf.name);
  if (plain) featureNames.push('sentence_length_mean', 'word_count', ...(Object.values(plain.substitutes) as FeatureName[]));
  if (plain?.max_list_share !== undefined) featureNames.push('list_word_share');
  return {
    weights,
    ngram,
    featureNames,
    contributions,
    zScore,
    ngramContribution,
    isPlain: plainRegister,
    ruledZ: (wf, f, isPlain) => valueAndZ(wf, f, isPlain)[1],
    logit: (f, l, forced) => {
      let a = weights.bias + ngramContribution(l);
      const isPlain = forced ?? plainRegister(f);
      for (const wf of weights.features) a += wf.weight * valueAndZ(wf, f, isPlain)[1];
      return a;
    },
    calibratedLogit: (logit) => weights.calibration.slope * logit + weights.calibration.intercept,
    calibrate: (logit) => sigmoid(weights.calibration.slope * logit + weights.calibration.intercept),
  };
}

export const WEIGHTS_URL = new URL('./detector-model.json', import.meta.url);

/** The thin-evidence rule must pull: a positive exponent and an extra non-English factor in (0, 1). */
function validThinEvidence(t: unknown): boolean {
  const v = t as Partial<ThinEvidence> | undefined;
  return typeof v?.exponent === 'number' && v.exponent > 0 && Number.isFinite(v.exponent) &&
    typeof v.non_english_factor === 'number' && v.non_english_factor > 0 && v.non_english_factor < 1;
}

/** Reads and checks the weights file; throws with a clear message when it is missing or malformed. */
export function loadDetectorWeights(url: URL = WEIGHTS_URL): DetectorWeights {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(url, 'utf8'));
  } catch (err: unknown) {
    throw new Error(`detector weights ${url.pathname} unreadable (run npm run train:detector)`, { cause: err });
  }
  const w = parsed as Partial<DetectorWeights>;
  const known = new Set<string>(FEATURE_NAMES);
  if (typeof w.version !== 'string' || w.model !== 'stacked-logistic' || !Array.isArray(w.features) || typeof w.bias !== 'number' ||
      !w.ngram || typeof w.ngram_weight !== 'number' || !w.calibration || !w.thresholds || !validThinEvidence(w.thin_evidence) ||
      w.features.some((f) => !known.has(f.name) || !(f.std > 0)) ||
      (w.plain_register !== undefined && (!(w.plain_register.max_sentence_length > 0) || !(w.plain_register.min_words >= 0) ||
        (w.plain_register.max_list_share !== undefined && !(w.plain_register.max_list_share >= 0 && w.plain_register.max_list_share <= 1)) || w.plain_register.capped.some((n) => !known.has(n)) ||
        Object.entries(w.plain_register.substitutes ?? {}).some(([k, v]) => !known.has(k) || !known.has(v as string))))) {
    throw new Error(`detector weights ${url.pathname} are malformed or were made for other features`);
  }
  return w as DetectorWeights;
}
