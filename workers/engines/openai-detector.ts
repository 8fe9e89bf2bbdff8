/**
 * Detector that scores a text's per-token log-probabilities under an OpenAI-compatible model
 * (`POST {baseURL}/completions` with `echo: true, logprobs: 1, max_tokens: 0`, as vLLM-style servers offer) and
 * blends them with the statistical report of an injected base detector.
 *
 * Blending happens in logit space:
 *   evidence = 2·ln(P₀ / perplexity) + (S₀ − spread)        clamped to ±6
 *   logit(ai) = 0.5·logit(base ai_score) + 0.5·evidence
 * where perplexity = exp(−mean token logprob) and spread = standard deviation of the token logprobs (nats).
 * Machine text is predictable (low perplexity) and uniformly so (low spread); human text is burstier.
 * The pivots P₀ = 20 and S₀ = 2.5 sit between the ranges commonly reported for GPT-2-class models (machine text
 * ≈ 10–20, human ≈ 30+); they depend on the scoring model, hence `calibration`.
 * Per-sentence scores get the same blend with each sentence's own perplexity when tokens map onto the text.
 *
 * A server that rejects echo/logprobs, or answers without them, is a configuration error (ProviderError saying
 * so and pointing to DETECT_PROVIDER=local): this detector never falls back to made-up scores.
 */
import type OpenAI from 'openai';
import { APIError } from 'openai';
import type { Confidence, DetectionReport, DetectionSignal, SentenceScore, Severity, Verdict } from '../../domain/options.js';
import { CallScope, createClient, providerError, type OpenAIConnection } from './openai-shared.js';
import { ProviderError, type Detector } from './types.js';

export interface PerplexityCalibration {
  /** Perplexity at which the log-probabilities lean neither way. */
  perplexityPivot: number;
  /** Standard deviation of token logprobs (nats) at which burstiness leans neither way. */
  spreadPivot: number;
}

export interface OpenAIDetectorConfig extends OpenAIConnection {
  base: Detector;
  /** Deadline for the log-probability request; default 30 s. */
  timeoutMs?: number;
  calibration?: Partial<PerplexityCalibration>;
  /** Verdict cut-offs of the blended score; default DEFAULT_CUTOFFS, normally the local detector's own. */
  cutoffs?: Cutoffs;
}

export interface Cutoffs { likely_ai: number; possibly_ai: number }
export const DEFAULT_CUTOFFS: Cutoffs = { likely_ai: 70, possibly_ai: 56 };

export const DEFAULT_CALIBRATION: PerplexityCalibration = { perplexityPivot: 20, spreadPivot: 2.5 };
export const BLEND_WEIGHTS = { base: 0.5, logprobs: 0.5 } as const;
const EVIDENCE_LIMIT = 6;
const WHAT = 'detect';

/** Token log-probabilities of a text; `offsets[i]` is where token i starts in the text, when known. */
export interface TokenLogprobs { logprobs: number[]; offsets: number[] | null }

export interface PerplexityStats { tokens: number; meanLogprob: number; perplexity: number; spread: number }

function rejectedMessage(detail: string): string {
  return (
    `${WHAT}: the AI provider does not return prompt log-probabilities (${detail}); the openai detector needs ` +
    '`echo` with `logprobs` on /completions. Set DETECT_PROVIDER=local to use the built-in detector.'
  );
}

/** Statuses with which servers refuse echo/logprobs or have no /completions endpoint at all. */
const REJECTING_STATUSES = new Set([400, 404, 405, 422, 501]);

/** Reads the echoed prompt's token log-probabilities from a completions answer; null when there are none. */
export function tokenLogprobsFrom(completion: OpenAI.Completions.Completion, text: string): TokenLogprobs | null {
  const lp = completion.choices?.[0]?.logprobs;
  const raw: unknown = lp?.token_logprobs;
  if (!Array.isArray(raw)) return null;
  const tokens = Array.isArray(lp?.tokens) ? lp.tokens : null;
  let offsets: number[] | null = Array.isArray(lp?.text_offset) && lp.text_offset.length === raw.length ? lp.text_offset : null;
  if (!offsets && tokens && tokens.length === raw.length && tokens.join('').startsWith(text)) {
    offsets = [];
    let at = 0;
    for (const t of tokens) { offsets.push(at); at += t.length; }
  }
  const logprobs: number[] = [];
  const kept: number[] = [];
  raw.forEach((value: unknown, i) => {
    // The first token has no context (null); tokens past the prompt would be generated text.
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    if (offsets && (offsets[i] ?? 0) >= text.length) return;
    logprobs.push(value);
    if (offsets) kept.push(offsets[i] ?? 0);
  });
  if (logprobs.length === 0) return null;
  return { logprobs, offsets: offsets ? kept : null };
}

