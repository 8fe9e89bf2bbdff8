/**
 * A second independent AI-text detector for evaluating the humanizer, of another family than
 * holdout-detector.ts: it weighs no particular word or phrase, only how predictable a text's tokens are
 * under a model of human writing. An interpolated Kneser–Ney trigram language model (tokens as in
 * tokenize(); a token seen once in training joins a single unknown-word class) is trained on the
 * human-written texts of half B's training side (lib/data.ts). Each text is then summed up by six
 * statistics under that model — mean token log-probability (perplexity), its spread across sentences
 * (burstiness), how often the next token is the model's first choice or among its ten first choices, the
 * share of unknown words and the spread of sentence lengths — and a logistic regression over these,
 * fitted on both labels of the same side with each class weighing the same, turns them into a
 * probability. The humanizer never consults it.
 *
 * The regression must see statistics of texts the language model was not trained on: a human text
 * scored by a model that learnt from it looks far more predictable than any unseen text, and the
 * regression would learn exactly that difference. So the training side is cut into folds by
 * source-document group (the seed fixes the cut); each training text is described by the model built
 * from the human texts of the other folds, and any other text is scored by every fold model in turn,
 * its probability being the mean — the conditions the regression was fitted under.
 */
import { hash32 } from '../../../workers/engines/local/humanizer/random.js';
import type { Example } from './data.js';
import { fitLogistic, fitStandardiser, predictLogit, sigmoid, standardise } from '../../detector/lib/logistic.js';

const UNK = 0;
const BOS = 1;
/** A token counts as a top continuation when it is among this many most probable ones. */
const TOP = 10;

/** The statistics, in the order statistics() computes them; sentences end at . ! or ?. */
export const LM_FEATURES = ['mean_log_prob', 'sentence_log_prob_sd', 'top1_share', 'top10_share', 'unknown_share', 'sentence_length_sd'] as const;
export type LmFeature = typeof LM_FEATURES[number];

export interface LmDetector {
  /** Probability (0-1) that the text is machine-written. */
  prob(text: string): number;
  /** The probability with the statistics it was computed from, these averaged over the fold models. */
  assess(text: string): { prob: number; statistics: Record<LmFeature, number> };
  /** Regression weight per statistic, on statistics standardised over the training side. */
  readonly weights: Readonly<Record<LmFeature, number>>;
  /** Human texts the language models learnt from (each fold model from all but one fold of them). */
  readonly humanTexts: number;
  /** Texts of both labels the regression was fitted on. */
  readonly trainedOn: number;
}

/**
 * Lower-cased tokens: words; the clitics of English contractions split off as tokens of their own, as
 * the Penn Treebank does ("don't" → do n't, "it’s" → it 's), so that a contraction is predicted from the
 * same word the full form starts with instead of being a rare token of its own; numbers as the single
 * token <num> (which number is written says nothing about fluency); punctuation marks, one per token.
 * ’ is read as '.
 */
export function tokenize(text: string): string[] {
  const raw = text.toLowerCase().replace(/’/gu, "'")
    .match(/\p{L}+(?=n't(?!\p{L}))|(?<=\p{L})n't(?!\p{L})|(?<=\p{L})'(?:s|re|ve|ll|m|d)(?!\p{L})|\p{L}+(?:'(?!(?:s|re|ve|ll|m|d)(?!\p{L}))\p{L}+)*|\p{N}+(?:[.,]\p{N}+)*|[^\s\p{L}\p{N}]/gu) ?? [];
  return raw.map((t) => (/^\p{N}/u.test(t) ? '<num>' : t));
}

const SENTENCE_END = new Set(['.', '!', '?']);
/** Words for sentence length: a split-off clitic is part of the word before it. */
const isWord = (t: string): boolean => t === '<num>' || (/^\p{L}/u.test(t) && t !== "n't");

export interface LanguageModel {
  id(token: string): number;
  /** p(w | u v), interpolated down to a uniform distribution, so never 0. */
  prob(u: number, v: number, w: number): number;
  /** The TOP most probable continuations of u v, best first; the unknown-word class is never one. */
  top(u: number, v: number): Int32Array;
}

/** Ney's estimate of the absolute discount from the numbers of n-grams counted once and twice. */
function discount(counts: Iterable<number>): number {
  let n1 = 0;
  let n2 = 0;
  for (const c of counts) { if (c === 1) n1++; else if (c === 2) n2++; }
  return n1 + 2 * n2 > 0 ? n1 / (n1 + 2 * n2) : 0.5;
}

interface Context {
  /** Sum of `counts`. */
  total: number;
  /**
   * Per following token, its occurrences after the context at the top order; below it, the number of
   * distinct tokens seen before context and follower together (Kneser–Ney continuation counts).
   */
  counts: Map<number, number>;
  /** Its TOP best continuations, filled in when first asked for. */
  top?: Int32Array;
}

