/**
 * The built-in `local` engine: a calibrated statistical AI-text detector and a rule-based
 * humanizer that uses it to pick the most human-sounding of its seeded candidates. No network.
 */
import type { Humanizer } from '../types.js';
import { createLocalDetector as createDetector, type LocalDetector, type LocalDetectorOptions } from './detector/detector.js';
import { createLocalHumanizer as createHumanizer, type TextScorer } from './humanizer/humanizer.js';

export type { LocalDetector, LocalDetectorOptions } from './detector/detector.js';
export type { TextScorer } from './humanizer/humanizer.js';
export { VERDICT_LABELS } from './detector/detector.js';
export type { FeatureVector } from './detector/features.js';

/** Loads the trained weights and the word-rank table once; call at start-up and reuse. */
export function createLocalDetector(options: LocalDetectorOptions = {}): LocalDetector {
  return createDetector(options);
}

/**
 * The rule-based humanizer. With a detector (recommended: the one the service already built) it
 * returns the most human-scoring of several seeded candidates; without one it builds its own.
 */
export function createLocalHumanizer(detector?: TextScorer): Humanizer {
  return createHumanizer(detector ?? createDetector());
}
