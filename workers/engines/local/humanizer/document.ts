/**
 * The document model of a rewrite: lines, each split into a structural prefix that is never touched
 * (indentation, list markers, `Label:` prefixes) and a body. Only bodies made of whole sentences are
 * rewritten; headings, block quotes (quoted text), code, tables, titles and lines that continue a sentence
 * from the previous line come back verbatim, so line breaks, paragraph breaks and structure survive
 * by construction.
 */
import { splitSentences } from '../text/segment.js';

export interface Line {
  /** Kept verbatim: indentation, a list marker, a `Label:` prefix. */
  prefix: string;
  body: string;
  /** Kept verbatim: the start of a sentence that runs on into the next line. */
  tail: string;
  /** Whether the body may be rewritten (whole sentences of prose). */
  prose: boolean;
}

const LIST_MARKER = /^(?:[-*+•‣◦▪]|\(?\p{N}{1,3}[.)]|\(?[a-zA-Z][.)](?=\s+\p{Lu}))\s+/u;

/** Whether a line's prefix makes it an item of a list (after any indentation). */
export function isListItem(prefix: string): boolean {
  return LIST_MARKER.test(prefix.trimStart());
}
/** One to four words ending in a colon at the start of a line: "Answer:", "Step 2:", "Q:". */
const LABEL = /^(?:\p{Lu}[\p{L}\p{N}'’-]*(?: [\p{L}\p{N}'’-]+){0,3}|\p{N}+):[ \t]+(?=\S)/u;
/** Title case: a line of at most 14 words, every word of four letters or more capitalised, and most words in all. */
export function titleCase(line: string): boolean {
  const words = line.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  if (words.length < 2 || words.length > 14 || /[.!]\s*$/u.test(line) && !/\?\s*$/u.test(line) && words.length > 8) return false;
  const long = words.filter((w) => w.length >= 4);
  const capital = (w: string): boolean => /^\p{Lu}/u.test(w);
  return long.length > 0 && long.every(capital) && words.filter(capital).length / words.length >= 0.6;
}

const VERBATIM_LINE = /^\s*(?:#{1,6}\s|>|\||={3,}|-{3,}\s*$|\*{3,}\s*$|<\/?[a-zA-Z]|\t| {4})/u;
const FENCE = /^\s*(?:```|~~~)/u;
/** A body ends a sentence: final mark, then optional closers. */
const ENDS_SENTENCE = /[.!?…。！？؟]["'”’)\]»」』）\uE001]*\s*$/u;

export function parseLines(text: string): Line[] {
  const lines: Line[] = [];
  let inFence = false;
  let previousEnded = true;
  const verbatim = (raw: string): Line => ({ prefix: raw, body: '', tail: '', prose: false });
  for (const raw of text.split('\n')) {
    if (FENCE.test(raw)) {
      inFence = !inFence;
      lines.push(verbatim(raw));
      previousEnded = true;
      continue;
    }
    if (inFence || raw.trim().length === 0 || VERBATIM_LINE.test(raw)) {
      lines.push(verbatim(raw));
      previousEnded = true;
      continue;
    }
    let rest = raw;
    let prefix = /^[ \t]*/u.exec(rest)![0];
    rest = rest.slice(prefix.length);
    const marker = LIST_MARKER.exec(rest)?.[0] ?? '';
    prefix += marker;
    rest = rest.slice(marker.length);
    const label = LABEL.exec(rest)?.[0] ?? '';
    prefix += label;
    rest = rest.slice(label.length);
    const structured = marker.length > 0 || label.length > 0;
    const ends = ENDS_SENTENCE.test(rest);
    // Scripts without spaces count by characters.
    const long = rest.split(/\s+/u).filter((w) => w.length > 0).length >= 3 || rest.replace(/[\s\p{P}]/gu, '').length >= 10;
    // A short line without a final mark is a title; a line after a line without a final mark may continue its
    // sentence (hard-wrapped text), so it stays as it is.
    // A title in title case ("Do Zoos Still Have a Place in the Modern World?", "What Is SEO?") stays too, mark or not.
    const prose: boolean = (previousEnded || structured) && long && (ends || rest.split(/\s+/u).length > 10) && !titleCase(rest);
    lines.push({ prefix, body: rest, tail: '', prose });
    previousEnded = ends;
  }
  // A prose line whose last sentence runs on into the next line keeps that sentence start verbatim.
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1]!;
    if (!line.prose || ENDS_SENTENCE.test(line.body) || next.prose || (next.prefix + next.body).trim() === '' || next.body === '') continue;
    const last = splitSentences(line.body).at(-1);
    if (!last || last.start === 0) { lines[i] = { ...line, body: '', tail: line.body, prose: false }; continue; }
    lines[i] = { ...line, body: line.body.slice(0, last.start), tail: line.body.slice(last.start) };
  }
  keepSpeech(lines);
  return lines;
}

/** Labels that head a part of a text, not a person speaking ("Answer:", "Note:", "Pros:"). */
const HEADING_LABELS = new Set(('answer question q a note notes tip tips step summary warning caution important example examples pros cons ' +
  'result results conclusion introduction background method methods objective objectives purpose goal goals solution problem ' +
  'issue fix update reminder disclaimer source sources date time location subject re to from cc bcc title author status price ' +
  'cost total details description overview benefits features requirements ingredients instructions directions edit ps bonus ' +
  'fact myth definition takeaway takeaways tldr verdict rating score').split(' '));
/** A label that names a speaker: one to three capitalised words, no digits ("Sadiq Khan:", "Interviewer:", "Agent:"). */
const SPEAKER = /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}$/u;

/**
 * A transcript (two or more lines that open with a speaker's name) is dialogue: what each speaker says comes back as
 * it was, like speech in quotation marks ("Khan: I have been really pleased …" is not rewritten).
 */
function keepSpeech(lines: Line[]): void {
  const speakers = lines.map((l) => {
    const label = LABEL.exec(l.prefix.replace(/^[ \t]*/u, '').replace(LIST_MARKER, '') + l.body)?.[0].replace(/:[ \t]*$/u, '') ?? '';
    return label !== '' && SPEAKER.test(label) && !HEADING_LABELS.has(label.toLowerCase());
  });
  if (speakers.filter(Boolean).length < 2) return;
  lines.forEach((l, i) => { if (speakers[i] && l.prose) lines[i] = { ...l, prose: false }; });
}

/** A line that underlines the one above as a Setext heading ("Key Risks" over "---------"). */
const SETEXT_UNDERLINE = /^\s*(?:=+|-+)\s*$/u;

/**
 * Whether each line is a heading: a `#` heading, a line underlined Setext-style, or a title in title case. Its capitals
 * are the title's style, not names ("## Why Use It?" does not make "Use" a name).
 */
export function headingLines(lines: readonly Line[]): boolean[] {
  const raw = lines.map((l) => l.prefix + l.body + l.tail);
  return raw.map((r, i) => !lines[i]!.prose && r.trim() !== '' && (/^\s*#{1,6}\s/u.test(r) || titleCase(r.trim())
    || (i + 1 < raw.length && SETEXT_UNDERLINE.test(raw[i + 1]!) && !SETEXT_UNDERLINE.test(r))));
}

export function joinLines(lines: readonly Line[]): string {
  return lines.map((l) => l.prefix + l.body + l.tail).join('\n');
}
