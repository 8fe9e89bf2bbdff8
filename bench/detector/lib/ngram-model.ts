/**
 * The n-gram half of the detector: IDF from the training documents, then an L2-regularised,
 * sample-weighted pairwise logistic regression on the hashed TF-IDF vectors (see fitNgram), fitted by
 * AdaGrad SGD with a seeded shuffle and seeded partners (deterministic for a seed).
 */
import { countNgrams, dot, type HashSpec, type SparseVector, type Token } from '../../../workers/engines/local/detector/ngrams.js';
import { generatorKind, rng } from './dataset.js';

/** Raw bucket counts of one document: word block then character block. */
export interface NgramCounts { index: Int32Array; count: Uint16Array; wordEnd: number }

export const NGRAM_TRAINING = { lambda: 1e-4, epochs: 3, learningRate: 0.4 } as const;

export function ngramCounts(tokens: readonly Token[], spec: HashSpec): NgramCounts {
  const { words, chars } = countNgrams(tokens, spec);
  const n = words.size + chars.size;
  const index = new Int32Array(n);
  const count = new Uint16Array(n);
  let i = 0;
  for (const m of [words, chars]) for (const [k, c] of m) { index[i] = k; count[i] = Math.min(65535, c); i++; }
  return { index, count, wordEnd: words.size };
}

/** Smoothed IDF, ln((1 + N) / (1 + df)) + 1, over the documents' buckets (each block counted once per document). */
export function fitIdf(docs: readonly NgramCounts[], spec: HashSpec): Float32Array {
  const size = 1 << spec.bits;
  const df = new Uint32Array(size);
  const seen = new Uint32Array(size);
  docs.forEach((d, di) => {
    for (let i = 0; i < d.index.length; i++) {
      const k = d.index[i]!;
      if (seen[k] !== di + 1) { seen[k] = di + 1; df[k]!++; }
    }
  });
  const idf = new Float32Array(size);
  for (let k = 0; k < size; k++) idf[k] = Math.log((1 + docs.length) / (1 + df[k]!)) + 1;
  return idf;
}

/** Same arithmetic as ngrams.ts vectorize(), from stored counts (a bucket in both blocks is summed). */
export function toVector(d: NgramCounts, idf: ArrayLike<number>): SparseVector {
  const vals = new Float64Array(d.index.length);
  const blocks: Array<[number, number]> = [[0, d.wordEnd], [d.wordEnd, d.index.length]];
  for (const [from, to] of blocks) {
    let norm = 0;
    for (let i = from; i < to; i++) { const v = (1 + Math.log(d.count[i]!)) * idf[d.index[i]!]!; vals[i] = v; norm += v * v; }
    const f = norm > 0 ? Math.SQRT1_2 / Math.sqrt(norm) : 0;
    for (let i = from; i < to; i++) vals[i]! *= f;
  }
  const merged = new Map<number, number>();
  for (let i = 0; i < d.index.length; i++) { const k = d.index[i]!; merged.set(k, (merged.get(k) ?? 0) + vals[i]!); }
  const index = new Int32Array(merged.size);
  const value = new Float32Array(merged.size);
  let i = 0;
  for (const [k, v] of merged) { index[i] = k; value[i] = v; i++; }
  return { index, value };
}

export interface NgramFit { idf: Float32Array; weights: Float32Array; bias: number }

/** Where each training document comes from: pairs are only formed inside a source. */
export interface DocOrigin { source: string; group: string; generator?: string }
/**
 * The n-gram model learns from chat-model (and paraphrased chat-model) texts only: their phrasing is
 * shared across sources, while base-model continuations differ from source to source and taught it
 * provenance instead (held-out-source AUROC below 0.5 on two sources when they were included).
 */
const learnsFrom = (g: string): boolean => generatorKind(g) !== 'base';

/**
 * Pairwise fit: each machine text is paired with a human text of the same group (the document it
 * continues or answers) when there is one, else with a human text of the same source, and the model
 * learns w so that w·(x_ai − x_human) > 0 (logistic loss, no bias). Whatever two texts of one source
 * or one document share — casing and tokenisation conventions, topic, length regime — cancels out,
 * so the weights describe authorship rather than provenance. Each epoch draws new partners.
 * The bias is then set so that the weighted mean logit of the training texts is 0.
 */
export function fitNgram(
  docs: readonly NgramCounts[], labels: readonly number[], sampleWeights: readonly number[], spec: HashSpec, seed: number,
  origins: readonly DocOrigin[],
): NgramFit {
  const idf = fitIdf(docs, spec);
  const xs = docs.map((d) => toVector(d, idf));
  const size = 1 << spec.bits;
  const w = new Float32Array(size);
  const g2 = new Float32Array(size).fill(1e-6);
  const humansByGroup = new Map<string, number[]>();
  const humansBySource = new Map<string, number[]>();
  labels.forEach((y, i) => {
    if (y !== 0) return;
    const o = origins[i]!;
    humansByGroup.set(o.group, [...(humansByGroup.get(o.group) ?? []), i]);
    humansBySource.set(o.source, [...(humansBySource.get(o.source) ?? []), i]);
  });
  const ais = labels.map((y, i) => (y === 1 && humansBySource.has(origins[i]!.source) && (origins[i]!.generator === undefined || learnsFrom(origins[i]!.generator)) ? i : -1)).filter((i) => i >= 0);
  const mean = ais.reduce((a, i) => a + sampleWeights[i]!, 0) / Math.max(1, ais.length);
  const random = rng(seed);
  const { lambda, epochs, learningRate } = NGRAM_TRAINING;
  // Dense scratch for x_ai − x_human: values by bucket plus the list of buckets touched.
  const scratch = new Float64Array(size);
  const touched = new Int32Array(4096 * 64);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = ais.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [ais[i], ais[j]] = [ais[j]!, ais[i]!]; }
    for (const a of ais) {
      const pool = humansByGroup.get(origins[a]!.group) ?? humansBySource.get(origins[a]!.source)!;
      const h = pool[Math.floor(random() * pool.length)]!;
      const xa = xs[a]!;
      const xh = xs[h]!;
      let n = 0;
      for (let t = 0; t < xa.index.length; t++) { const k = xa.index[t]!; touched[n++] = k; scratch[k] = xa.value[t]!; }
      for (let t = 0; t < xh.index.length; t++) {
        const k = xh.index[t]!;
        if (scratch[k] === 0) touched[n++] = k;
        scratch[k]! -= xh.value[t]!;
      }
      let margin = 0;
      for (let t = 0; t < n; t++) { const k = touched[t]!; margin += scratch[k]! * w[k]!; }
      const g = (sampleWeights[a]! / mean) * (1 / (1 + Math.exp(-margin)) - 1);
      for (let t = 0; t < n; t++) {
        const k = touched[t]!;
        const v = scratch[k]!;
        if (v === 0) continue;
        scratch[k] = 0;
        const grad = g * v + lambda * w[k]!;
        g2[k]! += grad * grad;
        w[k]! -= (learningRate * grad) / Math.sqrt(g2[k]!);
      }
    }
  }
  let total = 0;
  let weightSum = 0;
  xs.forEach((x, i) => { total += sampleWeights[i]! * dot(x, w); weightSum += sampleWeights[i]!; });
  return { idf, weights: w, bias: -total / Math.max(1e-9, weightSum) };
}

export function ngramLogit(fit: NgramFit, d: NgramCounts): number {
  return dot(toVector(d, fit.idf), fit.weights) + fit.bias;
}
