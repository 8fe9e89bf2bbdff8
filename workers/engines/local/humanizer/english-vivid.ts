/**
 * Vivid wording, for tones that ask for it (the creative tone; custom tones asking for storytelling, vivid or
 * imaginative writing): an intensifier and a plain adjective become the one word a writer would pick, the oldest
 * advice of writing courses. "very tired" → "exhausted", "very good" → "great", "extremely cold" → "freezing".
 * Only pairs whose single word says the same degree and sense are in the table: "very sad" is not "devastated", "very
 * old" not "ancient", "very hard" (a mattress) not "tough", "very funny" (a stomach) not "hilarious", "very smart" (a
 * suit) not "brilliant". "really" stays (it often means "truly": "Are you really happy with him?").
 * Left as written: a sentence that asks or negates ("not very big", "Neither very big nor very small"); a pair in
 * capitals (a name or a title: "the Very Large Telescope"); a pair on a scale or beside its replacement ("good, very
 * good or excellent", "very good, though not excellent"); "so"/"too" ("so big that"); a grade ("The prognosis is very
 * good"); an idiom or another sense ("very big on punctuality", "very hungry to win", "very surprised at you", "I'm very
 * afraid I have bad news", "wanted it very bad", "a very small world").
 */
import { fixArticles, hasWord, matchCase } from './english-rules.js';
import type { Random } from './random.js';

const VIVID: Readonly<Record<string, readonly string[]>> = {
  // "big" is "huge" only: "enormous" is said of size alone ("a very big fan of jazz" is no "enormous fan", nor "a very big
  // day" "an enormous day").
  big: ['huge'], large: ['huge', 'enormous'], small: ['tiny'], good: ['great', 'excellent'], bad: ['terrible', 'awful'],
  happy: ['delighted', 'thrilled'], tired: ['exhausted'], hungry: ['starving'], cold: ['freezing'], scared: ['terrified'],
  afraid: ['terrified'], angry: ['furious'], beautiful: ['stunning', 'gorgeous'], interesting: ['fascinating'],
  surprised: ['astonished', 'amazed'], tasty: ['delicious'], clever: ['brilliant'], excited: ['thrilled'], boring: ['tedious'],
  nice: ['lovely'], ugly: ['hideous'], scary: ['terrifying'], frightening: ['terrifying'], tiring: ['exhausting'],
};

/**
 * Adjectives replaced only after a linking verb, where they describe: "a very cold reception", "a very tired argument"
 * and "a very hungry market" are figures of speech no single word says ("a freezing reception").
 */
const AFTER_LINK_ONLY = new Set(['cold', 'hungry', 'tired', 'angry', 'happy', 'excited', 'boring']);
/**
 * Of these, the ones said of a person or the weather only: "His reply was very cold", "Her excuses were getting very
 * tired", "The wound looked very angry" are figures of speech.
 */