export function buildLanguageModel(texts: readonly string[]): LanguageModel {
  const tokenized = texts.map(tokenize);
  const freq = new Map<string, number>();
  for (const tokens of tokenized) for (const t of tokens) freq.set(t, (freq.get(t) ?? 0) + 1);
  const vocab = new Map<string, number>([['<unk>', UNK], ['<s>', BOS]]);
  for (const [t, n] of [...freq].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (n >= 2) vocab.set(t, vocab.size);
  const V = vocab.size;
  const id = (t: string): number => vocab.get(t) ?? UNK;
  const context = (): Context => ({ total: 0, counts: new Map() });

  // Trigram counts per two-token context u v, keyed u·V + v; every text starts from <s> <s>.
  const ctx3 = new Map<number, Context>();
  for (const tokens of tokenized) {
    let u = BOS;
    let v = BOS;
    for (const t of tokens) {
      const w = id(t);
      let c = ctx3.get(u * V + v);
      if (c === undefined) { c = context(); ctx3.set(u * V + v, c); }
      c.total++;
      c.counts.set(w, (c.counts.get(w) ?? 0) + 1);
      u = v;
      v = w;
    }
  }
  // Kneser–Ney: the lower orders count distinct left contexts, not occurrences.
  const ctx2: Array<Context | undefined> = new Array(V);
  for (const [uv, c] of ctx3) {
    const v = uv % V;
    const lower = ctx2[v] ?? context();
    ctx2[v] = lower;
    for (const w of c.counts.keys()) { lower.total++; lower.counts.set(w, (lower.counts.get(w) ?? 0) + 1); }
  }
  const cont1 = new Float64Array(V);
  for (const c of ctx2) if (c !== undefined) for (const w of c.counts.keys()) cont1[w]! += 1;
  const d3 = discount([...ctx3.values()].flatMap((c) => [...c.counts.values()]));
  const d2 = discount(ctx2.flatMap((c) => (c === undefined ? [] : [...c.counts.values()])));
  const d1 = discount(cont1);
  let total1 = 0;
  let types1 = 0;
  for (const c of cont1) { total1 += c; if (c > 0) types1++; }

  // The start symbol is never predicted, so the uniform floor spreads over the other V − 1 tokens.
  const p1 = (w: number): number => (w === BOS ? 0 : Math.max(cont1[w]! - d1, 0) / total1 + (d1 * types1) / total1 / (V - 1));
  const backoff = (c: Context, d: number): number => (d * c.counts.size) / c.total;
  const p2 = (v: number, w: number): number => {
    const c = ctx2[v];
    if (c === undefined) return p1(w);
    return Math.max((c.counts.get(w) ?? 0) - d2, 0) / c.total + backoff(c, d2) * p1(w);
  };
  const prob = (u: number, v: number, w: number): number => {
    const c = ctx3.get(u * V + v);
    if (c === undefined) return p2(v, w);
    return Math.max((c.counts.get(w) ?? 0) - d3, 0) / c.total + backoff(c, d3) * p2(v, w);
  };

  // Ranking. A token outside a context's followers gets the lower order's probability times the
  // context's back-off weight, so among themselves such tokens rank as they do at the lower order:
  // each order's ranking is the merge of its followers, sorted, with the lower order's ranking of the
  // rest. Ties go to the lower token id within a list and to the followers between the two, so
  // rankings are reproducible.
  const sortedBy = (ids: Iterable<number>, score: (w: number) => number): Array<{ w: number; p: number }> =>
    [...ids].filter((w) => w !== UNK && w !== BOS).map((w) => ({ w, p: score(w) })).sort((a, b) => b.p - a.p || a.w - b.w);
  const unigramOrder = sortedBy(Array(V).keys(), p1);
  /**
   * The first n (or more) continuations of v under p2, best first, with their probabilities; the
   * longest prefix computed so far is kept and reused.
   */
  const ranked2: Array<Array<{ w: number; p: number }> | undefined> = new Array(V);
  const ranking2 = (v: number, n: number): Array<{ w: number; p: number }> => {
    const known = ranked2[v];
    if (known !== undefined && (known.length >= n || known.length === unigramOrder.length)) return known;
    const c = ctx2[v];
    const followers = c === undefined ? [] : sortedBy(c.counts.keys(), (w) => p2(v, w));
    const lambda = c === undefined ? 1 : backoff(c, d2);
    const out: Array<{ w: number; p: number }> = [];
    const want = Math.max(n, 2 * (known?.length ?? 0));
    let i = 0;
    let j = 0;
    while (out.length < want) {
      while (j < unigramOrder.length && c?.counts.has(unigramOrder[j]!.w)) j++;
      const a = i < followers.length ? followers[i]!.p : -1;
      const b = j < unigramOrder.length ? lambda * unigramOrder[j]!.p : -1;
      if (a < 0 && b < 0) break;
      if (a >= b) out.push(followers[i++]!);
      else out.push({ w: unigramOrder[j++]!.w, p: b });
    }
    ranked2[v] = out;
    return out;
  };
  const top2: Array<Int32Array | undefined> = new Array(V);
  const top = (u: number, v: number): Int32Array => {
    const c = ctx3.get(u * V + v);
    if (c === undefined) return (top2[v] ??= Int32Array.from(ranking2(v, TOP).slice(0, TOP), (e) => e.w));
    if (c.top !== undefined) return c.top;
    const followers = sortedBy(c.counts.keys(), (w) => prob(u, v, w));
    // At most c.counts.size of the lower order's best are followers here, so this many suffice.
    const rest: Array<{ w: number; p: number }> = [];
    for (const e of ranking2(v, TOP + c.counts.size)) if (!c.counts.has(e.w) && rest.push(e) === TOP) break;
    const lambda = backoff(c, d3);
    const merged: number[] = [];
    let i = 0;
    let j = 0;
    while (merged.length < TOP && (i < followers.length || j < rest.length)) {
      const a = i < followers.length ? followers[i]!.p : -1;
      const b = j < rest.length ? lambda * rest[j]!.p : -1;
      merged.push(a >= b ? followers[i++]!.w : rest[j++]!.w);
    }
    c.top = Int32Array.from(merged);
    return c.top;
  };
  return { id, prob, top };
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const sd = (xs: readonly number[]): number => {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};

/** The statistics of LM_FEATURES, in that order, of a tokenized text under `lm`. */
export function statistics(lm: LanguageModel, tokens: readonly string[]): number[] {
  const sentenceLogProbs: number[] = [];
  const sentenceLengths: number[] = [];
  let logProbs: number[] = [];
  let words = 0;
  let sum = 0;
  let top1 = 0;
  let top10 = 0;
  let unknown = 0;
  const close = (): void => {
    if (words > 0) { sentenceLogProbs.push(mean(logProbs)); sentenceLengths.push(words); }
    logProbs = [];
    words = 0;
  };
  let u = BOS;
  let v = BOS;
  for (const t of tokens) {
    const w = lm.id(t);
    const lp = Math.log(lm.prob(u, v, w));
    sum += lp;
    logProbs.push(lp);
    if (isWord(t)) words++;
    // The unknown class stands for many words at once, so an unknown token is never a top continuation.
    if (w === UNK) unknown++;
    else {
      const best = lm.top(u, v);
      if (best[0] === w) top1++;
      if (best.includes(w)) top10++;
    }
    if (SENTENCE_END.has(t)) close();
    u = v;
    v = w;
  }
  close();
  const n = Math.max(1, tokens.length);
  return [sum / n, sd(sentenceLogProbs), top1 / n, top10 / n, unknown / n, sd(sentenceLengths)];
}

export function trainLmDetector(examples: readonly Example[], options: { folds?: number; seed?: number } = {}): LmDetector {
  const folds = options.folds ?? 5;
  const seed = (options.seed ?? 1) >>> 0;
  const foldOf = (group: string): number => hash32(group, seed) % folds;
  const humans = examples.filter((e) => e.label === 'human');
  const models = Array.from({ length: folds }, (_, f) => buildLanguageModel(humans.filter((e) => foldOf(e.group) !== f).map((e) => e.text)));

  const raw = examples.map((e) => statistics(models[foldOf(e.group)]!, tokenize(e.text)));
  const standardiser = fitStandardiser(raw);
  // Each class weighs the same; a light ridge penalty keeps the steps defined when two statistics move together.
  const labels = examples.map((e) => (e.label === 'ai' ? 1 : 0));
  const nAi = labels.filter((v) => v === 1).length;
  const classWeight = [labels.length / (2 * Math.max(1, labels.length - nAi)), labels.length / (2 * Math.max(1, nAi))];
  const fit = fitLogistic(raw.map((r) => standardise(r, standardiser)), labels, 1 / labels.length, { sampleWeights: labels.map((v) => classWeight[v]!), iterations: 50 });
  const probUnder = (r: number[]): number => sigmoid(predictLogit(fit, standardise(r, standardiser)));

  const assess = (text: string): { prob: number; statistics: Record<LmFeature, number> } => {
    const tokens = tokenize(text);
    const per = models.map((lm) => statistics(lm, tokens));
    return {
      prob: mean(per.map(probUnder)),
      statistics: Object.fromEntries(LM_FEATURES.map((name, k) => [name, mean(per.map((r) => r[k]!))])) as Record<LmFeature, number>,
    };
  };
  return {
    prob: (text) => assess(text).prob,
    assess,
    weights: Object.fromEntries(LM_FEATURES.map((name, k) => [name, fit.weights[k]!])) as Record<LmFeature, number>,
    humanTexts: humans.length,
    trainedOn: examples.length,
  };
}
