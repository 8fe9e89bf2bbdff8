/**
 * The local statistical detector: hashed n-grams and stylometric features → stacked, calibrated
 * logistic model (model.ts) → report with verdict, confidence, signals and per-sentence scores.
 * Scoring is a pure synchronous function of (model, text).
 */
import type { Confidence, DetectionReport, SentenceScore, Verdict } from '../../../../domain/options.js';
import type { Detector } from '../../types.js';
import { aggregate, analyze, sentenceInfo, sentenceRecord, type DocumentAnalysis, type FeatureName, type FeatureVector, type SentenceInfo } from './features.js';
import type { Span } from '../text/segment.js';
import { createScorer, loadDetectorWeights, sigmoid, type DetectorWeights, type ThinEvidence } from './model.js';
import { dot, dotRange, indexNgrams, tokenize, vectorizeRange, type NgramIndex, type SparseVector, type Token } from './ngrams.js';
import { buildSignals, phraseSignals } from './signals.js';
import { loadWordRanks, type WordRanks } from './word-ranks.js';

export const VERDICT_LABELS: Record<Verdict, string> = {
  likely_ai: 'Likely AI-generated',
  possibly_ai: 'Possibly AI-generated',
  mixed: 'Mixed: parts read as AI-generated',
  likely_human: 'Likely human-written',
};

/** Texts shorter than this are never reported with high confidence. */
export const MIN_WORDS_HIGH_CONFIDENCE = 120;
/**
 * Texts shorter than this always get low confidence, their score is pulled toward 50 (the more the
 * shorter, see evidenceScale), and they never reach likely_ai.
 */
export const MIN_WORDS_MEDIUM_CONFIDENCE = 80;
/** Below this share of recognised English words the features mean little: confidence is low. */
export const MIN_ENGLISH_SHARE = 0.6;
/** Sentences whose counts the detector keeps (see rememberedInfo). */
const SENTENCE_MEMO_SIZE = 4096;
/** A window is at least this many words when looking for mixed authorship. */
const MIXED_WINDOW_WORDS = 60;

export interface LocalDetector extends Detector {
  /** Raw feature values of a text (for explanations, tests and benchmarks). */
  features(text: string): FeatureVector;
  /** Calibrated AI probability in percent (0-100), without building the full report. */
  scoreText(text: string): number;
  /** The full report, synchronously (detect() without its event-loop turn, for a caller that cannot be cancelled). */
  report(text: string): DetectionReport;
  score(text: string, options: { signal: AbortSignal }): Promise<number>;
  readonly weights: DetectorWeights;
}

export interface LocalDetectorOptions { weights?: DetectorWeights; ranks?: WordRanks }

export type Cutoffs = DetectorWeights['thresholds'];

/**
 * Verdict from the calibrated score and the scores of contiguous windows of the text: mixed when
 * one window reads as likely AI and another below the possibly-AI cut-off; otherwise by cut-off.
 */
export function verdictFor(aiScore: number, windows: readonly number[], cut: Cutoffs): Verdict {
  if (windows.length >= 2 && Math.max(...windows) >= cut.likely_ai && Math.min(...windows) < cut.possibly_ai) return 'mixed';
  if (aiScore >= cut.likely_ai) return 'likely_ai';
  if (aiScore >= cut.possibly_ai) return 'possibly_ai';
  return 'likely_human';
}

/**
 * Confidence from the distance to the nearest cut-off and the text's length: low under 80 words,
 * for text that is not mostly English, or within 4 points of a cut-off; high only from 120 words
 * and at least 12 points away; medium otherwise.
 */
