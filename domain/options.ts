/** Request option value sets of spec 4.1, shared by validation, engines and responses. */

export const MODES = ['standard', 'academic', 'enhanced', 'ultra', 'aggressive'] as const;
export type Mode = (typeof MODES)[number];

export const BUILTIN_TONES = ['casual', 'formal', 'professional', 'academic', 'creative'] as const;
export type BuiltinTone = (typeof BUILTIN_TONES)[number];

export const READABILITY_LEVELS = ['high-school', 'college', 'graduate', 'doctorate'] as const;
export type Readability = (typeof READABILITY_LEVELS)[number];

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'zh', 'ja', 'ko', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULTS = { mode: 'standard', tone: 'casual', readability: 'college', language: 'en', bestOf: 1 } as const;

export function isMode(v: unknown): v is Mode { return typeof v === 'string' && (MODES as readonly string[]).includes(v); }
export function isBuiltinTone(v: unknown): v is BuiltinTone {
  return typeof v === 'string' && (BUILTIN_TONES as readonly string[]).includes(v);
}
export function isReadability(v: unknown): v is Readability {
  return typeof v === 'string' && (READABILITY_LEVELS as readonly string[]).includes(v);
}
export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** The tone an engine applies: a built-in name, or a custom tone's fields. */
export type ToneSpec =
  | { kind: 'builtin'; name: BuiltinTone }
  | { kind: 'custom'; id: string; name: string; instructions: string; description: string | null; example: string | null };

/** Detection value sets (design.md, "Choices where the spec says not shown"). */
export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];
export const VERDICTS = ['likely_ai', 'possibly_ai', 'mixed', 'likely_human'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface DetectionSignal { signal: string; severity: Severity; detail: string }
export interface SentenceScore { text: string; start: number; end: number; ai_score: number }

/** What a detector returns; the API adds object, id, input_words and the billing fields. */
export interface DetectionReport {
  ai_score: number;
  human_score: number;
  confidence: Confidence;
  verdict: Verdict;
  label: string;
  signals: DetectionSignal[];
  sentences: SentenceScore[];
  summary: string;
}
