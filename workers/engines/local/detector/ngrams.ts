/**
 * Hashed n-gram vectoriser of the detector. The text is first normalised so that the artefacts of a
 * corpus (casing, spacing around punctuation, curly quotes, digits) do not become features:
 * lower case, NFKC, one apostrophe and one quote mark, every digit run → "0", and every punctuation
 * mark a token of its own. Then word 1–2-grams and character 4-grams (over the normalised tokens
 * joined by single spaces) are hashed (FNV-1a) into 2^bits buckets; values are sublinear TF
 * (1 + ln count) × IDF, each block (words, characters) L2-normalised on its own. Pure functions.
 */

export interface HashSpec {
  bits: number;
  word_ngrams: [number, number];
  /** [0, 0] for none. */
  char_ngrams: [number, number];
  /**
   * When set, words outside the this-many most frequent English words (SUBTLEX ranks) are replaced by
   * their frequency class (⌊log2 rank⌋), so the n-grams describe function words, punctuation and
   * word-frequency patterns rather than topics.
   */
  keep_words?: number;
}

/**
 * A normalised token with the character span it came from in the original text; `word` is the
 * normalised word when `norm` is its frequency class (see HashSpec.keep_words).
 */
export interface Token { norm: string; start: number; end: number; word?: string }

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;