export function confidenceFor(aiScore: number, words: number, englishShare: number, cut: Cutoffs): Confidence {
  if (words < MIN_WORDS_MEDIUM_CONFIDENCE || englishShare < MIN_ENGLISH_SHARE) return 'low';
  const margin = Math.min(Math.abs(aiScore - cut.likely_ai), Math.abs(aiScore - cut.possibly_ai));
  if (margin < 4) return 'low';
  if (margin >= 12 && words >= MIN_WORDS_HIGH_CONFIDENCE) return 'high';
  return 'medium';
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * How far a text's evidence counts, as a factor on the calibrated logit: 1 from 80 words, and under 80
 * words (words / 80)^exponent with the exponent fitted in training (model file, `thin_evidence`), so
 * that a shorter text is pulled further toward 50 and an empty one sits at 50.
 */
export function evidenceScale(words: number, thin: ThinEvidence): number {
  if (words >= MIN_WORDS_MEDIUM_CONFIDENCE) return 1;
  return Math.pow(Math.max(0, words) / MIN_WORDS_MEDIUM_CONFIDENCE, thin.exponent);
}

/**
 * ai_score (integer percent) of a calibrated logit, with the thin-evidence rule: under 80 words the
 * logit is scaled by evidenceScale (toward 50); text that is not mostly English is pulled toward 50
 * by the non-English factor more; both stay below the likely_ai cut-off. Never moves a score across 50.
 */
export function shrinkScore(calibratedLogit: number, words: number, englishShare: number, weights: Pick<DetectorWeights, 'thin_evidence' | 'thresholds'>): number {
  const z = Number.isFinite(calibratedLogit) ? calibratedLogit : 0;
  const short = words < MIN_WORDS_MEDIUM_CONFIDENCE;
  const foreign = englishShare < MIN_ENGLISH_SHARE;
  let p = 100 * sigmoid(evidenceScale(words, weights.thin_evidence) * z);
  if (foreign) p = 50 + (p - 50) * weights.thin_evidence.non_english_factor;
  const score = Math.round(p);
  return short || foreign ? Math.min(weights.thresholds.likely_ai - 1, score) : score;
}

/** Runs `work` after one event-loop turn, so a cancel that arrives right after the call is still honoured. */
function afterYield<T>(signal: AbortSignal, work: () => T): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    setImmediate(() => {
      if (signal.aborted) { reject(abortReason(signal)); return; }
      try { resolve(work()); } catch (err: unknown) { reject(err); }
    });
  });
}

