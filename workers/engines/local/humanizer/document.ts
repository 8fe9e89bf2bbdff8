/**
 * The document model of a rewrite: lines, each split into a structural prefix that is never touched
 * (indentation, block quote marks, list markers, `Label:` prefixes) and a body. Only bodies made of
 * whole sentences are rewritten; headings, code, tables, titles and lines that continue a sentence
 * from the previous line come back verbatim, so line breaks, paragraph breaks and structure survive
 * by construction.
 */

export interface Line {
  /** Kept verbatim: indentation, `>` marks, a list marker, a `Label:` prefix. */
  prefix: string;
  body: string;
  /** Whether the body may be rewritten (whole sentences of prose). */
  prose: boolean;
}

const LIST_MARKER = /^(?:[-*+•‣◦▪]|\(?\p{N}{1,3}[.)]|\(?[a-zA-Z][.)](?=\s+\p{Lu}))\s+/u;
/** One to four words ending in a colon at the start of a line: "Answer:", "Step 2:", "Q:". */
const LABEL = /^(?:\p{Lu}[\p{L}\p{N}'’-]*(?: [\p{L}\p{N}'’-]+){0,3}|\p{N}+):[ \t]+(?=\S)/u;
const VERBATIM_LINE = /^\s*(?:#{1,6}\s|\||={3,}|-{3,}\s*$|\*{3,}\s*$|<\/?[a-zA-Z]|\t| {4})/u;
const FENCE = /^\s*(?:```|~~~)/u;
/** A body ends a sentence: final mark, then optional closers. */
const ENDS_SENTENCE = /[.!?…。！？؟]["'”’)\]»」』）\uE001]*\s*$/u;
/** A body starts a sentence: capital, digit, opening quote or bracket, or a protected span. */
const STARTS_SENTENCE = /^[\p{Lu}\p{N}"“'‘(\[¿¡«「『\uE000]|^[\p{Lo}]/u;

export function parseLines(text: string): Line[] {
  const lines: Line[] = [];
  let inFence = false;
  let previousEnded = true;
  for (const raw of text.split('\n')) {
    if (FENCE.test(raw)) {
      inFence = !inFence;
      lines.push({ prefix: raw, body: '', prose: false });
      previousEnded = true;
      continue;
    }
    if (inFence || raw.trim().length === 0 || VERBATIM_LINE.test(raw)) {
      lines.push({ prefix: raw, body: '', prose: false });
      previousEnded = true;
      continue;
    }
    let rest = raw;
    let prefix = /^[ \t]*(?:>[ \t]?)*/u.exec(rest)![0];
    rest = rest.slice(prefix.length);
    const marker = LIST_MARKER.exec(rest)?.[0] ?? '';
    prefix += marker;
    rest = rest.slice(marker.length);
    const label = LABEL.exec(rest)?.[0] ?? '';
    prefix += label;
    rest = rest.slice(label.length);
    const structured = marker.length > 0 || label.length > 0;
    const words = rest.split(/\s+/u).filter((w) => w.length > 0).length;
    const ends = ENDS_SENTENCE.test(rest);
    // Scripts without spaces count by characters.
    const long = words >= 3 || rest.replace(/[\s\p{P}]/gu, '').length >= 10;
    const prose = (previousEnded || structured) && STARTS_SENTENCE.test(rest) && ends && long;
    lines.push({ prefix, body: rest, prose });
    previousEnded = ends || structured || !/\p{L}/u.test(rest.slice(-1));
  }
  return lines;
}

export function joinLines(lines: readonly Line[]): string {
  return lines.map((l) => l.prefix + l.body).join('\n');
}
