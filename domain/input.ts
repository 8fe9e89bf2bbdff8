/**
 * Input normalisation, applied once at the edge to every string of a parsed request body (values and
 * member names) before validation, filtering, counting and storage:
 *
 * - U+0080–U+009F become the Windows-1252 characters they stand for (U+0092 → ’, U+0080 → €, U+0085 → …),
 *   as browsers decode text labelled Latin-1: text pasted from word processors often arrives that way.
 *   The five positions Windows-1252 leaves undefined (U+0081, U+008D, U+008F, U+0090, U+009D) stay
 *   control characters, as in browsers, and are refused or dropped like any other.
 * - A lone UTF-16 surrogate (half of a pair, as JSON's `\ud800` escape allows) becomes U+FFFD, so no
 *   string that cannot be stored or encoded as UTF-8 gets further.
 *
 * Everything else is kept as sent; invisible characters are dealt with where they matter (word counting
 * in words.ts, pattern matching in sanitize.ts).
 */

const WINDOWS_1252: Readonly<Record<number, string>> = {
  0x80: '\u20AC', 0x82: '\u201A', 0x83: '\u0192', 0x84: '\u201E', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021',
  0x88: '\u02C6', 0x89: '\u2030', 0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8e: '\u017D',
  0x91: '\u2018', 0x92: '\u2019', 0x93: '\u201C', 0x94: '\u201D', 0x95: '\u2022', 0x96: '\u2013', 0x97: '\u2014',
  0x98: '\u02DC', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203A', 0x9c: '\u0153', 0x9e: '\u017E', 0x9f: '\u0178',
};

const NEEDS_WORK = /[\u0080-\u009F\uD800-\uDFFF]/;
const C1 = /[\u0080-\u009F]/g;
// Without the u flag a regex sees code units, so a lone half of a pair can be found.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One string: C1 controls → Windows-1252 characters, lone surrogates → U+FFFD. */
export function normaliseInputString(s: string): string {
  if (!NEEDS_WORK.test(s)) return s;
  return s
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(C1, (c) => WINDOWS_1252[c.charCodeAt(0)] ?? c);
}

/**
 * Every string in a parsed JSON value, member names included, normalised in place; returns the value
 * (a bare string is returned normalised). Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function normaliseInput(value: unknown): unknown {
  if (typeof value === 'string') return normaliseInputString(value);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') node[i] = normaliseInputString(v);
        else if (v !== null && typeof v === 'object') pending.push(v);
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const v = record[key];
        const name = normaliseInputString(key);
        if (name !== key) delete record[key];
        if (typeof v === 'string') record[name] = normaliseInputString(v);
        else {
          if (name !== key) record[name] = v;
          if (v !== null && typeof v === 'object') pending.push(v);
        }
      }
    }
  }
  return value;
}