function normaliseToken(raw: string): string {
  let t = raw.toLowerCase();
  if (/[^\x00-\x7f]/u.test(t)) t = t.normalize('NFKC').replace(/[’‘`´]/gu, "'").replace(/[“”«»„]/gu, '"');
  return /[0-9]/u.test(t) ? t.replace(/[0-9]+/gu, '0') : t;
}

/** Frequency-class tokens ("#11"), one string per class. */
const CLASS_NAMES: string[] = [];
const className = (r: number): string => {
  const k = Math.floor(Math.log2(r));
  return (CLASS_NAMES[k] ??= `#${k}`);
};

/** Normalised tokens of a text with their offsets; with `rank` and `keepWords`, rarer words become their frequency class. */
export function tokenize(text: string, from = 0, to = text.length, rank?: (w: string) => number, keepWords = 0): Token[] {
  const out: Token[] = [];
  const slice = from === 0 && to === text.length ? text : text.slice(from, to);
  const classes = rank !== undefined && keepWords > 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(slice); m !== null; m = TOKEN.exec(slice)) {
    const raw = m[0];
    const start = from + m.index;
    const end = start + raw.length;
    // ASCII fast path (same result as normaliseToken): lower case, digit runs → 0; a letter is [A-Za-z].
    let ascii = true;
    let digit = false;
    let letter = false;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c >= 128) { ascii = false; break; }
      if (c >= 48 && c <= 57) digit = true;
      else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letter = true;
    }
    let norm: string;
    if (ascii) {
      norm = raw.toLowerCase();
      if (digit) norm = norm.replace(/[0-9]+/gu, '0');
    } else {
      norm = normaliseToken(raw);
      letter = /\p{L}/u.test(norm);
    }
    if (classes && letter) {
      const cut = ascii ? norm.indexOf("'") : -1;
      const r = rank(ascii ? (cut < 0 ? norm : norm.slice(0, cut)) : norm.replace(/'.*$/u, ''));
      if (r > keepWords) { out.push({ norm: className(r), start, end, word: norm }); continue; }
    }
    out.push({ norm, start, end, word: undefined });
  }
  return out;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashString(s: string, seed: number): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

const mix = (a: number, b: number): number => {
  let h = Math.imul(a ^ 0x9e3779b9, FNV_PRIME) ^ b;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
};

const WORD_SEED = 0x1234;
const CHAR_SEED = 0x5678;

/** Word hashes of normalised tokens (before bucketing), for explanations: combine with mixWordHashes. */
export function wordHashes(tokens: readonly Token[]): Uint32Array {
  return Uint32Array.from(tokens, (t) => hashString(t.norm, WORD_SEED));
}
export const mixWordHashes = mix;

/** Bucket of a word n-gram (tokens joined by one space), as used for the features and for explanations. */
export function wordBucket(tokens: readonly string[], bits: number): number {
  let h = hashString(tokens[0]!, WORD_SEED);
  for (let i = 1; i < tokens.length; i++) h = mix(h, hashString(tokens[i]!, WORD_SEED));
  return h & ((1 << bits) - 1);
}

/** Sparse vector: parallel arrays of bucket and value, buckets unique. */
export interface SparseVector { index: Int32Array; value: Float32Array }

/** Calls `emit(bucket, block)` for every word (block 0) and character (block 1) n-gram of a token sequence. */
function forEachNgram(tokens: readonly Token[], spec: HashSpec, emit: (bucket: number, block: 0 | 1) => void): void {
  const mask = (1 << spec.bits) - 1;
  const hashes = tokens.map((t) => hashString(t.norm, WORD_SEED));
  const [wMin, wMax] = spec.word_ngrams;
  for (let i = 0; i < hashes.length; i++) {
    let h = hashes[i]!;
    if (wMin <= 1) emit(h & mask, 0);
    for (let n = 2; n <= wMax && i + n - 1 < hashes.length; n++) {
      h = mix(h, hashes[i + n - 1]!);
      if (n >= wMin) emit(h & mask, 0);
    }
  }
  const [cMin, cMax] = spec.char_ngrams;
  if (cMin <= 0) return;
  const joined = ` ${tokens.map((t) => t.norm).join(' ')} `;
  for (let i = 0; i + cMin <= joined.length; i++) {
    let h = (FNV_OFFSET ^ CHAR_SEED) >>> 0;
    for (let n = 1; n <= cMax && i + n <= joined.length; n++) {
      h = Math.imul(h ^ joined.charCodeAt(i + n - 1), FNV_PRIME);
      if (n >= cMin) emit(((h >>> 0) ^ n) & mask, 1);
    }
  }
}

/** Raw counts of the word and character n-gram buckets of a token sequence, in two maps (training). */
export function countNgrams(tokens: readonly Token[], spec: HashSpec): { words: Map<number, number>; chars: Map<number, number> } {
  const words = new Map<number, number>();
  const chars = new Map<number, number>();
  forEachNgram(tokens, spec, (k, b) => { const m = b === 0 ? words : chars; m.set(k, (m.get(k) ?? 0) + 1); });
  return { words, chars };
}

/** Reusable dense scratch arrays (scoring is synchronous, so one set per bucket count is enough). */
interface Scratch { counts: [Uint16Array, Uint16Array]; touched: [number[], number[]]; value: Float64Array; seen: Uint8Array; tfidf: Float64Array }
const scratches = new Map<number, Scratch>();
function scratchFor(bits: number): Scratch {
  let s = scratches.get(bits);
  if (!s) {
    const size = 1 << bits;
    s = { counts: [new Uint16Array(size), new Uint16Array(size)], touched: [[], []], value: new Float64Array(size), seen: new Uint8Array(size), tfidf: new Float64Array(1024) };
    scratches.set(bits, s);
  }
  return s;
}

/** Adds one occurrence of bucket `k` of block `b` to the scratch counts. */
function countInto(sc: Scratch, k: number, b: 0 | 1): void {
  const c = sc.counts[b];
  if (c[k] === 0) sc.touched[b].push(k);
  if (c[k]! < 65535) c[k]!++;
}

/** 1 + ln(count) for the counts most buckets have (the same numbers as computing them). */
const SUBLINEAR = Float64Array.from({ length: 256 }, (_, c) => 1 + Math.log(c));
const sublinear = (c: number): number => (c < 256 ? SUBLINEAR[c]! : 1 + Math.log(c));

/**
 * Turns the counts in the scratch arrays into TF-IDF values, which it leaves in `sc.value` for the
 * buckets it returns, in the order vectorize() lists them; it clears the counts. The caller reads
 * and clears `sc.value` and `sc.seen` of those buckets.
 */
function valuesFromCounts(sc: Scratch, idf: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let b = 0; b < 2; b++) {
    const c = sc.counts[b]!;
    const list = sc.touched[b]!;
    if (sc.tfidf.length < list.length) sc.tfidf = new Float64Array(2 * list.length);
    const tfidf = sc.tfidf;
    let norm = 0;
    for (let i = 0; i < list.length; i++) { const k = list[i]!; const v = sublinear(c[k]!) * idf[k]!; tfidf[i] = v; norm += v * v; }
    const f = norm > 0 ? Math.SQRT1_2 / Math.sqrt(norm) : 0;
    for (let i = 0; i < list.length; i++) {
      const k = list[i]!;
      const v = tfidf[i]! * f;
      c[k] = 0;
      if (sc.seen[k] === 0) { sc.seen[k] = 1; out.push(k); }
      sc.value[k]! += v;
    }
    list.length = 0;
  }
  return out;
}

/** The TF-IDF vector of the counts in the scratch arrays, which it clears. */
function vectorFromCounts(sc: Scratch, idf: ArrayLike<number>): SparseVector {
  const out = valuesFromCounts(sc, idf);
  const index = new Int32Array(out.length);
  const value = new Float32Array(out.length);
  for (let i = 0; i < out.length; i++) {
    const k = out[i]!;
    index[i] = k;
    value[i] = sc.value[k]!;
    sc.value[k] = 0;
    sc.seen[k] = 0;
  }
  return { index, value };
}

/** dot(vectorFromCounts(sc, idf), w), without building the vector. */
function dotFromCounts(sc: Scratch, idf: ArrayLike<number>, w: ArrayLike<number>): number {
  const out = valuesFromCounts(sc, idf);
  let s = 0;
  for (let i = 0; i < out.length; i++) {
    const k = out[i]!;
    // The vector stores its values as 32-bit floats.
    s += Math.fround(sc.value[k]!) * w[k]!;
    sc.value[k] = 0;
    sc.seen[k] = 0;
  }
  return s;
}

/** TF-IDF vector (word block and character block each of norm 1/√2, so the whole has norm 1). */
export function vectorize(tokens: readonly Token[], spec: HashSpec, idf: ArrayLike<number>): SparseVector {
  const sc = scratchFor(spec.bits);
  forEachNgram(tokens, spec, (k, b) => countInto(sc, k, b));
  return vectorFromCounts(sc, idf);
}

/**
 * The n-gram buckets of a token sequence, hashed once; the vector of the whole sequence or of any run
 * of its tokens is then read off (vectorizeRange). A run's word n-grams are the sequence's word
 * n-grams that lie inside it; its character n-grams (over its tokens joined by single spaces, a
 * space either side) are those of the whole sequence's joined string that lie between the spaces
 * around the run. So the vectors, and the order their buckets are met in, are vectorize()'s.
 */
export interface NgramIndex {
  readonly tokens: readonly Token[];
  readonly spec: HashSpec;
  /** hashString(norm) of each token: the word hashes of wordHashes(). */
  readonly wordHashes: Uint32Array;
  /** Bucket of the word n-gram of n tokens from token i at [i * wMax + n - 1] (n ≥ wMin; -1 past the end). */
  readonly words: Int32Array;
  /** Offset of each token's first character in the joined string; [tokens.length] is the joined string's length. */
  readonly offsets: Int32Array;
  /** Bucket of the character n-gram of n characters from position p at [p * (cMax - cMin + 1) + n - cMin]. */
  readonly chars: Int32Array;
}

export function indexNgrams(tokens: readonly Token[], spec: HashSpec): NgramIndex {
  const mask = (1 << spec.bits) - 1;
  const nt = tokens.length;
  const hashes = new Uint32Array(nt);
  for (let i = 0; i < nt; i++) hashes[i] = hashString(tokens[i]!.norm, WORD_SEED);
  const [wMin, wMax] = spec.word_ngrams;
  const words = new Int32Array(nt * wMax).fill(-1);
  for (let i = 0; i < nt; i++) {
    let h = hashes[i]!;
    if (wMin <= 1) words[i * wMax] = h & mask;
    for (let n = 2; n <= wMax && i + n - 1 < nt; n++) {
      h = mix(h, hashes[i + n - 1]!);
      if (n >= wMin) words[i * wMax + n - 1] = h & mask;
    }
  }
  const offsets = new Int32Array(nt + 1);
  let at = 1;
  for (let i = 0; i < nt; i++) { offsets[i] = at; at += tokens[i]!.norm.length + 1; }
  offsets[nt] = at;
  const [cMin, cMax] = spec.char_ngrams;
  let chars = new Int32Array(0);
  if (cMin > 0 && nt > 0) {
    let joined = ' ';
    for (let i = 0; i < nt; i++) joined += tokens[i]!.norm + ' ';
    const width = cMax - cMin + 1;
    chars = new Int32Array(joined.length * width);
    for (let p = 0; p + cMin <= joined.length; p++) {
      let h = (FNV_OFFSET ^ CHAR_SEED) >>> 0;
      for (let n = 1; n <= cMax && p + n <= joined.length; n++) {
        h = Math.imul(h ^ joined.charCodeAt(p + n - 1), FNV_PRIME);
        if (n >= cMin) chars[p * width + n - cMin] = ((h >>> 0) ^ n) & mask;
      }
    }
  }
  return { tokens, spec, wordHashes: hashes, words, offsets, chars };
}

/** Counts the n-grams of tokens [from, to) of an indexed sequence into the scratch arrays (from < to). */
function countRange(sc: Scratch, ix: NgramIndex, from: number, to: number): void {
  const { spec } = ix;
  const [wMin, wMax] = spec.word_ngrams;
  const words = ix.words;
  for (let i = from; i < to; i++) {
    if (wMin <= 1) countInto(sc, words[i * wMax]!, 0);
    for (let n = 2; n <= wMax && i + n - 1 < to; n++) if (n >= wMin) countInto(sc, words[i * wMax + n - 1]!, 0);
  }
  const [cMin, cMax] = spec.char_ngrams;
  if (cMin > 0) {
    const width = cMax - cMin + 1;
    const chars = ix.chars;
    const a = ix.offsets[from]! - 1;
    const b = ix.offsets[to]!;
    for (let p = a; p + cMin <= b; p++) {
      for (let n = cMin; n <= cMax && p + n <= b; n++) countInto(sc, chars[p * width + n - cMin]!, 1);
    }
  }
}

/** vectorize() of tokens [from, to) of an indexed sequence, without hashing again. */
export function vectorizeRange(ix: NgramIndex, from: number, to: number, idf: ArrayLike<number>): SparseVector {
  // An empty run's joined string ("  ") is not a substring of the sequence's: computed directly.
  if (to <= from) return vectorize([], ix.spec, idf);
  const sc = scratchFor(ix.spec.bits);
  countRange(sc, ix, from, to);
  return vectorFromCounts(sc, idf);
}

/** dot(vectorizeRange(ix, from, to, idf), w): the same number, without building the vector. */
export function dotRange(ix: NgramIndex, from: number, to: number, idf: ArrayLike<number>, w: ArrayLike<number>): number {
  if (to <= from) return dot(vectorize([], ix.spec, idf), w);
  const sc = scratchFor(ix.spec.bits);
  countRange(sc, ix, from, to);
  return dotFromCounts(sc, idf, w);
}

export function dot(v: SparseVector, w: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.index.length; i++) s += v.value[i]! * w[v.index[i]!]!;
  return s;
}