export function perplexityStats(logprobs: readonly number[]): PerplexityStats {
  const n = logprobs.length;
  const mean = logprobs.reduce((s, v) => s + v, 0) / n;
  const variance = logprobs.reduce((s, v) => s + (v - mean) ** 2, 0) / n;
  return { tokens: n, meanLogprob: mean, perplexity: Math.exp(-mean), spread: Math.sqrt(variance) };
}

const logit = (p: number): number => Math.log(p / (1 - p));
const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const clampScore = (score: number): number => Math.min(0.99, Math.max(0.01, score / 100));
const clampEvidence = (e: number): number => Math.max(-EVIDENCE_LIMIT, Math.min(EVIDENCE_LIMIT, e));

function blend(baseScore: number, evidence: number): { score: number; logit: number } {
  const z = BLEND_WEIGHTS.base * logit(clampScore(baseScore)) + BLEND_WEIGHTS.logprobs * clampEvidence(evidence);
  return { score: Math.round(100 * sigmoid(z)), logit: z };
}

/**
 * Verdict of a blended score, on the given cut-offs (the local detector's when the engine factory builds it). A
 * base verdict of `mixed` (parts of the text disagree) stands: whole-text perplexity cannot refute it.
 */
export function verdictFor(aiScore: number, baseVerdict: Verdict, cut: Cutoffs = DEFAULT_CUTOFFS): { verdict: Verdict; label: string } {
  if (baseVerdict === 'mixed') return { verdict: 'mixed', label: 'Mixed: parts read as AI-generated' };
  if (aiScore >= cut.likely_ai) return { verdict: 'likely_ai', label: 'Likely AI-generated' };
  if (aiScore >= cut.possibly_ai) return { verdict: 'possibly_ai', label: 'Possibly AI-generated' };
  return { verdict: 'likely_human', label: 'Likely human-written' };
}

function perplexitySignal(ppl: number, pivot: number): DetectionSignal {
  const [severity, reading]: [Severity, string] =
    ppl < 0.6 * pivot ? ['high', 'low: predictable wording']
    : ppl < 1.5 * pivot ? ['medium', 'moderate']
    : ['low', 'high: varied, less predictable wording'];
  return { signal: 'perplexity', severity, detail: `token perplexity ${ppl.toFixed(1)} (${reading})` };
}

function burstinessSignal(spread: number, pivot: number): DetectionSignal {
  const [severity, reading]: [Severity, string] =
    spread < 0.7 * pivot ? ['high', 'low: uniformly predictable']
    : spread < pivot ? ['medium', 'moderate']
    : ['low', 'high: bursty, as in human writing'];
  return { signal: 'burstiness', severity, detail: `token surprise spread ${spread.toFixed(2)} nats (${reading})` };
}

function sentenceScores(base: SentenceScore[], tokens: TokenLogprobs, pivot: number): SentenceScore[] {
  const { offsets } = tokens;
  if (!offsets) return base;
  return base.map((s) => {
    const own = tokens.logprobs.filter((_, i) => (offsets[i] ?? -1) >= s.start && (offsets[i] ?? -1) < s.end);
    if (own.length === 0) return s;
    const { perplexity } = perplexityStats(own);
    return { ...s, ai_score: blend(s.ai_score, 2 * Math.log(pivot / perplexity)).score };
  });
}

function confidenceFor(z: number, baseScore: number, evidence: number, tokens: number): Confidence {
  const agree = Math.sign(baseScore - 50) === Math.sign(evidence);
  const levels: Confidence[] = ['low', 'medium', 'high'];
  let level = Math.abs(z) >= 2 && agree ? 2 : Math.abs(z) >= 1 ? 1 : 0;
  if (tokens < 30) level = Math.max(0, level - 1); // too few tokens for a stable perplexity
  return levels[level] as Confidence;
}

