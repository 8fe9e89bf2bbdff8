/**
 * Document and sentence features of the statistical detector. Every feature is a rate, a ratio or a
 * dispersion, so it means the same for a 100-word and a 2,000-word text, and none depends on line breaks.
 */
import { splitSentences, type Span } from '../text/segment.js';
import { FIRST_PERSON, FUNCTION_WORDS, MACHINE_PHRASES, TRANSITIONS } from './lexicon.js';
import type { WordRanks } from './word-ranks.js';

export const FEATURE_NAMES = [
  'sentence_length_cv', 'short_sentence_share', 'mtld',
  'mean_log_rank', 'rank_spread', 'unknown_word_share', 'rarity_burstiness',
  'function_word_share', 'first_person_rate', 'contraction_rate', 'comma_rate', 'punctuation_variety',
  'paren_dash_rate', 'repeated_trigram_share', 'repeated_opener_share', 'transition_opener_share',
  'machine_phrase_rate', 'word_length_mean', 'capitalized_share', 'digit_share', 'informal_mark_rate',
  'content_repeat_share', 'quote_rate', 'question_exclaim_rate',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** Per-sentence counts, computed once and summed for the document, a window or the sentence itself. */
export interface SentenceInfo extends Span {
  words: string[];
  lower: string[];
  logRanks: number[];
  lowerAlpha: number; unknown: number; functionWords: number; firstPerson: number; contractions: number;
  letters: number; capitalized: number; digits: number; commas: number; parenDash: number; quotes: number;
  questionExclaim: number; informal: number; transitionOpener: boolean; punctTypes: Set<string>;
  phraseHits: Map<string, number>;
}

export interface DocumentAnalysis {
  features: FeatureVector;
  sentences: SentenceInfo[];
  wordCount: number;
  /** Mean sentence length in words. */
  meanSentenceLength: number;
  /** Share of lower-case word tokens found in the frequency table: low for non-English text. */
  knownWordShare: number;
  /** Machine-typical phrases found, with their counts. */
  phraseHits: Map<string, number>;
  /** Coefficient of variation of paragraph lengths when the text has paragraphs (blank-line separated), else null. */
  paragraphCv: number | null;
  /** Most repeated sentence opener and how many sentences start with it. */
  topOpener: { word: string; count: number } | null;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const PUNCT = /[,;:()\[\]"“”'‘’!?\-–—…]/gu;
/** Marks of unedited human typing: lower-case "i", apostrophe-less contractions, doubled marks, spaces before punctuation. */
const INFORMAL = /(?<![\p{L}'’])i(?![\p{L}'’])|\b(?:dont|cant|wont|didnt|doesnt|isnt|im|ive|youre|thats|theyre|wasnt)\b|[!?]{2,}|\.{3}|…| [,.;:!?](?![\p{L}\p{N}.])|\b(?:lol|gonna|wanna|kinda|yeah|okay|ok)\b/gu;

/** Share of content-word tokens that repeat an earlier content word. */
function contentRepeatShare(lower: string[]): number {
  const seen = new Set<string>();
  let content = 0;
  let repeats = 0;
  for (const w of lower) {
    if (FUNCTION_WORDS.has(w) || w.length < 3) continue;
    content++;
    if (seen.has(w)) repeats++; else seen.add(w);
  }
  return content === 0 ? 0 : repeats / content;
}

function mean(xs: number[]): number { return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length; }
function std(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}

/** MTLD (McCarthy & Jarvis 2010), averaged forwards and backwards, factor threshold 0.72. */
export function mtld(tokens: string[], threshold = 0.72): number {
  if (tokens.length < 10) return tokens.length;
  const pass = (seq: string[]): number => {
    let factors = 0;
    let types = new Set<string>();
    let count = 0;
    for (const t of seq) {
      types.add(t);
      count++;
      if (types.size / count <= threshold) { factors++; types = new Set(); count = 0; }
    }
    if (count > 0) factors += (1 - types.size / count) / (1 - threshold);
    return factors > 0 ? seq.length / factors : seq.length;
  };
  return (pass(tokens) + pass([...tokens].reverse())) / 2;
}

let phraseRegex: RegExp | undefined;
function machinePhraseRegex(): RegExp {
  if (phraseRegex) return phraseRegex;
  const escaped = [...MACHINE_PHRASES].map((p) => p.phrase).sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/'/gu, "['’]"));
  phraseRegex = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return phraseRegex;
}

export function findMachinePhrases(text: string): Map<string, number> {
  const hits = new Map<string, number>();
  for (const m of text.matchAll(machinePhraseRegex())) {
    const key = m[0].toLowerCase().replace(/’/gu, "'");
    hits.set(key, (hits.get(key) ?? 0) + 1);
  }
  return hits;
}

function frequencyTokens(word: string): string[] {
  const w = word.toLowerCase();
  return w.includes("'") || w.includes('’') ? w.split(/['’]/u).filter((p) => p.length > 0) : [w];
}

// ASCII fast paths first: these run for every word of every request.
const isLowerWord = (w: string): boolean =>
  /^[a-z'’]+$/.test(w) || (!/[0-9A-Z]/.test(w) && w === w.toLowerCase() && w !== w.toUpperCase());
const isCapitalized = (w: string): boolean => {
  const c = w.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  return w[0]! !== w[0]!.toLowerCase();
};
const hasDigit = (w: string): boolean => /[0-9]/.test(w);
const normalisePunct = (p: string): string => (p === '“' || p === '”' ? '"' : p === '‘' || p === '’' ? "'" : p);
const count = (text: string, re: RegExp): number => { let n = 0; for (const _ of text.matchAll(re)) n++; return n; };

/** Tokenises one sentence and counts everything the features need. */
export function sentenceInfo(span: Span, ranks: WordRanks): SentenceInfo {
  const words = span.text.match(WORD) ?? [];
  const lower = words.map((w) => w.toLowerCase());
  const logRanks: number[] = [];
  let lowerAlpha = 0, unknown = 0, functionWords = 0, firstPerson = 0, contractions = 0, letters = 0, capitalized = 0, digits = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const l = lower[i]!;
    letters += w.length;
    if (FUNCTION_WORDS.has(l)) functionWords++;
    if (FIRST_PERSON.has(l)) firstPerson++;
    if (l.includes("'") || l.includes('’')) contractions++;
    // Capitalised words not at a sentence start: names and other proper nouns.
    if (i > 0 && isCapitalized(w)) capitalized++;
    if (hasDigit(w)) { digits++; continue; }
    let isUnknown = false;
    for (const part of frequencyTokens(l)) {
      const r = ranks.rank(part);
      if (r >= ranks.unknownRank) isUnknown = true;
      logRanks.push(Math.log(r));
    }
    if (isLowerWord(w)) { lowerAlpha++; if (isUnknown) unknown++; }
  }
  const punctTypes = new Set<string>();
  let commas = 0;
  for (const m of span.text.matchAll(PUNCT)) { punctTypes.add(normalisePunct(m[0])); if (m[0] === ',') commas++; }
  return {
    ...span, words, lower, logRanks, lowerAlpha, unknown, functionWords, firstPerson, contractions, letters, capitalized, digits,
    commas, parenDash: count(span.text, /[()–—]| - /gu), quotes: count(span.text, /["“”]/gu),
    questionExclaim: count(span.text, /[?!]/gu), informal: count(span.text, INFORMAL),
    transitionOpener: words.length > 0 && TRANSITIONS.has(lower[0]!), punctTypes, phraseHits: findMachinePhrases(span.text),
  };
}

/**
 * Features of a run of sentences (a whole document, a window, or one sentence). With `localOnly`
 * the features that need several sentences (dispersion, diversity, repetition) are left at 0.
 */
export function aggregate(sentences: SentenceInfo[], localOnly = false): FeatureVector {
  const lower = sentences.flatMap((s) => s.lower);
  const n = Math.max(1, lower.length);
  const sentenceCount = Math.max(1, sentences.length);
  const lengths = sentences.map((s) => s.words.length);
  const logRanks = sentences.flatMap((s) => s.logRanks);
  const sum = (key: 'lowerAlpha' | 'unknown' | 'functionWords' | 'firstPerson' | 'contractions' | 'letters' | 'capitalized' |
    'digits' | 'commas' | 'parenDash' | 'quotes' | 'questionExclaim' | 'informal'): number => sentences.reduce((a, s) => a + s[key], 0);

  const trigramCounts = new Map<string, number>();
  for (let i = 0; !localOnly && i + 2 < lower.length; i++) {
    const key = `${lower[i]} ${lower[i + 1]} ${lower[i + 2]}`;
    trigramCounts.set(key, (trigramCounts.get(key) ?? 0) + 1);
  }
  let repeatedTrigrams = 0;
  for (const c of trigramCounts.values()) if (c > 1) repeatedTrigrams += c;

  const punctTypes = new Set<string>();
  let phraseCount = 0;
  for (const s of sentences) {
    for (const p of s.punctTypes) punctTypes.add(p);
    for (const c of s.phraseHits.values()) phraseCount += c;
  }
  const sentenceRarity = localOnly ? [] : sentences.filter((s) => s.logRanks.length >= 3).map((s) => mean(s.logRanks));
  return {
    sentence_length_cv: lengths.length > 1 ? std(lengths) / Math.max(1, mean(lengths)) : 0,
    short_sentence_share: lengths.filter((l) => l <= 8).length / sentenceCount,
    mtld: localOnly ? 0 : mtld(lower),
    mean_log_rank: mean(logRanks),
    rank_spread: std(logRanks),
    unknown_word_share: sum('unknown') / Math.max(1, sum('lowerAlpha')),
    rarity_burstiness: std(sentenceRarity),
    function_word_share: sum('functionWords') / n,
    first_person_rate: sum('firstPerson') / n,
    contraction_rate: sum('contractions') / n,
    comma_rate: sum('commas') / n,
    punctuation_variety: punctTypes.size,
    paren_dash_rate: sum('parenDash') / n,
    repeated_trigram_share: repeatedTrigrams / Math.max(1, lower.length - 2),
    repeated_opener_share: repeatedOpenerCount(sentences).repeated / sentenceCount,
    transition_opener_share: sentences.filter((s) => s.transitionOpener).length / sentenceCount,
    machine_phrase_rate: (phraseCount / n) * 100,
    word_length_mean: sum('letters') / n,
    capitalized_share: sum('capitalized') / n,
    digit_share: sum('digits') / n,
    informal_mark_rate: sum('informal') / n,
    content_repeat_share: localOnly ? 0 : contentRepeatShare(lower),
    quote_rate: sum('quotes') / n,
    question_exclaim_rate: sum('questionExclaim') / sentenceCount,
  };
}

function repeatedOpenerCount(sentences: SentenceInfo[]): { repeated: number; top: DocumentAnalysis['topOpener'] } {
  const openers = new Map<string, number>();
  for (const s of sentences) openers.set(s.lower[0]!, (openers.get(s.lower[0]!) ?? 0) + 1);
  let repeated = 0;
  let top: DocumentAnalysis['topOpener'] = null;
  for (const [word, c] of openers) {
    if (c > 1) repeated += c - 1;
    if (c > 1 && (!top || c > top.count)) top = { word, count: c };
  }
  return { repeated, top };
}

/**
 * Computes all features of a text. `info` computes a sentence's counts (by default sentenceInfo); a
 * caller may pass one that remembers them, since they depend on the sentence's text alone.
 */
export function analyze(text: string, ranks: WordRanks, info: (span: Span) => SentenceInfo = (s) => sentenceInfo(s, ranks)): DocumentAnalysis {
  const sentences = splitSentences(text).map(info).filter((s) => s.words.length > 0);
  const phraseHits = new Map<string, number>();
  for (const s of sentences) for (const [p, c] of s.phraseHits) phraseHits.set(p, (phraseHits.get(p) ?? 0) + c);
  const paragraphs = text.split(/\n\s*\n/u).map((p) => (p.match(WORD) ?? []).length).filter((c) => c > 0);
  const lowerAlpha = sentences.reduce((a, s) => a + s.lowerAlpha, 0);
  const unknown = sentences.reduce((a, s) => a + s.unknown, 0);
  const lengths = sentences.map((s) => s.words.length);
  return {
    features: aggregate(sentences),
    sentences,
    wordCount: lengths.reduce((a, b) => a + b, 0),
    meanSentenceLength: mean(lengths),
    knownWordShare: lowerAlpha === 0 ? 0 : 1 - unknown / lowerAlpha,
    phraseHits,
    paragraphCv: paragraphs.length >= 3 ? std(paragraphs) / Math.max(1, mean(paragraphs)) : null,
    topOpener: repeatedOpenerCount(sentences).top,
  };
}
