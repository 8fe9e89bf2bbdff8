/**
 * Frozen-phrase verification and restoration for model output.
 *
 * A model asked to keep a phrase verbatim sometimes changes its case or spacing ("New York City" →
 * "new york  city"). Each frozen phrase that occurs in the input becomes a pattern that matches such near-misses:
 * case-insensitive, 1–4 whitespace characters between its words, up to 2 around punctuation inside a word, and
 * word boundaries at its ends (so "art" never matches inside "start"). Every near-miss is replaced by the exact
 * phrase; longer phrases claim their spans first, and overlapping matches of shorter ones are ignored.
 *
 * A phrase the model dropped or reworded beyond such variants is not re-inserted: there is no faithful place to
 * put it. `missingPhrases` reports it so the caller can log or act on it.
 *
 * Streaming: text that has left the process cannot be corrected, so `FrozenPhraseGuard` holds back a tail of the
 * output as long as the longest possible near-miss; every match that starts before the released prefix is then
 * complete (and followed by a character confirming its end boundary) before any part of it is released.
 */

interface PhrasePattern { phrase: string; regex: RegExp; maxLength: number }

const WORD_CHAR = /[\p{L}\p{N}]/u;
const GAP_BETWEEN_WORDS = 4;
const GAP_AROUND_PUNCTUATION = 2;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function compile(phrase: string): PhrasePattern {
  const words = phrase.split(/\s+/);
  let maxLength = 0;
  const wordSources = words.map((word) => {
    // Word characters stay together; each other character may gain surrounding spaces ("GPT-4" → "GPT - 4").
    const pieces = word.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}]/gu) ?? [word];
    maxLength += word.length + (pieces.length - 1) * GAP_AROUND_PUNCTUATION;
    return pieces.map(escapeRegExp).join(`\\s{0,${GAP_AROUND_PUNCTUATION}}`);
  });
  maxLength += (words.length - 1) * GAP_BETWEEN_WORDS;
  const head = WORD_CHAR.test(phrase[0] ?? '') ? '(?<![\\p{L}\\p{N}])' : '';
  const tail = WORD_CHAR.test(phrase.at(-1) ?? '') ? '(?![\\p{L}\\p{N}])' : '';
  const source = head + wordSources.join(`\\s{1,${GAP_BETWEEN_WORDS}}`) + tail;
  // Case folding can pair characters of different UTF-16 lengths; a little slack keeps the bound safe.
  return { phrase, regex: new RegExp(source, 'giu'), maxLength: maxLength + 2 };
}

/** The frozen phrases that apply to a text: distinct, trimmed, non-blank, occurring verbatim in it; longest first. */
export function frozenPhrasesIn(input: string, freezeWords: readonly string[]): string[] {
  const phrases = new Set<string>();
  for (const raw of freezeWords) {
    const phrase = raw.trim();
    if (phrase !== '' && input.includes(phrase)) phrases.add(phrase);
  }
  return [...phrases].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** The phrases that do not appear verbatim in `output`. */
export function missingPhrases(output: string, phrases: readonly string[]): string[] {
  return phrases.filter((p) => !output.includes(p));
}

interface Claim { start: number; end: number; phrase: string }

/**
 * Restores frozen phrases in an output that arrives in pieces. `push` returns the text that is now safe to
 * release; `finish` returns the rest. The concatenation of everything returned equals `text`.
 */
export class FrozenPhraseGuard {
  readonly holdBack: number;
  private readonly patterns: PhrasePattern[];
  private out = '';
  private released = 0;
  /** No match may start before this offset: the text before it is released or part of a settled match. */
  private lockedUntil = 0;

  /** `phrases` as returned by `frozenPhrasesIn` (longest first). */
  constructor(phrases: readonly string[]) {
    this.patterns = phrases.map(compile);
    this.holdBack = this.patterns.reduce((max, p) => Math.max(max, p.maxLength), 0);
  }

  /** The whole output so far, restorations applied. */
  get text(): string {
    return this.out;
  }

  push(delta: string): string {
    this.out += delta;
    return this.release(false);
  }

  finish(): string {
    return this.release(true);
  }

  private release(final: boolean): string {
    const claims = this.patterns.length > 0 ? this.restore(final) : [];
    const cut = final ? this.out.length : Math.max(this.released, this.out.length - this.holdBack);
    for (const c of claims) if (c.start < cut) this.lockedUntil = Math.max(this.lockedUntil, c.end);
    this.lockedUntil = Math.max(this.lockedUntil, cut);
    const chunk = this.out.slice(this.released, cut);
    this.released = cut;
    return chunk;
  }

  /** Replaces near-misses at or after `lockedUntil`; returns the claims in the new coordinates. */
  private restore(final: boolean): Claim[] {
    const found: Claim[] = [];
    for (const { phrase, regex } of this.patterns) {
      regex.lastIndex = this.lockedUntil;
      for (let m = regex.exec(this.out); m !== null; m = regex.exec(this.out)) {
        const start = m.index;
        const end = start + m[0].length;
        if (m[0].length === 0) { regex.lastIndex = start + 1; continue; }
        // Until a character follows, the match may still grow into a longer word ("York" → "Yorkshire").
        if (!final && end >= this.out.length) continue;
        if (found.some((c) => start < c.end && c.start < end)) continue;
        found.push({ start, end, phrase });
      }
    }
    found.sort((a, b) => a.start - b.start);
    let rebuilt = '';
    let from = 0;
    let shift = 0;
    const placed: Claim[] = [];
    for (const c of found) {
      rebuilt += this.out.slice(from, c.start) + c.phrase;
      placed.push({ start: c.start + shift, end: c.start + shift + c.phrase.length, phrase: c.phrase });
      shift += c.phrase.length - (c.end - c.start);
      from = c.end;
    }
    this.out = rebuilt + this.out.slice(from);
    return placed;
  }
}

/** Restores frozen phrases in a complete output. */
export function restoreFrozenPhrases(output: string, phrases: readonly string[]): string {
  const guard = new FrozenPhraseGuard(phrases);
  guard.push(output);
  guard.finish();
  return guard.text;
}
