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

export interface SentenceInfo extends Span { words: string[]; logRanks: number[] }

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
  return word.toLowerCase().split(/['’]/u).filter((p) => p.length > 0);
}

function sentenceInfo(span: Span, ranks: WordRanks): SentenceInfo {
  const ws: string[] = [];
  const logRanks: number[] = [];
  for (const m of span.text.matchAll(WORD)) {
    ws.push(m[0]);
    if (/\p{N}/u.test(m[0])) continue;
    for (const part of frequencyTokens(m[0])) logRanks.push(Math.log(ranks.rank(part)));
  }
  return { ...span, words: ws, logRanks };
}

/** Computes all features of a text. */
export function analyze(text: string, ranks: WordRanks): DocumentAnalysis {
  const sentences = splitSentences(text).map((s) => sentenceInfo(s, ranks)).filter((s) => s.words.length > 0);
  const allWords = sentences.flatMap((s) => s.words);
  const lower = allWords.map((w) => w.toLowerCase());
  const n = Math.max(1, lower.length);
  const lengths = sentences.map((s) => s.words.length);
  const logRanks = sentences.flatMap((s) => s.logRanks);
  const unknown = Math.log(ranks.unknownRank);
  const lowerAlpha = allWords.filter((w) => /^\p{Ll}+$/u.test(w));

  const trigramCounts = new Map<string, number>();
  for (let i = 0; i + 2 < lower.length; i++) {
    const key = `${lower[i]} ${lower[i + 1]} ${lower[i + 2]}`;
    trigramCounts.set(key, (trigramCounts.get(key) ?? 0) + 1);
  }
  let repeatedTrigrams = 0;
  for (const c of trigramCounts.values()) if (c > 1) repeatedTrigrams += c;

  const openers = new Map<string, number>();
  for (const s of sentences) {
    const w = s.words[0]!.toLowerCase();
    openers.set(w, (openers.get(w) ?? 0) + 1);
  }
  let repeatedOpeners = 0;
  let topOpener: DocumentAnalysis['topOpener'] = null;
  for (const [word, count] of openers) {
    if (count > 1) repeatedOpeners += count - 1;
    if (count > 1 && (!topOpener || count > topOpener.count)) topOpener = { word, count };
  }
  const sentenceCount = Math.max(1, sentences.length);
  const transitionOpeners = sentences.filter((s) => TRANSITIONS.has(s.words[0]!.toLowerCase())).length;

  const phraseHits = findMachinePhrases(text);
  let phraseCount = 0;
  for (const c of phraseHits.values()) phraseCount += c;

  const punct = [...text.matchAll(PUNCT)].map((m) => m[0]);
  const punctTypes = new Set(punct.map((p) => (p === '“' || p === '”' ? '"' : p === '‘' || p === '’' ? "'" : p)));
  const commas = punct.filter((p) => p === ',').length;
  const parenDash = (text.match(/[()–—]| - /gu) ?? []).length;

  // Capitalised words not at a sentence start: names and other proper nouns.
  let capitalized = 0;
  for (const s of sentences) for (let i = 1; i < s.words.length; i++) if (/^\p{Lu}/u.test(s.words[i]!)) capitalized++;

  const sentenceRarity = sentences.filter((s) => s.logRanks.length >= 3).map((s) => mean(s.logRanks));
  const paragraphs = text.split(/\n\s*\n/u).map((p) => (p.match(WORD) ?? []).length).filter((c) => c > 0);

  const features: FeatureVector = {
    sentence_length_cv: lengths.length > 1 ? std(lengths) / Math.max(1, mean(lengths)) : 0,
    short_sentence_share: lengths.filter((l) => l <= 8).length / sentenceCount,
    mtld: mtld(lower),
    mean_log_rank: mean(logRanks),
    rank_spread: std(logRanks),
    unknown_word_share: lowerAlpha.filter((w) => frequencyTokens(w).some((p) => Math.log(ranks.rank(p)) >= unknown)).length /
      Math.max(1, lowerAlpha.length),
    rarity_burstiness: std(sentenceRarity),
    function_word_share: lower.filter((w) => FUNCTION_WORDS.has(w)).length / n,
    first_person_rate: lower.filter((w) => FIRST_PERSON.has(w)).length / n,
    contraction_rate: allWords.filter((w) => /\p{L}['’]\p{L}/u.test(w)).length / n,
    comma_rate: commas / n,
    punctuation_variety: punctTypes.size,
    paren_dash_rate: parenDash / n,
    repeated_trigram_share: repeatedTrigrams / Math.max(1, lower.length - 2),
    repeated_opener_share: repeatedOpeners / sentenceCount,
    transition_opener_share: transitionOpeners / sentenceCount,
    machine_phrase_rate: (phraseCount / n) * 100,
    word_length_mean: mean(allWords.map((w) => w.length)),
    capitalized_share: capitalized / n,
    digit_share: allWords.filter((w) => /\p{N}/u.test(w)).length / n,
    informal_mark_rate: (text.match(INFORMAL) ?? []).length / n,
    content_repeat_share: contentRepeatShare(lower),
    quote_rate: (text.match(/["“”]/gu) ?? []).length / n,
    question_exclaim_rate: (text.match(/[?!]/gu) ?? []).length / sentenceCount,
  };
  const paragraphCv = paragraphs.length >= 3 ? std(paragraphs) / Math.max(1, mean(paragraphs)) : null;
  const known = lowerAlpha.filter((w) => frequencyTokens(w).every((p) => ranks.rank(p) < ranks.unknownRank)).length;
  return {
    features, sentences, wordCount: allWords.length, meanSentenceLength: mean(lengths),
    knownWordShare: lowerAlpha.length === 0 ? 0 : known / lowerAlpha.length, phraseHits, paragraphCv, topOpener,
  };
}
