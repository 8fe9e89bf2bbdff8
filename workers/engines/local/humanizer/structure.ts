/**
 * Sentence-structure operations: splitting long sentences at clause boundaries, merging short
 * neighbours, and moving clauses (English). They change sentence length and rhythm, which is what
 * readability levels and burstiness are about, without adding or dropping content words.
 */
import { capitalisable } from './common-words.js';
import { capitalizeFirst, decapitalize, startsWithConnective } from './english-rules.js';
import { isInstruction } from './instruction.js';
import { endsWithAbbreviation } from '../text/segment.js';
import { tagTokens } from '../text/pos.js';
import type { Random } from './random.js';

const WORD_CHAR = /^[\p{L}\p{N}\uE000]$/u;

/**
 * Words of a sentence: maximal runs of letters, digits and placeholder starts (the same count as
 * `s.match(/[\p{L}\p{N}\uE000]+/gu).length`), by one scan without building the matches.
 */
function wordCount(s: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let word: boolean;
    if (c < 0x80) word = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
    else {
      const cp = s.codePointAt(i)!;
      word = WORD_CHAR.test(String.fromCodePoint(cp));
      if (cp > 0xffff) i++;
    }
    if (word && !inWord) n++;
    inWord = word;
  }
  return n;
}

/**
 * What a non-restrictive ", which" clause starts with once it is a sentence of its own, read off its
 * verb: "buses, which are ..." → "They are ...", "the plan, which cuts ..." → "That cuts ...". A verb in -s takes
 * "That" whatever came before: the clause may be about the noun before it or about the whole clause ("the city changed
 * its rules, which upsets shop owners"), and "That" reads right for both. Null (no split) when the next word is not a
 * verb whose number shows, so "This are ..." never happens.
 */
