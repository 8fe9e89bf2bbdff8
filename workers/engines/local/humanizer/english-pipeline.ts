/** The English rewrite of one paragraph: word-level rules, then structure, then tone openers. */
import type { Readability } from '../../../../domain/options.js';
import {
  ABOUT_THE_TEXT, addOpener, applyContractions, capitalizeFirst, decapitalize, keepOwnArticles, OPENS_WITH_CLAUSE, openersSaturate, replaceConnectiveOpener, replacePhrases, replaceSynonyms,
  LEGAL, SOMBRE, startsWithConnective,
} from './english-rules.js';
import { hedgeCertainty, hedgeClaims } from './english-hedges.js';
import { isInstruction } from './instruction.js';
import { titleCase } from './document.js';
import { vividWords } from './english-vivid.js';
import { dropIntensifiers } from './english-concise.js';
import { CONNECTIVES } from './english-phrases.js';
import { FUNCTION_WORDS } from '../text/function-words.js';
import { tagTokens } from '../text/pos.js';
import {
  ableToCan, activeNominals, dropIntroComma, dropThat, howeverToThough, dueToBecause, impersonalYou, importantToAdvice, plainApostrophes, plainOpener, dropLoneAdditive,
  plainSmallWords, plainThereby, provideToGive, provideWithToGive, putInPlaceOrder, sinceBecause, whileToAlthough,
} from './english-plain.js';
import type { ModeParams } from './params.js';
import { READABILITY_PARAMS } from './params.js';
import type { Random } from './random.js';
import { mergeSentences, reorderClauses, splitResultParticiple, splitSentence, standsAlone, wordCount } from './structure.js';
import type { ToneProfile } from './tone.js';

export interface EnglishContext {
  profile: ToneProfile;
  mode: ModeParams;
  readability: Readability;
  lowerForms: ReadonlySet<string>;
  /** Capitalised words the text uses inside a sentence (names): only these keep their capital after a semicolon. */
  names: ReadonlySet<string>;
  repeated: ReadonlySet<string>;
  rng: Random;
  /** Openers already used in the text, so none repeats. */
  usedOpeners: Set<string>;
  /** The body is an item of a list: it gets no opener (its items are parallel). */
  listItem?: boolean;
  /** No sentence stands before the body's first: it opens the text, or sits right under a title, a salutation or a colon. */
  opensSection?: boolean;
  /**
   * The text is a contract, a licence, terms of service, a policy, a formal letter or a notice that binds its reader (a
   * medicine leaflet, a safety rule, an insurance or tax notice; see writtenRegister): every paragraph
   * of it keeps to the written register whatever the tone ("12.2 Plus, the Supplier may terminate this Agreement", "That's
   * why your continued use of the Service constitutes acceptance of the amended Terms", "Dear Mr. Okafor, … On top of that,
   * the repair itself is covered …").
   */
  written?: boolean;
  /** The text mourns, apologises or vows (see solemnRegister): its connectives and stock phrases take no casual forms. */
  solemn?: boolean;
  /** The text tells a story (narrativeText): its additive connectives are dropped, not said another way. */
  narrative?: boolean;
}

// Two whole clauses joined by "and" take a comma: "… without distractions and the sleek design makes …" reads
// as one long object until the verb.
/**
 * How related sentences are joined: a semicolon, which claims no relation. ", and" did ("…before it can cause serious
 * illness, and most vaccines contain …" read the second sentence into the first one's "before" clause; "…applied to the
 * Curtis Institute, and she was rejected" said addition where the text set up a contrast), and so did a dash ("A gift of
 * $50 provides school supplies — a gift of $150 pays for tutoring" read as an explanation).
 */
const JOINERS: readonly string[] = ['; '];

const PROTECTED = /[\uE000-\uE019]/u;
const PROTECTED_START = /^[^\p{L}\uE000-\uE019]*[\uE000-\uE019]/u;

