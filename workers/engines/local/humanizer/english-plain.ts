/**
 * Plain-writing edits on one English sentence of protected text, each a small pure function: the
 * typographic apostrophe inside a word becomes the plain one people type; a short introductory
 * phrase loses its comma ("In this essay, I ..." → "In this essay I ..."); "provide" becomes "give"
 * where no "with" object follows; nominal "the implementation of X" becomes "implementing X".
 * None adds or drops a content word of the text's meaning; placeholders (freeze.ts) are never matched.
 */
import type { Random } from './random.js';

/** "it’s" → "it's": an apostrophe between letters is not a quotation mark. */
export function plainApostrophes(s: string): string {
  return s.replace(/(?<=\p{L})’(?=\p{L})/gu, "'");
}

const INTRO_PREPOSITIONS = /^(?:In|On|At|For|During|By|After|Before|Over|Through|Since|Today|Nowadays|Now|Then|Later|Recently|Sometimes|Often|Also|Instead)\b/u;

/**
 * Drops the comma after a short introductory phrase (at most four words, a preposition or a time word
 * first, nothing protected in it), as many writers do; null when the sentence does not qualify.
 */
export function dropIntroComma(s: string): string | null {
  const m = /^([\p{L}' ]{2,40}),\s+(?=[\p{L}\uE000])/u.exec(s);
  if (!m || !INTRO_PREPOSITIONS.test(m[1]!)) return null;
  const words = m[1]!.trim().split(/\s+/u);
  if (words.length > 4) return null;
  return `${m[1]!} ${s.slice(m[0].length)}`;
}

const GIVE: Readonly<Record<string, string>> = { provide: 'give', provides: 'gives', providing: 'giving' };

/**
 * "provides a way" → "gives a way", only where the clause has no "with"/"for" object to follow (which
 * "give" cannot take: "provide them with X", "provide for") and "provided" (also "if") is left alone.
 */
export function provideToGive(s: string, rng: Random, rate: number): string {
  return s.replace(/(?<![\p{L}'’-])(provides|providing|provide)(?![\p{L}'’-])([^.,;:!?\uE000-\uE019]*)/giu, (m: string, verb: string, rest: string) => {
    if (/(?<![\p{L}])(?:with|for|that)(?![\p{L}])/iu.test(rest.split(/\s+/u).slice(0, 7).join(' ')) || !rng.chance(rate)) return m;
    const to = GIVE[verb.toLowerCase()]!;
    return (/^\p{Lu}/u.test(verb) ? to[0]!.toUpperCase() + to.slice(1) : to) + rest;
  });
}

const NOMINALS: Readonly<Record<string, string>> = {
  implementation: 'implementing', integration: 'integrating', adoption: 'adopting',
  utilization: 'using', use: 'using', creation: 'creating', establishment: 'establishing', promotion: 'promoting',
  exploration: 'exploring', examination: 'examining', improvement: 'improving', enhancement: 'improving',
  reduction: 'reducing', management: 'managing', evaluation: 'evaluating', analysis: 'analysing', consumption: 'consuming',
};

const PREPOSITIONS = ['by', 'through', 'in', 'on', 'for', 'about', 'to', 'with', 'without', 'from', 'after', 'before', 'and']
  .map((p) => `[${p[0]!}${p[0]!.toUpperCase()}]${p.slice(1)}`).join('|');
const NOMINAL = new RegExp(`(^|(?<![\\p{L}'’-])(?:${PREPOSITIONS})\\s+)(the|The)\\s+(\\p{Ll}+)\\s+of\\s+(?=(?:the|a|an|new|these|this|their|its|our|\\p{Ll}+s)(?![\\p{L}'’-]))`, 'gu');

/**
 * "the implementation of new rules" → "implementing new rules", where the phrase opens the sentence
 * or follows a preposition, and what follows "of" is not a name or a protected span.
 */
export function activeNominals(s: string, rng: Random, rate: number): string {
  return s.replace(NOMINAL,
    (m: string, pre: string, the: string, noun: string) => {
      const verb = NOMINALS[noun];
      if (!verb || !rng.chance(rate)) return m;
      // "to the use of" → "to using" reads as an infinitive gone wrong: left alone.
      if (/^to\s/iu.test(pre)) return m;
      const word = the === 'The' || /^\p{Lu}/u.test(pre) && pre.trim().length === 0 ? verb[0]!.toUpperCase() + verb.slice(1) : verb;
      return `${pre}${word} `;
    });
}
