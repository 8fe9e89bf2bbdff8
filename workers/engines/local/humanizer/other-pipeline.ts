/**
 * Rewrite of one paragraph in a language other than English: the language's connective and
 * stock-phrase replacements (written ones only in formal registers), then language-neutral restructuring
 * (semicolon splits, merges of short neighbours). No discourse openers: without a reading of what a sentence
 * says they landed before questions, commands and reports ("Klar ist: Wie geht's dir?").
 */
import type { Readability } from '../../../../domain/options.js';
import { countWords } from '../../../../domain/words.js';
import type { LanguageRules } from './languages.js';
import type { ModeParams } from './params.js';
import { READABILITY_PARAMS } from './params.js';
import type { Random } from './random.js';
import { mergeSentences, splitSentence } from './structure.js';

export interface OtherContext {
  rules: LanguageRules;
  mode: ModeParams;
  readability: Readability;
  lowerForms: ReadonlySet<string>;
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

/** Connectives and openers of the language: ordinary words, and sentence starts that must not be joined on. */
function connectives(rules: LanguageRules): string[] {
  return [...rules.replacements.flatMap(([p, alts]) => [p, ...alts]), ...rules.openers].filter((c) => c.length > 0);
}

export function rewriteOtherParagraph(sentences: string[], ctx: OtherContext): string[] {
  const r = READABILITY_PARAMS[ctx.readability];
  const starts = connectives(ctx.rules);
  const lowerForms = new Set([...ctx.lowerForms, ...starts.map((c) => c.split(/[\s,:،]/u)[0]!.toLowerCase())]);
  const hasCase = !ctx.rules.spaceless && sentences.some((s) => /\p{Lu}/u.test(s));
  // A sentence that opens with a connective or a phrase set off by a comma: no opener in front of it ("La verdad es que
  // no obstante, …") and no joining onto the sentence before.
  const opensWithConnective = (s: string): boolean => /^[\p{L}' ]{1,24}[,،，、]/u.test(s) || starts.some((c) => s.toLowerCase().startsWith(c.toLowerCase()));
  let out = sentences.map((s) => replaceConnectives(s, ctx));
  out = out.flatMap((s) => {
    const maxWords = countWords(s) > r.maxWords ? r.maxWords : Infinity;
    return splitSentence(s, { maxWords: Number.isFinite(maxWords) ? maxWords : 1e9, casual: false, english: false, sentenceEnd: ctx.rules.sentenceEnd }) ?? [s];
  });
  if (r.mergeRate > 0) {
    const merged: string[] = [];
    for (let i = 0; i < out.length; i++) {
      const a = out[i]!;
      const b = out[i + 1];
      // Nor one that opens with a phrase set off by a comma ("Em suma, …"): ", e ainda em suma" is no sentence.
      const joinable = b !== undefined && !opensWithConnective(b);
      if (b !== undefined && joinable && countWords(a) + countWords(b) <= r.mergeMax && ctx.rng.chance(r.mergeRate)) {
        const m = mergeSentences(a, b, { joiners: ctx.rules.join, lowerForms, spaceless: !!ctx.rules.spaceless, hasCase }, ctx.rng);
        if (m) { merged.push(m); i++; continue; }
      }
      merged.push(a);
    }
    out = merged;
  }
  return out;
}