function splitAll(sentences: string[], maxWords: number, ctx: EnglishContext, burst: boolean): string[] {
  const out: string[] = [];
  const casual = ctx.profile.register === 'casual';
  for (const s of sentences) {
    let queue = [s];
    for (let round = 0; round < 3; round++) {
      const next: string[] = [];
      for (const part of queue) {
        const parts = splitSentence(part, { maxWords, casual, english: true, sentenceEnd: '.' }) ??
          (burst && round === 0 && wordCount(part) >= ctx.mode.burstMinWords && ctx.rng.chance(ctx.mode.burstSplitRate * (ctx.readability === 'graduate' ? 0.5 : 1))
            ? splitSentence(part, { maxWords: 14, casual, english: true, sentenceEnd: '.', minPart: 5 })
            : null);
        next.push(...(parts ?? [part]));
      }
      if (next.length === queue.length) break;
      queue = next;
    }
    out.push(...queue);
  }
  return out;
}

/** Content words of a sentence (four letters or more, not function words), lower-cased. */
function contentWords(s: string): Set<string> {
  return new Set((s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w)));
}

/** Whether b goes on from a: it opens with a connective, by pointing back, or with a content word of a. */
function related(a: string, b: string): boolean {
  if (startsWithConnective(b)) return true;
  // Not "it": joined, it points at the nearest clause ("…why you decided to cancel; it helps us improve" says cancelling helps);
  // nor "he"/"she", which may then point at someone the first sentence names later ("…a neighbour told me that my
  // grandfather had gone out; he had told each colony" makes the neighbour the teller).
  // "this"/"that" only as a pronoun ("This means …"), not a determiner ("This year we are looking for volunteers"); not "then"
  // (a next step in a story: "…on day three; then it just sat there" lost its beat).
  // "They"/"their"/"them" only after a plural subject: "…gives you five hours of playback; they come in black" points at
  // the hours.
  if (/^(?:they|their|them)(?![\p{L}'’-])/iu.test(b)) return pluralSubject(a);
  if (/^(?:such|there|so|but|yet|plus|also|still|however|instead|here)(?![\p{L}'’-])/iu.test(b)) return true;
  // "Both"/"Each" point back only as pronouns ("Both are …", "Each of them …"): "Each backpack comes with a warranty" opens
  // with a determiner and says something new.
  if (/^(?:both|each)(?:\s+(?:of|is|are|was|were|has|have|had|can|could|will|would|may|might|must|should|offers?|comes?|needs?)(?![\p{L}'’-])|,)/iu.test(b)) return true;
  if (/^(?:this|that|these|those)\s+(?:is|was|are|were|has|had|have|means|meant|makes|made|shows|showed|helps|helped|can|could|will|would|may|might|should|must|also|does|did|led|leads)(?![\p{L}'’-])/iu.test(b)) return true;
  // A shared word alone proved too weak ("…diagnosed with Type 1 diabetes, and one day I was a healthy sixteen-year-old"):
  // the second sentence must also open with its subject repeated from the first.
  // A shared word that modifies the noun after it is no repeated subject: "…your core muscles. Our core values are …"
  // shares "core" and goes on to something else.
  const words = contentWords(a);
  const opening = contentWords(b.split(/\s+/u).slice(0, 3).join(' '));
  const shared = [...opening].filter((w) => words.has(w) || words.has(w.replace(/(?:es|s)$/u, '')) || words.has(`${w}s`));
  if (shared.length === 0) return false;
  const tagged = tagTokens(b) ?? [];
  return shared.some((w) => {
    const at = tagged.findIndex((t, k) => k < 6 && t.text.toLowerCase() === w);
    return at < 0 || tagged[at + 1]?.pos !== 'NOUN';
  });
}

/** A negation ("not", "cannot", "never", "n't"; not "not only … but also", which adds). */
const NEGATED = /(?<![\p{L}'’-])(?:not(?!\s+only)|cannot|never|no|nobody|nothing|none|neither|nor|rarely|seldom|hardly|barely|scarcely)(?![\p{L}'’-])|(?<![\p{L}'’-])(?<!\ba\s)(?:little|few)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;

/** A second clause joined on after a comma: by "and"/"but"/"or"/"so"/"yet" and a subject, or a subordinate or relative clause. */
const COORDINATED = /,\s+(?:and|but|or|so|yet)\s+(?:I|you|he|she|it|we|they|there|this|that|these|those|the|a|an|its|their|his|her|our|my|your|some|many|most)(?![\p{L}'’-])/iu;
const SUBORDINATE_CLAUSE = /,\s+(?:because|since|although|though|while|whereas|which|who|whose|when|where|unless|if)(?![\p{L}'’-])/iu;
const JOINED_CLAUSE = new RegExp(`${COORDINATED.source}|${SUBORDINATE_CLAUSE.source}`, 'iu');

/**
 * Whether a sentence's subject (the noun or pronoun before its first verb and any preposition) is plural: "The headphones
 * combine …", "They …"; not "A quick charge of ten minutes gives …".
 */
function pluralSubject(s: string): boolean {
  const tagged = tagTokens(s) ?? [];
  const verb = tagged.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
  const preposition = tagged.findIndex((t, k) => k > 0 && k < verb && t.pos === 'ADP');
  for (let i = (preposition === -1 ? verb : preposition) - 1; i >= 0; i--) {
    const t = tagged[i]!;
    if (t.pos !== 'NOUN' && t.pos !== 'PROPN' && t.pos !== 'PRON') continue;
    return /^(?:they|we|these|those|both|people|children|staff|police|men|women)$/iu.test(t.text) || (t.pos !== 'PRON' && /[^su'’]s$/iu.test(t.text));
  }
  return false;
}

/** A causal link at a sentence's start, as written or as replaced. */
const CAUSAL_START = /^(?:therefore|thus|hence|consequently|accordingly|so|for\s+this\s+reason|as\s+a\s+result|that['’]s\s+why|because\s+of\s+this)(?![\p{L}'’-])/iu;

/** A sentence that sums up: it closes a paragraph and joins none. */
const CLOSING = /^(?:all\s+in\s+all|in\s+closing|to\s+close|in\s+conclusion|in\s+summary|to\s+sum\s+up|to\s+wrap\s+up|to\s+summari[sz]e|overall|ultimately|in\s+short|in\s+brief|in\s+the\s+end|finally|lastly)(?:,|\s)|^so,/iu;

/** A later step of a series: "Then …", "The second …", "Finally, …"; with SERIES_ANY, its first step too. A series of three
 * or more keeps its steps apart: two of them joined and the third not reads unevenly. */
const SERIES = /^(?:then|(?:the\s+)?(?:second|third|fourth|fifth|next|final|last|finally)|step\s+\p{L}+)(?![\p{L}'’-])/iu;
const SERIES_ANY = /^(?:then|(?:the\s+)?(?:first|second|third|fourth|fifth|next|final|last|finally)|firstly|secondly|step\s+\p{L}+)(?![\p{L}'’-])/iu;

/** Whether the tagger finds a verb in a sentence (a title or a label has none). */
function hasVerb(s: string): boolean {
  return (tagTokens(s) ?? []).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

/**
 * Joins related neighbours, never: a short last sentence (a punchline: "…out of breath; she got the job."),
 * a sentence that a split has just made (split and joined again, it paired half of one sentence with the next), or onto a
 * sentence with a colon (a list: "…keeping promises and giving credit generously — listening signals respect" read as a
 * fourth item).
 */
function mergeAll(sentences: string[], ctx: EnglishContext, whole: ReadonlySet<string>): string[] {
  const r = READABILITY_PARAMS[ctx.readability];
  // Casual text at college level keeps its sentences: joined with a semicolon, its short beats read stiffly ("…floated for
  // about four seconds; then it sank"); graduate and doctorate readers asked for longer sentences.
  if (r.mergeRate === 0 || (ctx.profile.register === 'casual' && ctx.readability === 'college')) return sentences;
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    let a = sentences[i]!;
    if (!whole.has(a) || a.includes(':')) { out.push(a); continue; }
    // Up to r.maxJoined sentences join the first one (one at every level: a third made run-ons).
    for (let joined = 0; joined < r.maxJoined && i + 1 < sentences.length; joined++) {
      const b = sentences[i + 1]!;
      // A paragraph's last sentence opening with a causal link usually sums the paragraph up ("Therefore, the impact …
      // depends on its size"): joined, it would follow from the one sentence before alone.
      if (!whole.has(b) || (i + 2 === sentences.length && (wordCount(b) <= 5 || CAUSAL_START.test(b)))) break;
      // Not a heading in title case ("How the Committee Reached Its Decision"), nor "Yet another …", "Still water …", "But for
      // …", "So many …" (no connectives there), nor a step of a series ("Then …", or a "second" with a "third" after it).
      if (titleCase(a) || /^(?:yet\s+(?:another|more|again)|so\s+(?:many|much|far|few|little|long|was|were|is|are|did|does|do|has|have|had|can|could|will|would|am)|but\s+for|still\s+(?!,)\p{Ll}+)(?![\p{L}'’-])/iu.test(b)
        || /^then(?![\p{L}'’-])/iu.test(b) || (SERIES.test(b) && sentences.filter((x) => SERIES_ANY.test(x)).length >= 3)) break;
      // A sentence opening with "And"/"Or"/"Nor" stays on its own: joined, it would read "and and".
      if (/^(?:and|or|nor)\b/iu.test(b) || wordCount(a) + wordCount(b) > r.mergeMax || !ctx.rng.chance(Math.min(1, r.mergeRate * ctx.mode.mergeFactor))) break;
      // An instruction and a statement do not make one sentence: "I could not help but laugh, and help yourself to coffee";
      // nor does a sentence that announces a list with the one before ("…takes time, and here are five tips").
      if (isInstruction(a) || isInstruction(b) || /^(?:here|below|the\s+following)\s+(?:are|is)(?![\p{L}'’-])|^here['’]s(?![\p{L}])/iu.test(b)) break;
      // Only sentences that go on from each other: the second points back (a pronoun) or shares a content word with the
      // first ("She studied medicine at Harvard, and the speed limit is 30 mph here" shares nothing); and both have a
      // verb ("5. Giving up too early. Most companies …": a title is no clause); no vocative ("Mom, you taught us").
      // The first must stand as a clause of its own: "Introducing BrightNest, the thermostat that learns your routine" has
      // only its relative clause's verb, and a semicolon after it joins a fragment.
      if (!related(a, b) || !standsAlone(a) || !hasVerb(b) || (/^\p{L}+,/u.test(b) && !startsWithConnective(b))) break;
      // Nor a contrast ("It did not happen in a hospital. It happened in my family's kitchen": one negated, one not), a
      // sentence about the text itself ("This essay explores …") or a reason split off before ("This is because …").
      // Nor provisions of a contract or policy ("…aware of these restrictions; this Agreement shall be governed by …").
      if (/(?<![\p{L}'’-])shall(?![\p{L}'’-])/iu.test(a + ' ' + b)) break;
      if (NEGATED.test(a) !== NEGATED.test(b) || ABOUT_THE_TEXT.test(b) || /^(?:this|that)(?:['’]s|\s+is)\s+because(?![\p{L}])/iu.test(b)) break;
      // Nor a closing sentence ("All in all, telehealth is …"): "…data security; all in all, telehealth is …" buries it.
      // Nor one that opens with a clause or a phrase of its own: "…to initiate an investigation; upon arriving, officers …"
      // reads stiffly.
      if (CLOSING.test(b) || OPENS_WITH_CLAUSE.test(b)) break;
      // Nor onto a heading set as a sentence ("Product Recall Notice. Acme …") or a quotation's attribution ("…," he said.).
      if (wordCount(a) <= 4 || /(?<![\p{L}'’-])(?:said|says|asked|asks|added|adds|wrote|writes|explained|replied|noted|told\s+\p{L}+)[.!?]$/u.test(a)) break;
      // Every other sentence follows a semicolon; "But"/"So"/"Yet" join after a comma, as people write them ("…saves time,
      // but it can be lonely"; "; but" reads as a style-guide relic).
      const joiners = /^(?:but|so|yet)\s/iu.test(b) ? [', '] : JOINERS;
      // Nor a second "but"/"so" onto a sentence that has one: "X, but Y, but Z" runs on.
      // Nor a contrast onto a sentence that opens with one: "But the Kindle has …, but the Kobo supports …".
      if (joiners[0] === ', ' && (/,\s+(?:but|so|yet)\s/iu.test(a) || (/^(?:but|yet)\s/iu.test(a) && /^(?:but|yet)\s/iu.test(b)))) break;
      // Nor a contrast between two sentences that each join two clauses with ", and": "The combat is fast, and the boss fights
      // are challenging, but the story is thin, and the characters are forgettable" runs four clauses on.
      if (joiners[0] === ', ' && /,\s+and\s/u.test(a) && /,\s+and\s/u.test(b)) break;
      // Nor a contrast after a subordinate or relative clause, which it would then read as part of ("…, because charging
      // infrastructure can be shared, but batteries perform worse …"), nor four clauses in a row ("…, and we agree that …,
      // but we still have concerns about …, which is …").
      if (joiners[0] === ', ' && (SUBORDINATE_CLAUSE.test(a) || (COORDINATED.test(a) && JOINED_CLAUSE.test(b)))) break;
      // A semicolon joins no two sentences that each join two clauses ("…, but it can ask parents …; parents who disagree can
      // appeal, and they must …"), nor onto a clause a dash set off ("… — it will include patients from five countries; they
      // hope …" puts "they" after the wrong noun).
      if (joiners[0] !== ', ' && ((COORDINATED.test(a) && COORDINATED.test(b)) || /\s[—–]\s/u.test(a))) break;
      const merged = mergeSentences(a, b, {
        joiners, lowerForms: ctx.lowerForms, spaceless: false, hasCase: true, names: ctx.names,
      }, ctx.rng);
      if (!merged) break;
      a = merged;
      i++;
    }
    out.push(a);
  }
  return out;
}

export function rewriteEnglishParagraph(sentences: string[], ctx: EnglishContext): string[] {
  const { profile, mode, rng } = ctx;
  const prefer = ctx.readability === 'high-school' ? 'short' : 'any';
  // A contract's, a policy's or a formal letter's sentences take the written register's words whatever the tone (its
  // contractions are the tone's).
  const register: ToneProfile['register'] = ctx.written === true ? 'formal' : profile.register;
  // A polished tone (professional) takes the written forms of stock phrases and connectives; a eulogy, an apology or vows
  // no casual ones.
  const phraseRegister = profile.polished ? 'formal' : register === 'casual' && ctx.solemn === true ? 'neutral' : register;
  function rewriteSentence(s: string, neighbours: string): string {
    // A sentence in capitals is shouted (a warning, a heading): a rewrite would mix cases ("Beyond this, IT IS DOWN").
    if (!/\p{Ll}/u.test(s) && /\p{Lu}{2}/u.test(s)) return s;
    // Before the connective's own replacement, which would take "However" first; casual registers only ("…was not
    // significant after adjustment, though." is out of place in a report).
    let t = register === 'casual' && mode.deepRate > 0 ? howeverToThough(s, rng, mode.deepRate, ctx.usedOpeners) : s;
    // A hedged tone says "It is clear that" as "It appears that" before the phrase rules make it "Clearly,".
    if (profile.hedged) t = hedgeCertainty(t);
    t = plainOpener(t, phraseRegister, rng, mode.plainRate, ctx.lowerForms, ctx.usedOpeners) ?? t;
    t = replacePhrases(t, phraseRegister, rng, prefer, ctx.usedOpeners);
    t = replaceConnectiveOpener(t, phraseRegister, rng, prefer, ctx.usedOpeners);
    // Before the synonyms, which would turn "it is essential to" into "it is needed to".
    t = importantToAdvice(t, register, rng, 1);
    t = replaceSynonyms(t, {
      rate: mode.synonymRate, variation: mode.variationRate, readability: ctx.readability, repeated: ctx.repeated, determiners: mode.plainRate,
      relativeWho: register === 'casual', formal: register !== 'casual', neighbours,
    }, rng);
    // After the synonyms, which say "demonstrates" as "shows": the hedge then says it as "indicates".
    if (profile.hedged) t = hedgeClaims(t, rng, ctx.usedOpeners);
    t = plainThereby(putInPlaceOrder(provideToGive(provideWithToGive(t, rng, mode.plainRate), rng, mode.plainRate)));
    t = sinceBecause(dueToBecause(t, rng, mode.plainRate), rng, mode.plainRate);
    // Before plainSmallWords, which says "very" as "really" (a word vividWords leaves: it often means "truly").
    if (profile.vivid) t = vividWords(t, rng, 1);
    else if (profile.concise) t = dropIntensifiers(t);
    t = plainSmallWords(t, register, rng, mode.plainRate, ctx.solemn === true);
    t = ableToCan(t, rng, mode.plainRate);
    if (register !== 'formal') t = whileToAlthough(activeNominals(t, rng, mode.plainRate), rng, mode.plainRate);
    if (register === 'casual') t = impersonalYou(t);
    if (register !== 'formal' && mode.deepRate > 0) t = dropThat(t, tagTokens(t), rng, mode.deepRate);
    if (ctx.readability !== 'doctorate' && rng.chance(mode.plainRate)) t = dropIntroComma(t) ?? t;
    // A sentence that a dropped opener left starting with a protected span ("Additionally, machine learning models …" with
    // "machine learning" frozen) could not take its capital back: it stays as it was.
    if (PROTECTED_START.test(t) && !PROTECTED_START.test(s)) return s;
    t = keepOwnArticles(t, s);
    // A neutral tone gains contractions in the stronger modes only for readers of everyday prose: graduate and doctorate
    // texts (a cover letter's "I am writing to apply") keep their full forms.
    const contractNeutral = mode.contractNeutral && (ctx.readability === 'high-school' || ctx.readability === 'college');
    return applyContractions(plainApostrophes(t), profile.contractions === 'keep' && contractNeutral ? 'add' : profile.contractions);
  }
  // A sentence whose connective was dropped ("In addition, we will host …" → "We'll host …") takes no opener in its place:
  // "Look, we'll host …" would say something the connective did not.
  const dropped = new Set<string>();
  let out = sentences.map((s, i) => {
    const neighbours = `${sentences[i - 1] ?? ''} ${sentences[i + 1] ?? ''}`;
    // "On the other hand," answering an "On one hand," before it stays: replaced ("But …", "By contrast, …"), it would
    // leave the first half of the pair alone. The rest of the sentence is rewritten as usual.
    const pair = OTHER_HAND.exec(s);
    if (pair && sentences.slice(0, i).some((x) => ONE_HAND.test(x))) {
      const rest = rewriteSentence(capitalizeFirst(s.slice(pair[0].length)), neighbours);
      return `${pair[1]} ${decapitalize(rest, ctx.lowerForms) ?? rest}`;
    }
    // "Furthermore," with no point before it to add to ("Benefits of Meditation" over "Furthermore, meditation reduces …")
    // goes: said as "Plus," or "On top of that," it would still add to nothing.
    // In a story too: its events follow one another, and "Moreover, she closes the door behind me" or "Beyond this, the door
    // of the lighthouse was open" (read as a place) adds no point to any argument.
    const lone = (i === 0 && ctx.opensSection === true) || ctx.narrative === true ? dropLoneAdditive(s) : null;
    // Where it would leave a protected span to open the sentence ("Additionally, iPhone 16 owners …"), which cannot take a
    // capital, it stays as written: dropped, the checker turned down the whole paragraph; replaced, it still added to nothing.
    if (lone !== null && PROTECTED_START.test(lone) && s.endsWith(lone)) return s.slice(0, s.length - lone.length) + rewriteSentence(lone, neighbours);
    const rewritten = rewriteSentence(lone ?? s, neighbours);
    if (startsWithConnective(s) && !startsWithConnective(rewritten)) dropped.add(rewritten);
    return rewritten;
  });
  // "…, allowing staff to rest." → "…. This allows staff to rest." (not for doctoral readers, half as often for graduate).
  const participleRate = mode.plainRate * (ctx.readability === 'doctorate' ? 0 : ctx.readability === 'graduate' ? 0.5 : 1);
  // Each sentence remembers whether it is still whole: a part a split made is joined to nothing (see mergeAll).
  let parts = out.flatMap((s) => {
    const split = participleRate > 0 ? splitResultParticiple(s) : null;
    return split && rng.chance(participleRate) ? split.map((text) => ({ text, whole: false })) : [{ text: s, whole: true }];
  });
  parts = parts.map((p) => (rng.chance(mode.reorderRate) ? { ...p, text: reorderClauses(p.text, ctx.lowerForms, rng) ?? p.text } : p));
  const maxWords = READABILITY_PARAMS[ctx.readability].maxWords - (profile.concise ? 4 : 0);
  parts = parts.flatMap((p) => {
    const pieces = splitAll([p.text], maxWords, ctx, ctx.readability !== 'doctorate');
    return pieces.length === 1 ? [p] : pieces.map((text) => ({ text, whole: false }));
  });
  // A sentence whose connective was dropped ("Furthermore, they create jobs" → "They create jobs") stays on its own too:
  // joined ("…cheaper over the past decade; they create jobs"), it would read as saying more of the sentence before, not
  // as a second point.
  out = mergeAll(parts.map((p) => p.text), ctx, new Set(parts.filter((p) => p.whole && !dropped.has(p.text)).map((p) => p.text)));
  let previousHadOpener = true;
  let added = 0;
  const tryOpener = (s: string): string | null => {
    if (dropped.has(s)) return null;
    const withOpener = addOpener(s, profile.openers, ctx.lowerForms, rng, ctx.usedOpeners, prefer);
    if (!withOpener) return null;
    ctx.usedOpeners.add(withOpener.opener);
    added++;
    return withOpener.text;
  };
  // A paragraph that already opens one sentence in five with a tone opener (a text humanized before) gets no more:
  // rewriting a rewrite must not pile them up.
  // Nor in a paragraph about a death or a grief: "My husband passed away last year. Arguably, the grief is terrible."
  // Nor in an item of a list, nor in a contract's clauses ("Honestly, the remedies are the best available under law").
  const saturated = openersSaturate(out) || ctx.listItem === true || ctx.written === true || sentences.some((x) => SOMBRE.test(x) || LEGAL.test(x));
  out = out.map((s) => {
    if (saturated || previousHadOpener || !rng.chance(mode.openerRate)) { previousHadOpener = false; return s; }
    const t = tryOpener(s);
    previousHadOpener = t !== null;
    return t ?? s;
  });
  // A tone with openers shows them in every paragraph of three or more sentences, whatever the dice said.
  if (added === 0 && !saturated && profile.openers !== 'none' && out.length >= 3) {
    const start = 1 + Math.floor(rng.next() * (out.length - 1));
    for (let k = 0; k < out.length - 1 && added === 0; k++) {
      const i = 1 + ((start - 1 + k) % (out.length - 1));
      out[i] = tryOpener(out[i]!) ?? out[i]!;
    }
  }
  return out.map(tidy).filter((s) => s.length > 0);
}

const OTHER_HAND = /^(On the other hand,)\s+(?=\p{L})/u;
const ONE_HAND = /(?<![\p{L}'’-])on\s+(?:the\s+)?one\s+hand(?![\p{L}'’-])/iu;

/** What opens a sentence with a view, not a link: "That said, I think …" stacks nothing. */
const VIEW_PHRASES = new Set(['i think', 'to me', 'if you ask me', 'you know', 'to be honest', 'the thing is', 'truth be told', 'you see']);
/** "so" of degree after a connective is no second connective: "Consequently, so much of your weekend …" keeps its link. */
const STACKED_START = new RegExp(`^(?:${CONNECTIVES.join('|')}),\\s+(?!so\\s+(?:many|much|few|little|far|long|often|well|very|too)(?![\\p{L}'’-]))(?=(?:${CONNECTIVES.filter((c) => !VIEW_PHRASES.has(c)).join('|')})(?:,|\\s))`, 'iu');

/**
 * Last step of every sentence: where replacements left two connectives in a row ("But, but it ...")
 * the first goes; punctuation left doubled by a deletion (", .") is merged; spaces are single.
 */
function tidy(sentence: string): string {
  let s = sentence.replace(/\s{2,}/gu, ' ').trim();
  if (STACKED_START.test(s)) s = capitalizeFirst(s.replace(STACKED_START, ''));
  return s.replace(/[,;:]\s*([.!?])/gu, '$1').replace(/,\s*,/gu, ',');
}
