/**
 * One seeded rewrite of a request: parse the lines, protect frozen and verbatim text in each prose
 * body, rewrite it by the rules of the text's own language, restore. Pure and deterministic.
 */
import { FUNCTION_WORDS } from '../text/function-words.js';
import { splitSentences } from '../text/segment.js';
import type { HumanizeRequest } from '../../types.js';
import { documentLanguage, PARAGRAPH_WORDS, readLanguage } from '../../../../domain/language.js';
import type { Language } from '../../../../domain/options.js';
import { rewriteEnglishParagraph } from './english-pipeline.js';
import { ownOpeners } from './english-plain.js';
import { checkRewrite } from './checker.js';
import { isListItem, joinLines, opensDialogue, parseLines, rewrapParagraphs, unwrapParagraphs, type Line, type Wrap } from './document.js';
import { PLACEHOLDER, protect, type Protected } from './freeze.js';
import { addOpener, narrativeText, openersSaturate, solemnRegister, startsWithConnective, writtenRegister } from './english-rules.js';
import { otherLanguageSentence } from './common-words.js';
import { wordCount } from './structure.js';
import { LANGUAGE_RULES } from './languages.js';
import { rewriteOtherParagraph, spentIn, type SpentConnectives } from './other-pipeline.js';
import { MODE_PARAMS } from './params.js';
import { createRandom, hash32, type Random } from './random.js';
import { toneProfile, type ToneProfile } from './tone.js';

