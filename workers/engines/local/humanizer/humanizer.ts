/**
 * The local rule-based humanizer. It writes in the text's own language (it does not translate). For
 * English it generates a few seeded candidates (more in the stronger modes) and returns the one the
 * detector scores as most human; the request's seed picks the candidates, so the result is
 * deterministic and different seeds give different texts.
 */
import type { CallOptions, HumanizeRequest, Humanizer } from '../../types.js';
import { MODE_PARAMS } from './params.js';
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
  let best: { text: string; score: number | null } | null = null;
  // Candidates that come out the same (short texts often do) are scored once.
  const scored = new Map<string, number>();
  for (let i = 0; i < k; i++) {
    const text = rewritePlanned(plan, candidateSeed(request, i));
    let score: number | null = null;
    if (scorer && language === 'en') {
      score = scored.get(text) ?? scorer.scoreText(text);
      scored.set(text, score);
    }
    if (!best || (score !== null && best.score !== null && score < best.score)) best = { text, score };
  }
  return best!;
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