const PERSONAL_ONLY = new Set(['cold', 'tired', 'angry']);
const PERSON_LINK_BEFORE = /(?:^|[^\p{L}'’-])(?:I|you|he|she|we|they|it)\s+(?:(?:was|were|am|is|are|felt|feel|feels|got|get|gets|seemed|seems|looked|looks|became|become)\s+)$|(?:^|[^\p{L}'’-])(?:I['’]m|you['’]re|he['’]s|she['’]s|we['’]re|they['’]re|it['’]s)\s+$/iu;
const LINK_BEFORE = /(?:^|[^\p{L}'’-])(?:is|was|are|were|be|been|being|am|seems?|seemed|looks?|looked|feels?|felt|got|gets|getting|became|becomes|['’]s|['’]m|['’]re)\s+$/iu;
/**
 * What may not follow: "very tired of waiting" is weariness, "very afraid that we're out of milk" regret, "very cold
 * to me" unkindness, "a very happy birthday" a wish.
 */
const NOT_BEFORE: Readonly<Record<string, RegExp>> = {
  tired: /^\s+of(?![\p{L}])/u,
  // "I'm very afraid I have some bad news" is a courtesy, not terror.
  afraid: /^\s+(?:that|so|not|I|we|you|he|she|it|they|there|this)(?![\p{L}'’])/u,
  cold: /^\s+(?:to|towards|toward|with|comfort)(?![\p{L}])/u,
  good: /^\s+(?:faith|of\s+(?:you|him|her|me|us|them))(?![\p{L}])/u,
  // "very big on punctuality" is keenness.
  big: /^\s+(?:of\s+(?:you|him|her|me|us|them)|brother|brothers|sister|sisters|on)(?![\p{L}])/u,
  // "very small world" is the idiom.
  small: /^\s+(?:hours|world)(?![\p{L}])/u,
  // "very hungry for success", "very hungry to win" are ambition, not "starving".
  hungry: /^\s+(?:for|to)(?![\p{L}])/u,
  // "I'm very surprised at you" is reproach, not amazement.
  surprised: /^\s+at\s+(?:you|him|her|them|me|us|yourself|himself|herself|yourselves|themselves)(?![\p{L}])/u,
  // "very happy to discuss" is willingness, not delight.
  happy: /^\s+(?:to|birthday|new\s+year|anniversary|holidays?|christmas|easter|hanukkah|diwali|eid|thanksgiving|retirement|wedding)(?![\p{L}])/iu,
};

const PAIR = new RegExp(`(?<![\\p{L}'’-])(very|extremely|incredibly)\\s+(${Object.keys(VIVID).join('|')})(?![\\p{L}'’-])`, 'giu');
/** A "so"/"too"/"how"/"as" of degree, or a repeated intensifier, just before the pair: "how very kind", "a very, very big fish". */
const KEEP_AFTER = /(?:^|[^\p{L}'’-])(?:how|as|so|too|very|really|extremely|incredibly),?\s+$/iu;
/**
 * Verbs after which the adjective is an adverb or a change of state: "think very big", "things got very ugly", "I wanted it
 * very bad" (not "wanted it terrible"), "the milk went very bad" (spoiled).
 */
const KEEP_AFTER_VERB: Readonly<Record<string, RegExp>> = {
  bad: /(?:^|[^\p{L}'’-])(?:(?:want|wants|wanted|wanting|need|needs|needed|needing|miss|misses|missed|missing)(?:\s+[\p{L}'’-]+){0,3}|hurt|hurts|hurting|ache|aches|ached|aching|go|goes|going|gone|went)\s+$/iu,
  big: /(?:^|[^\p{L}'’-])(?:think|thinks|thinking|thought|dream|dreams|dreaming|win|wins|winning|won|go|goes|going|went|play|plays|played|aim|aims|aimed)\s+$/iu,
  ugly: /(?:^|[^\p{L}'’-])(?:got|get|gets|getting|turned|turn|turns|became|become|becomes|grew|grow|grows)\s+$/iu,
};
/**
 * A replacement a context rules out: "very good to see you" is "great", never "excellent"; "a very good friend" neither
 * "an excellent friend".
 */
const NOT_AS: Readonly<Record<string, RegExp>> = {
  excellent: /^\s+(?:friends?|to\s+(?:see|hear|meet|have|know|be|me|you|him|her|us|them))(?![\p{L}])/u,
};
/**
 * A grade, not an impression: "The prognosis is very good", "Her self-rated health was very good", "in very good condition"
 * name a step of a scale ("excellent" is the next one up).
 */
const GRADED = /(?<![\p{L}'’-])(?:prognosis|condition|health|grade|graded|grading|rated|rating|ratings|score|scored|scores)(?![\p{L}'’-])/iu;
const GRADED_WORDS = new Set(['good', 'bad']);
/** A sentence that asks or negates: a stronger word there changes what is asked or denied. */
const ASKS_OR_NEGATES = /\?["'”’)]*\s*$|(?<![\p{L}'’-])(?:not|never|no|nor|neither|none|nobody|nothing|hardly|barely|rarely|seldom|few|less|least|without|lack|lacks|lacked|lacking|deny|denies|denied|denying)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;



/** The vivid form of one sentence of protected text; `a`/`an` before a replaced pair follow the new word. */
export function vividWords(s: string, rng: Random, rate: number): string {
  if (ASKS_OR_NEGATES.test(s)) return s;
  const used = new Set<string>();
  let changed = false;
  const out = s.replace(PAIR, (m: string, intensifier: string, adjective: string, offset: number) => {
    const word = adjective.toLowerCase();
    const before = s.slice(Math.max(0, offset - 30), offset);
    // A name or a title: a capital anywhere but on the sentence's first word.
    if ((offset > 0 && /^\p{Lu}/u.test(intensifier)) || /^\p{Lu}/u.test(adjective)) return m;
    if (KEEP_AFTER.test(before) || KEEP_AFTER_VERB[word]?.test(before) || (AFTER_LINK_ONLY.has(word) && !LINK_BEFORE.test(before))
      || (PERSONAL_ONLY.has(word) && !PERSON_LINK_BEFORE.test(before)) || NOT_BEFORE[word]?.test(s.slice(offset + m.length))
      || (GRADED_WORDS.has(word) && GRADED.test(s))) return m;
    // On a scale or beside its replacement: "poor, good, very good or excellent", "very good, though not excellent".
    const rest = s.slice(0, offset) + s.slice(offset + m.length);
    const after = s.slice(offset + m.length);
    const fresh = VIVID[word]!.filter((v) => !used.has(v) && !hasWord(rest, v) && !NOT_AS[v]?.test(after));
    if (fresh.length === 0 || hasWord(rest, word)) return m;
    if (!rng.chance(rate)) return m;
    const pick = rng.pick(fresh);
    used.add(pick);
    changed = true;
    return matchCase(intensifier, pick);
  });
  return changed ? fixArticles(out) : s;
}
