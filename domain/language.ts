/**
 * Language identification of a request's text, and the output language the built-in engine reports.
 * The built-in engine does not translate: it rewrites in the language the text is written in, so that
 * is the language it reports. Pure: the same text always gives the same answer.
 *
 * Script first (Hangul, kana, Han, Cyrillic, Arabic), then, for Latin script, the share of each
 * language's commonest function words, which stays reliable on jargon-heavy text where character
 * n-gram identification (tinyld) wavers; tinyld decides the rest.
 *
 * A language next to one of the service's is told from it, not taken for it: Ukrainian, Bulgarian, Belarusian, Serbian
 * and Macedonian from Russian by their letters and words, Persian and Urdu from Arabic by theirs, Galician from
 * Portuguese and Spanish, Catalan from Spanish, French and Italian, Dutch and Afrikaans from German, Danish, Norwegian and
 * Swedish from English and Turkish, Romanian from Italian by the words each has and the other lacks. Taken for the
 * neighbour, such a text was rewritten with the neighbour's connectives ("В заключение, бъдещето …" → "Итак, бъдещето …",
 * Galician "É importante destacar que" → Portuguese "Vale ressaltar que").
 */
import { detectAll } from 'tinyld';
import { isLanguage, type Language } from './options.js';

/** Identification looks at the start of the text only: enough to be sure, cheap on long texts. */
const SAMPLE_CHARS = 2000;

const FUNCTION_WORDS: Record<'en' | 'es' | 'fr' | 'de' | 'it' | 'pt' | 'tr', ReadonlySet<string>> = {
  en: new Set('the of and to in is that it was for on are with as be by this at from or have an they which you were not but his her their has had been will would there can its we our do does after'.split(' ')),
  es: new Set('el la los las de del que y en un una es por con para se lo como más pero sus al está son también fue ha muy sin sobre este esta entre cuando'.split(' ')),
  fr: new Set('le la les de des du et en un une est que qui dans pour pas sur au aux avec ce cette il elle ils sont plus par mais ont été nous vous'.split(' ')),
  de: new Set('der die das und ist nicht zu den von mit sich des auf für ein eine dem im auch es an als wird werden sind bei oder aus nach wie noch'.split(' ')),
  it: new Set('il lo la gli le di del della che e è un una per non con sono si nel nella da al alla come più anche ma ha questo questa dei delle'.split(' ')),
  pt: new Set('o a os as de do da dos das que e em um uma é para com não se por mais como mas foi ao na no seu sua são também ou já'.split(' ')),
  tr: new Set('bir ve bu da de için ile çok daha gibi olarak olan ama en ne kadar sonra her ancak çünkü değil var mı ise şu o'.split(' ')),
};

/** What identification found: one of the service's languages, a language outside them ('other'), or nothing to tell (null). */
export type Reading = Language | 'other' | null;

const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;
/** A Cyrillic word, not part of a longer one. */
const cyrillicWords = (words: string): RegExp => new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, 'giu');
const RUSSIAN_MARKS = /[ыэё]/giu;
const RUSSIAN_WORDS = cyrillicWords('что|это|как|или|его|был|была|было|были|уже|только|также|который|которые|этот|эти|чтобы');
/** Ukrainian і, ї, є, ґ; Belarusian ў; Serbian and Macedonian ј, љ, њ, ћ, ђ, џ, ѓ, ќ, ѕ; Kazakh, Kyrgyz, Tatar, Mongolian letters. */
const OTHER_CYRILLIC = /[іїєґўјљњћђџѓќѕәғқңөұүһҗҙҫӣӯҷҳ]/giu;
/** Bulgarian: ъ as a vowel (Russian writes it only before е, ё, ю, я), and its commonest words Russian lacks. */
const BULGARIAN_MARKS = /ъ(?![еёюя])/giu;
const BULGARIAN_WORDS = cyrillicWords('ще|това|тази|този|които|които|са|със|във|към|бъде|трябва|също|нашата|нашите|вие|ние');
/** Persian and Urdu letters Arabic does not write (Persian ی and ک for Arabic ي and ك). */
const PERSIAN_URDU = /[پچژگکیۀٹڈڑںےہۓ]/gu;

/**
 * Russian, or another language written in Cyrillic: letters Russian never writes, two or more and one in two hundred of
 * its words (Belarusian, which shares ы and э with Russian, writes і and ў throughout), or more of Bulgarian's marks and
 * words than of Russian's.
 */
