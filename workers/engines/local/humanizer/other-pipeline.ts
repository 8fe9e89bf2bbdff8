/**
 * Rewrite of one paragraph in a language other than English: the language's connective and
 * stock-phrase replacements (written ones only in formal registers), then language-neutral restructuring
 * (semicolon splits; no merges). No discourse openers: without a reading of what a sentence
 * says they landed before questions, commands and reports ("Klar ist: Wie geht's dir?").
 */
import type { Readability } from '../../../../domain/options.js';
import { countWords } from '../../../../domain/words.js';
import type { LanguageRules } from './languages.js';
import { READABILITY_PARAMS } from './params.js';
import type { Random } from './random.js';
import { splitSentence } from './structure.js';
import { escapeRegExp } from '../text/regexp.js';

export interface OtherContext {
  rules: LanguageRules;
  readability: Readability;
  rng: Random;
  /** A formal, professional or academic register (or a grave paragraph): no colloquial alternatives ("Du coup,"). */
  formal: boolean;
  /**
   * The whole text is a letter or a notice (a formula of one anywhere in it: LanguageRules.politeSentence, letter), and every
   * sentence counts as one of its formulas': Korean and Japanese keep one speech level through a text, and a colloquial
   * connective two paragraphs below "사과드립니다" or three sentences from "Vossa Excelência" reads as chat in an official text.
   */
  letter?: boolean;
  /** A grave paragraph (LanguageRules.grave): no unofficial alternatives either. */
  grave?: boolean;
  /** The sentences next to the paragraph in the paragraphs before and after it: its first and last sentences' neighbours. */
  before?: string;
  after?: string;
  /** The paragraph is an item of a numbered list: a step of an instruction, like those LanguageRules.steps finds. */
  step?: boolean;
  /** The connectives the whole document holds so far (spentIn), shared by all its paragraphs. */
  spent?: SpentConnectives;
}

/**
 * How often each phrase of a language's table stands in a document: its own, counted from the text when first asked
 * for, then each replacement made. A long text that opens paragraph after paragraph with "Además," took "Por otra parte,"
 * six times and "Asimismo," five, each far enough from the last to pass echoes().
 */
export interface SpentConnectives { text: string; counts: Map<LanguageRules, Map<string, number>> }

export const spentIn = (text: string): SpentConnectives => ({ text, counts: new Map() });

/** How often one connective (with those that count as the same) may stand in a document, the text's own included. */
const DOCUMENT_LIMIT = 2;