/** A sentence opening with an additive connective, the only one a story's reading changes. */
const ADDITIVE_START = /(?:^|[.!?]['"’”]?\s+)(?:Furthermore|Moreover|Additionally|In addition|Also|Besides|Further|On top of that|What is more),/u;

function effectiveProfile(request: HumanizeRequest): ToneProfile {
  const base = toneProfile(request.tone);
  // Chatty openers do not belong in text written for graduate or doctoral readers.
  const profile = (request.readability === 'graduate' || request.readability === 'doctorate') && (base.openers === 'casual' || base.openers === 'creative')
    ? { ...base, openers: 'none' as const } : base;
  if (request.mode !== 'academic') return profile;
  // Academic mode keeps the register scholarly whatever the tone: no contractions, no chatty openers.
  return { ...profile, contractions: 'expand', register: 'formal', openers: profile.openers === 'none' ? 'none' : 'academic', hedged: true };
}


function textStats(text: string): { lowerForms: Set<string>; names: Set<string>; repeated: Set<string> } {
  const lowerForms = new Set<string>();
  const names = new Set<string>();
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)) {
    const w = m[0];
    if (w === w.toLowerCase()) lowerForms.add(w);
    else if (/^\p{Lu}/u.test(w) && /[\p{L}\p{N},][ \t]*$/u.test(text.slice(Math.max(0, m.index - 8), m.index))) names.add(w);
    const l = w.toLowerCase();
    if (l.length >= 4 && !FUNCTION_WORDS.has(l)) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  // A word the text also writes with a capital inside a sentence is a name there ("I think Will is great"): at a sentence's
  // start it keeps its capital.
  for (const name of names) lowerForms.delete(name.toLowerCase());
  return { lowerForms, names, repeated: new Set([...counts].filter(([, c]) => c >= 2).map(([w]) => w)) };
}

/**
 * What a prose body's rewrite starts from, the same for every candidate: its outer spaces, its sentences and the
 * spaces between them (gaps[i] between sentence i and i + 1).
 */
interface Body { lead: string; trail: string; sentences: string[]; gaps: string[] }

function bodyOf(text: string): Body {
  const spans = splitSentences(text);
  return {
    lead: /^\s*/u.exec(text)![0], trail: /\s*$/u.exec(text)![0], sentences: spans.map((s) => s.text),
    gaps: spans.slice(1).map((s, i) => text.slice(spans[i]!.end, s.start)),
  };
}

/** A numbered list's item ("2. ", "3) "): a step of an instruction, as often as not. */
const NUMBERED_ITEM = /^\s*\(?\p{N}{1,3}[.)]\s/u;

/**
 * The sentences next to a paragraph in the paragraphs before and after it (across blank lines only), or ''; step: the
 * paragraph is an item of a numbered list.
 */
interface Around { before: string; after: string; step?: boolean; spent?: SpentConnectives }

function rewriteSentences(sentences: string[], language: Language, plan: RewritePlan, rng: Random, used: Set<string>, listItem: boolean, around: Around): string[] {
  const { request, stats } = plan;
  if (language === 'en') {
    // A sentence in another language between English ones (code-switching in a chat, a line quoted in passing) stays as
    // written; the English sentences around it are rewritten as runs of their own.
    const other = sentences.findIndex(otherLanguageSentence);
    if (other !== -1) {
      const before = other > 0 ? rewriteSentences(sentences.slice(0, other), language, plan, rng, used, listItem, { ...around, after: sentences[other]! }) : [];
      const after = other + 1 < sentences.length ? rewriteSentences(sentences.slice(other + 1), language, plan, rng, used, listItem, { ...around, before: sentences[other]! }) : [];
      return [...before, sentences[other]!, ...after];
    }
    return rewriteEnglishParagraph(sentences, {
      profile: plan.profile, mode: MODE_PARAMS[request.mode], readability: request.readability, lowerForms: stats.lowerForms,
      names: stats.names, repeated: stats.repeated, rng, usedOpeners: used, listItem, opensSection: around.before === '', written: plan.written,
      solemn: plan.solemn, narrative: plan.narrative,
    });
  }
  // A letter's formula anywhere in it ("Exma. Senhora Dra.", "Vossa Excelência" in its first lines) keeps colloquial
  // connectives out of the whole letter, not only out of the sentences next to it ("Então serão enviados na próxima semana").
  return rewriteOtherParagraph(sentences, { rules: LANGUAGE_RULES[language], readability: request.readability, rng,
    formal: plan.profile.register !== 'casual', letter: plan.letters.has(language), ...around });
}

/**
 * A body's sentences rewritten and set back with the spaces the text had between them. Rewritten sentences are joined by
 * one space (none in scripts without spaces); a text that sets its sentences apart otherwise keeps its way: two spaces
 * after every full stop, or a tab, stay ("Friday.\tAdditionally, …" lost its tab). One kind of gap throughout joins the
 * rewrite with it; mixed gaps split the body there, and each run of sentences between them is rewritten on its own.
 */
function rewriteBody(body: string, parts: Body, language: Language, plan: RewritePlan, rng: Random, used: Set<string>, listItem: boolean, around: Around): string {
  const { lead, trail, sentences, gaps } = parts;
  if (sentences.length === 0) return body;
  const plain = language !== 'en' && LANGUAGE_RULES[language].spaceless ? '' : ' ';
  const gap = gaps[0] ?? plain;
  if (gaps.every((g) => g === gap)) return lead + rewriteSentences(sentences, language, plan, rng, used, listItem, around).join(gap) + trail;
  let out = '';
  let from = 0;
  for (let i = 0; i <= gaps.length; i++) {
    if (i < gaps.length && gaps[i] === plain) continue;
    // A run's neighbours are the body's sentences around it, or the paragraphs' at the body's ends.
    const next = { ...around, before: from === 0 ? around.before : sentences[from - 1]!, after: i === gaps.length ? around.after : sentences[i + 1]! };
    out += rewriteSentences(sentences.slice(from, i + 1), language, plan, rng, used, listItem, next).join(plain) + (gaps[i] ?? '');
    from = i + 1;
  }
  return lead + out + trail;
}

/** Seed of the k-th internal candidate of a request. */
export function candidateSeed(request: HumanizeRequest, k: number): number {
  return hash32(`${request.seed}:${k}`, hash32(request.text));
}

/**
 * The language the rewrite is written in: the text's own (the engine does not translate), or none
 * when the text is in a language the engine has no rules for.
 */
export function rewriteLanguage(text: string): Language | null {
  return documentLanguage(text);
}

/**
 * Lines a freeze word occurrence runs over a line break or into a line's structural prefix on: kept
 * whole, since rewriting only the body could break the phrase.
 */
function pinnedLines(text: string, lines: readonly Line[], freezeWords: readonly string[]): Set<number> {
  const out = new Set<number>();
  const starts: number[] = [];
  let at = 0;
  for (const l of lines) { starts.push(at); at += l.prefix.length + l.body.length + 1; }
  const lineOf = (pos: number): number => { let i = 0; while (i + 1 < starts.length && starts[i + 1]! <= pos) i++; return i; };
  for (const word of new Set(freezeWords)) {
    if (word.length === 0) continue;
    for (let p = text.indexOf(word); p !== -1; p = text.indexOf(word, p + 1)) {
      const first = lineOf(p);
      const last = lineOf(p + word.length - 1);
      if (first !== last || p < starts[first]! + lines[first]!.prefix.length) for (let i = first; i <= last; i++) out.add(i);
    }
  }
  return out;
}

/** Whether a rewritten body passes the rule checker against the original body. */
function sound(before: string, after: string, request: HumanizeRequest, language: Language): boolean {
  return checkRewrite(before, after, { freezeWords: request.freezeWords, language }).length === 0;
}

/**
 * Everything a rewrite of a request computes before it draws a random number: the document's lines,
 * its protected bodies and their sentences, word statistics and the tone profile. The same for every
 * candidate of a request, so computed once and shared (read-only) by all of them.
 */
export interface RewritePlan {
  request: HumanizeRequest;
  language: Language;
  /**
   * Each line's language: the document's, unless the paragraph is recognisably in another one; null for a paragraph in a
   * language outside the service's, or quoted in another language, which stays as written.
   */
  languages: Array<Language | null>;
  stats: ReturnType<typeof textStats>;
  profile: ToneProfile;
  lines: Line[];
  guarded: Array<Protected | null>;
  bodies: Array<Body | null>;
  /**
   * The languages in which the text is a letter or a notice throughout: a formula of one anywhere in it (LanguageRules.
   * politeSentence, letter); their paragraphs keep to the written register whatever the tone.
   */
  letters: ReadonlySet<Language>;
  /** The text is a contract, a licence, terms, a policy, a formal letter or a binding notice (writtenRegister): its English paragraphs keep to the written register. */
  written: boolean;
  /** The text mourns, apologises or vows (solemnRegister): its English connectives take no casual forms. */
  solemn: boolean;
  /** The text tells a story (narrativeText), read only where a sentence opens with an additive connective it would drop. */
  narrative: boolean;
  /** The connectives the text's sentences open with (ownOpeners), which a rewrite does not put in once more. */
  openers: ReadonlySet<string>;
  /** The hard-wrapped paragraphs of the text as sent: rewritten as one line each (`request.text` has them joined), then wrapped again. */
  wraps: Wrap[];
}

export function prepareRewrite(sent: HumanizeRequest, language: Language): RewritePlan {
  // A hard-wrapped paragraph (a mail client's or a PDF's line breaks) is one line for the rewrite: line by line, every
  // sentence running across a break stayed verbatim, and such a text came back unchanged.
  const { text, wraps } = unwrapParagraphs(sent.text);
  const request = wraps.length > 0 ? { ...sent, text } : sent;
  const lines = parseLines(request.text);
  const pinned = pinnedLines(request.text, lines, request.freezeWords);
  // In a document of several paragraphs each paragraph is rewritten by the rules of its own language: the document's
  // would run on a Spanish paragraph of an English e-mail ("a algunos usuarios" → "an algunos usuarios").
  // So is a document that reads as another language as a whole (documentLanguage took the language of one of its
  // paragraphs): its other paragraphs keep theirs.
  const several = lines.filter((l) => l.prose).length > 1 || readLanguage(request.text) === 'other';
  const languages: Array<Language | null> = lines.map((l) => (several && l.prose ? paragraphLanguage(l.body, language) : language));
  if (several) keepQuoted(lines, languages);
  // A line of dialogue is what a character says, left as written like speech in quotation marks ("—No obstante, me dijiste …"
  // and "Asimismo, tengo que terminar el informe" put written connectives in a chat).
  const guarded: Array<Protected | null> = lines.map((l, i) => (l.prose && languages[i] !== null && !pinned.has(i) && !opensDialogue(l) ? protect(l.body, request.freezeWords) : null));
  const bodies = guarded.map((g) => (g ? bodyOf(g.text) : null));
  return {
    request, language, languages, stats: textStats(request.text), profile: effectiveProfile(request), lines, guarded, bodies,
    openers: ownOpeners(bodies.flatMap((b) => b?.sentences ?? [])),
    letters: new Set(languages.filter((l): l is Language => l !== null && l !== 'en' && (LANGUAGE_RULES[l].politeSentence?.test(request.text) || LANGUAGE_RULES[l].letter?.test(request.text)) === true)),
    written: writtenRegister(request.text),
    solemn: solemnRegister(request.text),
    narrative: language === 'en' && ADDITIVE_START.test(request.text) && narrativeText(request.text),
    wraps,
  };
}

/**
 * A paragraph's language in a document of the given language. English is read off its share of English function words
 * (about half of English running text, a tenth or less of Spanish, French or Portuguese): the identifier alone read
 * "No refunds are given for a partial month" as Portuguese. A paragraph of an English document with few of them is
 * identified on its own; in another language's document a paragraph full of them is English. A paragraph in a language
 * outside the service's has none (null) and stays as written: a Dutch paragraph of an English e-mail took the English
 * rules, a Bulgarian one of a Russian letter the Russian ones ("В заключение, очакваме ви" → "Итак, очакваме ви"). So does
 * a short line in a script none of the document's (a Ukrainian greeting under a Russian one).
 */
function paragraphLanguage(body: string, language: Language): Language | null {
  const words = body.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
  if (words.length < PARAGRAPH_WORDS) return !/\p{Script=Latin}/u.test(body) && readLanguage(body) === 'other' ? null : language;
  const english = words.filter((w) => FUNCTION_WORDS.has(w)).length / words.length;
  if (language !== 'en' && english >= 0.3) return 'en';
  if (language === 'en' && english >= 0.4) return 'en';
  const reading = readLanguage(body);
  if (reading === 'other') return null;
  if (language === 'en' && english >= 0.2) return 'en';
  return reading ?? language;
}

/**
 * A paragraph in another language than the line that introduces it with a colon is quoted: someone else's words ("Their
 * exact words were:", "Ecco cosa ha scritto:" over the customer's English), kept as written with the paragraphs in its
 * language after it. Rewritten, the English of an Italian e-mail's quoted message read "We're really interested in your
 * products, but …" for the customer's "We are very interested in your products. However, …".
 */
function keepQuoted(lines: readonly Line[], languages: Array<Language | null>): void {
  let previous = -1;
  let quoted: Language | null | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if ((line.prefix + line.body + line.tail).trim() === '') continue;
    // A line the parser reads as a label ("Our supplier in Madrid sent the following note this morning:") introduces too.
    if (!line.prose) { previous = /:\s*$/u.test(line.body) ? i : -1; quoted = undefined; continue; }
    if (quoted !== undefined && languages[i] === quoted) languages[i] = null;
    else if (previous !== -1 && /:\s*$/u.test(lines[previous]!.body) && languages[i] !== languages[previous]) {
      quoted = languages[i] ?? null;
      languages[i] = null;
    } else quoted = undefined;
    previous = i;
  }
}

