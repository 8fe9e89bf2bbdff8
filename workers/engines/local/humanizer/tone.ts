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
export const TONE_KEYWORDS: ReadonlyArray<{ words: readonly string[]; traits: Partial<ToneProfile>; negated?: readonly string[] }> = [
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
  { words: ['professional', 'business', 'corporate', 'executive'], traits: { contractions: 'expand', openers: 'professional', register: 'neutral', polished: true } },
  { words: ['concise', 'brief', 'short', 'succinct', 'direct', 'crisp', 'terse', 'to the point'], traits: { concise: true } },
  { words: ['casual', 'informal', 'relaxed', 'conversational', 'chatty', 'laid-back', 'everyday', 'not corporate', 'real person', 'like a human', 'talking to a friend', 'teenager', 'texting', 'slang'], traits: { contractions: 'add', openers: 'casual', register: 'casual' } },
  { words: ['friendly', 'warm', 'approachable', 'empathetic'], traits: { contractions: 'add', openers: 'casual', register: 'casual' } },
  { words: ['playful', 'fun', 'witty', 'humorous', 'quirky', 'cheeky'], traits: { contractions: 'add', openers: 'creative', register: 'casual' } },
  { words: ['creative', 'vivid', 'storytelling', 'narrative', 'poetic', 'imaginative'], traits: { contractions: 'add', openers: 'creative', register: 'casual', vivid: true } },
  { words: ['cautious', 'hedged', 'nuanced', 'careful', 'measured'], traits: { hedged: true } },
];

/**
 * Whether the text asks for the word: mentioned as a whole word (not "semi-formal" for "formal") and not negated in the few
 * words before it ("Don't be formal", "Avoid casual slang", "Not legal advice", "Avoid technical jargon"). With `negated`,
 * whether it is mentioned negated ("avoid using contractions").
 */
function mentions(text: string, word: string, negated = false): boolean {
  const escaped = escapeRegExp(word);
  const re = new RegExp(`(?<![\\p{L}-])${escaped}(?![\\p{L}-])`, 'giu');
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, m.index! - 40), m.index!);
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
  for (const { words, traits, negated } of TONE_KEYWORDS) {
    if (!words.some((w) => mentions(text, w)) && !(negated ?? []).some((w) => mentions(text, w, true))) continue;
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
