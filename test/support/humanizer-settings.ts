/**
 * Running the local humanizer over every setting a reading found a defect under: modes, tones, readability levels and
 * seeds, each output with the setting that made it, for the readings' regression tests.
 */
import { BUILTIN_TONES, MODES, READABILITY_LEVELS, type Language, type Mode, type ToneSpec } from '../../domain/options.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { rewriteOnce } from '../../workers/engines/local/humanizer/rewrite.js';

export type BuiltinTone = (typeof BUILTIN_TONES)[number];

/** A custom tone with these instructions (name and id fixed). */
export const custom = (instructions: string): ToneSpec => ({ kind: 'custom', id: '00000000-0000-4000-8000-000000000000', name: 'Custom', instructions, description: null, example: null });
export const builtin = (...names: BuiltinTone[]): ToneSpec[] => names.map((name) => ({ kind: 'builtin', name }));
export const BUILTIN: ToneSpec[] = builtin(...BUILTIN_TONES);

/** Every single rewrite of an English text over the modes, tones, readability levels and seeds 1…seeds. */
export function outputs(text: string, tones: ToneSpec[], options: { modes?: readonly Mode[]; seeds?: number; freezeWords?: string[] } = {}): Array<{ out: string; where: string }> {
  const all: Array<{ out: string; where: string }> = [];
  for (const mode of options.modes ?? MODES) for (const tone of tones) for (const readability of READABILITY_LEVELS) for (let seed = 1; seed <= (options.seeds ?? 3); seed++) {
    const out = rewriteOnce({ text, mode, tone, readability, language: 'en', freezeWords: options.freezeWords ?? [], seed }, seed);
    all.push({ out, where: `${mode}/${tone.kind === 'builtin' ? tone.name : tone.instructions}/${readability}/${seed}` });
  }
  return all;
}

/** Every output of a text in `language` over the modes, the built-in tones given, the readability levels and seeds 1…seeds. */
export function languageOutputs(language: Language, text: string, options: { tones?: readonly BuiltinTone[]; seeds?: number } = {}): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const mode of MODES) for (const name of options.tones ?? BUILTIN_TONES) for (const readability of READABILITY_LEVELS) for (let seed = 1; seed <= (options.seeds ?? 3); seed++) {
    const r = bestCandidate({ text, mode, tone: { kind: 'builtin', name }, readability, language, freezeWords: [], seed }, null);
    out.push([`${mode}/${name}/${readability}/${seed}`, r.text]);
  }
  return out;
}

/** The outputs (with their settings) for which `test` holds. */
export const holding = (all: Array<[string, string]>, test: (text: string) => boolean): string[] => all.filter(([, t]) => test(t)).map(([k, t]) => `${k}: ${t}`);
/** Whether any output holds `s`. */
export const some = (all: Array<[string, string]>, s: string): boolean => all.some(([, t]) => t.includes(s));
/** Whether a text holds a string or matches a pattern. */
export const has = (out: string, p: string | RegExp): boolean => (typeof p === 'string' ? out.includes(p) : p.test(out));