const placeholders = (text: string): number => {
  let n = 0;
  for (const _ of text.matchAll(PLACEHOLDER)) n++;
  return n;
};

/** sound(), knowing that a body that came back as it was passes every rule of the checker. */
function soundOrSame(before: string, after: string, request: HumanizeRequest, language: Language): boolean {
  return after === before || sound(before, after, request, language);
}

/**
 * Rewrites the request's text with one seed, line by line: structure (prefixes, headings, code,
 * breaks) stays as it is; protected spans come back verbatim; each prose body is rewritten by the
 * rules of the text's language. When no rule applied, a discourse opener of the tone is added to one
 * sentence (English: only where the tone has openers) so the text does not come back unchanged. Text
 * in a language without rules comes back unchanged.
 */
export function rewriteOnce(request: HumanizeRequest, seed: number, language = rewriteLanguage(request.text)): string {
  if (language === null) return request.text;
  return rewritePlanned(prepareRewrite(request, language), seed);
}

/** rewriteOnce of a prepared request (see prepareRewrite). */
export function rewritePlanned(plan: RewritePlan, seed: number): string {
  const { request, lines, guarded, bodies } = plan;
  const rng = createRandom(seed);
  // The connectives the text's own sentences open with count as used: a replacement adds none of them again.
  const used = new Set(plan.openers);
  // In other languages, the connectives the document holds, its own and those put in, over all its paragraphs.
  const spent = spentIn(request.text);
  // A eulogy, an apology or vows gives no orders to the reader: "It is worth noting that" is dropped, not said as "Note
  // that one learns a great deal from those who are dying" (the frames count as spent).
  if (plan.solemn) for (const frame of ['note that', 'keep in mind that']) used.add(frame);
  // The prose line next to line i in direction step with only blank lines between: a paragraph's neighbour, whose
  // sentence next to it counts as next to it ("Bunun yanı sıra, …" ending one paragraph, "Ayrıca …" opening the next).
  const adjacent = (i: number, step: 1 | -1): number | null => {
    for (let j = i + step; j >= 0 && j < lines.length; j += step) {
      if (guarded[j]) return j;
      if ((lines[j]!.prefix + lines[j]!.body + lines[j]!.tail).trim() !== '') return null;
    }
    return null;
  };
  const bodiesOut: string[] = [];
  const rewritten = lines.map((line, i) => {
    const g = guarded[i];
    if (!g) return line;
    const previous = adjacent(i, -1);
    const next = adjacent(i, 1);
    const around = { before: previous === null ? '' : splitSentences(bodiesOut[previous]!).at(-1)?.text ?? '', after: next === null ? '' : bodies[next]!.sentences[0] ?? '',
      step: NUMBERED_ITEM.test(line.prefix), spent };
    // Every protected span must come back exactly once and the checker must find nothing wrong; a body
    // that fails is rewritten again with the next draws, and after three tries kept as it was.
    for (let attempt = 0; attempt < 3; attempt++) {
      const out = rewriteBody(g.text, bodies[i]!, plan.languages[i]!, plan, rng, used, isListItem(line.prefix), around);
      if (placeholders(out) === g.spans.length && soundOrSame(line.body, g.restore(out), request, plan.languages[i]!)) {
        bodiesOut[i] = out;
        return { ...line, body: out };
      }
    }
    bodiesOut[i] = g.text;
    return { ...line, body: g.text };
  });
  if (rewritten.every((l, i) => l.body === (guarded[i]?.text ?? l.body))) {
    const target = lines.findIndex((_, i) => guarded[i] !== null);
    // Not an opener in one item of a list: its items are parallel ("- Arguably, the food is great.").
    if (target !== -1 && !isListItem(lines[target]!.prefix)) {
      const g = guarded[target]!;
      const forced = forceChange(g.text, plan.languages[target]!, plan, rng);
      const ok = placeholders(forced) === g.spans.length && sound(lines[target]!.body, g.restore(forced), request, plan.languages[target]!);
      rewritten[target] = { ...lines[target]!, body: ok ? forced : g.text };
    }
  }
  return rewrapParagraphs(joinLines(rewritten.map((l, i) => ({ ...l, body: guarded[i] ? guarded[i]!.restore(l.body) : l.body }))), plan.wraps);
}

