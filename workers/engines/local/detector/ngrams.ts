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

/** Normalised tokens of a text with their offsets; with `rank` and `keepWords`, rarer words become their frequency class. */
export function tokenize(text: string, from = 0, to = text.length, rank?: (w: string) => number, keepWords = 0): Token[] {
  const out: Token[] = [];
  const slice = from === 0 && to === text.length ? text : text.slice(from, to);
  for (const m of slice.matchAll(TOKEN)) {
    const norm = normaliseToken(m[0]);
    const start = from + m.index;
    const end = start + m[0].length;
    if (rank && keepWords > 0 && /\p{L}/u.test(norm)) {
      const r = rank(norm.replace(/'.*$/u, ''));
      if (r > keepWords) { out.push({ norm: `#${Math.floor(Math.log2(r))}`, start, end, word: norm }); continue; }
    }
    out.push({ norm, start, end });
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
interface Scratch { counts: [Uint16Array, Uint16Array]; touched: [number[], number[]]; value: Float64Array; seen: Uint8Array }
const scratches = new Map<number, Scratch>();
function scratchFor(bits: number): Scratch {
  let s = scratches.get(bits);
  if (!s) {
    const size = 1 << bits;
    s = { counts: [new Uint16Array(size), new Uint16Array(size)], touched: [[], []], value: new Float64Array(size), seen: new Uint8Array(size) };
    scratches.set(bits, s);
  }
  return s;
}

/** TF-IDF vector (word block and character block each of norm 1/√2, so the whole has norm 1). */
export function vectorize(tokens: readonly Token[], spec: HashSpec, idf: ArrayLike<number>): SparseVector {
  const sc = scratchFor(spec.bits);
  forEachNgram(tokens, spec, (k, b) => {
    const c = sc.counts[b];
    if (c[k] === 0) sc.touched[b].push(k);
    if (c[k]! < 65535) c[k]!++;
  });
  const out: number[] = [];
  for (const b of [0, 1] as const) {
    const c = sc.counts[b];
    const list = sc.touched[b];
    let norm = 0;
    for (const k of list) { const v = (1 + Math.log(c[k]!)) * idf[k]!; norm += v * v; }
    const f = norm > 0 ? Math.SQRT1_2 / Math.sqrt(norm) : 0;
    for (const k of list) {
      const v = (1 + Math.log(c[k]!)) * idf[k]! * f;
      c[k] = 0;
      if (sc.seen[k] === 0) { sc.seen[k] = 1; out.push(k); }
      sc.value[k]! += v;
    }
    list.length = 0;
  }
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

export function dot(v: SparseVector, w: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.index.length; i++) s += v.value[i]! * w[v.index[i]!]!;
  return s;
}
