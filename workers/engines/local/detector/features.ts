/**
 * Document and sentence features of the statistical detector. Every feature is a rate, a ratio or a
 * dispersion, so it means the same for a 100-word and a 2,000-word text, and none depends on line breaks.
 */
import { splitSentences, type Span } from '../text/segment.js';
import { FIRST_PERSON, FUNCTION_WORDS, MACHINE_PHRASES, TAUGHT_PHRASES, TRANSITIONS } from './lexicon.js';
import type { WordRanks } from './word-ranks.js';
import { countSlips } from './slips.js';

export const FEATURE_NAMES = [
  'sentence_length_cv', 'short_sentence_share', 'mtld',
  'mean_log_rank', 'rank_spread', 'unknown_word_share', 'rarity_burstiness',
  'function_word_share', 'first_person_rate', 'contraction_rate', 'comma_rate', 'punctuation_variety',
  'paren_dash_rate', 'repeated_trigram_share', 'repeated_opener_share', 'transition_opener_share',
  'machine_phrase_rate', 'word_length_mean', 'capitalized_share', 'digit_share', 'informal_mark_rate',
  'content_repeat_share', 'quote_rate', 'question_exclaim_rate', 'writing_slip_rate', 'participle_clause_rate',
  // Not meta-model inputs (no FeatureSpec): the plain-register rule reads them (model.ts, PlainRegister).
  'sentence_length_mean', 'word_count', 'machine_phrase_rate_untaught', 'list_word_share',
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
  questionExclaim: number; informal: number; slips: number; participles: number; transitionOpener: boolean; punctTypes: Set<string>;
  phraseHits: Map<string, number>;
}

export interface DocumentAnalysis {
  /** The features analyze() was asked for (all by default); NaN for the others. */
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
/**
 * A participle clause after a comma: "…, allowing employees to …", "…, fostering innovation". Chat models end
 * sentences this way far more often than people (per-source AUROC 0.58–0.69 in the training data, the same
 * direction in every source). Nouns and prepositions in -ing ("morning", "during", "including") do not count, nor
 * does the comma that ends an opening connective or phrase (OPENING_WORDS and up to three words): "In addition,
 * using a phone too much is bad" opens with a gerund subject, as learners' essays often do.
 */
const OPENING_WORDS = 'in|on|at|for|as|of|by|with|without|after|before|to|from|however|moreover|furthermore|additionally|also|besides|therefore|thus|hence|consequently|firstly|secondly|thirdly|first|second|third|finally|lastly|next|then|instead|meanwhile|nowadays|today|personally|otherwise|similarly|likewise|overall|still|yet|indeed|nevertheless|nonetheless|ultimately|unfortunately|fortunately|generally|usually|sometimes|clearly|obviously|again|now|so|but|and';
const PARTICIPLE_CLAUSE = new RegExp(`(?<!^[\\s"'“‘(]*(?:${OPENING_WORDS.split('|').map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`).join('|')})(?:\\s+[\\p{L}'’-]+){0,3}),\\s+(?!(?:during|according|including|regarding|concerning|something|nothing|anything|everything|morning|evening|thing|things|king|spring|string|ring|bring|sing|ceiling|building|wedding|meeting|feeling|beginning|ending|painting|clothing|housing|funding|training|learning|reading|writing|hearing|setting|being)(?![\\p{L}'’]))\\p{Ll}+ing(?![\\p{L}'’])`, 'gu');

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
  // exec on the shared regex rather than matchAll, which copies it: no alternative matches the empty string.
  const re = machinePhraseRegex();
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const key = m[0].toLowerCase().replace(/’/gu, "'");
    hits.set(key, (hits.get(key) ?? 0) + 1);
  }
  return hits;
}

function frequencyTokens(word: string): string[] {
  const w = word.toLowerCase();
  return w.includes("'") || w.includes('’') ? w.split(/['’]/u).filter((p) => p.length > 0) : [w];
}

/** A word made of a-z, ' and ’ only (the fast path of isLowerWord). */
function isPlainLowerWord(w: string): boolean {
  if (w.length === 0) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 39 || c === 0x2019)) return false;
  }
  return true;
}
// ASCII fast paths first: these run for every word of every request.
const isLowerWord = (w: string): boolean =>
  isPlainLowerWord(w) || (!/[0-9A-Z]/.test(w) && w === w.toLowerCase() && w !== w.toUpperCase());
const isCapitalized = (w: string): boolean => {
  const c = w.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90;
  return w[0]! !== w[0]!.toLowerCase();
};
const hasDigit = (w: string): boolean => {
  for (let i = 0; i < w.length; i++) { const c = w.charCodeAt(i); if (c >= 48 && c <= 57) return true; }
  return false;
};
/** Matches of a global regex none of whose alternatives matches the empty string (exec: matchAll would copy it). */
const count = (text: string, re: RegExp): number => {
  let n = 0;
  re.lastIndex = 0;
  while (re.exec(text) !== null) n++;
  return n;
};

