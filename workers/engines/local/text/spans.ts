/**
 * Kinds of text that a rewrite must return verbatim: quoted passages, URLs, e-mail addresses, numbers
 * and code-like tokens. One definition, used by the rewriter (to protect them) and by the rule checker
 * (to verify them).
 */

/** Quoted passages (straight or curly double quotes, guillemets, CJK brackets) up to 400 characters, within a line. */
export const QUOTED = /"[^"\n]{1,400}"|“[^”\n]{1,400}”|«[^»\n]{1,400}»|「[^」\n]{1,400}」|『[^』\n]{1,400}』/gu;

export const URL = /(?:https?:\/\/|www\.)[^\s<>"'“”]*[^\s<>"'“”.,;:!?)\]]/gu;

export const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * Numbers with what is glued to them: currency signs, separators, decimals, ranges, times, dates,
 * percentages and short unit or ordinal suffixes ("$5.00", "3.5%", "1,200", "9:30", "2019-2020", "3rd", "5G").
 */
export const NUMBER = /(?<![\p{L}\p{N}_])[$€£¥]?\p{N}(?:[\p{N},.:/-]*\p{N})?(?:%|\p{L}{1,3})?(?![\p{L}\p{N}_])/gu;

/**
 * Code-like tokens: backtick spans, snake_case, camelCase and inner-capital names, calls "f()", dotted
 * names of two-letter-or-longer parts ("config.json", "os.path"), paths, hashtags and handles.
 */
export const CODE = new RegExp([
  '`[^`\\n]{1,200}`',
  '(?<![\\p{L}\\p{N}_])[\\p{L}\\p{N}]*_[\\p{L}\\p{N}_]+',
  '(?<![\\p{L}\\p{N}_])\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*',
  '(?<![\\p{L}\\p{N}_])\\p{Lu}\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*',
  '[\\p{L}_][\\p{L}\\p{N}_]*\\([^()\\s]{0,40}\\)',
  '(?<![\\p{L}\\p{N}_.])[\\p{L}_][\\p{L}\\p{N}_-]+(?:\\.[\\p{L}_][\\p{L}\\p{N}_-]+)+(?![\\p{L}\\p{N}_])',
  '(?<![\\p{L}\\p{N}])(?:~|\\.{1,2})?/[\\p{L}\\p{N}_.-]+(?:/[\\p{L}\\p{N}_.-]+)+/?',
  '(?<![\\p{L}\\p{N}_])[#@][\\p{L}_][\\p{L}\\p{N}_]+',
].join('|'), 'gu');

/** Every kind, in the order the rewriter protects them (earlier kinds claim overlapping text first). */
export const VERBATIM_KINDS: ReadonlyArray<{ kind: string; re: RegExp }> = [
  { kind: 'quote', re: QUOTED }, { kind: 'url', re: URL }, { kind: 'email', re: EMAIL },
  { kind: 'code', re: CODE }, { kind: 'number', re: NUMBER },
];

/** Occurrences of each matched string of one kind. */
export function tally(text: string, re: RegExp): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(re)) out.set(m[0], (out.get(m[0]) ?? 0) + 1);
  return out;
}
