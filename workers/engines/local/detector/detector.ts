/**
 * The local statistical detector: features → calibrated logistic model → report with verdict,
 * confidence, signals and per-sentence scores.
 */
import type { Confidence, DetectionReport, SentenceScore, Verdict } from '../../../../domain/options.js';
import type { Detector } from '../../types.js';
import { aggregate, analyze, type DocumentAnalysis, type FeatureVector } from './features.js';
import { createScorer, loadDetectorWeights, type DetectorWeights } from './model.js';
import { buildSignals } from './signals.js';
import { loadWordRanks, type WordRanks } from './word-ranks.js';

export const VERDICT_LABELS: Record<Verdict, string> = {
  likely_ai: 'Likely AI-generated',
  possibly_ai: 'Possibly AI-generated',
  mixed: 'Mixed: parts read as AI-generated',
  likely_human: 'Likely human-written',
};

/** Texts shorter than this are never reported with high confidence. */
export const MIN_WORDS_HIGH_CONFIDENCE = 80;
/** Texts shorter than this always get low confidence. */
export const MIN_WORDS_MEDIUM_CONFIDENCE = 40;
/** Below this share of recognised English words the features mean little: confidence is low. */
export const MIN_ENGLISH_SHARE = 0.6;
/** A window is at least this many words when looking for mixed authorship. */
const MIXED_WINDOW_WORDS = 60;

export interface LocalDetector extends Detector {
  /** Raw feature values of a text (for explanations, tests and benchmarks). */
  features(text: string): FeatureVector;
  /** Calibrated AI probability in percent (0-100), without building the full report. */
  scoreText(text: string): number;
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
 * Confidence from the distance to the nearest cut-off and the text's length: low under 40 words,
 * for text that is not mostly English, or within 4 points of a cut-off; high only from 80 words
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

export function createLocalDetector(options: LocalDetectorOptions = {}): LocalDetector {
  const weights = options.weights ?? loadDetectorWeights();
  const ranks = options.ranks ?? loadWordRanks();
  const scorer = createScorer(weights);
  const toPercent = (logit: number): number => Math.round(100 * scorer.calibrate(logit));
  const localFeatures = weights.features.filter((f) => f.local);

  function sentenceScores(a: DocumentAnalysis, docLogit: number): SentenceScore[] {
    const docZ = new Map(scorer.contributions(a.features).map((c) => [c.name, c.z]));
    return a.sentences.map((s) => {
      const own = new Map(scorer.contributions(aggregate([s], true)).map((c) => [c.name, c.z]));
      let shift = 0;
      for (const f of localFeatures) shift += f.weight * ((own.get(f.name) ?? 0) - (docZ.get(f.name) ?? 0));
      return { text: s.text, start: s.start, end: s.end, ai_score: toPercent(docLogit + weights.sentence_shrink * shift) };
    });
  }

  /** Scores of contiguous windows of sentences; disagreement between them means mixed authorship. */
  function windowScores(a: DocumentAnalysis): number[] {
    const windows = Math.min(4, Math.floor(a.wordCount / MIXED_WINDOW_WORDS));
    if (windows < 2 || a.sentences.length < 4) return [];
    const per = a.wordCount / windows;
    const out: number[] = [];
    let from = 0;
    let words = 0;
    for (let i = 0; i < a.sentences.length; i++) {
      words += a.sentences[i]!.words.length;
      if (words >= per * (out.length + 1) || i === a.sentences.length - 1) {
        out.push(toPercent(scorer.logit(aggregate(a.sentences.slice(from, i + 1)))));
        from = i + 1;
      }
    }
    return out;
  }

  function report(text: string): DetectionReport {
    const a = analyze(text, ranks);
    const contributions = scorer.contributions(a.features);
    const logit = contributions.reduce((s, c) => s + c.contribution, weights.bias);
    const aiScore = toPercent(logit);
    const verdict = verdictFor(aiScore, windowScores(a), weights.thresholds);
    const confidence = confidenceFor(aiScore, a.wordCount, a.knownWordShare, weights.thresholds);
    const signals = buildSignals(contributions, a, verdict === 'likely_human');
    const top = signals.slice(0, 2).map((s) => s.signal.replace(/_/gu, ' '));
    const caveat = a.knownWordShare < MIN_ENGLISH_SHARE ? ' The text does not look like English, so the features say little.' : '';
    const summary = `${VERDICT_LABELS[verdict]} (AI score ${aiScore}/100, ${confidence} confidence)` +
      (top.length > 0 ? `; main evidence: ${top.join(', ')}.` : '.') + caveat;
    return {
      ai_score: aiScore, human_score: 100 - aiScore, confidence, verdict, label: VERDICT_LABELS[verdict],
      signals, sentences: sentenceScores(a, logit), summary,
    };
  }

  return {
    weights,
    features: (text) => analyze(text, ranks).features,
    scoreText: (text) => toPercent(scorer.logit(analyze(text, ranks).features)),
    detect(text, { signal }) {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      return new Promise<DetectionReport>((resolve, reject) => {
        // Yield once so a cancel that arrives right after the call is still honoured.
        setImmediate(() => {
          if (signal.aborted) { reject(abortReason(signal)); return; }
          try { resolve(report(text)); } catch (err: unknown) { reject(err); }
        });
      });
    },
  };
}
