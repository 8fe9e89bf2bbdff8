/**
 * What a tone means to the rule-based rewriter. Built-in tones map to fixed profiles; a custom tone
 * is steered by keywords found in its name, instructions and description (TONE_KEYWORDS), starting
 * from a neutral profile. Later keywords in the list do not override earlier ones on the same
 * trait: the first keyword that sets a trait wins, so "formal but friendly" stays contraction-free.
 */
import type { ToneSpec } from '../../../../domain/options.js';
import { escapeRegExp } from '../text/regexp.js';

export type OpenerStyle = 'casual' | 'creative' | 'academic' | 'professional' | 'none';

export interface ToneProfile {
  /** add: contract ("do not" → "don't"); expand: the reverse; keep: leave as written. */
  contractions: 'add' | 'expand' | 'keep';
  /** Which family of sentence openers may be added for variety. */
  openers: OpenerStyle;
  /** Register of replacement wording for machine-typical phrases. */
  register: 'casual' | 'neutral' | 'formal';
  /** Drop fillers and prefer shorter sentences. */
  concise: boolean;
  /** Claims stated as evidence, not proof ("The study indicates that …"; english-hedges.ts), and hedging openers ("Arguably,"). */
  hedged: boolean;
  /**
   * Plain words, but the written forms of stock phrases and connectives ("such as", "As a result,", "In closing,"), not
   * the spoken ones ("like", "So", "All in all,"): business writing, which is neither chatty nor formal.
   */
  polished: boolean;
  /** One vivid word for an intensifier and a plain adjective ("very tired" → "exhausted"): storytelling. */
  vivid: boolean;
}

const NEUTRAL: ToneProfile = { contractions: 'keep', openers: 'none', register: 'neutral', concise: false, hedged: false, polished: false, vivid: false };

export const BUILTIN_PROFILES: Record<'casual' | 'formal' | 'professional' | 'academic' | 'creative', ToneProfile> = {
  casual: { contractions: 'add', openers: 'casual', register: 'casual', concise: false, hedged: false, polished: false, vivid: false },
  formal: { contractions: 'expand', openers: 'none', register: 'formal', concise: false, hedged: false, polished: false, vivid: false },
  professional: { contractions: 'expand', openers: 'professional', register: 'neutral', concise: true, hedged: false, polished: true, vivid: false },
  academic: { contractions: 'expand', openers: 'academic', register: 'formal', concise: false, hedged: true, polished: false, vivid: false },
  creative: { contractions: 'add', openers: 'creative', register: 'casual', concise: false, hedged: false, polished: false, vivid: true },
};

/**
 * Keywords recognised in a custom tone's name, instructions and description (whole words,
 * case-insensitive), and the traits each sets.
 */
export const TONE_KEYWORDS: ReadonlyArray<{ words: readonly string[]; traits: Partial<ToneProfile>; negated?: readonly string[]; patterns?: readonly RegExp[] }> = [
  // What a customer writes about contractions and fillers is read first, as said: "Friendly but professional … use
  // contractions" contracts, "never use contractions" does not, "never start sentences with filler like 'Honestly'" adds none.
  { words: ['use contractions', 'with contractions', 'contractions are fine', 'contractions welcome'], traits: { contractions: 'add' } },
  // Or said in other words: any negated mention of contractions ("avoid using contractions", "please do not use any
  // contractions") or of filler ("Don't start sentences with filler words", "never begin sentences with filler").
  { words: ['no contractions', 'never use contractions', 'avoid contractions', 'without contractions', "don't use contractions", 'do not use contractions'], traits: { contractions: 'expand' }, negated: ['contractions', 'contraction'] },
  { words: ['no filler', 'without filler', 'avoid filler', 'never start sentences with filler', 'no openers', 'no sentence openers', 'avoid openers'], traits: { openers: 'none' }, negated: ['filler', 'fillers', 'openers'] },
  // "Scientific, precise, no hedging": claims stay as strong as written, whatever register the rest asks for.
  { words: [], traits: { hedged: false }, negated: ['hedging', 'hedge', 'hedges', 'hedged', 'hedge words'] },
  // A register between the two: neither contracts nor expands.
  { words: ['semi-formal', 'semiformal', 'business casual', 'smart casual'], traits: { contractions: 'keep', openers: 'none', register: 'neutral' } },
  // Not "polite", "respectful" or "serious": "Polite but chatty", "Heartfelt but respectful", "Serious topic, but keep it
  // conversational" ask for no formal register.
  { words: ['formal', 'official', 'legal', 'clinical', 'precise', 'regulatory', 'authoritative'], traits: { contractions: 'expand', openers: 'none', register: 'formal' } },
  { words: ['academic', 'scholarly', 'scientific', 'research'], traits: { contractions: 'expand', openers: 'academic', register: 'formal', hedged: true } },
  // "Technical" (documentation, specifications) is formal but states its claims: "It is clear that the default timeout is
  // too short" is no "It seems that …" in a manual.
  { words: ['technical'], traits: { contractions: 'expand', openers: 'none', register: 'formal' } },
  // Only where the word describes the voice ("business tone", "businesslike", "a professional voice"): not where it names the
  // writer or the readers ("Sincere apology from a small business owner", "for business customers", "for professionals").
  { words: ['professional', 'business', 'corporate', 'executive', 'businesslike', 'business-like'], traits: { contractions: 'expand', openers: 'professional', register: 'neutral', polished: true } },
  // "No fluff", "cut the fluff"; plain English asks for short sentences and no filler too, as does a journalist's style.
  { words: ['concise', 'brief', 'short', 'succinct', 'direct', 'crisp', 'terse', 'to the point', 'no fluff', 'without fluff', 'cut the fluff', 'no padding', 'no waffle', 'plain english', 'plain language', 'journalist', 'journalistic', 'news style'], traits: { concise: true }, negated: ['fluff', 'padding', 'waffle'] },
  // Written for a child ("Plain English for a 12-year-old", "explain it to kids", "ELI5"): the everyday register, with
  // contractions, but no chatty openers.
  { words: ['for kids', 'for children', 'for a child', 'to a child', 'to kids', 'to children', 'eli5', "like i'm five", 'like im five', 'like i am five'], traits: { contractions: 'add', register: 'casual' }, patterns: [/(?<![\p{L}\p{N}])(?:[1-9]|1[0-4])[-\s]year[-\s]olds?(?![\p{L}])/iu] },
  { words: ['gen-z', 'gen z', 'genz', 'zoomer'], traits: { contractions: 'add', openers: 'casual', register: 'casual' } },
  // A teenager's voice, by name or by age ("Sound like a 16-year-old", "like a teen"); younger ages are the child's voice above.
  { words: ['casual', 'informal', 'relaxed', 'conversational', 'chatty', 'laid-back', 'everyday', 'not corporate', 'real person', 'like a human', 'talking to a friend', 'teenager', 'teenagers', 'teen', 'teens', 'teenage', 'texting', 'slang'], traits: { contractions: 'add', openers: 'casual', register: 'casual' }, patterns: [/(?<![\p{L}\p{N}])1[5-9][-\s]year[-\s]olds?(?![\p{L}])/iu] },
  { words: ['friendly', 'warm', 'approachable', 'empathetic'], traits: { contractions: 'add', openers: 'casual', register: 'casual' } },
  { words: ['playful', 'fun', 'witty', 'humorous', 'quirky', 'cheeky'], traits: { contractions: 'add', openers: 'creative', register: 'casual' } },
  { words: ['creative', 'vivid', 'storytelling', 'narrative', 'poetic', 'imaginative'], traits: { contractions: 'add', openers: 'creative', register: 'casual', vivid: true } },
  { words: ['cautious', 'hedged', 'nuanced', 'careful', 'measured'], traits: { hedged: true } },
  // "Enthusiastic marketing copy": lively and spoken, with contractions (after "professional", which wins where both are asked).
  { words: ['enthusiastic', 'upbeat', 'energetic', 'excited', 'peppy', 'bubbly'], traits: { contractions: 'add', register: 'casual' } },
];

