/**
 * Rewrite of one paragraph in a language other than English: the language's connective and
 * stock-phrase replacements (written ones only in formal registers), then language-neutral restructuring
 * (semicolon splits; no merges). No discourse openers: without a reading of what a sentence
 * says they landed before questions, commands and reports ("Klar ist: Wie geht's dir?").
 */
import type { Readability } from '../../../../domain/options.js';
import { countWords } from '../../../../domain/words.js';
import type { LanguageRules } from './languages.js';
import { READABILITY_PARAMS } from './params.js';
import type { Random } from './random.js';
import { splitSentence } from './structure.js';

export interface OtherContext {
  rules: LanguageRules;
  readability: Readability;
  rng: Random;
  /** A formal, professional or academic register: no colloquial alternatives ("Du coup,"). */
  formal: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

function replaceConnectives(s: string, ctx: OtherContext): string {
  let out = s;
  for (const [pattern, all] of ctx.rules.replacements) {
    // A formal register keeps to the written alternatives; with none left the phrase stays.
    const alts = ctx.formal ? all.filter((a) => !ctx.rules.colloquial?.includes(a)) : all;
    if (alts.length === 0) continue;
    const re = ctx.rules.spaceless
      ? new RegExp(escape(pattern), 'gu')
      : new RegExp(`(?<![\\p{L}\\p{N}])${escape(pattern)}(?![\\p{L}\\p{N}])`, 'gu');
    out = out.replace(re, () => ctx.rng.pick(alts));
  }
  return out;
}

/**
 * Connective replacements, then splits at semicolons (and of sentences over the level's length). No sentences are joined:
 * without a reading of what two sentences say, a join claimed links the text did not make ("…no se pueden devolver,
 * y además el reembolso se realizará…" ties the refund to the goods that cannot be returned; "…avec le plein de
 * carburant et en cas de retard…" makes the late-return charge part of the tenant's duty).
 */
export function rewriteOtherParagraph(sentences: string[], ctx: OtherContext): string[] {
  const r = READABILITY_PARAMS[ctx.readability];
  return sentences.map((s) => replaceConnectives(s, ctx)).flatMap((s) => {
    const maxWords = countWords(s) > r.maxWords ? r.maxWords : Infinity;
    return splitSentence(s, { maxWords: Number.isFinite(maxWords) ? maxWords : 1e9, casual: false, english: false, sentenceEnd: ctx.rules.sentenceEnd }) ?? [s];
  });
}