/** PUNCT's marks by code unit, each with the type it counts as (curly quotes as straight ones). */
const PUNCT_TYPE: Array<string | undefined> = new Array<string | undefined>(0x2027).fill(undefined);
for (const p of ',;:()[]"“”\'‘’!?-–—…') PUNCT_TYPE[p.charCodeAt(0)] = p === '“' || p === '”' ? '"' : p === '‘' || p === '’' ? "'" : p;

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
    // One pass over the word's characters; an ASCII word takes the fast path below.
    let ascii = true, digit = false, upper = false, apostrophe = false;
    for (let k = 0; k < w.length; k++) {
      const c = w.charCodeAt(k);
      if (c >= 128) { ascii = false; break; }
      if (c >= 48 && c <= 57) digit = true;
      else if (c >= 65 && c <= 90) upper = true;
      else if (c === 39) apostrophe = true;
    }
    if (ascii) {
      // The general path below with what the scan found: ’ is not ASCII; an ASCII word of
      // WORD without digits is a lower word (isLowerWord) exactly when it has no capital.
      if (apostrophe) contractions++;
      if (i > 0 && w.charCodeAt(0) >= 65 && w.charCodeAt(0) <= 90) capitalized++;
      if (digit) { digits++; continue; }
      let isUnknown = false;
      if (!apostrophe) {
        const r = ranks.rank(l);
        if (r >= ranks.unknownRank) isUnknown = true;
        logRanks.push(Math.log(r));
      } else {
        for (const part of frequencyTokens(l)) {
          const r = ranks.rank(part);
          if (r >= ranks.unknownRank) isUnknown = true;
          logRanks.push(Math.log(r));
        }
      }
      if (!upper) { lowerAlpha++; if (isUnknown) unknown++; }
      continue;
    }
    apostrophe = l.includes("'") || l.includes('’');
    if (apostrophe) contractions++;
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
  const text = span.text;
  const punctTypes = new Set<string>();
  let commas = 0, parenDash = 0, quotes = 0, questionExclaim = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const type = c < PUNCT_TYPE.length ? PUNCT_TYPE[c] : undefined;
    if (type !== undefined) { punctTypes.add(type); if (c === 44) commas++; }
    // /["“”]/gu, /[?!]/gu
    if (c === 34 || c === 0x201c || c === 0x201d) quotes++;
    else if (c === 63 || c === 33) questionExclaim++;
  }
  // /[()–—]| - /gu: a match of " - " consumes its three characters.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 41 || c === 0x2013 || c === 0x2014) parenDash++;
    else if (c === 32 && text.charCodeAt(i + 1) === 45 && text.charCodeAt(i + 2) === 32) { parenDash++; i += 2; }
  }
  return sentenceRecord(span.text, span.start, span.end, {
    words, lower, logRanks, lowerAlpha, unknown, functionWords, firstPerson, contractions, letters, capitalized, digits,
    commas, parenDash, quotes, questionExclaim, informal: count(text, INFORMAL), slips: countSlips(text),
    participles: commas === 0 ? 0 : count(text, PARTICIPLE_CLAUSE),
    transitionOpener: words.length > 0 && TRANSITIONS.has(lower[0]!), punctTypes, phraseHits: findMachinePhrases(text),
  });
}

/**
 * A sentence's counts at the given offsets. Every property is written in one object literal: an object
 * spread followed by this many properties would leave V8 a slow dictionary-mode object, which costs
 * more to build than the counting and slows every later read.
 */
export function sentenceRecord(text: string, start: number, end: number, c: Omit<SentenceInfo, keyof Span>): SentenceInfo {
  return {
    text, start, end, words: c.words, lower: c.lower, logRanks: c.logRanks, lowerAlpha: c.lowerAlpha, unknown: c.unknown,
    functionWords: c.functionWords, firstPerson: c.firstPerson, contractions: c.contractions, letters: c.letters,
    capitalized: c.capitalized, digits: c.digits, commas: c.commas, parenDash: c.parenDash, quotes: c.quotes,
    questionExclaim: c.questionExclaim, informal: c.informal, slips: c.slips, participles: c.participles, transitionOpener: c.transitionOpener, punctTypes: c.punctTypes,
    phraseHits: c.phraseHits,
  };
}

/**
 * Features of a run of sentences (a whole document, a window, or one sentence). With `localOnly`
 * the features that need several sentences (dispersion, diversity, repetition) are left at 0. With
 * `names`, only those features are computed (the same values as when all are); the others are NaN.
 */