/** What may stand before a pattern that only opens a sentence: opening quotes, brackets, marks. */
const SENTENCE_OPENING = /^[\s"'“”„«»「『(（¿¡-]*$/u;

const coreOf = (phrase: string): string => phrase.replace(/[,，、:：]$/u, '').trim().toLowerCase();

/** Words too common to make two connectives one ("Por eso" and "Por otra parte"; "ذلك" of "علاوة على ذلك" and "بالإضافة إلى ذلك"). */
const SHARED_STOP = new Set(['esto', 'este', 'esta', 'isso', 'disso', 'isto', 'disto', 'questo', 'dass', 'dies', 'diesem', 'того', 'этого', 'этом', 'тому', 'bunun', 'ذلك', 'هذا']);

/**
 * The words (four letters or more) that make a connective of up to three words: "En plus" and "De plus" share "plus". A
 * longer stock phrase ("es importante destacar que", "Es ist wichtig zu beachten, dass") is compared whole.
 */
const headsOf = (core: string): string[] => (core.split(/\s+/u).length > 3 ? [] : (core.match(/\p{L}{4,}/gu) ?? []).filter((w) => !SHARED_STOP.has(w)));

const EQUIVALENTS = new WeakMap<LanguageRules, Map<string, string[]>>();

/**
 * The phrases of a language's rules (patterns, alternatives and sameConnective groups) that count as the same connective
 * as `core`: itself, those of its group ("bunun yanında": "bunun yanı sıra") and those sharing a word with it ("en plus":
 * "de plus", "qui plus est"; "bu yüzden": "o yüzden"; not for spaceless scripts).
 */
const phrasesOf = (rules: LanguageRules): string[] =>
  [...new Set([...rules.replacements.flatMap(([p, alts]) => [p, ...alts]), ...(rules.sameConnective ?? []).flat()].map(coreOf))];

function equivalents(core: string, rules: LanguageRules): string[] {
  let table = EQUIVALENTS.get(rules);
  if (!table) {
    table = new Map();
    const groups = (rules.sameConnective ?? []).map((g) => g.map(coreOf));
    const phrases = phrasesOf(rules);
    const grouped = (a: string, b: string): boolean => groups.some((g) => g.includes(a) && g.includes(b));
    for (const a of phrases) {
      const heads = headsOf(a);
      table.set(a, phrases.filter((b) => b === a || grouped(a, b) || (!rules.spaceless && headsOf(b).some((h) => heads.includes(h)))));
    }
    EQUIVALENTS.set(rules, table);
  }
  return table.get(core) ?? [core];
}

/**
 * Whether an alternative is already in a sentence next to it or in its own: "Asimismo, … Además, …" became "Asimismo, …
 * Por otra parte, … Por otra parte, …", "Außerdem … Darüber hinaus …" "Außerdem … Außerdem …". A connective sharing its
 * word counts as the same: "En plus, … De plus, …", "Bu yüzden … O yüzden …".
 */
function echoes(alt: string, near: string, rules: LanguageRules): boolean {
  const text = near.toLowerCase();
  return equivalents(coreOf(alt), rules).some((core) => phraseIn(core, rules).test(text));
}

/**
 * Whether one of the next three words repeats a word of an alternative, however short: "In più, più energia durante il
 * giorno", "Oltre a ciò, ciò che …" (echoes() compares words of four letters or more).
 */
function echoedNext(alt: string, after: string, rules: LanguageRules): boolean {
  if (rules.spaceless) return false;
  const next = after.toLowerCase().match(/\p{L}+/gu)?.slice(0, 3) ?? [];
  return (coreOf(alt).match(/\p{L}{3,}/gu) ?? []).some((w) => next.includes(w));
}

/**
 * Whether a word of an alternative (four letters or more) stands in the sentences next to it or in its own, outside any
 * phrase of the table: "Por eso, conviene fijar horarios claros. Conviene subrayar que …".
 */
function echoedWord(alt: string, near: string, rules: LanguageRules): boolean {
  if (rules.spaceless) return false;
  const text = near.toLowerCase();
  return (coreOf(alt).match(/\p{L}{4,}/gu) ?? []).some((w) => !SHARED_STOP.has(w) && phraseIn(w, rules).test(text));
}

/** A phrase (lower case) in a text at word boundaries, or anywhere in scripts without spaces. */
const phraseIn = (core: string, rules: LanguageRules, flags = 'u'): RegExp => new RegExp(rules.spaceless ? escapeRegExp(core)
  : `(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(core)}(?![\\p{L}\\p{M}\\p{N}])`, flags);

/** The counts of the document's connectives in this language, from its own text the first time. */
function countsOf(spent: SpentConnectives, rules: LanguageRules): Map<string, number> {
  let counts = spent.counts.get(rules);
  if (!counts) {
    const text = spent.text.toLowerCase();
    counts = new Map(phrasesOf(rules).map((core) => [core, text.match(phraseIn(core, rules, 'gu'))?.length ?? 0]));
    spent.counts.set(rules, counts);
  }
  return counts;
}

const timesUsed = (alt: string, counts: Map<string, number>, rules: LanguageRules): number =>
  equivalents(coreOf(alt), rules).reduce((n, core) => n + (counts.get(core) ?? 0), 0);

/**
 * The sentence's connectives and stock phrases replaced; `near` is the sentences before and after it, `earlier` the rest of
 * the paragraph before them (an alternative it holds is not taken again: "Cabe señalar que … Cabe señalar que …" two
 * sentences apart), `onward` what goes on after an abbreviation the sentence was cut at (see continuation).
 */
function replaceConnectives(s: string, ctx: OtherContext, near = '', earlier = '', onward = '', upFront = false): string {
  let out = s;
  // Keigo in the sentence or the ones next to it (or, in Korean and Japanese, anywhere in the text): a business letter's
  // "でも、代替品であれば…" reads as chat.
  const polite = ctx.letter || (ctx.rules.politeSentence?.test(`${near}\n${s}`) ?? false);
  const formal = ctx.formal || polite;
  for (const [pattern, all, guard] of ctx.rules.replacements) {
    if (guard?.notInLetter && polite) continue;
    // A formal register (or a sentence in keigo) keeps to the written alternatives, a casual one to those that are not
    // bookish; with none left the phrase stays.
    const alts = all.filter((a) => !(formal ? ctx.rules.colloquial?.includes(a) : ctx.rules.bookish?.includes(a)) && !(ctx.grave && ctx.rules.unofficial?.includes(a)));
    if (alts.length === 0) continue;
    // A word's vowel marks are part of it: "لذلكَ" and "في الختامِ" are not the bare "لذلك" and "في الختام" (the mark was left
    // on the alternative: "ولهذاَ", "باختصارِ", "لهذا السببَ", where the case is another).
    const re = ctx.rules.spaceless
      ? new RegExp(escapeRegExp(pattern), 'gu')
      : new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(pattern)}(?![\\p{L}\\p{M}\\p{N}])`, 'gu');
    out = out.replace(re, (m: string, offset: number, whole: string) => {
      const after = whole.slice(offset + m.length);
      // What the guards read: the sentence to its end, past an abbreviation it was cut at ("Важно отметить, что согласно ст.
      // 12 договора арендатор обязан …" is still a warning).
      const rest = (after + onward).replace(ABBREVIATION_DOT, '$1');
      if (guard) {
        const before = whole.slice(0, offset);
        if (guard.initial && !SENTENCE_OPENING.test(before)) return m;
        if (guard.keepAfter?.test(before) || guard.keepBefore?.test(rest)) return m;
      }
      // Before an inserted phrase ("Однако, по мнению экспертов, …") only an alternative with its comma: "Но по мнению
      // экспертов, …" leaves the phrase closed but not opened. Nor one that cannot open a question.
      let fits = pattern.endsWith(',') && /^\s*[^,.;:!?]{1,50},/u.test(after) ? alts.filter((a) => /[,，]$/u.test(a)) : alts;
      if (/[?？؟]["'”’»)\]]*\s*$/u.test(whole + onward)) fits = fits.filter((a) => !ctx.rules.notInQuestion?.includes(a));
      // Nor, before an infinitive, one that would change an instruction's reading ("Per questo assumere il farmaco").
      if (ctx.rules.infinitive?.test(after)) fits = fits.filter((a) => !ctx.rules.notBeforeInfinitive?.includes(a));
      // Nor one the rest of the sentence rules out ("눈여겨볼 점은 … 점입니다", "つまり、…お待ち申し上げております").
      // (Read without Arabic vowel marks: "أكّد" is "أكد".)
      if (ctx.rules.notBefore) {
        const bare = rest.replace(ARABIC_VOWEL_MARKS, '');
        fits = fits.filter((a) => !ctx.rules.notBefore!.some(([alt, re]) => alt === a && re.test(bare)));
      }
      // Nor a summing-up before the points it would sum up: "…のレビューです。結論として、買ってよかったと思います。" gives the
      // verdict first, and "つまり、" or "まとめると、" there restate or sum up the one sentence before it.
      if (upFront && ctx.rules.summary) fits = fits.filter((a) => !ctx.rules.summary!.includes(a));
      // Nor, between the steps of a recipe or an instruction ("然后，…", "그다음 …", "2. …さらに、Wi-Fiに接続してください"), one
      // that piles up a point.
      if (ctx.step || ctx.rules.steps?.test(`${earlier}\n${near}`)) fits = fits.filter((a) => !ctx.rules.notInSteps?.includes(a));
      // The sentence without the phrase itself: "Önemle belirtmek gerekir ki" may become "Belirtmek gerekir ki".
      const others = `${earlier}\n${near}\n${whole.slice(0, offset)} ${after}`;
      fits = fits.filter((a) => !echoes(a, others, ctx.rules) && !echoedNext(a, after, ctx.rules) && !echoedWord(a, `${near}\n${whole.slice(0, offset)} ${after}`, ctx.rules));
      // Nor one the document already holds twice, however far apart.
      const counts = ctx.spent && countsOf(ctx.spent, ctx.rules);
      if (counts) fits = fits.filter((a) => timesUsed(a, counts, ctx.rules) < DOCUMENT_LIMIT);
      if (fits.length === 0) return m;
      const chosen = ctx.rng.pick(fits);
      if (counts) counts.set(coreOf(chosen), (counts.get(coreOf(chosen)) ?? 0) + 1);
      // Typographic apostrophes where the text writes them ("l’emploi"): "C’est", not "C'est".
      return whole.includes('’') && !whole.includes("'") ? chosen.replace(/'/gu, '’') : chosen;
    });
  }
  return out;
}

/** Arabic vowel marks (harakat, shadda, sukun, the dagger alif). */
const ARABIC_VOWEL_MARKS = /[\u064B-\u065F\u0670]/gu;

/**
 * An abbreviation's dot inside a sentence ("ст. 12", "art. 5", "т. е.", each dot of "z. B. an Wasserhähnen" and of "т. е.
 * ООО «Вектор»"): no end for a guard reading up to one.
 */
const ABBREVIATION_DOT = /(?<![\p{L}])(\p{L}{1,4})\.(?=\s+(?:[\p{Ll}\p{N}\uE000]|\p{L}{1,3}\.))|(?<=(?<![\p{L}])\p{L}{1,3}\.\s?\p{L}{1,3})\.(?=\s+\S)/gu;

/** A sentence cut after a short abbreviation ("ст.", "г.", "art.", "т."): the segmenter knows few outside English. */
const ABBREVIATION_END = /(?<![\p{L}])\p{L}{1,4}\.$/u;

/**
 * The sentences after sentence i that go on from it: each cut after an abbreviation and the next opening in lower case
 * or with a digit, which reaches the rules as a protected span's placeholder ("… согласно ст." + "12 договора арендатор
 * обязан …", "… ai sensi dell'art." + "5 il conduttore deve …").
 */
function continuation(sentences: readonly string[], i: number): string {
  let out = '';
  for (let j = i; j + 1 < sentences.length && ABBREVIATION_END.test(sentences[j]!) && /^[\p{Ll}\p{N}\uE000]/u.test(sentences[j + 1]!); j++) out += ` ${sentences[j + 1]}`;
  return out;
}

/** Brackets opened before a point and not closed by it: a split there would cut "(véase el artículo 5; también …)" in two. */
const unbalanced = (head: string): boolean => (head.match(/[(（[]/gu)?.length ?? 0) > (head.match(/[)）\]]/gu)?.length ?? 0);

/**
 * The split of one sentence, or null: not of a question or an exclamation (its first half would end in a full stop, and
 * Spanish "¿ …" would lose its "?"), not inside brackets, not before a clause that cannot stand alone (dependentStart).
 */
function splitOther(s: string, maxWords: number, rules: LanguageRules): [string, string] | null {
  if (/[?!？！؟]["'”’»)\]]*$/u.test(s) || /[¿¡]/u.test(s)) return null;
  const parts = splitSentence(s, { maxWords, casual: false, english: false, sentenceEnd: rules.sentenceEnd });
  if (!parts) return null;
  // The generic rule splits at the sentence's one semicolon (it refuses sentences with two).
  const at = s.search(/[;；]/u);
  if (at < 0) return parts;
  const rest = s.slice(at + 1).trimStart();
  if (unbalanced(s.slice(0, at)) || rules.dependentStart?.test(rest)) return null;
  // Nor where the second half would open with a figure in a language with capitals ("…en ligne ; 38 entretiens les
  // complètent" gave "38 entretiens …" as a sentence): a sentence there opens with a word. The figure reaches the rules as
  // a protected token (freeze.ts), which may as well be a name or an address: none is split before.
  if (/^[^\p{L}\p{N}\uE000]*[\p{N}\uE000]/u.test(rest) && /\p{Lu}/u.test(s)) return null;
  if (rules.locale) parts[1] = parts[1].replace(/^([^\p{L}]*)(\p{L})/u, (_, p: string, c: string) => p + rest.match(/\p{L}/u)![0].toLocaleUpperCase(rules.locale));
  return parts;
}

/** Each opening quotation mark with the mark that closes it (German "„…“" and "»…«": a "“" or "»" that closes none opens). */
const CLOSING: Readonly<Record<string, string>> = { '«': '»', '»': '«', '„': '“', '「': '」', '『': '』', '“': '”', '"': '"' };

/** Pushes the quotation marks a sentence opens onto the stack and pops those it closes. */
function trackQuotes(text: string, stack: string[]): void {
  for (const c of text) {
    const top = stack[stack.length - 1];
    if (c === top || (top === '“' && c === '”')) stack.pop();
    else if (CLOSING[c]) stack.push(CLOSING[c]!);
  }
}

/**
 * Speech a line opens after a colon and a dash ("Анна вздохнула и сказала: — Ладно, пойдём в кафе. Однако, платишь ты.",
 * "Ele explicou tudo e disse: — Além disso, estou sem bateria.", "Zeynep dayanamadı: – Ayrıca annen …"): what the character
 * says runs to the line's end, and is left as said like a line that opens with the dash.
 */
const SPEECH_AFTER_COLON = /[:：]\s*[—―–]\s*["'“«]?\p{Lu}/u;

/**
 * Connective replacements, then splits at semicolons (and of sentences over the level's length). No sentences are joined:
 * without a reading of what two sentences say, a join claimed links the text did not make ("…no se pueden devolver,
 * y además el reembolso se realizará…" ties the refund to the goods that cannot be returned; "…avec le plein de
 * carburant et en cas de retard…" makes the late-return charge part of the tenant's duty).
 */
export function rewriteOtherParagraph(sentences: string[], ctx: OtherContext): string[] {
  const r = READABILITY_PARAMS[ctx.readability];
  const replaced: string[] = [];
  // A quotation the line leaves open ("« Je ne sais pas encore ; … De plus, ma voiture est au garage." with its "»" on the
  // line's end): not protected as a closed one is, and a character's words are not rewritten.
  const quoted: boolean[] = [];
  const stack: string[] = [];
  let speech = false;
  for (const s of sentences) {
    const before = stack.length > 0;
    trackQuotes(s, stack);
    speech ||= SPEECH_AFTER_COLON.test(s);
    quoted.push(before || stack.length > 0 || speech);
  }
  // A paragraph about a contract, a dosage or a death keeps to the written alternatives whatever the tone: "Du coup, la
  // posologie …", "Короче говоря, договор может быть расторгнут …". The sentences next to it count: a clause of terms of
  // service next to the one that names "다음 각 호" or the damages ("損害の賠償") is still the contract's.
  // A story told in the passé simple keeps to the written ones too: "Du coup, ils continuèrent à marcher en silence", and so
  // does a scholarly paragraph (an abstract's "В статье рассматривается …", "p < 0,05").
  const around = [ctx.before ?? '', ...sentences, ctx.after ?? ''].join(' ');
  const own = ctx.rules.grave?.test(around) ? { ...ctx, formal: true, grave: true }
    : ctx.rules.literary?.test(around) || ctx.rules.scholarly?.test(around) ? { ...ctx, formal: true } : ctx;
  for (let i = 0; i < sentences.length; i++) {
    // A conclusion given first: the text's first or second sentence, with two or more after it.
    const upFront = !ctx.before && i <= 1 && sentences.length - i >= 3;
    replaced.push(quoted[i] ? sentences[i]! : replaceConnectives(sentences[i]!, own, `${replaced[i - 1] ?? ctx.before ?? ''}\n${sentences[i + 1] ?? ctx.after ?? ''}`, replaced.slice(0, Math.max(0, i - 1)).join(' '), continuation(sentences, i), upFront));
  }
  return replaced.flatMap((s, i) => (quoted[i] ? [s] : splitOther(s, countWords(s) > r.maxWords ? r.maxWords : 1e9, ctx.rules) ?? [s]));
}