/**
 * A word of the professional group that names the writer or the readers, not the voice: "a small business owner", "business
 * customers", "corporate clients", "executive assistants".
 */
const NAMES_PEOPLE = /^[\s-]*(?:owners?|customers?|clients?|partners?|people|persons?|professionals|executives|managers?|employees|staff|audiences?|readers?|users?|leaders?|students?|schools?|travell?ers?|contacts?|buyers?|assistants?|coach(?:es)?|athletes?|photographers?|dancers?|cyclists?|friends?|acquaintances?|colleagues?|networking|card|cards|hours|trip|class|degree|school|district|park|centre|center)(?![\p{L}])/iu;
/** "a small business", "for a business", "from the corporate office": a business named, not a voice asked for. */
const WRITER_BEFORE = /(?:(?:^|[^\p{L}])small|(?:^|[^\p{L}])(?:for|from|by|at|to|with)\s+(?:a|an|the|my|our|your|their|his|her)(?:\s+(?:small|local|family|new))?)\s+$/iu;
const PEOPLE_WORDS: ReadonlySet<string> = new Set(['professional', 'business', 'corporate', 'executive']);

/**
 * Whether the text asks for the word: mentioned as a whole word (not "semi-formal" for "formal") and not negated in the few
 * words before it ("Don't be formal", "Avoid casual slang", "Not legal advice", "Avoid technical jargon"). With `negated`,
 * whether it is mentioned negated ("avoid using contractions").
 */
function mentions(text: string, word: string | RegExp, negated = false): boolean {
  const re = typeof word === 'string' ? new RegExp(`(?<![\\p{L}-])${escapeRegExp(word)}(?![\\p{L}-])`, 'giu') : new RegExp(word.source, 'giu');
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index! - 40), m.index!);
    if (typeof word === 'string' && PEOPLE_WORDS.has(word.toLowerCase()) && (NAMES_PEOPLE.test(text.slice(m.index! + m[0].length)) || WRITER_BEFORE.test(before))) continue;
    if (NEGATED_BEFORE.test(before) === negated) return true;
  }
  return false;
}

/** A negation within three words before a keyword, in the same clause. */
const NEGATED_BEFORE = /(?:^|[^\p{L}'’])(?:not|no|never|avoid|without|nor|don['’]t|do\s+not|isn['’]t|aren['’]t|less|instead\s+of|rather\s+than)(?:\s+[\p{L}'’-]+){0,3}\s*$/iu;

/** Profile for a custom tone, from the keywords it mentions; neutral when it mentions none. */
export function customToneProfile(text: string): ToneProfile {
  const profile: ToneProfile = { ...NEUTRAL };
  const set = new Set<keyof ToneProfile>();
  for (const { words, traits, negated, patterns } of TONE_KEYWORDS) {
    if (!words.some((w) => mentions(text, w)) && !(patterns ?? []).some((p) => mentions(text, p)) && !(negated ?? []).some((w) => mentions(text, w, true))) continue;
    for (const [key, value] of Object.entries(traits) as Array<[keyof ToneProfile, ToneProfile[keyof ToneProfile]]>) {
      if (set.has(key)) continue;
      set.add(key);
      (profile as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return profile;
}

export function toneProfile(tone: ToneSpec): ToneProfile {
  if (tone.kind === 'builtin') return BUILTIN_PROFILES[tone.name];
  return customToneProfile([tone.name, tone.instructions, tone.description ?? ''].join(' \n '));
}
