/**
 * Concise wording, for tones that ask for it (the professional tone; custom tones asking to be concise, brief or
 * direct): the weak intensifier "very" goes ("a very important step" → "an important step"), and so does "really" before
 * a verb of appreciation ("we really appreciate" → "we appreciate"; elsewhere it may mean "truly": "what really
 * mattered"), as editors of business writing strike them. Not where the word carries the sense:
 * after a negation ("not very good" is not "not good"), as an adjective ("the very end"), or before a quantity
 * ("thank you very much", "very few", "very often"), before an adverb ("must be very slowly increased"), nor in a term or a calibrated
 * degree ("very low birth weight", "very high frequency", "very likely", "very rare side effects", "very toxic to aquatic
 * life"), nor anywhere in a question or a negated sentence, a requirement or a restriction ("must be kept very cold", "Only
 * very experienced staff …"), an instruction ("Apply a very thin layer"), or beside the same word without it ("Heavy rain
 * is expected, with very heavy rain in the hills").
 */
import { fixArticles, hasWord } from './english-rules.js';
import { isInstruction } from './instruction.js';

const INTENSIFIER = /(?<![\p{L}'’-])(?<!(?:^|[^\p{L}'’-])(?:the|this|that|these|those|its|his|her|their|our|my|your|whose|how|so|too|as|even)\s+)(very|really(?=\s+(?:appreciate|appreciated|value|valued|enjoy|enjoyed|like|liked|love|loved)(?![\p{L}'’-])(?!\s+(?:you|her|him|me|them|us|each\s+other)(?![\p{L}'’-]))))\s+(?!\p{L}+ly(?![\p{L}'’-]))(?!(?:and|or|but|nor|low|high|likely|unlikely|truly|large-scale|long|long-chain|light|fine|coarse|preterm|severe|poor|unhealthy|important\s+person|common|uncommon|rare|heavy|toxic|young|old|much|many|often|few|little|least|most|well|own|same|best|worst|first|last|next|beginning|end|start|moment|thing|idea|nature|existence|heart|top|bottom|edge|center|centre|core|opposite|reason|person|people|survival|foundation|foundations|fabric|essence|soul|life|future|identity|presence|fact|word|words|definition|purpose|day|act)(?![\p{L}'’-]))(?=\p{Ll})/giu;

/** A sentence that names a scale ("rate each item as poor, good, very good or excellent", "ranged from very satisfied to …"). */
const SCALE = /(?<![\p{L}'’-])(?:rate|rated|rating|ratings|scale|ranged|ranging|ranges|choose\s+one|select\s+one|from\s+very)(?![\p{L}'’-])|(?<![\p{L}'’-])(\p{L}+),\s+very\s+\1(?![\p{L}'’-])/iu;
const ASKS_OR_NEGATES = /\?["'”’)]*\s*$|(?<![\p{L}'’-])(?:not|never|no|nor|neither|none|nobody|nothing|hardly|barely|rarely|seldom|few|without|lack|lacks|lacked|lacking)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;
/**
 * A sentence whose "very" sets a limit: a requirement ("Vaccines must be kept very cold"), a restriction ("Only very
 * experienced staff may operate the crane"), advice ("It is important to use very ripe bananas"). Without it, the limit moves.
 */
const LIMIT = /(?<![\p{L}'’-])(?:must|shall|should|required|requires|only)(?![\p{L}'’-])|(?<![\p{L}'’-])(?:important|essential|crucial|vital|necessary|advisable|best|key)\s+to\s+\p{L}+|(?<![\p{L}'’-])(?:need|needs|have|has)\s+to\s+\p{L}+/iu;

/** One sentence of protected text without its weak intensifiers; `a`/`an` follow the word that now comes first. */
export function dropIntensifiers(s: string): string {
  // A question or a negation anywhere before: "Would you really like to leave?" is doubt, "It is not a very good idea"
  // and "Few customers were very satisfied" say less without it.
  if (ASKS_OR_NEGATES.test(s) || SCALE.test(s) || LIMIT.test(s)) return s;
  // A repeated intensifier is emphasis the writer chose: "very, very cold".
  if (/(?:very|really),?\s+(?:very|really)(?![\p{L}'’-])/iu.test(s)) return s;
  const out = s.replace(INTENSIFIER, (m: string, word: string, offset: number) => {
    // The same word said without "very" in the sentence: a contrast ("Heavy rain is expected, with very heavy rain in the
    // hills"), which would say the same thing twice.
    const next = /^[\p{L}'’-]+/u.exec(s.slice(offset + m.length))?.[0];
    if (word.toLowerCase() === 'very' && next && hasWord(s.slice(0, offset) + s.slice(offset + m.length + next.length), next)) return m;
    // A sentence's first word keeps its place as such: "Really good work" → "Good work".
    if (/^\p{Lu}/u.test(word)) return offset === 0 ? '\u0001' : m;
    return '';
  });
  if (out === s) return s;
  // An instruction specifies with it: "Apply a very thin layer", "Use very hot water".
  if (isInstruction(s)) return s;
  return fixArticles(out.replace(/\u0001(\p{Ll})/u, (_, c: string) => c.toUpperCase()));
}
