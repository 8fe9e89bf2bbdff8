/**
 * Vivid wording, for tones that ask for it (the creative tone; custom tones asking for storytelling, vivid or
 * imaginative writing): an intensifier and a plain adjective become the one word a writer would pick, the oldest
 * advice of writing courses. "very tired" → "exhausted", "really good" → "great", "extremely cold" → "freezing".
 * Only pairs whose single word says the same degree are in the table: "very sad" is not "devastated", "very old" not
 * "ancient", and "hard", "cold" and "hungry" change only where they describe ("was very hard" → "was tough", not "worked very
 * hard"). Nothing negated or asked ("not very big",
 * "how very kind") and no "so"/"too" ("so big that", "too cold to") is touched.
 */
import { fixArticles } from './english-rules.js';
import type { Random } from './random.js';

const VIVID: Readonly<Record<string, readonly string[]>> = {
  big: ['huge', 'enormous'], large: ['huge', 'enormous'], small: ['tiny'], good: ['great', 'excellent'], bad: ['terrible', 'awful'],
  happy: ['delighted', 'thrilled'], tired: ['exhausted'], hungry: ['starving'], cold: ['freezing'], scared: ['terrified'],
  afraid: ['terrified'], angry: ['furious'], beautiful: ['stunning', 'gorgeous'], difficult: ['tough'], interesting: ['fascinating'],
  surprised: ['astonished', 'amazed'], tasty: ['delicious'], funny: ['hilarious'], hard: ['tough'],
  smart: ['brilliant'], clever: ['brilliant'], excited: ['thrilled'], boring: ['tedious'], strange: ['bizarre'], weird: ['bizarre'],
  nice: ['lovely'], ugly: ['hideous'], scary: ['terrifying'], frightening: ['terrifying'], tiring: ['exhausting'],
};

/**
 * Adjectives replaced only after a linking verb, where they describe: "worked very hard" is an adverb, "a very cold
 * reception" and "very clean energy" are figures of speech no single word says ("a freezing reception").
 */
const AFTER_LINK_ONLY = new Set(['hard', 'cold', 'hungry']);
const LINK_BEFORE = /(?:^|[^\p{L}'’-])(?:is|was|are|were|be|been|being|am|seems?|seemed|looks?|looked|feels?|felt|got|gets|getting|became|becomes|['’]s|['’]m|['’]re)\s+$/iu;
/** What may not follow: "very tired of waiting" is weariness, not exhaustion. */
const NOT_BEFORE: Readonly<Record<string, RegExp>> = { tired: /^\s+of(?![\p{L}])/u };

const PAIR = new RegExp(`(?<![\\p{L}'’-])(very|really|extremely|incredibly|awfully|terribly)\\s+(${Object.keys(VIVID).join('|')})(?![\\p{L}'’-])`, 'giu');
/** A negation, a question of degree or a comparison just before the pair: "not very big", "how very kind", "as very …". */
const KEEP_AFTER = /(?:^|[^\p{L}'’-])(?:not|never|no|nor|how|as|n['’]t|hardly|barely|isn['’]t|wasn['’]t|aren['’]t|weren['’]t)(?:\s+[\p{L}'’-]+)?\s+$/iu;

function keepCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/** The vivid form of one sentence of protected text; `a`/`an` before a replaced pair follow the new word. */
export function vividWords(s: string, rng: Random, rate: number): string {
  let changed = false;
  const out = s.replace(PAIR, (m: string, intensifier: string, adjective: string, offset: number) => {
    const word = adjective.toLowerCase();
    const before = s.slice(Math.max(0, offset - 30), offset);
    if (KEEP_AFTER.test(before) || (AFTER_LINK_ONLY.has(word) && !LINK_BEFORE.test(before)) || NOT_BEFORE[word]?.test(s.slice(offset + m.length))) return m;
    if (!rng.chance(rate)) return m;
    changed = true;
    return keepCase(intensifier, rng.pick(VIVID[word]!));
  });
  return changed ? fixArticles(out) : s;
}