function whichLead(rest: string): string | null {
  const verb = /^(\p{L}+)/u.exec(rest)?.[1]?.toLowerCase() ?? '';
  if (/^(?:are|were|have|do|need|make|help|allow|give|provide|include|offer|show|mean|seem)$/u.test(verb)) return 'They ';
  // A modal shows no number ("automakers, which can sell cars" is no "That can sell cars"): no split.
  // Nor at "which is"/"was"/"has": that clause often describes the last noun ("the catalase, which is approximately 37 °C"
  // is the value's) and "That is …" would point at the wrong one.
  const singular = (/^\p{L}{2,}[^s'’]s$/u.test(verb) && !/(?:ous|ics|ness|less|this|thus|plus)$/u.test(verb)
      // "stairs, which robots can't climb": "which" is the object there and "robots" no verb.
      && !/^(?:AUX|VERB|PART)$/u.test(tagTokens(rest)?.[1]?.pos ?? ''));
  // "That" points at the whole clause before: only a verb that comments on an event ("which shows that demand is high",
  // "which upsets shop owners"). A verb that describes the last noun ("the FICO score, which ranges from 300 to 850", "your
  // credit limits, which accounts for 30 percent") would leave "That ranges …" pointing at the wrong thing: no split.
  // "which explains how to report repairs", "which shows where the bins are" tell what the noun (a guide, a map) says: "That
  // explains how to …" reads as a comment on the clause before.
  if (/^(?:explains|shows)\s+(?:how|what|where|when|which|who)(?![\p{L}'’-])/iu.test(rest)) return null;
  return singular && CLAUSE_COMMENT.test(verb) ? 'That ' : null;
}

/** A clause that says what something has or includes. */
const HAVING = /(?<![\p{L}'’-])(?:includes|included|contains|contained|features|featured|comes\s+with|came\s+with|(?:is|are|was|were)\s+(?:fitted|equipped|supplied|sold|shipped|served)\s+with|calls\s+for|called\s+for)(?![\p{L}'’-])/iu;

/** A clause that ends in a list of two or more items: after a colon with a comma, or "A, B and C". */
const ENDS_IN_LIST = /:\s[^:]*,|,\s+[^,]+?\s+(?:and|or)\s+[^,]+$/u;

/**
 * Verbs in -s whose subject "which" is often the whole clause before it. Not "keeps", "costs": their subject is mostly the
 * noun ("call the office, which keeps a spare set" is no "That keeps a spare set").
 */
const CLAUSE_COMMENT = /^(?:shows|means|suggests|indicates|explains|makes|leads|helps|reflects|upsets|angers|annoys|frustrates|worries|pleases|surprises|causes|adds|allows|gives|brings|creates|raises|reduces|cuts|saves|puts|lets|forces|proves|implies|signals|marks|matters|hurts|benefits|frees|slows|speeds|boosts|lowers|limits|ensures|enables|prevents|triggers|confirms|demonstrates|highlights|underlines|underscores)$/u;

/**
 * What cannot open a sentence of its own after a semicolon or a dash: a subordinate clause ("; because it
 * nullifies …"), a relative clause or a participle phrase ("; leading to …") would be left a fragment.
 */
const DEPENDENT_START = /^(?:because|since|although|though|while|whereas|if|unless|until|when|whenever|where|wherever|which|who|whom|whose|as|so that|such as|including|especially|particularly|even|rather than|\p{Ll}+ing)(?![\p{L}'’-])/iu;

const RELATIVE = /^(?:who|whom|whose|which|that|where)$/iu;

/**
 * Whether a ", which" clause closes with a comma and the main clause goes on after it ("an official at the
 * department, which is supposed to control it, said."): split there, the rest would end in a verb without a subject.
 */
function resumesMainClause(rest: string): boolean {
  if (!rest.includes(',')) return false;
  // "…, which is largely the product of bootlegging, in order to win her back": the main clause's purpose follows.
  if (/,\s+(?:in\s+order\s+to|to|so\s+that|so\s+as\s+to|before|after|until|because|and\s+then|then)\s/iu.test(rest)) return true;
  const tagged = tagTokens(rest);
  if (!tagged) return true;
  for (let i = 0; i + 1 < tagged.length; i++) {
    if (tagged[i]!.text !== ',') continue;
    // An adverb may stand between the comma and the verb ("…, which …, often bear the cost").
    const next = tagged[i + 1]?.pos === 'ADV' && tagged[i + 2] ? tagged[i + 2]! : tagged[i + 1]!;
    if ((next.pos === 'VERB' || next.pos === 'AUX') && !/ing$/u.test(next.text)) return true;
  }
  return false;
}

/** Whether a stretch of text has a finite verb (not a participle in -ing). */
function hasFiniteVerb(s: string): boolean {
  return (tagTokens(s) ?? []).some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/iu.test(t.text)));
}

/**
 * Whether a clause after a semicolon or a dash can stand as a sentence: it has a verb of its own before any
 * relative pronoun. "; legitimate fronts for their illegal operations" (no verb) and "; a man who was not
 * afraid" (the verb is the relative clause's) would be fragments.
 */
export function standsAlone(rest: string): boolean {
  const tagged = tagTokens(rest);
  if (!tagged) return false;
  for (let i = 0; i < tagged.length; i++) {
    const t = tagged[i]!;
    // A finite verb, not a participle: "comfortable presenting to groups" has none; nor an infinitive ("Fast, reliable, and
    // easy to set up").
    if (t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/iu.test(t.text) && !(i > 0 && /^to$/iu.test(tagged[i - 1]!.text)))) return true;
    // A verb after a relative pronoun or a subordinator is that clause's: "— the lowest level since the survey began".
    if (i > 0 && (RELATIVE.test(t.text) || t.pos === 'SCONJ')) return false;
    // Nor after a noun and a subject pronoun, a relative clause without its "that": "the stuff I'd do differently" is a
    // noun phrase ("Here's how it went, and the stuff I'd do differently" was split into "The stuff I would do differently.").
    if (i > 0 && /^(?:I|you|we|they|he|she)$/u.test(t.text) && tagged[i - 1]!.pos === 'NOUN') return false;
    if (t.pos === 'PUNCT' && /[.;:!?]/u.test(t.text)) return false;
  }
  return false;
}

/**
 * Whether the words before a dash are a lead-in that labels what follows (a list item's "**Plan ahead** – Start by …",
 * "Lower running costs – Electricity is …"): wholly in bold or italics, without a verb of its own, or followed by a
 * capital that is no "I" (a clause run on after a dash goes on in lower case).
 */
function leadIn(head: string, rest: string): boolean {
  return /^(\*\*|__|\*|_)[^*_]+\1$/u.test(head) || (/^\p{Lu}/u.test(rest) && !/^I(?![\p{L}])/u.test(rest)) || !hasFiniteVerb(head);
}

/** Verbs that report or decide what another clause says: a phrase or a condition moved past them may change which clause it belongs to. */
const REPORTING = /(?<![\p{L}'’])(?:said|says|say|told|tells|asked|asks|ordered|orders|urged|promised|pledged|vowed|agreed|decided|voted|planned|criticized|criticised|announced|warned|claimed|argued|believed|thought|reported|stated|explained|insisted|wrote|added)(?![\p{L}'’])/iu;

/** Verbs that report what someone said, found or expects, beyond REPORTING. */
const REPORTING_MORE = /(?<![\p{L}'’])(?:confirm(?:s|ed)?|note(?:s|d)?|suggest(?:s|ed)?|predict(?:s|ed)?|admit(?:s|ted)?|denie[sd]|expect(?:s|ed)?|estimate(?:s|d)?|forecast|caution(?:s|ed)?|acknowledge(?:s|d)?|reveal(?:s|ed)?|concede(?:s|d)?|assure(?:s|d)?)(?![\p{L}'’])/iu;

/**
 * Whether the clause after ", and"/", but" goes on with what the head reports: a backshifted "would", "could" or "might"
 * after a reporting verb ("The minister said that the tax would rise in May, and the new rate would apply to all fuels"):
 * split off, "The new rate would apply …" would be the writer's claim.
 */
function reportedOn(head: string, rest: string): boolean {
  return (REPORTING.test(head) || REPORTING_MORE.test(head)) && /(?<![\p{L}'’-])(?:would|could|might)(?![\p{L}'’-])/iu.test(rest.split(',')[0]!);
}

/** A head of a sentence that keeps its "because" clause: it already says why, or reports someone else's view. */
const BECAUSE_HEAD_KEEPS = /(?<![\p{L}'’])(?:why|because|argue|argues|argued|claim|claims|claimed|say|says|said|believe|believes|believed|think|thinks|thought|suggest|suggests|suggested|show|shows|showed|shown|find|finds|found|note|notes|noted|state|states|stated|report|reports|reported|feel|feels|felt|insist|insists|insisted|tell|tells|told|explain|explains|explained|write|writes|wrote|add|adds|added|mention|mentions|mentioned)(?![\p{L}'’])/iu;

/** English clause boundaries where a sentence can end, and what starts the new sentence (null: not here). */
/** The writer's own view opening the clause before: what follows ", and" is part of it. */
const VIEW_HEAD = /^(?:I\s+(?:think|believe|feel)|In\s+my\s+(?:opinion|view))(?![\p{L}'’-])/iu;
/**
 * A head whose frame governs a "that" clause: "It is important to note that …", "Keep in mind that …", "Please be advised
 * that …". A clause split off after ", and" or ", but" leaves the frame, which then stresses only the first: "It is
 * important to note that folic acid is usually prescribed alongside methotrexate. However, it must not be taken on the
 * same day" marked the harmless fact and set the warning apart.
 */
const THAT_FRAME = /^(?:it(?:\s+is|['’]s)\s+(?:\p{L}+\s+){1,2}(?:to\s+(?:note|remember|stress|emphasi[sz]e|understand|know|say|add)\s+)?that|it(?:\s+is|['’]s)\s+worth\s+(?:noting|remembering|stressing|mentioning)\s+that|(?:keep|bear)\s+in\s+mind\s+that|(?:please\s+)?(?:note|remember|be\s+(?:aware|advised))\s+that)(?![\p{L}'’-])/iu;

/** A negation in the clause before: "not", "cannot", "never", "n't" ("Applicants cannot be rejected because they live …" denies that reason). */
const NEGATION = /(?<![\p{L}'’-])(?:not|cannot|never|nobody|nothing|none|neither|no\s+one)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;

/** A time phrase and then a verb: "the following Monday presented it" has no subject once split off. */
function timeThenVerb(rest: string): boolean {
  const m = /^(?:the\s+(?:following|next|previous|same)\s+\p{L}+|(?:a|an|one|two|three|several|a\s+few|some)\s+(?:\p{L}+\s+)?(?:later|earlier|afterwards)|(?:this|that|every|each|last|next)\s+(?:time|day|week|month|year|morning|evening|night|spring|summer|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\s+/iu.exec(rest);
  if (!m) return false;
  const next = tagTokens(rest.slice(m[0].length))?.[0];
  return next?.pos === 'VERB';
}

/** A head that opens with a subordinate clause: what follows a split would lose its condition or time ("If …, X, and Y"). */
const SUBORDINATE_HEAD = /^(?:if|when|whenever|unless|once|until|as\s+long\s+as|so\s+long\s+as|provided|providing|while|where|after|before|whether|although|though|assuming|supposing|given\s+that|in\s+(?:the\s+event|case)|even\s+(?:if|when|though)|only\s+if|subject\s+to|except\s+(?:where|when|if)|should\s+(?:the|a|an|you|we|they|he|she|it|any|either|this|that))(?![\p{L}'’-])/iu;
/** A head whose subject is plural ("The unions criticised …"): a "They" split off after it could point at that subject. */
const PLURAL_SUBJECT = /^(?:(?:the|these|those|our|their|many|most|some|all|both|several|\d+)\s+)?(?:[\p{L}-]+\s+)?(?:\p{L}+[^s'’\s]s|people|children|staff|police|men|women)\s+(?:\p{L}+ly\s+)?\p{Ll}+|^(?:they|we)\s/iu;
/** A clause still open in the head: a relative or an indirect question ("Patients who stop … because …", "whether prices rose because …"). */
const OPEN_CLAUSE = /(?<![\p{L}'’-])(?:whether|if|who|which|that)\s/iu;

const EN_SPLITS: ReadonlyArray<{ re: RegExp; lead: (casual: boolean, rest: string, head: string) => string | null }> = [
  // Not inside a list the sentence opened with a colon ("three priorities: cut costs; hire ten engineers; …") or holds
  // more semicolons of ("strong communication skills; comfortable presenting to groups; …"), nor before an instruction.
  { re: /;\s+/gu, lead: (_casual, rest, head) => (DEPENDENT_START.test(rest) || !standsAlone(rest) || /:\s/u.test(head) || isInstruction(rest) || /;/u.test(head) || /;/u.test(rest) || SUBORDINATE_HEAD.test(head) ? null : '') },
  // Not "One moment I was …, and the next I was …": "the next" leans on the first clause. The second clause opens a sentence
  // of its own, without "And": "Thank you for reaching out. And I'm sorry …" reads as an afterthought, twice in an e-mail.
  // Nor before "it": on its own, "It'll give you good questions" may point at the last noun instead ("…its priorities").
  // Nor after the writer's "I think"/"In my opinion": split, the second claim would be stated flatly.
  // Nor where either side is no clause of its own (a gapped verb, a list item, "Patients who …"), after an instruction (a
  // warning: "Miss one more payment, and the bank will …"), in a pair ("either …", "both … and"), before a verb that a time
  // phrase opens ("the following Monday presented it"), or before a proviso that would then limit one side only.
  { re: /,\s+and\s+(?=\p{L}|\uE000)/gu, lead: (_casual, rest, head) => (!opensWithSubject(rest) || /^(?:that|the\s+next|the\s+other|it)(?![\p{L}-])/iu.test(rest) || VIEW_HEAD.test(head) || THAT_FRAME.test(head) || SUBORDINATE_HEAD.test(head)
    || !standsAlone(head) || !standsAlone(rest) || isInstruction(head) || /^either(?![\p{L}'’-])/iu.test(head)
    || (/(?<![\p{L}'’-])both(?![\p{L}'’-])/iu.test(head) && !/(?<![\p{L}'’-])both(?![\p{L}'’-])[^]*?(?<![\p{L}'’-])and(?![\p{L}'’-])/iu.test(head))
    || timeThenVerb(rest) || /,\s+(?:provided|providing|unless|subject\s+to|except|as\s+long\s+as|so\s+long\s+as|on\s+condition)(?![\p{L}'’-])/iu.test(rest) || reportedOn(head, rest) ? null : '') },
  // Not "…argue that X, but that Y": the second "that" clause still hangs on the verb before ("But that the transition …");
  // nor "were not the ones who talked, but the ones who listened": after a negation "but" completes the "not" (a fragment).
  // Nor before a phrase with no verb of its own ("…, but a complete rethink of how …"), nor after "no X" ("no prizes, but …").
  // Nor out of a frame that governs both clauses (THAT_FRAME).
  { re: /,\s+but\s+/gu, lead: (casual, rest, head) => (opensWithSubject(rest) && !/^that(?![\p{L}'’-])/iu.test(rest) && !NEGATION.test(head) && !SUBORDINATE_HEAD.test(head) && !THAT_FRAME.test(head) && standsAlone(rest)
    && !/(?<![\p{L}'’-])no(?!\s+(?:longer|doubt|matter)(?![\p{L}'’-]))(?![\p{L}'’-])/iu.test(head) && !reportedOn(head, rest) ? (casual ? 'But ' : 'However, ') : null) },
  // Outside casual registers a sentence does not open with "But" or "So": "However," and "Therefore," (terms of service
  // read "…consequential damages. So the above limitations may not apply"). Not "As a result,": "so" often infers rather
  // than tells a consequence ("…mostly office-based firms, so the results may not apply" is no result of the sample).
  // Nor ", so you can skip the fees": a purpose ("so that"), not a result.
  // Nor ", so you know …": "so" + "you" is a purpose ("so that you know") far more often than a result.
  // Nor a purpose after an instruction or with "would"/"could"/"should" ("Keep the lid closed, so the soup stays warm", "…
  // early, so the kids would get some sleep").
  { re: /,\s+so\s+/gu, lead: (casual, rest, head) => (opensWithSubject(rest) && !/^(?:that|you)(?![\p{L}])/iu.test(rest) && !/^\p{L}+\s+(?:can|could|will|won['’]t|may|might)(?![\p{L}'’-])/iu.test(rest)
    && !isInstruction(head) && !/(?<![\p{L}'’-])(?:would|could|should)(?![\p{L}'’-])/iu.test(rest) && !SUBORDINATE_HEAD.test(head) ? (casual ? 'So ' : 'Therefore, ') : null) },
  // Not in an instruction: "Start at the town hall, which dates from 1502, and then walk …" would leave "It dates …, and then walk".
  // Nor after a phrase with no verb of its own ("In addition to a down payment, which is often …, buyers must pay").
  // "They" after a plural subject could point at it: "The unions criticised the banks, which have refused …" is no "They have".
  // Nor after a list ("three improvements: a faster chip, a new button and AI features, which are not available on the
  // iPhone 14"): "which" is the last item's, and "They are not available …" would take in the whole list.
  { re: /,\s+which\s+/gu, lead: (_casual, rest, head) => {
    if (resumesMainClause(rest) || isInstruction(head) || !hasFiniteVerb(head) || ENDS_IN_LIST.test(head)) return null;
    const lead = whichLead(rest);
    // A clause about a name describes it: "she joined Acme Industries, which makes pumps" is no "That makes pumps". A month or
    // a day is no such name ("…cut bus fares in January, which boosts ridership").
    // Nor about a thing the clause before says something has or includes ("The kit includes a small thermometer, which helps
    // you check …", "Every unit is fitted with a pressure valve, which limits the flow …"): that thing does what the verb
    // says, not the having. A verb that only comments ("which means …", "which shows that …") still takes "That".
    if (lead === 'That ' && HAVING.test(head) && !/^(?:means|suggests|indicates|implies|signals|reflects|proves|confirms|demonstrates|highlights|underlines|underscores|upsets|angers|annoys|frustrates|worries|pleases|surprises|matters)(?![\p{L}'’-])|^(?:shows|explains)\s+(?:that|why)(?![\p{L}'’-])/iu.test(rest)) return null;
    if (lead === 'That ' && /\s\p{Lu}[\p{L}'’-]*$/u.test(head) && !/\s(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/u.test(head)) return null;
    return lead === 'They ' && PLURAL_SUBJECT.test(head) ? null : lead;
  } },
  { re: /,\s+whereas\s+/gu, lead: (_casual, rest) => (opensWithSubject(rest) ? 'By contrast, ' : null) },
  // A dash ends a clause only where it is the sentence's one dash and a subject follows: a pair of dashes sets off an
  // aside ("The old bridge — built in 1890 — still carries …": no "— built in 1890. Still carries …").
  // Its verb must come before any comma: "— an old hymn, I think, though …" is a phrase with an aside, no clause.
  // Nor under a fronted condition, nor before a fronted object ("— the second she rejected as biased").
  // Nor after a list item's lead-in, which the dash sets off as a label: "**Prepare your own questions** – Interviewers
  // appreciate …" and "Better for the environment – EVs produce …" are no sentences of their own ("**Prepare your own
  // questions**."). A lead-in is in bold or italics, has no verb of its own, or is followed by a capital.
  { re: /\s+[—–]\s+/gu, lead: (_casual, rest, head) => (DEPENDENT_START.test(rest) || !standsAlone(rest.split(',')[0]!) || !opensWithSubject(rest) || /\s[—–]\s|--/u.test(head) || /\s[—–]\s|--/u.test(rest)
    || SUBORDINATE_HEAD.test(head) || /^(?:the\s+)?(?:first|second|third|other|latter|former|rest)\s+(?:i|you|he|she|we|they)\s/iu.test(rest) || leadIn(head, rest) ? null : '') },
  // "X because Y" → "X. That's because Y." where "because" gives the whole reason: not "not because", "only
  // because", "partly because" (the new sentence would drop the qualification), nor "The reason is because".
  {
    re: /(?<!(?:^|[^\p{L}'’])(?:not|just|only|simply|partly|mainly|largely|precisely|primarily|mostly|solely|merely|probably|perhaps|maybe|possibly|especially|particularly|exactly|even|all|is|was|are|were|be|been|but|and|or|part)),?\s+because\s+(?!of(?![\p{L}]))/gu,
    // Not after a sentence that already says why ("That's why cities recycle, because …": "That's why …. That's because …"),
    // nor where someone else gives the reason ("Opponents argue that X because Y": the writer would assert Y), nor
    // before a second reason ("because Y, because Z").
    // Nor before "that"/"this" ("That's because that could cause …").
    // Nor in an instruction ("- Get a rail pass if you travel a lot. That's because it saves money") or before ", so"
    // and an instruction that would then hang on the reason ("… because they forget, so always write them above the arrow").
    // Nor after a negation: "The bridge did not fail because the wind was strong" denies that reason; split, it would
    // say the bridge stood ("The bridge didn't fail. That's because the wind was strong").
    // Nor inside a relative clause, a condition or an indirect question ("Patients who stop … because they feel better often
    // relapse", "It is unclear whether prices rose because …"), nor in a question.
    // Nor after a fragment without a finite verb ("Standing in the pharmacy for ten minutes because I couldn't remember the
    // word"): cut off, the reason would explain no statement ("Standing in the pharmacy for ten minutes. That's because …").
    lead: (casual, rest, head) => (opensWithSubject(rest) && hasFiniteVerb(head) && !/^(?:that|this)(?![\p{L}-])/iu.test(rest) && !BECAUSE_HEAD_KEEPS.test(head) && !/(?<![\p{L}'’])(?:because|since)(?![\p{L}'’])|,\s+(?:as|so)\s/iu.test(rest) && !isInstruction(head) && !NEGATION.test(head)
      && !SUBORDINATE_HEAD.test(head) && !OPEN_CLAUSE.test(head) && !/\?["'”’)]*\s*$/u.test(rest)
      // After a sentence that opens with "This" ("This process is key to life. This is because …") the reason is named.
      ? (casual ? "That's because " : /^(?:this|these)(?![\p{L}'’-])/iu.test(head) ? 'The reason is that ' : 'This is because ') : null),
  },
];

const GENERIC_SPLITS: readonly RegExp[] = [/;\s*/gu, /；/gu];

/** Words a clause can open with as its subject: pronouns, determiners, quantifiers. */
const SUBJECT_WORDS: ReadonlySet<string> = new Set(('i you he she it we they this that these those there here the a an my your his her its our ' +
  'their some many most much all both each every no none one two three four five several few other others another such what who ' +
  'everyone everybody someone somebody nobody people').split(' '));

/**
 * Whether what follows ", and" / ", but" / ", so" / ", while" / ", whereas" can stand as a sentence: it opens
 * with a subject (a pronoun, a determiner, a name, a number). ", and is composed of …" or ", but distributed
 * with …" share the first clause's subject and would be left without one; ", so that …" states a purpose.
 */
function opensWithSubject(rest: string): boolean {
  if (/^[\p{Lu}\p{N}\uE000]/u.test(rest)) return true;
  // "most importantly", "more often": a quantifier before an adverb is no subject.
  if (/^(?:most|more|all|both|much)\s+\p{L}+ly(?![\p{L}'’])/iu.test(rest)) return false;
  const word = /^\p{L}+/u.exec(rest)?.[0] ?? '';
  // "what" opens a sentence only as its subject ("what matters is …"): "…, and what they will do on that day" is a noun
  // clause, a fragment on its own. "who" opens none: "a senior engineer who has …, and who enjoys mentoring" goes on with
  // the relative clause ("Who enjoys mentoring junior colleagues."), and "who knows" would be a question.
  if (/^who$/iu.test(word)) return false;
  if (/^what$/iu.test(word)) {
    const next = /^\p{L}+\s+(\p{L}+)/u.exec(rest)?.[1] ?? '';
    return next !== '' && !SUBJECT_WORDS.has(next.toLowerCase());
  }
  return SUBJECT_WORDS.has(word.toLowerCase());
}

function endMark(s: string, mark: string): string {
  return /[.!?。！？…]["'”’)\]」』]*$/u.test(s) ? s : `${s.replace(/[,;:，；、]+$/u, '')}${mark}`;
}

export interface SplitOptions { maxWords: number; casual: boolean; english: boolean; sentenceEnd: string; minPart?: number }

/**
 * Splits a sentence longer than maxWords at the clause boundary closest to its middle, as long as
 * both halves keep at least minPart words. Returns null when it cannot.
 */
export function splitSentence(s: string, o: SplitOptions): [string, string] | null {
  const total = wordCount(s);
  if (total <= o.maxWords) return null;
  // Not a question: its first half would end in a full stop ("Did the council close …. The mayor resign …?").
  if (o.english && /\?["'”’)]*\s*$/u.test(s)) return null;
  const minPart = o.minPart ?? 4;
  let best: { at: number; end: number; lead: string; score: number } | null = null;
  // Not inside a list a colon opened, nor one with more semicolons ("…son los siguientes: tener 18 años; residir …; y …").
  const rules = o.english ? EN_SPLITS : GENERIC_SPLITS.map((re) => ({ re, lead: (_casual: boolean, rest: string, head: string) => (/[:：]/u.test(head) || /[;；]/u.test(head) || /[;；]/u.test(rest) ? null : '') }));
  for (const rule of rules) {
    for (const m of s.matchAll(rule.re)) {
      const left = wordCount(s.slice(0, m.index!));
      if (left < minPart || total - left < minPart) continue;
      // What comes before the boundary must be a clause, not only an opener ("On top of that, while X, Y").
      const head = s.slice(0, m.index!).trim();
      // Not inside brackets or a quotation the head opened.
      if (o.english && ((head.match(/[(\[]/gu)?.length ?? 0) > (head.match(/[)\]]/gu)?.length ?? 0) || /“[^”]*$/u.test(head) || (head.match(/"/gu)?.length ?? 0) % 2 === 1)) continue;
      if (rule.re.source !== ';\\s+' && wordCount(head) <= 4 && (MARKER.test(head) || startsWithConnective(head))) continue;
      // A dateline ("SAN FRANCISCO, May 2, 2024 — Helix Robotics today announced …") is no clause.
      if (/^\p{Lu}{2,}[\p{Lu}\s.'-]*,/u.test(head) && wordCount(head) <= 8) continue;
      // "Not only X, but Y" is one sentence.
      if (rule.re.source.startsWith(',\\s+but') && /(?<![\p{L}])not\s+only(?![\p{L}])/iu.test(s.slice(0, m.index!))) continue;
      // ", and" closing a series ("A, B, and C") is not a clause boundary: a comma shortly before it marks a list.
      if (rule.re.source.startsWith(',\\s+and') && /,[^,;]{0,80}$/u.test(s.slice(0, m.index!))) continue;
      const rest = s.slice(m.index! + m[0].length);
      // A pronoun further on that points at the head's subject would lose it: "The authors caution that …, so it cannot
      // prove that nuts cause the benefit, but they say …" split before "it" leaves "they" after "nuts".
      if (o.english && /,\s+(?:and|but|so|yet|or)\s+(?:they|he|she)(?![\p{L}'’-])/iu.test(rest) && !/^(?:they|he|she)(?![\p{L}'’-])/iu.test(rest)) continue;
      const lead = rule.lead(o.casual, rest, head);
      if (lead === null) continue;
      // The new sentence must start with a word that can take a capital: not a quote or a number, nor a symbol, a variable
      // or code ("…mean ± SD; p < 0.05 was considered significant" is no "… P < 0.05 was …").
      if (!lead && o.english && (!/^\p{L}/u.test(rest) || (/^\p{Ll}/u.test(rest) && !capitalisable(rest)))) continue;
      const score = Math.abs(left - total / 2);
      if (!best || score < best.score) best = { at: m.index!, end: m.index! + m[0].length, lead, score };
    }
  }
  if (!best) return null;
  const first = endMark(s.slice(0, best.at).trimEnd(), o.sentenceEnd);
  let rest = s.slice(best.end);
  if (best.lead) {
    const lowered = decapitalize(rest, new Set()) ?? rest;
    rest = best.lead + lowered;
  }
  return [first, capitalizeFirst(rest)];
}

export interface MergeOptions {
  joiners: readonly string[];
  lowerForms: ReadonlySet<string>;
  spaceless: boolean;
  hasCase: boolean;
  /**
   * Names (English): a second sentence opening with one of these, or with "I", may follow a semicolon with its
   * capital. A capitalised word the text never uses inside a sentence is no known name ("; Effective time …").
   */
  names?: ReadonlySet<string>;
}

/** Joins two sentences into one; null when the second cannot lose its capital safely. */
export function mergeSentences(a: string, b: string, o: MergeOptions, rng: Random): string | null {
  // Nor a question or an exclamation after a statement: "…a thriving civilization, and how could this be?"
  if (!/[.。]["'”’)]*$/u.test(a) || /[?!？！]["'”’)]*$/u.test(a) || /[?!？！]["'”’)]*$/u.test(b)) return null;
  // Nor a sentence in parentheses: "(Because watching her burn is fun.)" is an aside, not a clause to go on from.
  if (/^[(（]/u.test(a) || /[.。][)）]$/u.test(a)) return null;
  // Nor after an abbreviation whose dot ends the sentence: it would lose it ("…start at 6 a.m. on Sun; what's more, …").
  if (endsWithAbbreviation(a)) return null;
  let joiner = rng.pick(o.joiners);
  // "X, and Y, and Z" runs on: where either sentence already joins clauses with ", and", a semicolon joins them.
  if (joiner === ', and ' && (/,\s+and\s/u.test(a) || /,\s+and\s/u.test(b))) {
    if (!o.joiners.includes('; ')) return null;
    joiner = '; ';
  }
  // "X; however, Y; this approach …" runs on: no second semicolon in one sentence.
  if (joiner.trim() === ';' && (a.includes(';') || b.includes(';'))) return null;
  const head = a.replace(/[.。](["'”’)]*)$/u, '$1');
  let tail = b;
  if (o.hasCase) {
    const lowered = decapitalize(b, o.lowerForms);
    if (lowered === null) {
      // "Plainly, ..." is an opener, not a name: it does not follow a semicolon with its capital.
      if (!/^\p{Lu}/u.test(b) || /^\p{L}+,/u.test(b)) return null;
      // An English name keeps its capital; only a semicolon joins cleanly before it.
      const first = /^\p{L}+/u.exec(b)?.[0] ?? '';
      return o.names && joiner.trim() === ';' && (first === 'I' || o.names.has(first)) ? `${head}; ${b}` : null;
    }
    tail = lowered;
  }
  const glue = o.spaceless ? joiner.trim() : joiner;
  return `${head}${glue}${tail}`;
}

/** Fronted discourse markers, not scene-setting phrases: they stay where they are. */
const MARKER = /^(?:For example|For instance|Among other things|Among others|In fact|In short|In particular|In contrast|In other words|In general|In addition|On the other hand|By contrast|After all|Above all|At the same time|In the end|At first|In practice|On balance|In this respect|By extension|On the whole|In brief|In closing|At the end of the day|With that|On top of that|In a way|In the same way|For one thing|For this reason|For that reason|After that|In any case|In that case|In this case|In the meantime|In turn|In sum|In summary|In conclusion|On the contrary|On the one hand|On one hand|On the flip side|By the way|In the long run|At least|Of course|By and large|In a sense|In essence|In reality|In theory|In truth|On average)\b/u;
const INTRO = /^((?:In|On|At|During|After|Before|For|With|By|Since|Over|Under|Across|Throughout|Within|Among)\s[^,.;:!?]{2,40}),\s+(.+?)([.!?]["'”’)]*)$/u;
/**
 * Only "because", "if", "unless", "as long as": "while" contrasts ("some …, while others …" would put "others" before
 * "some"), "since" may give a reason for part of it, and "when", "although" clauses moved first can name what the main
 * clause has not introduced yet ("Although you may need more …, most adults should drink …").
 */
const SUBORDINATE = /^(.+?),\s+(because|if|unless|as long as)\s+([^,;:]+?)([.!?]["'”’)]*)$/u;

/**
 * Moves a clause (English): a fronted prepositional phrase goes to the end ("In 2010, the firm grew."
 * → "The firm grew in 2010."), or a trailing subordinate clause to the front. Null when neither applies.
 */
/**
 * A fronted phrase that frames the sentence against others: a person, a time, a step in a sequence, a span ("For a
 * moment, the only sound was the hum of the fridge" is not "…the hum of the fridge for a moment").
 */
const FRAME = /^(?:for|with|to)\s+(?:me|us|you|him|her|them|it)(?![\p{L}'’-])|(?<![\p{L}'’-])(?:past|first|then|now|today|later|earlier|beginning|end|start|time|moment|moments|instant|while|morning|evening|night|day|week|month|year|\p{L}+th|second|third|next|last)(?![\p{L}'’-])/iu;

export function reorderClauses(s: string, lowerForms: ReadonlySet<string>, rng: Random): string | null {
  // A final abbreviation keeps its dot at the end: moved, it lost it ("The shop opens at 9 a.m in the summer", "Because the
  // hall was booked on Sat, the event moved …").
  if (endsWithAbbreviation(s)) return null;
  const intro = INTRO.exec(s);
  if (intro && !MARKER.test(s) && rng.chance(0.7)) {
    const [, phrase, main, end] = intro;
    const words = phrase!.split(/\s+/u);
    // Not after a main clause that ends in a phrase of its own: "…of all time, out of a field of 25 in 2009"; nor a
    // phrase that names someone ahead of a pronoun: "With Howard becoming leader, he saw …" → "He saw … with Howard …".
    // Nor after a long main clause: "We propose a … method that combines … with … in this paper" loses the phrase.
    // Nor after an instruction: "In love, don't be afraid to say …" is not "…what you really feel in love".
    // Nor a "phrase" that is a clause (a comma dropped before: "At one point several volunteers quit, and I had to …"),
    // nor after a main clause with a clause of its own ("I have learned that the best hires … fit in … in my 15 years").
    if (words.length <= 7 && wordCount(main!) <= 9 && !/\s(?:and|or|but)\s/u.test(main!) && !main!.includes(',') && !main!.includes(':') && !/\s\p{Lu}/u.test(phrase!) && !isInstruction(main!)
      && !/^(?:and|but|or|so|yet)(?![\p{L}'’-])/iu.test(main!) && !hasFiniteVerb(phrase!)
      && !/(?<![\p{L}'’-])(?:that|who|which|where|when|because|if|whether)(?![\p{L}'’-])/iu.test(main!)
      // Nor before a second verb the phrase could then belong to: an infinitive or a reported clause ("At the press
      // conference, he said he would resign" is not "He said he would resign at the press conference").
      && !/\sto\s+\p{Ll}+/u.test(main!) && !REPORTING.test(main!)
      // Nor a frame the text sets against another: "For them, failure is not a lesson" (as against someone else), "In the
      // past, …" (as against today), "By the fifth loaf, …" (a point in a sequence).
      && !FRAME.test(phrase!)
      // Nor a phrase whose head is frozen text, which the markers above cannot be read through: "In addition," with
      // "addition" frozen is no "…in the market in addition".
      && !/^\p{L}+\s+\uE000/u.test(phrase!)
      // Nor a main clause opening with a symbol or a variable, which would take the capital ("For x > 0, f is strictly
      // increasing" is no "F is strictly increasing for x > 0").
      && !(/^\p{Ll}/u.test(main!) && !capitalisable(main!))) {
      return capitalizeFirst(`${main} ${phrase![0]!.toLowerCase()}${phrase!.slice(1)}${end}`);
    }
  }
  const sub = SUBORDINATE.exec(s);
  if (sub) {
    const [, main, conj, clause, end] = sub;
    if (wordCount(main!) < 3 || wordCount(clause!) < 3) return null;
    // Not a main clause that points back ("This is a significant concern, because …" → "Because …, this is a significant
    // concern": "this" then points at the reason).
    if (/^(?:this|that|these|those|it|they|such)(?![\p{L}'’-])/iu.test(main!)) return null;
    // Nor after a report: "The minister said the plant would close, unless a buyer was found" conditions the closing, not the saying.
    if (REPORTING.test(main!)) return null;
    // Nor past a semicolon or colon: the reason belongs to the last clause only ("…return the jar; please dispose of it,
    // since the edges are sharp" is no reason for not returning it).
    if (/[;:]/u.test(main!)) return null;
    // Not past a clause or phrase the main clause already opens with: "If you miss a dose, take it …, unless …" would
    // become "Unless …, if you miss a dose, take it …", the condition attached to the wrong clause.
    if (main!.includes(',')) return null;
    // A clause that opens with a word pointing back ("because this organization needs …", "since it is …") would
    // come before what it points to.
    if (/^(?:this|that|these|those|such|it|its|they|their|them|he|his|him|she|her|doing\s+so|so|the\s+same|both|either|neither)(?![\p{L}'’-])/iu.test(clause!)) return null;
    // Nor a clause with a pronoun further on, which the main clause may name: "because driving warms the air inside them"
    // fronted would put "them" before "the tires" ("Because driving warms the air inside them, you need to check the
    // pressure when the tires are cold").
    if (/(?<![\p{L}'’-])(?:it|its|they|their|them|he|his|him|she|her|itself|themselves)(?![\p{L}'’-])/iu.test(clause!)) return null;
    // "That's why X, because Y" would become "Because Y, that's why X": a clause opening with a connective stays first.
    if (startsWithConnective(main!)) return null;
    // A first word that cannot lose its capital stays first: "Because …, Change the password" is not English.
    const loweredMain = decapitalize(main!, lowerForms) ?? (/^I(?![\p{L}'’-])/u.test(main!) ? main! : null);
    if (loweredMain === null) return null;
    return `${conj![0]!.toUpperCase()}${conj!.slice(1)} ${clause}, ${loweredMain}${end}`;
  }
  return null;
}

/** Result participles, with the present form "This" takes and the base form after a modal ("This could allow"). */
const RESULT_PARTICIPLES: ReadonlyMap<string, [string, string]> = new Map<string, [string, string]>([
  ['allowing', ['allows', 'allow']], ['enabling', ['enables', 'enable']], ['ensuring', ['ensures', 'ensure']],
  ['fostering', ['fosters', 'foster']], ['highlighting', ['highlights', 'highlight']], ['underscoring', ['underscores', 'underscore']],
  ['leading to', ['leads to', 'lead to']], ['resulting in', ['results in', 'result in']], ['contributing to', ['contributes to', 'contribute to']],
  ['making', ['makes', 'make']], ['paving the way', ['paves the way', 'pave the way']], ['reducing', ['reduces', 'reduce']],
  ['causing', ['causes', 'cause']], ['promoting', ['promotes', 'promote']], ['increasing', ['increases', 'increase']],
  ['helping', ['helps', 'help']], ['improving', ['improves', 'improve']],
  // Not "creating", "offering", "providing", "giving": their clause often tells what the subject does ("Libraries
  // open early, providing free wifi" is not "This provides free wifi").
]);
const PARTICIPLE_TAIL = new RegExp(`^(.*[\\p{L}\\p{N}\uE001)]),\\s+(${[...RESULT_PARTICIPLES.keys()].sort((a, b) => b.length - a.length).join('|')})\\s+(\\S.*)$`, 'u');
/**
 * A main clause whose verb is plainly in the present simple: "is", "are" or a listed verb, not as an
 * infinitive ("to connect", "helps students connect").
 */
const PRESENT_CLAUSE = /(?<![\p{L}'’])(?<!(?:^|[^\p{L}'’])(?:to|help|helps|let|lets|make|makes)\s+(?:\p{L}+\s+)?)(?:is|are|(?:help|make|offer|provide|give|create|let|reduce|improve|remain|become|mean|bring|support|save|use|include|require|increase|combine|keep|encourage|promote|build|connect|allow|enable|cut|lower|boost|free)s?)(?![\p{L}'’])/iu;
/**
 * A past or perfect verb in the main clause ("allowed him to", "has tanked", "have sent"): a word in -ed
 * that does not follow a form of "be" or "get" (a passive or an adjective: "is expected"), or "has"/"have"
 * before a participle.
 */
const PAST_OR_PERFECT = /(?<!(?:^|[^\p{L}'’])(?:is|are|be|been|being|get|gets|very|more|most|well|highly|fully|well-)\s+)(?<![\p{L}'’-])\p{L}+ed(?![\p{L}'’-])|(?<![\p{L}'’])(?:has|have)\s+(?:\p{L}+ly\s+)?(?:been|\p{L}+ed|\p{L}+en|sent|made|done|gone|become|brought|built|kept|left|lost|met|paid|put|said|seen|shown|taken|told|thought|won|grown|led|felt|found|given|got|held|known|meant|run|set|spent|stood|understood|written)(?![\p{L}'’])/iu;
const MODAL = /(?<![\p{L}'’])(will|would|could|can|may|might|should)(?![\p{L}'’])/giu;
/**
 * A past tense, a negation, a subordinate or reported clause, or advice in the main clause: "This" + a verb
 * would misstate it ("They claim that the amnesty will help, allowing …" is their claim, not the writer's;
 * "It is important to support them, allowing …" is advice, not a fact).
 */
const OTHER_CLAUSE = /(?<![\p{L}'’])(?:was|were|had|did|last|ago|yesterday|previously|earlier|formerly|must|shall|if|when|while|because|although|not|never|that|claim|claims|say|says|argue|argues|believe|believes|think|thinks|suggest|suggests|expect|expects|hope|hopes|important|essential|crucial|vital|necessary|need|needs|contend|contends|insist|insists|maintain|maintains|assert|asserts|allege|alleges|according|reportedly|allegedly|supposedly|theory|theoretically|ideally|paper|principle)(?![\p{L}'’])|n['’]t(?![\p{L}])/iu;
/** Objects that point back to the main clause's subject ("…, helping each other"): the clause is about the subject, not a result. */
const REFLEXIVE_START = /^(?:each\s+other|one\s+another|themselves|himself|herself|itself|ourselves|yourself|yourselves|myself|that|sure\s+that|them\s+feel|him|her)(?![\p{L}'’])/iu;

/**
 * A result clause tacked on after a comma becomes a sentence of its own, as people write it: "Remote work
 * saves commuting time, allowing staff to rest." → "Remote work saves commuting time. This allows staff to
 * rest."; after one modal the result keeps it ("could reduce accidents, leading to …" → "This could lead to …").
 * Only for result participles after a main clause of six or more words in the plain present (or with one
 * modal), with no past or perfect tense, negation or subordinate clause, and no second participle after it;
 * null otherwise.
 */
/** A main clause whose subject is a person: a personal pronoun, or a name before its verb. */
const PERSON_SUBJECT = /^(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)(?![\p{L}'’-])|^(?:(?:The|Our|Their|Its|His|Her|My|Your|Many|Most|Some|All)\s+)?(?:\p{L}+\s+)?(?:nurses?|doctors?|staff|volunteers?|teachers?|parents?|farmers?|workers?|students?|residents?|users?|customers?|employees?|people|team|chefs?|guides?|drivers?|officers?|engineers?|developers?|researchers?|scientists?|members?|children|kids|families|managers?)\s+(?:\p{L}+ly\s+)?\p{Ll}+(?![\p{L}'’-])|^(?!(?:The|This|That|These|Those|Its|Their|Our|Such|Each|Every|Many|Most|Some|It|A|An)(?![\p{L}'’-]))\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s+(?:will|would|is|was|has|had|can|could|may|might|must|should)(?![\p{L}'’-])/u;

export function splitResultParticiple(s: string): [string, string] | null {
  if (/\?["'”’)]*\s*$/u.test(s)) return null;
  const m = PARTICIPLE_TAIL.exec(s);
  if (!m) return null;
  const [, main, participle, rest] = m;
  if (wordCount(main!) < 6 || wordCount(rest!) < 2 || OTHER_CLAUSE.test(main!) || PAST_OR_PERFECT.test(main!) || REFLEXIVE_START.test(rest!)) return null;
  // "The city let residents vote online": a verb the same in present and past, bare after a singular subject, is past.
  if (/^(?:the|a|an|this|that|its|his|her|their|our)\s+(?:[\p{L}-]+\s+){0,2}(?:let|put|set|cut|hit|cost|shut|spread|quit|hurt|split|upset|bet|cast|read)(?![\p{L}'’-])/iu.test(main!)
    && !/^(?:the|a|an|this|that|its|his|her|their|our)\s+(?:[\p{L}-]+\s+){0,2}\p{L}+s\s/iu.test(main!)) return null;
  // A second participle further on ("fostering diversity, yet nurturing fear", "promoting walking and reducing smog")
  // belongs to the same clause.
  if (/,\s+(?:\p{L}+\s+){0,3}\p{Ll}+ing(?![\p{L}'’])|(?<![\p{L}'’-])(?:and|or)\s+\p{Ll}+ing(?![\p{L}'’])/u.test(rest!)) return null;
  // The participle must not sit inside brackets or a list the main clause opened.
  if (/[(\[][^)\]]*$/u.test(main!) || /:\s/u.test(main!)) return null;
  const modals = [...main!.matchAll(MODAL)].map((x) => x[1]!.toLowerCase());
  // "could"/"would" are often past ("Fresh food could now be carried overnight, improving diets" happened: not "This could
  // improve diets"); and a person does what the participle says ("She will be working with the team, helping them …"),
  // which "This will help them" gives to the work.
  if (modals.some((x) => x === 'could' || x === 'would') || PERSON_SUBJECT.test(main!)) return null;
  // A prediction ("is predicted to continue …, leading to …") would become a fact ("This leads to …").
  if (/(?<![\p{L}'’-])(?:predicted|expected|projected|forecast|likely|unlikely|set|poised|estimated|anticipated|bound)\s+to(?![\p{L}'’-])/iu.test(main!)) return null;
  // "making notes", "making sandwiches" is what the subject does; "making it easier", "making them safer" is a result.
  if (participle === 'making' && !/^(?:it|them|this|that|us|you|everyone|life|things|\p{L}+(?:\s+\p{L}+)?)\s+(?:easier|harder|\p{L}+er|more|less|possible|impossible|\p{L}+able|\p{L}+ible|safer|faster|cheaper)(?![\p{L}'’-])/iu.test(rest!)) return null;
  const [present, base] = RESULT_PARTICIPLES.get(participle!)!;
  if (modals.length === 1) return [`${main}.`, `This ${modals[0]} ${base} ${rest}`];
  if (modals.length > 1 || !PRESENT_CLAUSE.test(main!)) return null;
  return [`${main}.`, `This ${present} ${rest}`];
}

export { wordCount };