function cyrillic(sample: string, letters: number): Reading {
  // In words that open in lower case: a name keeps its own spelling in any language ("Делегация из Київа и Харківа …").
  const foreign = count((sample.match(/(?<!\p{L})\p{Ll}\p{L}*/gu) ?? []).join(' '), OTHER_CYRILLIC);
  if (foreign >= 2 && foreign >= 0.005 * letters) return 'other';
  const russian = count(sample, RUSSIAN_MARKS) + count(sample, RUSSIAN_WORDS);
  return count(sample, BULGARIAN_MARKS) + count(sample, BULGARIAN_WORDS) > russian ? 'other' : 'ru';
}

/** Arabic, or Persian or Urdu: a few of their own letters in every hundred. */
function arabicScript(sample: string, arabic: number): Reading {
  return count(sample, PERSIAN_URDU) >= 0.02 * arabic ? 'other' : 'ar';
}

function byScript(sample: string): Reading {
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return null;
  const share = (re: RegExp): number => count(sample, re) / letters;
  if (share(/\p{Script=Hangul}/gu) > 0.3) return 'ko';
  if (share(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) > 0.1) return 'ja';
  if (share(/\p{Script=Han}/gu) > 0.3) return 'zh';
  if (share(/\p{Script=Cyrillic}/gu) > 0.5) return cyrillic(sample, letters);
  const arabic = count(sample, /\p{Script=Arabic}/gu);
  if (arabic / letters > 0.5) return arabicScript(sample, arabic);
  // Hebrew, Devanagari, Greek, Thai, Armenian, Georgian … : none of the service's languages.
  if (share(/(?![\p{Script=Latin}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Cyrillic}\p{Script=Arabic}])\p{L}/gu) > 0.5) return 'other';
  return null;
}

/** Whether a word is one of a language's own: in a list, or with an ending the other language spells otherwise. */
type Marks = (word: string) => boolean;
const words = (list: string, ending?: RegExp): Marks => {
  const set = new Set(list.split(' '));
  return (w) => set.has(w) || (ending?.test(w) ?? false);
};
const GALICIAN_WORDS = 'non unha unhas tamén xa moi máis aínda entón iso polo pola polos polas coa coas cun dun nunha dunha cunha ademais cómpre';
/** Galician against Portuguese: also "en" (Portuguese "em") and "-ción", "-sión" (Portuguese "-ção", "-são"). */
const GALICIAN = words(`${GALICIAN_WORDS} en`, /[cs]i[óo]ns?$/u);
const CATALAN_WORDS = 'els dels als pels pel i amb però molt també això aquesta aquest aquests més seva seu seus són perquè quan fins us ens hi ho vostra vostre nostra nostre altre altra cal tots totes aquí';
const CATALAN = words(CATALAN_WORDS);
const DUTCH = words('het een niet zijn wij ook voor naar wordt om te van dat op hebben zal kunnen deze onze uw');
const AFRIKAANS = words('nie het van is word ons sal vir ook om te wat hulle moet');
const NORDIC = words('og och ikke inte ikkje er är til på af av jeg jag vi har med som det et ett eller også också hun skal ska vil blir bliver');
const ROMANIAN = words('și în că este pentru din sunt care acest această lui unei unui pe cu');
const ENGLISH = words([...FUNCTION_WORDS.en].join(' '));

/**
 * The languages a Latin-script text of each of the service's languages could be in instead, each with the words that
 * tell the two apart: [words of the service's language the neighbour lacks, words of the neighbour the language lacks].
 */
const NEAR: Partial<Record<Language, ReadonlyArray<readonly [Marks, Marks]>>> = {
  pt: [[words('não um uma umas em também mas são já muito ainda então isso pelo pela pelos pelas com', /[çs](?:ão|ões)$/u), GALICIAN]],
  // Galician "o", "a", "os", "do", "ao", "na" for Spanish "el", "la", "los", "del", "al", "en la".
  es: [[words('el la los las lo del al y muy ya hay sin también más una con'), words('o os do dos das ao aos na nas unha unhas moi xa máis sen non tamén nunha polo pola polos polas coa coas cun dun iso ademais')],
    // Spanish never elides an article, a preposition or a pronoun before a word: Catalan "l'aigua", "d'espera",
    // "s'incorporaran" (before a name a Spanish text keeps it: "l'Hospitalet de Llobregat").
    [words('los las y muy ya hay sin también más con para por pero este esta'), words(`${CATALAN_WORDS} l' d' s'`)]],
  fr: [[words('le et est dans pour pas sur au aux avec ce cette il elle ils sont ont été nous vous du qui'), CATALAN]],
  // Not Catalan "i" (and) against Italian, whose "i" is an article ("i nostri più cordiali saluti").
  it: [[words('il di che è della nella sono gli questo questa anche ma non dei delle'), words(CATALAN_WORDS.replace(/(?<!\S)i(?!\S)/u, ''))],
    [words('il di che è della nella sono gli questo questa anche ma non dei delle per'), ROMANIAN]],
  de: [[words('der und ist nicht zu mit sich des auf für ein eine dem im auch es wird werden sind bei oder aus nach noch'), DUTCH],
    [words('der und ist nicht zu mit sich des auf für ein eine dem im auch es wird werden sind bei oder aus nach noch'), AFRIKAANS]],
  en: [[ENGLISH, NORDIC], [ENGLISH, DUTCH], [ENGLISH, AFRIKAANS]],
  tr: [[words('bir ve bu için ile çok daha gibi olarak olan ama kadar sonra ancak çünkü değil mı ise şu'), NORDIC]],
};

