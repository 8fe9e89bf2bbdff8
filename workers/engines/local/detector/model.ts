/**
 * The detector's model: logistic regression on standardised, transformed features, followed by a
 * Platt calibration fitted on out-of-domain predictions. The weights file is produced by
 * bench/detector/train.ts and read once at start-up; nothing is learnt at request time.
 */
import { readFileSync } from 'node:fs';
import { FEATURE_NAMES, type FeatureName, type FeatureVector } from './features.js';
import { applyTransform, type Transform } from './feature-specs.js';

export interface WeightedFeature {
  name: FeatureName; transform: Transform; mean: number; std: number; weight: number; local: boolean;
}

export interface DetectorWeights {
  version: string;
  model: 'logistic-regression';
  features: WeightedFeature[];
  bias: number;
  /** p = sigmoid(slope * logit + intercept). */
  calibration: { slope: number; intercept: number };
  /** ai_score cut-offs (percent): at or above likely_ai → likely_ai; at or above possibly_ai → possibly_ai. */
  thresholds: { likely_ai: number; possibly_ai: number };
  /** How far a sentence's own features may move its score away from the document's (0..1). */
  sentence_shrink: number;
  /** Standardised values are clipped to ±z_clip so one extreme feature cannot decide alone. */
  z_clip: number;
  training?: Record<string, unknown>;
}

export interface Contribution { name: FeatureName; value: number; z: number; contribution: number }

export interface Scorer {
  readonly weights: DetectorWeights;
  contributions(features: FeatureVector): Contribution[];
  logit(features: FeatureVector): number;
  /** Calibrated probability (0..1) of a raw logit. */
  calibrate(logit: number): number;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function createScorer(weights: DetectorWeights): Scorer {
  const clip = weights.z_clip;
  const contributions = (f: FeatureVector): Contribution[] => weights.features.map((wf) => {
    const value = f[wf.name];
    const raw = (applyTransform(wf.transform, value) - wf.mean) / wf.std;
    const z = Math.max(-clip, Math.min(clip, Number.isFinite(raw) ? raw : 0));
    return { name: wf.name, value, z, contribution: wf.weight * z };
  });
  return {
    weights,
    contributions,
    logit: (f) => contributions(f).reduce((a, c) => a + c.contribution, weights.bias),
    calibrate: (logit) => sigmoid(weights.calibration.slope * logit + weights.calibration.intercept),
  };
}

export const WEIGHTS_URL = new URL('../detector-weights.json', import.meta.url);

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
  if (typeof w.version !== 'string' || !Array.isArray(w.features) || typeof w.bias !== 'number' ||
      !w.calibration || !w.thresholds || w.features.some((f) => !known.has(f.name) || !(f.std > 0))) {
    throw new Error(`detector weights ${url.pathname} are malformed or were made for other features`);
  }
  return w as DetectorWeights;
}
