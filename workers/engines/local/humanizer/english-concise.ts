/**
 * Concise wording, for tones that ask for it (the professional tone; custom tones asking to be concise, brief or
 * direct): the weak intensifier "very" goes ("a very important step" → "an important step"), and so does "really" before
 * a verb of appreciation ("we really appreciate" → "we appreciate"; elsewhere it may mean "truly": "what really
 * mattered"), as editors of business writing strike them. Not where the word carries the sense:
 * after a negation ("not very good" is not "not good"), as an adjective ("the very end"), or before a quantity
 * ("thank you very much", "very few").
 */
import { fixArticles } from './english-rules.js';

const INTENSIFIER = /(?<![\p{L}'’-])(?<!(?:^|[^\p{L}'’-])(?:not|never|no|n['’]t|the|this|that|these|those|its|his|her|their|our|my|your|how|so|too|as)\s+)(very|really(?=\s+(?:appreciate|appreciated|value|valued|enjoy|enjoyed|like|liked|love|loved)(?![\p{L}'’-])))\s+(?!(?:and|or|but|nor|much|many|few|little|least|most|well|own|same|best|worst|first|last|next|beginning|end|start|moment|thing|idea|nature|existence|heart|top|bottom|edge|center|centre|core|opposite|reason|person|people)(?![\p{L}'’-]))(?=\p{Ll})/giu;

/** One sentence of protected text without its weak intensifiers; `a`/`an` follow the word that now comes first. */
export function dropIntensifiers(s: string): string {
  // A repeated intensifier is emphasis the writer chose: "very, very cold".
  if (/(?:very|really),?\s+(?:very|really)(?![\p{L}'’-])/iu.test(s)) return s;
  const out = s.replace(INTENSIFIER, (m: string, word: string, offset: number) => {
    // A sentence's first word keeps its place as such: "Really good work" → "Good work".
    if (/^\p{Lu}/u.test(word)) return offset === 0 ? '\u0001' : m;
    return '';
  });
  if (out === s) return s;
  return fixArticles(out.replace(/\u0001(\p{Ll})/u, (_, c: string) => c.toUpperCase()));
}
