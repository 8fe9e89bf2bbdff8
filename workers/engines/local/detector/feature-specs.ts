/**
 * How each feature enters the model. `direction` is the sign the weight is allowed to take
 * (+1: more of it points to machine text, -1: to human text, 0: learnt freely from data); training
 * drops a feature whose fitted weight contradicts its documented direction, so the model cannot
 * learn a quirk of the training corpus that runs against what is known about machine text.
 * `transform` tames skewed rates; `local` marks features that can be measured in one sentence.
 */
import type { FeatureName } from './features.js';

export type Transform = 'identity' | 'sqrt';
export interface FeatureSpec {
  name: FeatureName; transform: Transform; direction: 1 | -1 | 0; local: boolean; prior?: number;
  /**
   * Evidence that only one class leaves: most texts of both classes hold none of it, so in a source
   * whose people write cleanly it cannot separate the classes. It must separate them in its documented
   * direction in at least one training source and in the other direction in none (consistentDirections).
   */
  oneSided?: boolean;
}

export const FEATURE_SPECS: readonly FeatureSpec[] = [
  { name: 'sentence_length_cv', transform: 'identity', direction: -1, local: false },
  { name: 'short_sentence_share', transform: 'identity', direction: -1, local: false },
  { name: 'mtld', transform: 'identity', direction: -1, local: false },
  { name: 'mean_log_rank', transform: 'identity', direction: 0, local: true },
  { name: 'rank_spread', transform: 'identity', direction: 0, local: true },
  { name: 'unknown_word_share', transform: 'sqrt', direction: -1, local: true },
  { name: 'rarity_burstiness', transform: 'identity', direction: -1, local: false },
  { name: 'function_word_share', transform: 'identity', direction: 0, local: true },
  { name: 'first_person_rate', transform: 'sqrt', direction: -1, local: true },
  { name: 'contraction_rate', transform: 'sqrt', direction: -1, local: true },
  { name: 'comma_rate', transform: 'identity', direction: 1, local: true },
  { name: 'punctuation_variety', transform: 'identity', direction: -1, local: false },
  { name: 'paren_dash_rate', transform: 'sqrt', direction: 0, local: true },
  { name: 'repeated_trigram_share', transform: 'sqrt', direction: 1, local: false },
  { name: 'repeated_opener_share', transform: 'identity', direction: 1, local: false },
  // Priors (in standardised units) carry what is known about instruction-tuned models, whose stock
  // phrasing is rare in the older continuations that make up most of the training data.
  { name: 'transition_opener_share', transform: 'sqrt', direction: 1, local: true, prior: 0.25 },
  { name: 'machine_phrase_rate', transform: 'sqrt', direction: 1, local: true, prior: 0.5 },
  { name: 'word_length_mean', transform: 'identity', direction: 1, local: true },
  { name: 'capitalized_share', transform: 'sqrt', direction: 0, local: true },
  { name: 'digit_share', transform: 'sqrt', direction: 0, local: true },
  { name: 'informal_mark_rate', transform: 'sqrt', direction: -1, local: true },
  { name: 'content_repeat_share', transform: 'identity', direction: 1, local: false },
  { name: 'quote_rate', transform: 'sqrt', direction: 0, local: true },
  { name: 'question_exclaim_rate', transform: 'sqrt', direction: -1, local: true },
  // Grammar, usage and spelling slips (slips.ts): people make them, chat models do not; most edited
  // human text has none either, hence one-sided.
  { name: 'writing_slip_rate', transform: 'sqrt', direction: -1, local: true, oneSided: true, prior: -0.35 },
  // "…, allowing …", "…, fostering …": a participle clause tacked on after a comma.
  { name: 'participle_clause_rate', transform: 'sqrt', direction: 1, local: true },
];

export function applyTransform(t: Transform, v: number): number {
  return t === 'sqrt' ? Math.sqrt(Math.max(0, v)) : v;
}
