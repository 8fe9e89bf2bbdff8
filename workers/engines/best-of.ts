/**
 * best_of: N seeded candidates generated in parallel, each scored by the detector; the most human-scoring
 * (lowest ai_score) wins, ties going to the lowest index. Works with any Humanizer/Detector pair.
 */
import { abortError } from './abort.js';
import type { Detector, HumanizeRequest, Humanizer } from './types.js';

export interface BestOfInput {
  humanizer: Humanizer;
  detector: Detector;
  /** Candidate i runs with seed `request.seed + i`. */
  request: HumanizeRequest;
  n: number;
  signal: AbortSignal;
  /** Receives the output: streamed live when n === 1, the winner in word-sized chunks when n > 1. */
  onChunk?: (text: string) => void;
}

export interface BestOfResult {
  text: string;
  /** Candidates that were generated and scored successfully. */
  candidates: number;
  /** ai_score of candidate i (seed + i), NaN for a candidate that failed; empty when n === 1 (nothing to choose). */
  scores: number[];
  /** Index of the winning candidate (its seed is request.seed + winner). */
  winner: number;
}

/** Splits a text into word-sized chunks (each word with the whitespace after it); they concatenate to the text. */
export function wordChunks(text: string): string[] {
  return text.match(/\s+|\S+\s*/gy) ?? [];
}

export async function bestOf(input: BestOfInput): Promise<BestOfResult> {
  const { humanizer, detector, request, n, signal, onChunk } = input;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`best_of needs a positive integer, got ${n}`);
  if (signal.aborted) throw abortError(signal);

  if (n === 1) {
    const text = await humanizer.humanize(request, onChunk ? { signal, onChunk } : { signal });
    return { text, candidates: 1, scores: [], winner: 0 };
  }

  // Every candidate shares the caller's signal, so one abort cancels them all.
  const settled = await Promise.allSettled(
    Array.from({ length: n }, async (_, i) => {
      const text = await humanizer.humanize({ ...request, seed: request.seed + i }, { signal });
      const score = detector.score ? await detector.score(text, { signal }) : (await detector.detect(text, { signal })).ai_score;
      return { text, score };
    }),
  );
  if (signal.aborted) throw abortError(signal);

  let best: { index: number; text: string; score: number } | null = null;
  const scores: number[] = [];
  let firstError: unknown = null;
  let succeeded = 0;
  settled.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      firstError ??= outcome.reason;
      scores.push(Number.NaN);
      return;
    }
    succeeded++;
    scores.push(outcome.value.score);
    if (best === null || outcome.value.score < best.score) best = { index, ...outcome.value };
  });
  if (best === null) throw firstError;
  const winner: { index: number; text: string; score: number } = best;

  if (onChunk) for (const chunk of wordChunks(winner.text)) onChunk(chunk);
  return { text: winner.text, candidates: succeeded, scores, winner: winner.index };
}
