/** How strongly each mode and readability level rewrites. */
import type { Mode, Readability } from '../../../../domain/options.js';

export interface ModeParams {
  /** Chance that a word with a more human-reading synonym is swapped (repeated words: 2.5×). */
  synonymRate: number;
  /** Chance that a word is swapped for another same-sense member even when that one does not read more human. */
  variationRate: number;
  /** Chance that a sentence gets a tone opener (never two in a row). */
  openerRate: number;
  /** Chance that a sentence's clauses are reordered. */
  reorderRate: number;
  /** Chance that a sentence of burstMinWords or more is split for rhythm even when readability does not ask for it. */
  burstSplitRate: number;
  /** The shortest sentence a rhythm split may cut in two. */
  burstMinWords: number;
  /** Multiplies the readability level's chance of joining two related sentences (at most 1). */
  mergeFactor: number;
  /** Chance of each plain-writing edit (english-plain.ts): intro comma, provide → give, active nominals. */
  plainRate: number;
  /**
   * Chance of each edit only the stronger modes make, none in formal registers: the "that" of a reported clause goes
   * ("I think that the plan works" → "I think the plan works"); "However, X." becomes "X, though.".
   */
  deepRate: number;
  /** Whether a tone that neither adds nor expands contractions (neutral, custom) gets them added. */
  contractNeutral: boolean;
  /**
   * Seeded candidates generated internally; the one the detector scores most human is returned. Standard
   * and academic make one (the request's best_of asks for more): picking among three cost 3–5× the CPU of
   * a rewrite for 0.2–0.3 points of drop on a detector the pick was not made with.
   */
  candidates: number;
}

export const MODE_PARAMS: Record<Mode, ModeParams> = {
  standard: { synonymRate: 0.75, variationRate: 0.1, openerRate: 0.12, reorderRate: 0.15, burstSplitRate: 0.4, burstMinWords: 15, mergeFactor: 1, plainRate: 0.75, deepRate: 0, contractNeutral: false, candidates: 1 },
  academic: { synonymRate: 0.5, variationRate: 0, openerRate: 0.1, reorderRate: 0.15, burstSplitRate: 0.35, burstMinWords: 15, mergeFactor: 1, plainRate: 0.4, deepRate: 0, contractNeutral: false, candidates: 1 },
  enhanced: { synonymRate: 0.95, variationRate: 0.35, openerRate: 0.18, reorderRate: 0.3, burstSplitRate: 0.6, burstMinWords: 14, mergeFactor: 1.5, plainRate: 0.95, deepRate: 0.5, contractNeutral: true, candidates: 4 },
  ultra: { synonymRate: 1, variationRate: 0.5, openerRate: 0.22, reorderRate: 0.5, burstSplitRate: 0.8, burstMinWords: 12, mergeFactor: 2, plainRate: 1, deepRate: 0.8, contractNeutral: true, candidates: 5 },
  aggressive: { synonymRate: 1, variationRate: 0.7, openerRate: 0.25, reorderRate: 0.7, burstSplitRate: 0.9, burstMinWords: 12, mergeFactor: 2, plainRate: 1, deepRate: 1, contractNeutral: true, candidates: 6 },
};

export interface ReadabilityParams {
  /** Sentences longer than this are split at a clause boundary. */
  maxWords: number;
  /** Adjacent sentences whose combined length is at most this may be merged... */
  mergeMax: number;
  /** ...with this chance. */
  mergeRate: number;
  /** How many following sentences may join one sentence. */
  maxJoined: number;
}

export const READABILITY_PARAMS: Record<Readability, ReadabilityParams> = {
  'high-school': { maxWords: 12, mergeMax: 0, mergeRate: 0, maxJoined: 0 },
  college: { maxWords: 25, mergeMax: 26, mergeRate: 0.4, maxJoined: 1 },
  graduate: { maxWords: 38, mergeMax: 36, mergeRate: 0.65, maxJoined: 1 },
  doctorate: { maxWords: 50, mergeMax: 48, mergeRate: 1, maxJoined: 1 },
};
