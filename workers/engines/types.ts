/**
 * The engine interface: what a worker needs from a text engine, whichever provider backs it.
 * Engines honour the AbortSignal: an aborted call rejects promptly (with the signal's reason or an AbortError).
 */
import type { DetectionReport, Language, Mode, Readability, ToneSpec } from '../../domain/options.js';

export interface HumanizeRequest {
  text: string;
  mode: Mode;
  tone: ToneSpec;
  readability: Readability;
  language: Language;
  /** Phrases that must appear verbatim in the output wherever they appear in the input. */
  freezeWords: string[];
  /** Deterministic seed; candidates of a best_of run get different seeds. */
  seed: number;
}

export interface CallOptions {
  signal: AbortSignal;
  /** When set, the engine streams the output: the concatenation of all chunks equals the returned text. */
  onChunk?: (text: string) => void;
}

export interface Humanizer {
  humanize(request: HumanizeRequest, options: CallOptions): Promise<string>;
}

export interface Detector {
  detect(text: string, options: { signal: AbortSignal }): Promise<DetectionReport>;
  /**
   * The report's ai_score alone, for engines that can give it for less than the whole report (best_of
   * judges candidates by it). Must equal `detect(text).ai_score`.
   */
  score?(text: string, options: { signal: AbortSignal }): Promise<number>;
}

/** A failure of the provider itself (network, 5xx, bad answer), as opposed to a cancel or a timeout. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(message: string, readonly unavailable = false, options?: { cause?: unknown }) {
    super(message, options);
  }
}