export function createLocalDetector(options: LocalDetectorOptions = {}): LocalDetector {
  const weights = options.weights ?? loadDetectorWeights();
  const ranks = options.ranks ?? loadWordRanks();
  const scorer = createScorer(weights);
  const { hashing } = scorer.ngram;
  const toPercent = (logit: number): number => Math.round(100 * scorer.calibrate(logit));
  const localFeatures = weights.features.filter((f) => f.local);
  const ngramLogit = (v: SparseVector): number => dot(v, scorer.ngram.weights) + scorer.ngram.bias;
  /** The features the meta model reads; the report also shows the sentence-length variation. */
  const modelFeatures = scorer.featureNames;
  const reportFeatures: FeatureName[] = modelFeatures.includes('sentence_length_cv') ? [...modelFeatures] : [...modelFeatures, 'sentence_length_cv'];
  /** A sentence's own features: the local ones, and what the plain-register rule reads in their place. */
  const localNames: FeatureName[] = [...localFeatures.map((f) => f.name),
    ...localFeatures.map((f) => weights.plain_register?.substitutes[f.name]).filter((n): n is FeatureName => n !== undefined)];
  /** Tokens inside [start, end) of the text, as an index range (tokens are in text order: binary search for the first). */
  const tokenRange = (tokens: readonly Token[], start: number, end: number): [number, number] => {
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (tokens[mid]!.start < start) lo = mid + 1; else hi = mid; }
    let to = lo;
    while (to < tokens.length && tokens[to]!.end <= end) to++;
    return [lo, to];
  };

  /** Each sentence's own n-gram logit, its vector read off the document's n-gram index. */
  const sentenceNgrams = (a: DocumentAnalysis, ix: NgramIndex): number[] =>
    a.sentences.map((s) => {
      const [from, to] = tokenRange(ix.tokens, s.start, s.end);
      return dotRange(ix, from, to, scorer.ngram.idf, scorer.ngram.weights) + scorer.ngram.bias;
    });

  /**
   * A sentence's score: the document's logit moved by how far the sentence's own n-gram logit and
   * its sentence-level stylometric features differ from the document's, through the same meta weights.
   */

  function sentenceScores(a: DocumentAnalysis, own: readonly number[], docLogit: number, docNgram: number): SentenceScore[] {
    // A sentence follows its document's plain-register decision (PlainRegister).
    const plain = scorer.isPlain(a.features);
    const docZ = localFeatures.map((f) => scorer.ruledZ(f, a.features, plain));
    const docN = scorer.ngramContribution(docNgram);
    const one: SentenceInfo[] = [];
    return a.sentences.map((s, i) => {
      one[0] = s;
      const features = aggregate(one, true, localNames);
      let shift = scorer.ngramContribution(own[i]!) - docN;
      for (let k = 0; k < localFeatures.length; k++) {
        const f = localFeatures[k]!;
        shift += f.weight * (scorer.ruledZ(f, features, plain) - docZ[k]!);
      }
      const aiScore = shrinkScore(scorer.calibratedLogit(docLogit + weights.sentence_shrink * shift), a.wordCount, a.knownWordShare, weights);
      return { text: s.text, start: s.start, end: s.end, ai_score: aiScore };
    });
  }

  /**
   * Scores of contiguous windows of sentences; disagreement between them means mixed authorship. A
   * window's n-gram logit is the word-weighted mean of its sentences' own.
   */
  function windowScores(a: DocumentAnalysis, own: readonly number[]): number[] {
    // Every window follows its document's plain-register decision (PlainRegister).
    const plain = scorer.isPlain(a.features);
    const windows = Math.min(4, Math.floor(a.wordCount / MIXED_WINDOW_WORDS));
    if (windows < 2 || a.sentences.length < 4) return [];
    const per = a.wordCount / windows;
    const out: number[] = [];
    let from = 0;
    let words = 0;
    for (let i = 0; i < a.sentences.length; i++) {
      words += a.sentences[i]!.words.length;
      if (words >= per * (out.length + 1) || i === a.sentences.length - 1) {
        const part = a.sentences.slice(from, i + 1);
        let l = 0;
        let n = 0;
        for (let j = from; j <= i; j++) { const wds = a.sentences[j]!.words.length; l += own[j]! * wds; n += wds; }
        l /= Math.max(1, n);
        out.push(toPercent(scorer.logit(aggregate(part, false, modelFeatures), l, plain)));
        from = i + 1;
      }
    }
    return out;
  }

  /**
   * Counts of recently scored sentences, by text, for the score and the report alike. The humanizer
   * scores several candidates of one text, which share most of their sentences, and a text is often
   * detected again after an edit or a rewrite; a sentence's counts depend on its text alone. Bounded.
   */
  const sentenceMemo = new Map<string, SentenceInfo>();
  const rememberedInfo = (span: Span): SentenceInfo => {
    const known = sentenceMemo.get(span.text);
    if (known) return known.start === span.start && known.end === span.end ? known : sentenceRecord(known.text, span.start, span.end, known);
    const info = sentenceInfo(span, ranks);
    if (sentenceMemo.size >= SENTENCE_MEMO_SIZE) sentenceMemo.clear();
    sentenceMemo.set(span.text, info);
    return info;
  };

  /**
   * The document's analysis (only the features in `names`), n-gram index, vector and logits. The
   * n-gram index is hashed once; the report reads the sentences' vectors off it.
   */
  function score(text: string, remember: boolean, names: readonly FeatureName[]): { a: DocumentAnalysis; ix: NgramIndex; vector: SparseVector; ngram: number; logit: number; aiScore: number } {
    const a = analyze(text, ranks, remember ? rememberedInfo : undefined, names);
    const tokens = tokenize(text, 0, text.length, ranks.rank, hashing.keep_words);
    const ix = indexNgrams(tokens, hashing);
    const vector = vectorizeRange(ix, 0, tokens.length, scorer.ngram.idf);
    const ngram = ngramLogit(vector);
    const logit = scorer.logit(a.features, ngram);
    const aiScore = shrinkScore(scorer.calibratedLogit(logit), a.wordCount, a.knownWordShare, weights);
    return { a, ix, vector, ngram, logit, aiScore };
  }

  function report(text: string): DetectionReport {
    const { a, ix, vector, ngram, logit, aiScore } = score(text, true, reportFeatures);
    const thin = a.wordCount < MIN_WORDS_MEDIUM_CONFIDENCE || a.knownWordShare < MIN_ENGLISH_SHARE;
    const own = sentenceNgrams(a, ix);
    const verdict = verdictFor(aiScore, thin ? [] : windowScores(a, own), weights.thresholds);
    const confidence = confidenceFor(aiScore, a.wordCount, a.knownWordShare, weights.thresholds);
    const phrases = phraseSignals(ix.tokens, vector, scorer, 4, ix.wordHashes);
    const signals = buildSignals(scorer.contributions(a.features), a, verdict === 'likely_human', phrases, scorer.ngramContribution(ngram));
    const top = signals.slice(0, 2).map((s) => s.signal.replace(/_/gu, ' '));
    const caveat = (a.knownWordShare < MIN_ENGLISH_SHARE ? ' The text does not look like English, so the features say little.' : '') +
      (a.wordCount < MIN_WORDS_MEDIUM_CONFIDENCE ? ` The text is short (${a.wordCount} words), so the score is pulled toward 50 and stays below likely AI.` : '');
    const summary = `${VERDICT_LABELS[verdict]} (AI score ${aiScore}/100, ${confidence} confidence)` +
      (top.length > 0 ? `; main evidence: ${top.join(', ')}.` : '.') + caveat;
    return {
      ai_score: aiScore, human_score: 100 - aiScore, confidence, verdict, label: VERDICT_LABELS[verdict],
      signals, sentences: sentenceScores(a, own, logit, ngram), summary,
    };
  }

  return {
    weights,
    features: (text) => analyze(text, ranks).features,
    scoreText: (text) => score(text, true, modelFeatures).aiScore,
    report,
    detect(text, { signal }) {
      return afterYield(signal, () => report(text));
    },
    score(text, { signal }) {
      return afterYield(signal, () => score(text, true, modelFeatures).aiScore);
    },
  };
}
