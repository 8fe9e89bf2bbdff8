/**
 * Engine factory: the humanizer and detector for the configured providers, and a reachability check.
 * `local` is the built-in engine (no network); `openai` is any OpenAI-compatible server. The openai detector
 * blends token log-probabilities with the local detector's statistical report.
 */
import { createLocalDetector, createLocalHumanizer, type LocalDetector } from './local/index.js';
import { probeLogprobSupport, createOpenAIDetector } from './openai-detector.js';
import { createOpenAIHumanizer } from './openai-humanizer.js';
import { CallScope, createClient, type OpenAIConnection } from './openai-shared.js';
import { ProviderError, type Detector, type Humanizer } from './types.js';

export type EngineProvider = 'local' | 'openai';

export interface EnginesConfig {
  aiProvider: EngineProvider;
  detectProvider: EngineProvider;
  /** Required when either provider is `openai`. */
  openai?: OpenAIConnection | null;
  /** Generation deadline (AI_TIMEOUT_MS). */
  timeoutMs: number;
  /** The built-in engine run elsewhere (workers/engine-pool.ts); by default it runs in this thread. */
  local?: { detector: Detector; humanizer: Humanizer };
}

export interface Engines {
  humanizer: Humanizer;
  detector: Detector;
  /** Resolves when the AI provider answers (local: at once); rejects with a ProviderError otherwise. */
  ping(signal: AbortSignal): Promise<void>;
  /** Whether detection can work as configured (openai: the server returns prompt log-probabilities). */
  checkDetector(signal: AbortSignal): Promise<{ ok: true } | { ok: false; reason: string }>;
}

const PING_TIMEOUT_MS = 5_000;

export function createEngines(config: EnginesConfig): Engines {
  const usesOpenAI = config.aiProvider === 'openai' || config.detectProvider === 'openai';
  const openai = config.openai ?? null;
  if (usesOpenAI && !openai) {
    throw new ProviderError('AI_PROVIDER or DETECT_PROVIDER is openai but no OpenAI connection is configured');
  }
  const connection = openai as OpenAIConnection;

  // One local detector (its weights and word table loaded once) serves detection, the openai blend and
  // the local humanizer's own judging.
  const local = config.local ?? (() => {
    const detector = createLocalDetector();
    return { detector, humanizer: createLocalHumanizer(detector) };
  })();
  const localDetector = local.detector;
  // The blend's verdict cut-offs are the built-in model's; a detector run elsewhere (the thread pool) does not
  // carry its weights, so they are read from a model loaded here.
  const cutoffsOf = (d: Detector) => ('weights' in d ? (d as LocalDetector).weights : createLocalDetector().weights).thresholds;
  const humanizer =
    config.aiProvider === 'openai'
      ? createOpenAIHumanizer({ ...connection, timeoutMs: config.timeoutMs })
      : local.humanizer;
  const detector =
    config.detectProvider === 'openai'
      ? createOpenAIDetector({ ...connection, base: localDetector, timeoutMs: config.timeoutMs, cutoffs: cutoffsOf(localDetector) })
      : localDetector;

  const pingClient = usesOpenAI ? createClient(connection, PING_TIMEOUT_MS) : null;

  return {
    humanizer,
    detector,
    async ping(signal: AbortSignal): Promise<void> {
      if (!pingClient) return;
      const scope = new CallScope(signal, PING_TIMEOUT_MS);
      try {
        await pingClient.models.list({ signal: scope.signal });
      } catch (error: unknown) {
        throw scope.failure(error, 'ping');
      } finally {
        scope.dispose();
      }
    },
    async checkDetector(signal: AbortSignal) {
      if (config.detectProvider !== 'openai') return { ok: true } as const;
      return probeLogprobSupport(connection, { signal, timeoutMs: PING_TIMEOUT_MS });
    },
  };
}

export { bestOf, wordChunks, type BestOfInput, type BestOfResult } from './best-of.js';
export { ProviderError };
