/**
 * The local rule-based humanizer. It writes in the text's own language (it does not translate). For
 * English it generates a few seeded candidates (more in the stronger modes) and returns the one the
 * detector scores as most human; the request's seed picks the candidates, so the result is
 * deterministic and different seeds give different texts.
 */
import type { CallOptions, HumanizeRequest, Humanizer } from '../../types.js';
import { MODE_PARAMS } from './params.js';
import { fleschKincaidGrade } from '../text/measures.js';
import type { Readability } from '../../../../domain/options.js';
import { candidateSeed, prepareRewrite, rewriteLanguage, rewritePlanned } from './rewrite.js';

/** What the humanizer needs from a detector: a fast calibrated score (0-100, higher = more AI-like). */
export interface TextScorer { scoreText(text: string): number }

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Word-sized pieces (a word with the whitespace after it) whose concatenation is the text. */
export function wordChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/gu) ?? (text.length > 0 ? [text] : []);
}

/** Picks the best of the mode's candidates; exported for the evaluation script. */
export function bestCandidate(request: HumanizeRequest, scorer: TextScorer | null): { text: string; score: number | null } {
  const language = rewriteLanguage(request.text);
  const k = language === 'en' && scorer ? MODE_PARAMS[request.mode].candidates : 1;
  if (language === null) return { text: request.text, score: null };
  // The lines, protected spans and sentences of the text are the same for every candidate: prepared once.
  const plan = prepareRewrite(request, language);
  const candidates: Array<{ text: string; score: number | null }> = [];
  let best: { text: string; score: number | null } | null = null;
  // Candidates that come out the same (short texts often do) are scored once.
  const scored = new Map<string, number>();
  for (let i = 0; i < k; i++) {
    const text = rewritePlanned(plan, candidateSeed(request, i));
    let score: number | null = null;
    // One candidate has nothing to be chosen against: it is not scored.
    if (scorer && language === 'en' && k > 1) {
      score = scored.get(text) ?? scorer.scoreText(text);
      scored.set(text, score);
    }
    candidates.push({ text, score });
    if (!best || (score !== null && best.score !== null && score < best.score)) best = { text, score };
  }
  return readabilityPick(candidates, best!, request.readability);
}

/** Candidates scoring within this many points (0–100) of the most human one read as equally human. */
const READABILITY_TOLERANCE = 3;

/**
 * The readability the request asks for decides between candidates that read as human as the best one:
 * high-school takes the one of the lowest Flesch–Kincaid grade, graduate and doctorate the highest,
 * college the most human-scoring. Without it, the pick by score alone often undid the level's
 * splits or joins.
 */
function readabilityPick(
  candidates: ReadonlyArray<{ text: string; score: number | null }>, best: { text: string; score: number | null }, readability: Readability,
): { text: string; score: number | null } {
  if (readability === 'college' || best.score === null || candidates.length < 2) return best;
  const limit = best.score + READABILITY_TOLERANCE;
  const sign = readability === 'high-school' ? -1 : 1;
  let pick = best;
  let pickGrade = sign * fleschKincaidGrade(best.text);
  for (const c of candidates) {
    if (c.score === null || c.score > limit || c.text === pick.text) continue;
    const grade = sign * fleschKincaidGrade(c.text);
    if (grade > pickGrade) { pick = c; pickGrade = grade; }
  }
  return pick;
}

export function createLocalHumanizer(scorer?: TextScorer | null): Humanizer {
  return {
    async humanize(request: HumanizeRequest, { signal, onChunk }: CallOptions): Promise<string> {
      if (signal.aborted) throw abortReason(signal);
      await nextTick();
      if (signal.aborted) throw abortReason(signal);
      const { text } = bestCandidate(request, scorer ?? null);
      if (onChunk) {
        const chunks = wordChunks(text);
        for (let i = 0; i < chunks.length; i++) {
          if (signal.aborted) throw abortReason(signal);
          onChunk(chunks[i]!);
          // Give the event loop a turn now and then, so a long stream stays cancellable.
          if (i % 32 === 31) await nextTick();
        }
      }
      return text;
    },
  };
}