/** Blends a base report with token statistics (exported so the arithmetic can be checked on its own). */
export function blendReport(
  base: DetectionReport,
  tokens: TokenLogprobs,
  calibration: PerplexityCalibration,
  model: string,
  cutoffs: Cutoffs = DEFAULT_CUTOFFS,
): DetectionReport {
  const stats = perplexityStats(tokens.logprobs);
  const evidence =
    2 * Math.log(calibration.perplexityPivot / stats.perplexity) + (calibration.spreadPivot - stats.spread);
  const { score, logit: z } = blend(base.ai_score, evidence);
  const { verdict, label } = verdictFor(score, base.verdict, cutoffs);
  const leaning = (x: number): string => (x > 0 ? 'towards AI' : x < 0 ? 'towards human writing' : 'neither way');
  return {
    ai_score: score,
    human_score: 100 - score,
    confidence: confidenceFor(z, base.ai_score, evidence, stats.tokens),
    verdict,
    label,
    signals: [
      perplexitySignal(stats.perplexity, calibration.perplexityPivot),
      burstinessSignal(stats.spread, calibration.spreadPivot),
      ...base.signals,
    ],
    sentences: sentenceScores(base.sentences, tokens, calibration.perplexityPivot),
    summary:
      `${label} (${score}% AI likelihood). Token perplexity ${stats.perplexity.toFixed(1)} under ${model} points ` +
      `${leaning(evidence)}; the statistical features point ${leaning(base.ai_score - 50)}.`,
  };
}

async function requestTokenLogprobs(
  client: OpenAI,
  model: string,
  text: string,
  signal: AbortSignal,
): Promise<TokenLogprobs> {
  let completion: OpenAI.Completions.Completion;
  try {
    completion = await client.completions.create(
      { model, prompt: text, echo: true, logprobs: 1, max_tokens: 0 },
      { signal },
    );
  } catch (error: unknown) {
    if (error instanceof APIError && typeof error.status === 'number' && REJECTING_STATUSES.has(error.status)) {
      throw new ProviderError(rejectedMessage(`HTTP ${error.status}: ${error.message}`), false, { cause: error });
    }
    throw error;
  }
  const tokens = tokenLogprobsFrom(completion, text);
  if (!tokens) throw new ProviderError(rejectedMessage('the answer carried no token log-probabilities'));
  return tokens;
}

export function createOpenAIDetector(config: OpenAIDetectorConfig): Detector {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const client = createClient(config, timeoutMs);
  const calibration = { ...DEFAULT_CALIBRATION, ...config.calibration };
  return {
    async detect(text: string, options: { signal: AbortSignal }): Promise<DetectionReport> {
      const scope = new CallScope(options.signal, timeoutMs);
      try {
        scope.throwIfStopped();
        const remote = requestTokenLogprobs(client, config.model, text, scope.signal).catch((error: unknown) => {
          throw scope.failure(error, WHAT);
        });
        const [base, tokens] = await Promise.all([config.base.detect(text, { signal: scope.signal }), remote]);
        return blendReport(base, tokens, calibration, config.model, config.cutoffs);
      } finally {
        scope.dispose();
      }
    },
  };
}

/** Whether the server returns prompt log-probabilities, for start-up checks and health. Never throws. */
export async function probeLogprobSupport(
  connection: OpenAIConnection,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const scope = new CallScope(options.signal ?? new AbortController().signal, timeoutMs);
  try {
    const sample = 'The quick brown fox jumps over the lazy dog.';
    await requestTokenLogprobs(createClient(connection, timeoutMs), connection.model, sample, scope.signal);
    return { ok: true };
  } catch (error: unknown) {
    let failure: Error;
    try {
      failure = scope.failure(error, 'logprob probe');
    } catch (stopped: unknown) {
      failure = stopped instanceof Error ? stopped : providerError(stopped, 'logprob probe');
    }
    return { ok: false, reason: failure.message };
  } finally {
    scope.dispose();
  }
}