export function aggregate(sentences: readonly SentenceInfo[], localOnly = false, names: readonly FeatureName[] = FEATURE_NAMES): FeatureVector {
  const out: FeatureVector = {
    sentence_length_cv: NaN, short_sentence_share: NaN, mtld: NaN, mean_log_rank: NaN, rank_spread: NaN,
    unknown_word_share: NaN, rarity_burstiness: NaN, function_word_share: NaN, first_person_rate: NaN,
    contraction_rate: NaN, comma_rate: NaN, punctuation_variety: NaN, paren_dash_rate: NaN, repeated_trigram_share: NaN,
    repeated_opener_share: NaN, transition_opener_share: NaN, machine_phrase_rate: NaN, word_length_mean: NaN,
    capitalized_share: NaN, digit_share: NaN, informal_mark_rate: NaN, content_repeat_share: NaN, quote_rate: NaN,
    question_exclaim_rate: NaN, writing_slip_rate: NaN, participle_clause_rate: NaN, sentence_length_mean: NaN, word_count: NaN,
    machine_phrase_rate_untaught: NaN, list_word_share: NaN,
  };
  let words = 0;
  for (const s of sentences) words += s.lower.length;
  const n = Math.max(1, words);
  const sentenceCount = Math.max(1, sentences.length);
  // Built only when a feature needs them; every sum runs in the order of the flattened arrays.
  let lowerAll: string[] | undefined;
  const lower = (): string[] => (lowerAll ??= sentences.flatMap((s) => s.lower));
  let lengthsAll: number[] | undefined;
  const lengths = (): number[] => (lengthsAll ??= sentences.map((s) => s.words.length));
  let rankCount = -1;
  let rankMean = 0;
  const logRankMean = (): number => {
    if (rankCount < 0) {
      let sum = 0;
      rankCount = 0;
      for (const s of sentences) for (const r of s.logRanks) { sum += r; rankCount++; }
      rankMean = rankCount === 0 ? 0 : sum / rankCount;
    }
    return rankMean;
  };
  const sum = (key: 'lowerAlpha' | 'unknown' | 'functionWords' | 'firstPerson' | 'contractions' | 'letters' | 'capitalized' |
    'digits' | 'commas' | 'parenDash' | 'quotes' | 'questionExclaim' | 'informal' | 'slips' | 'participles'): number => {
    let a = 0;
    for (const s of sentences) a += s[key];
    return a;
  };

  for (const name of names) {
    switch (name) {
      case 'sentence_length_cv': { const l = lengths(); out[name] = l.length > 1 ? std(l) / Math.max(1, mean(l)) : 0; break; }
      case 'sentence_length_mean': out[name] = mean(lengths()); break;
      case 'word_count': out[name] = words; break;
      // A property of the document's lines, not of its sentences: analyze() sets it.
      case 'list_word_share': break;
      case 'short_sentence_share': { let c = 0; for (const s of sentences) if (s.words.length <= 8) c++; out[name] = c / sentenceCount; break; }
      case 'mtld': out[name] = localOnly ? 0 : mtld(lower()); break;
      case 'mean_log_rank': out[name] = logRankMean(); break;
      case 'rank_spread': {
        const m = logRankMean();
        if (rankCount < 2) { out[name] = 0; break; }
        let sq = 0;
        for (const s of sentences) for (const r of s.logRanks) sq += (r - m) ** 2;
        out[name] = Math.sqrt(sq / (rankCount - 1));
        break;
      }
      case 'unknown_word_share': out[name] = sum('unknown') / Math.max(1, sum('lowerAlpha')); break;
      case 'rarity_burstiness':
        out[name] = std(localOnly ? [] : sentences.filter((s) => s.logRanks.length >= 3).map((s) => mean(s.logRanks)));
        break;
      case 'function_word_share': out[name] = sum('functionWords') / n; break;
      case 'first_person_rate': out[name] = sum('firstPerson') / n; break;
      case 'contraction_rate': out[name] = sum('contractions') / n; break;
      case 'comma_rate': out[name] = sum('commas') / n; break;
      case 'punctuation_variety': {
        const punctTypes = new Set<string>();
        for (const s of sentences) for (const p of s.punctTypes) punctTypes.add(p);
        out[name] = punctTypes.size;
        break;
      }
      case 'paren_dash_rate': out[name] = sum('parenDash') / n; break;
      case 'repeated_trigram_share': {
        const trigramCounts = new Map<string, number>();
        const lw = localOnly ? [] : lower();
        for (let i = 0; i + 2 < lw.length; i++) {
          const key = `${lw[i]} ${lw[i + 1]} ${lw[i + 2]}`;
          trigramCounts.set(key, (trigramCounts.get(key) ?? 0) + 1);
        }
        let repeatedTrigrams = 0;
        for (const c of trigramCounts.values()) if (c > 1) repeatedTrigrams += c;
        out[name] = repeatedTrigrams / Math.max(1, words - 2);
        break;
      }
      case 'repeated_opener_share': out[name] = repeatedOpenerCount(sentences).repeated / sentenceCount; break;
      case 'transition_opener_share': { let c = 0; for (const s of sentences) if (s.transitionOpener) c++; out[name] = c / sentenceCount; break; }
      case 'machine_phrase_rate': {
        let phraseCount = 0;
        for (const s of sentences) for (const c of s.phraseHits.values()) phraseCount += c;
        out[name] = (phraseCount / n) * 100;
        break;
      }
      case 'machine_phrase_rate_untaught': {
        let phraseCount = 0;
        for (const s of sentences) for (const [p, c] of s.phraseHits) if (!TAUGHT_PHRASES.has(p)) phraseCount += c;
        out[name] = (phraseCount / n) * 100;
        break;
      }
      case 'word_length_mean': out[name] = sum('letters') / n; break;
      case 'capitalized_share': out[name] = sum('capitalized') / n; break;
      case 'digit_share': out[name] = sum('digits') / n; break;
      case 'informal_mark_rate': out[name] = sum('informal') / n; break;
      case 'writing_slip_rate': out[name] = sum('slips') / n; break;
      case 'participle_clause_rate': out[name] = sum('participles') / n; break;
      case 'content_repeat_share': out[name] = localOnly ? 0 : contentRepeatShare(lower()); break;
      case 'quote_rate': out[name] = sum('quotes') / n; break;
      case 'question_exclaim_rate': out[name] = sum('questionExclaim') / sentenceCount; break;
    }
  }
  return out;
}