/** Whether a text read as `language` has more of a neighbour's own words than of its own (two at least). */
function neighbour(language: Language, tokens: readonly string[]): boolean {
  return (NEAR[language] ?? []).some(([own, theirs]) => {
    const their = tokens.filter(theirs).length;
    return their >= 2 && their > tokens.filter(own).length;
  });
}

function byFunctionWords(sample: string, tokens: readonly string[]): Language | null {
  if (tokens.length < 8) return null;
  const shares = Object.entries(FUNCTION_WORDS)
    .map(([lang, set]) => ({ lang: lang as Language, share: tokens.filter((t) => set.has(t)).length / tokens.length }))
    .sort((a, b) => b.share - a.share);
  const [best, second] = [shares[0]!, shares[1]!];
  return best.share >= 0.08 && best.share >= 1.5 * second.share ? best.lang : null;
}

/** tinyld's reading of a language outside the service's is taken from this accuracy on. */
const OTHER_ACCURACY = 0.3;

/**
 * The text's language: one of the service's, 'other' when it is recognisably written in another one (another script,
 * a neighbour of one of the service's languages, or a language tinyld is fairly sure of), or null when nothing can be
 * told (too few letters).
 */
export function readLanguage(text: string): Reading {
  const sample = text.slice(0, SAMPLE_CHARS).replace(/https?:\/\/\S+|\S+@\S+|`[^`]*`|\d+/gu, ' ');
  if (!/\p{L}/u.test(sample)) return null;
  const script = byScript(sample);
  if (script) return script;
  const tokens = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  // The neighbours' words, with an elision before a word in lower case as one of them ("l'", "d'").
  const marks = [...tokens, ...[...sample.matchAll(/(?<!\p{L})([DLSdls])['’](?=\p{Ll})/gu)].map((m) => `${m[1]!.toLowerCase()}'`)];
  const known = byFunctionWords(sample, tokens);
  if (known) return neighbour(known, marks) ? 'other' : known;
  const best = detectAll(sample)[0];
  if (!best) return null;
  if (isLanguage(best.lang)) return neighbour(best.lang, marks) ? 'other' : best.lang;
  return best.accuracy >= OTHER_ACCURACY ? 'other' : null;
}

/** The text's language among the service's languages, or null when it is written in another one (or none that can be told). */
export function identifyLanguage(text: string): Language | null {
  const reading = readLanguage(text);
  return reading === 'other' ? null : reading;
}

/** A paragraph of this many words or more is identified on its own. */
export const PARAGRAPH_WORDS = 8;

/**
 * The language a document is rewritten in: its own, or, when as a whole it reads as a language outside the service's
 * but a paragraph of it is in one of them (a Ukrainian notice with its Russian version, a Catalan notice with its Spanish
 * one), that paragraph's. Each paragraph is then rewritten by its own language's rules, and the others stay as written.
 */
export function documentLanguage(text: string): Language | null {
  const reading = readLanguage(text);
  if (reading !== 'other') return reading;
  const paragraphs = text.split(/\n[ \t]*\n/u);
  if (paragraphs.length < 2) return null;
  for (const paragraph of paragraphs) {
    if ((paragraph.match(/\p{L}+/gu)?.length ?? 0) < PARAGRAPH_WORDS) continue;
    const own = readLanguage(paragraph);
    if (own !== null && own !== 'other') return own;
  }
  return null;
}

/**
 * The `language` the built-in engine reports and writes in: the text's own language when it is one of
 * the service's languages, whatever was requested; the requested language otherwise (text in a language
 * the engine has no rules for comes back with only safe changes).
 */
export function localOutputLanguage(text: string, requested: Language): Language {
  return documentLanguage(text) ?? requested;
}
