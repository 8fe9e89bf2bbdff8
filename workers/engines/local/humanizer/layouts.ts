/**
 * Layouts whose lines are what someone said or a record to be cited, though they read as sentences: subtitles, a
 * screenplay's dialogue, a play's speeches, an interview or a deposition in "Q:"/"A:", a chat log, and a list of
 * references. Their lines come back as written, like speech in quotation marks: a caption is timed to what is heard, a
 * witness's answer is evidence, a reference's title is the work's own.
 */
import type { Line } from './document.js';

/** A subtitle's timing line: "00:01:02,500 --> 00:01:04,000" (SRT), "00:04.500 --> 00:09.000" (WebVTT). */
const CUE_TIMING = /^\s*(?:\p{N}{1,2}:)?\p{N}{2}:\p{N}{2}[.,]\p{N}{3}\s+-->\s+(?:\p{N}{1,2}:)?\p{N}{2}:\p{N}{2}[.,]\p{N}{3}/u;
/** A screenplay's scene heading: "INT. KITCHEN – NIGHT", "EXT. BUS STOP - CONTINUOUS", "INT./EXT. CAR – DAY". */
const SCENE_HEADING = /^\s*(?:INT|EXT|INT\.?\/EXT|I\/E)\.\s+\p{Lu}/mu;
/** A character's cue on a line of its own: a name in capitals, then perhaps "(O.S.)", "(V.O.)", "(CONT'D)". */
const CUE_NAME = /^\s*\p{Lu}[\p{Lu}\p{N} .'’-]*\p{Lu}\.?(?:\s*\([\p{Lu} .'’]+\))*\s*$/u;
/** A transition or a scene heading, no cue: "CUT TO:", "FADE IN:", "INT. NET SHED – MOMENTS LATER". */
const NOT_CUE = /:\s*$|^\s*(?:INT|EXT|INT\.?\/EXT|I\/E)\.\s/u;
/** A play's speech: the speaker's name in capitals and a point, then what they say ("EDMUND. The roads were …"). */
const PLAY_SPEECH = /^\s*\p{Lu}{2,}(?:[ '’-]\p{Lu}{2,}){0,2}\.\s+\S/u;
/** An interview's or a deposition's question or answer: "Q: …", "A. …". */
const QUESTION = /^\s*Q[:.]\s+\S/u;
const ANSWER = /^\s*A[:.]\s+\S/u;
/** Speaking for oneself: an interviewee or a witness, not a FAQ's "You can cancel …" or "We offer …". */
const FIRST_PERSON = /(?<![\p{L}'’])(?:I|I['’](?:m|ve|d|ll)|my|me|mine|myself)(?![\p{L}'’])/u;
/** A chat log's message: "[09:14] <dana> …", "<li_wei> …". */
const CHAT_MESSAGE = /^\s*(?:\[(?:\p{N}{1,2}:)?\p{N}{1,2}:\p{N}{2}\]\s*)?<[^<>\s]+>\s+\S/u;
/** A chat export's header over a message: a name, two spaces or more, the time ("Dana Kim  9:14 AM"). */
const CHAT_HEADER = /^\s*\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}(?:\t| {2,})\p{N}{1,2}:\p{N}{2}(?:\s?[AaPp]\.?[Mm]\.?)?\s*$/u;
/**
 * A reference's entry: an author's surname and initials or given name, then a year in brackets or a year or pages at its
 * end ("Smith, J. A. (2020). It is not what you think …", "Said, Edward W. Orientalism. Pantheon Books, 1978."), or a numbered entry with its title in quotes,
 * pages, volume or DOI ("[2] K. Tanaka, "On the limits …," … vol. 43, … 2021.").
 */
const AUTHOR_ENTRY = /^\s*(?:[-*•]\s+)?\p{Lu}[\p{L}'’-]+(?: [\p{L}'’-]+)?, \p{Lu}[\p{L}'’-]*\.?(?: \p{Lu}[\p{L}'’-]*\.?){0,3}\.(?:.*\((?:\p{N}{4}[a-z]?|n\.d\.)(?:, [^)]{1,30})?\)\.|.*(?:(?<!\p{N})(?:1[5-9]|20)\p{N}{2}|\bpp?\. ?\p{N}+[–-]\p{N}+)\.\s*$)/u;
const NUMBERED_ENTRY = /^\s*\[\p{N}{1,3}\]\s+\S.*(?:["“][^"”]+["”]|\bpp?\.\s?\p{N}|\bvol\.|\bdoi\b|et al\.).*(?<!\p{N})(?:1[5-9]|20)\p{N}{2}(?!\p{N})/u;
/** Any numbered entry with a year: in a list whose entries cite as above, a book's entry too ("[3] A. Lee, Deep Learning …, 2019."). */
const NUMBERED_WITH_YEAR = /^\s*\[\p{N}{1,3}\]\s+\S.*(?<!\p{N})(?:1[5-9]|20)\p{N}{2}(?!\p{N})/u;
/** The line that heads a quoted reply: "On Tue, 4 Mar 2025 at 10:02, Ana Ribeiro <ana@northwind.io> wrote:". */
const ATTRIBUTION = /^\s*(?:>\s*)*(?:On\s.*|.*<[^<>\s]+@[^<>\s]+>.*)\swrote:\s*$/u;
/** A row of a table without rules: cells apart by tabs or by three spaces or more, twice ("Basic      $9       It is not …"). */
const TABLE_ROW = /\S(?:\t| {3,})\S.*\S(?:\t| {3,})\S/u;

/** Marks lines kept verbatim (prose: false) where the text is laid out as speech or as a list of references. */
export function keepLayouts(lines: Line[]): void {
  const raw = lines.map((l) => l.prefix + l.body + l.tail);
  const keep = (i: number): void => { if (lines[i]!.prose) lines[i] = { ...lines[i]!, prose: false }; };
  const blank = (i: number): boolean => raw[i]!.trim() === '';
  // A block under a line that starts it (a subtitle's timing, a character's cue) runs to the next blank line.
  const keepBlock = (from: number): void => { for (let j = from; j < raw.length && !blank(j); j++) keep(j); };
  raw.forEach((r, i) => { if (CUE_TIMING.test(r)) keepBlock(i + 1); });
  if (SCENE_HEADING.test(raw.join('\n'))) {
    raw.forEach((r, i) => { if (CUE_NAME.test(r) && !NOT_CUE.test(r) && /\p{Lu}{2}/u.test(r) && i + 1 < raw.length && !blank(i + 1)) keepBlock(i + 1); });
  }
  const whenTwo = (test: (r: string) => boolean): void => {
    const hits = raw.map((r) => test(r));
    if (hits.filter(Boolean).length >= 2) hits.forEach((h, i) => { if (h) keep(i); });
  };
  whenTwo((r) => PLAY_SPEECH.test(r));
  whenTwo((r) => CHAT_MESSAGE.test(r));
  whenTwo((r) => AUTHOR_ENTRY.test(r));
  if (raw.filter((r) => NUMBERED_ENTRY.test(r)).length >= 2) raw.forEach((r, i) => { if (NUMBERED_WITH_YEAR.test(r)) keep(i); });
  raw.forEach((r, i) => { if (ATTRIBUTION.test(r) || TABLE_ROW.test(r.trim())) keep(i); });
  if (raw.some((r) => QUESTION.test(r)) && raw.some((r) => ANSWER.test(r) && FIRST_PERSON.test(r))) {
    raw.forEach((r, i) => { if (QUESTION.test(r) || ANSWER.test(r)) keep(i); });
  }
  raw.forEach((r, i) => { if (CHAT_HEADER.test(r)) for (let j = i + 1; j < raw.length && !blank(j) && !CHAT_HEADER.test(raw[j]!); j++) keep(j); });
}