function repeatedOpenerCount(sentences: readonly SentenceInfo[]): { repeated: number; top: DocumentAnalysis['topOpener'] } {
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

/** A list item or a heading: a line opening with a bullet, a number or letter and a mark, or `#`. */
const LIST_LINE = /^[ \t]*(?:[-*+•‣◦▪]|\d{1,3}[.)]|[A-Za-z][.)]|#{1,6})[ \t]+\S/u;

/** Share of a text's words that stand in list items or headings (0 for prose). */
export function listWordShare(text: string): number {
  if (!text.includes('\n') && !LIST_LINE.test(text)) return 0;
  let all = 0;
  let listed = 0;
  for (const line of text.split('\n')) {
    const n = (line.match(WORD) ?? []).length;
    all += n;
    if (n > 0 && LIST_LINE.test(line)) listed += n;
  }
  return all === 0 ? 0 : listed / all;
}

/**
 * Computes all features of a text. `info` computes a sentence's counts (by default sentenceInfo); a
 * caller may pass one that remembers them, since they depend on the sentence's text alone.
 */
export function analyze(
  text: string, ranks: WordRanks, info: (span: Span) => SentenceInfo = (s) => sentenceInfo(s, ranks),
  /** Features to compute (all by default); the others are NaN in `features`. */
  names: readonly FeatureName[] = FEATURE_NAMES,
): DocumentAnalysis {
  const sentences = splitSentences(text).map(info).filter((s) => s.words.length > 0);
  const phraseHits = new Map<string, number>();
  for (const s of sentences) for (const [p, c] of s.phraseHits) phraseHits.set(p, (phraseHits.get(p) ?? 0) + c);
  // Fewer than three blank-line-separated parts cannot give three paragraphs: their words are not counted.
  const parts = text.includes('\n') ? text.split(/\n\s*\n/u) : [];
  const paragraphs = parts.length < 3 ? [] : parts.map((p) => (p.match(WORD) ?? []).length).filter((c) => c > 0);
  const lowerAlpha = sentences.reduce((a, s) => a + s.lowerAlpha, 0);
  const unknown = sentences.reduce((a, s) => a + s.unknown, 0);
  const lengths = sentences.map((s) => s.words.length);
  const features = aggregate(sentences, false, names);
  if (names.includes('list_word_share')) features.list_word_share = listWordShare(text);
  return {
    features,
    sentences,
    wordCount: lengths.reduce((a, b) => a + b, 0),
    meanSentenceLength: mean(lengths),
    knownWordShare: lowerAlpha === 0 ? 0 : 1 - unknown / lowerAlpha,
    phraseHits,
    paragraphCv: paragraphs.length >= 3 ? std(paragraphs) / Math.max(1, mean(paragraphs)) : null,
    topOpener: repeatedOpenerCount(sentences).top,
  };
}
