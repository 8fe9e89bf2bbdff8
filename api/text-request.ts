/**
 * Turns a humanize or detect body into a checked request: schema (ajv) → text rules → plan rules.
 * Tone resolution and billing happen later, in the route.
 */
import { DomainError } from '../domain/error-codes.js';
import type { Plan } from '../domain/plans.js';
import { FREEZE_WORDS_MAX, FREEZE_WORD_MAX_CHARS, MIN_WORDS } from '../domain/plans.js';
import {
  DEFAULTS, isBuiltinTone, isLanguage, isReadability, type Language, type Mode, type Readability,
} from '../domain/options.js';
import { countWords } from '../domain/words.js';
import { disallowedControlChars, findBlockedPattern, normaliseText, stripHtml } from '../domain/sanitize.js';
import type { SchemaRegistry } from '../schemas/index.js';

export interface CheckedText {
  text: string;
  inputWords: number;
  /** The text as the client sent it, when normalisation changed it (detect's sentence offsets point into it). */
  submitted?: string;
}

export interface HumanizeInput extends CheckedText {
  mode: Mode;
  toneEcho: string;
  builtinTone: boolean;
  readability: Readability;
  language: Language;
  freezeWords: string[];
  /** undefined when the client omitted best_of (matters for aggressive mode). */
  bestOf: number | undefined;
  stream: boolean;
}

/** Text rules shared by humanize and detect (spec 4.1, 4.2). */
export function checkText(raw: string, plan: Plan): CheckedText {
  if (disallowedControlChars(raw).length > 0) throw new DomainError('INVALID_TEXT', 'text contains disallowed control characters.');
  const text = normaliseText(raw);
  if (!text.trim()) throw new DomainError('INVALID_TEXT', 'text is empty after normalisation.');
  const blocked = findBlockedPattern(text);
  if (blocked) throw new DomainError('INVALID_TEXT', `text contains a blocked pattern (${blocked}).`);
  const inputWords = countWords(text);
  if (inputWords < MIN_WORDS) throw new DomainError('INVALID_TEXT', `text has ${inputWords} words; at least ${MIN_WORDS} are required.`);
  if (inputWords > plan.maxWordsPerRequest) {
    throw new DomainError('TEXT_TOO_LONG', `text has ${inputWords} words; the ${plan.name} plan allows at most ${plan.maxWordsPerRequest} per request.`);
  }
  return text === raw ? { text, inputWords } : { text, inputWords, submitted: raw };
}

function schemaCheck(schemas: SchemaRegistry, name: 'humanize' | 'detect', body: unknown): asserts body is Record<string, unknown> {
  const result = schemas.validateRequest(name, body);
  if (!result.ok) throw new DomainError(result.code, result.detail);
}

export function parseDetect(schemas: SchemaRegistry, body: unknown, plan: Plan): CheckedText {
  schemaCheck(schemas, 'detect', body);
  if (!plan.detectionEnabled) throw new DomainError('DETECTION_NOT_AVAILABLE', `Detection is not part of the ${plan.name} plan.`);
  if (!plan.allowedEndpoints.includes('detect')) throw new DomainError('ENDPOINT_NOT_AVAILABLE', `detect is not part of the ${plan.name} plan.`);
  return checkText(body.text as string, plan);
}

export function parseHumanize(schemas: SchemaRegistry, body: unknown, plan: Plan): HumanizeInput {
  schemaCheck(schemas, 'humanize', body);
  const mode = (body.mode ?? DEFAULTS.mode) as Mode;
  const stream = body.stream === true;
  const bestOf = body.best_of === undefined || body.best_of === null ? undefined : (body.best_of as number);
  if (!plan.allowedEndpoints.includes('humanize')) throw new DomainError('ENDPOINT_NOT_AVAILABLE', `humanize is not part of the ${plan.name} plan.`);
  if (!plan.allowedModes.includes(mode)) throw new DomainError('MODE_NOT_AVAILABLE', `Mode ${mode} is not part of the ${plan.name} plan.`);
  if (stream && !plan.streamingEnabled) throw new DomainError('STREAMING_NOT_AVAILABLE', `Streaming is not part of the ${plan.name} plan.`);
  if (bestOf !== undefined && bestOf > plan.maxBestOf) {
    throw new DomainError('BEST_OF_NOT_AVAILABLE', `best_of above ${plan.maxBestOf} needs the Scale plan.`);
  }
  const freezeWords = ((body.freeze_words ?? []) as string[]).map((w) => stripHtml(w).trim()).filter((w) => w.length > 0);
  if (freezeWords.length > FREEZE_WORDS_MAX || freezeWords.some((w) => w.length > FREEZE_WORD_MAX_CHARS)) {
    throw new DomainError('INVALID_FREEZE_WORDS', `freeze_words allows ${FREEZE_WORDS_MAX} entries of ${FREEZE_WORD_MAX_CHARS} characters.`);
  }
  // Freeze words reach the engine (and a provider's prompt) beside the text: the same content rules apply.
  if (freezeWords.some((w) => disallowedControlChars(w).length > 0 || findBlockedPattern(w))) {
    throw new DomainError('INVALID_FREEZE_WORDS', 'freeze_words may not hold control characters or blocked patterns.');
  }
  const checked = checkText(body.text as string, plan);
  const toneEcho = (body.tone ?? DEFAULTS.tone) as string;
  return {
    ...checked,
    mode,
    toneEcho,
    builtinTone: isBuiltinTone(toneEcho),
    readability: isReadability(body.readability) ? body.readability : DEFAULTS.readability,
    language: isLanguage(body.language) ? body.language : DEFAULTS.language,
    freezeWords,
    bestOf,
    stream,
  };
}
