/**
 * Language identification of a request's text, and the output language the built-in engine reports.
 * The built-in engine does not translate: it rewrites in the language the text is written in, so that
 * is the language it reports. Pure: the same text always gives the same answer.
 *
 * Script first (Hangul, kana, Han, Cyrillic, Arabic), then, for Latin script, the share of each
 * language's commonest function words, which stays reliable on jargon-heavy text where character
 * n-gram identification (tinyld) wavers; tinyld decides the rest.
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

function byScript(sample: string): Language | null {
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return null;
  const share = (re: RegExp): number => (sample.match(re)?.length ?? 0) / letters;
  if (share(/\p{Script=Hangul}/gu) > 0.3) return 'ko';
  if (share(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) > 0.1) return 'ja';
  if (share(/\p{Script=Han}/gu) > 0.3) return 'zh';
  if (share(/\p{Script=Cyrillic}/gu) > 0.5) return 'ru';
  if (share(/\p{Script=Arabic}/gu) > 0.5) return 'ar';
  return null;
}

function byFunctionWords(sample: string): Language | null {
  const tokens = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (tokens.length < 8) return null;
  const shares = Object.entries(FUNCTION_WORDS)
    .map(([lang, set]) => ({ lang: lang as Language, share: tokens.filter((t) => set.has(t)).length / tokens.length }))
    .sort((a, b) => b.share - a.share);
  const [best, second] = [shares[0]!, shares[1]!];
  return best.share >= 0.08 && best.share >= 1.5 * second.share ? best.lang : null;
}

/** The text's language among the service's languages, or null when it is written in another one (or none that can be told). */
export function identifyLanguage(text: string): Language | null {
  const sample = text.slice(0, SAMPLE_CHARS).replace(/https?:\/\/\S+|\S+@\S+|`[^`]*`|\d+/gu, ' ');
  if (!/\p{L}/u.test(sample)) return null;
  const script = byScript(sample);
  if (script) return script;
  const known = byFunctionWords(sample);
  if (known) return known;
  const best = detectAll(sample)[0];
  return best && isLanguage(best.lang) ? best.lang : null;
}

/**
 * The `language` the built-in engine reports and writes in: the text's own language when it is one of
 * the service's languages, whatever was requested; the requested language otherwise (text in a language
 * the engine has no rules for comes back with only safe changes).
 */
export function localOutputLanguage(text: string, requested: Language): Language {
  return identifyLanguage(text) ?? requested;
}