function forceChange(text: string, language: Language, plan: RewritePlan, rng: Random): string {
  const { profile, stats: { lowerForms } } = plan;
  // Other languages: no opener at all. Without a reading of what a sentence says they landed before questions,
  // commands and reports ("Klar ist: Wie geht's dir?"); a text with nothing else to change comes back as it was.
  // English: only the tone's own openers, which assert nothing the text does not (none for formal and
  // professional tones or graduate and doctoral readers: such a text then comes back as it was). Nor in a contract, a policy
  // or a formal letter, which keep to the written register (writtenRegister).
  if (language !== 'en' || profile.openers === 'none' || plan.written) return text;
  const sentences = splitSentences(text);
  // Nor a text that already has its share of openers (humanized before): another one would only pile them up.
  if (sentences.length === 0 || openersSaturate(sentences.map((s) => s.text))) return text;
  // Later sentences first: an opener ending in a colon at the start of a line would read as a label.
  for (const target of [...sentences.slice(1), sentences[0]!]) {
    // Not in front of a connective or another opener, a quotation or other protected text, and only
    // where the first word can lose its capital.
    if (!/^\p{L}/u.test(target.text) || wordCount(target.text) < 3 || /^[\p{L}'\uE000-\uE019 ]{1,24},/u.test(target.text) || startsWithConnective(target.text)) continue;
    for (let attempt = 0; attempt < 3; attempt++) {
      const changed = addOpener(target.text, profile.openers, lowerForms, rng, new Set())?.text;
      if (changed) return text.slice(0, target.start) + changed + text.slice(target.end);
    }
  }
  return text;
}
