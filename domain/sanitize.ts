/**
 * Text hygiene shared by request validation and tone fields: Unicode normalisation, HTML stripping,
 * control-character detection, and the documented list of blocked injection/code patterns.
 *
 * Every function here is linear in the input (no regex that can backtrack across the whole text per
 * start position), because they run on request bodies of up to 128 KiB.
 */

/** Characters that render as nothing and are used to smuggle text past filters. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g;
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BLOCK_TAGS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'section', 'article']);

/**
 * NFC; strips zero-width characters, soft hyphens (but one that breaks a word at a line's end: see brokenWord), BOMs
 * and bidi overrides; turns odd spaces into a space and odd line breaks (CR, CRLF, VT, FF, NEL, U+2028/9) into \n; collapses runs of spaces and
 * tabs inside a line (a line's indentation stays: nested list items and indented code keep their shape),
 * drops spaces before a line break, except two spaces ending a line of text before another line: Markdown's hard line
 * break ("9:00 a.m.  \nUse the north entrance."), without which the two lines render as one; keeps at most one blank
 * line; trims the ends.
 */
export function normaliseText(text: string): string {
  let t = text
    .normalize('NFC')
    .replace(INVISIBLE, (c: string, at: number, whole: string) => (c === '\u00AD' && brokenWord(whole, at) ? c : ''))
    .replace(LINE_BREAKS, '\n')
    .replace(ODD_SPACES, ' ');
  // The two rewrites with a lookbehind try every position of the text (8–9 µs each for 250 words): they run only
  // when what they rewrite is there, which a plain scan tells for a tenth of that.
  if (SPACE_RUN.test(t)) t = t.replace(/(?<=[^\s])[ \t]{2,}(?=[^\s])/g, ' ');
  if (SPACE_BEFORE_BREAK.test(t)) {
    t = t.replace(/(?<=([^\s])?)[ \t]+\n(?=([ \t]*[^\s])?)/g, (run: string, before?: string, after?: string) => (before && after && / {2}/.test(run) ? '  \n' : '\n'));
  }
  return t.replace(/\n{3,}/g, '\n\n').trim();
}

const SPACE_RUN = /[ \t]{2}/;
const SPACE_BEFORE_BREAK = /[ \t]\n/;

/**
 * Whether the soft hyphen at `at` breaks a word at a line's end ("employ\u00AD" over "ment"): right after a letter and
 * right before a line break, the next line going on with a letter. Such a soft hyphen is kept. It belongs to the word
 * before it, so the count of words is the same as without it; and it tells that the two lines' halves are one word
 * ("employment"), which the engine joins when it joins a hard-wrapped paragraph (without it, "employ ment"). It hides
 * nothing from the blocked patterns, which read through it and the line break alike.
 */
function brokenWord(text: string, at: number): boolean {
  WORD_GOES_ON.lastIndex = at + 1;
  return /\p{L}$/u.test(text.slice(Math.max(0, at - 2), at)) && WORD_GOES_ON.test(text);
}
/** A line break, then the rest of the word on the next line (after any indentation). */
const WORD_GOES_ON = /(?:\r\n?|[\n\u000B\u000C\u0085\u2028\u2029])[ \t\u00A0]*\p{L}/uy;

/** One character of the classes normaliseText rewrites or drops (the same patterns, without their global state). */
const ODD_SPACE_CHAR = new RegExp(`^(?:${ODD_SPACES.source}|\\t)$`, 'u');
const LINE_BREAK_CHAR = new RegExp(`^(?:${LINE_BREAKS.source})$`, 'u');
const DROPPED_OR_SPACE_CHAR = new RegExp(`^(?:\\s|${INVISIBLE.source})$`, 'u');

/**
 * Where each character of normaliseText(submitted) came from in the submitted text: `start[i]` is the offset in
 * `submitted` of the character (or characters: "\r\n", a decomposed accent) that became character i, `end[i]` the
 * offset just after them. Characters normalisation removed (zero-width ones, the second space of two, trailing
 * spaces) belong to no character. Null when `normalised` is not normaliseText(submitted) as this walk reads it,
 * so a caller can fall back to offsets into the normalised text.
 */
export function submittedOffsets(submitted: string, normalised: string): { start: Int32Array; end: Int32Array } | null {
  const start = new Int32Array(normalised.length);
  const end = new Int32Array(normalised.length);
  let r = 0;
  for (let n = 0; n < normalised.length; n++) {
    const c = normalised[n]!;
    let width = 0;
    for (; r < submitted.length; r++) {
      const rc = submitted[r]!;
      if (rc === c) { width = 1; break; }
      if (c === '\n' && LINE_BREAK_CHAR.test(rc)) { width = rc === '\r' && submitted[r + 1] === '\n' ? 2 : 1; break; }
      if (c === ' ' && ODD_SPACE_CHAR.test(rc)) { width = 1; break; }
      // NFC: a letter and its combining marks (or a singleton such as the Angstrom sign) became one character.
      if (!DROPPED_OR_SPACE_CHAR.test(rc)) {
        for (let k = 1; k <= 4 && r + k <= submitted.length && width === 0; k++) if (submitted.slice(r, r + k).normalize('NFC') === c) width = k;
        if (width > 0) break;
      }
    }
    if (r >= submitted.length) return null;
    start[n] = r;
    r += width;
    end[n] = r;
  }
  return { start, end };
}

/**
 * Sentence scores whose offsets point into the normalised text, moved to the text the client submitted (design.md:
 * "character offsets into the submitted text"): each sentence spans from where its first character came from to
 * just after where its last came from, and its `text` is that stretch of the submitted text. Unchanged when the
 * two texts cannot be aligned.
 */
export function sentencesInSubmittedText<T extends { text: string; start: number; end: number }>(sentences: readonly T[], normalised: string, submitted: string): T[] {
  const map = submittedOffsets(submitted, normalised);
  if (!map) return [...sentences];
  return sentences.map((s) => {
    if (s.end <= s.start || s.end > normalised.length) return s;
    const start = map.start[s.start]!;
    const end = map.end[s.end - 1]!;
    return { ...s, start, end, text: submitted.slice(start, end) };
  });
}

/** Removes `<open …>…</close>` blocks; an unterminated block is removed to the end of the text. */
function removeBlocks(text: string, open: RegExp, closeOf: (m: RegExpExecArray) => RegExp): string {
  let out = '';
  let last = 0;
  open.lastIndex = 0;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    out += text.slice(last, m.index);
    const close = closeOf(m);
    close.lastIndex = open.lastIndex;
    if (!close.exec(text)) return out;
    last = close.lastIndex;
    open.lastIndex = close.lastIndex;
  }
  return out + text.slice(last);
}

/**
 * Strips HTML: comments, script/style blocks with their content, and tags (block-level tags become a
 * space so words on either side stay apart). Entities are left as written: the output is plain text
 * that is never rendered as HTML, and decoding could turn `&lt;script&gt;` back into a tag.
 * Text that merely contains `<` or `>` ("a < b") is left alone.
 */
export function stripHtml(text: string): string {
  let out = removeBlocks(text, /<!--/g, () => /-->/g);
  out = removeBlocks(out, /<(script|style)\b[^<>]*>/gi, (m) => new RegExp(`</${m[1]}\\s*>`, 'gi'));
  return out
    .replace(/<![A-Za-z][^<>]*>|<\?[^<>]*\?>/g, '')
    .replace(/<\/?([A-Za-z][A-Za-z0-9:-]*)(?:\s[^<>]*)?\/?>/g, (_tag, name: string) => (BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : ''));
}

/** Code points (as "U+0007") of C0/C1 control characters other than \t, \n and \r, each once. */
export function disallowedControlChars(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(CONTROL)) found.add(`U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  return [...found];
}

/**
 * Tone fields and similar short inputs: control characters dropped first (so they cannot hide a tag from
 * the HTML stripper), then HTML stripped, normalised and trimmed.
 */
export function sanitizeField(text: string): string {
  return normaliseText(stripHtml(text.replace(LINE_BREAKS, '\n').replace(CONTROL, ''))).trim();
}

export interface BlockedPattern {
  name: string;
  description: string;
  pattern: RegExp;
}

/**
 * What request text and tone fields may not contain. Prose is matched only in the imperative forms
 * that address a model, so ordinary writing ("act as a buffer", "you are now a member", "the system
 * prompt defines…") passes.
 */
export const BLOCKED_PATTERNS: readonly BlockedPattern[] = [
  {
    name: 'ignore-previous-instructions',
    description: 'Asks to ignore, disregard, forget or override previous/prior/above/system instructions, prompts or rules.',
    pattern: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|every|the|your|my|these|those|of)\s+){0,3}(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|messages?|context|commands?)\b/i,
  },
  {
    name: 'disregard-the-above',
    description: '"Disregard/ignore/forget (everything) (the) above", ending a clause.',
    pattern: /\b(?:disregard|ignore|forget)\s+(?:(?:all|everything)\s+(?:of\s+)?)?(?:the\s+|what\s+(?:is|was)\s+)?above(?=\s*(?:[.,;:!)]|$|\s+(?:and|then|instead)\b))/i,
  },
  {
    name: 'you-are-now',
    description: '"You are now" followed by an AI role, an unrestricted persona, DAN or developer mode.',
    pattern: /\byou\s+are\s+now\s+(?:an?\s+|the\s+|in\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue)\b|dan\b|developer\s+mode|(?:ai|assistant|chatbot|language\s+model|llm|gpt)\b|no\s+longer\s+(?:bound|restricted|an?\s+(?:ai|assistant)))/i,
  },
  {
    name: 'act-as-unrestricted',
    description: '"Act/behave/respond as (if you were) …" an unrestricted, unfiltered or jailbroken model, DAN, or with no rules.',
    pattern: /\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were|had|have)\s+)?(?:an?\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken)\b|dan\b|no\s+(?:restrictions|rules|filters|guidelines|limits)\b)/i,
  },
  {
    name: 'pretend-unrestricted',
    description: '"Pretend to be / you are" an unrestricted model, DAN or another AI.',
    pattern: /\bpretend\s+(?:to\s+be|(?:that\s+)?you\s+are)\s+(?:an?\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken)\b|dan\b|(?:different|another)\s+(?:ai|assistant|model)\b)/i,
  },
  {
    name: 'system-prompt-probe',
    description: 'Asks to reveal, print, repeat or override the system/initial/hidden prompt or instructions.',
    pattern: /\b(?:reveal|show|print|repeat|output|display|leak|dump|disclose|ignore|override|disregard|tell\s+me|what\s+(?:is|are))\s+(?:me\s+)?(?:your|the)\s+(?:system|initial|hidden|original|secret)\s+(?:prompts?|instructions|messages?)\b/i,
  },
  {
    name: 'system-prompt-override',
    description: 'A "system prompt:" or "new/updated instructions:" header introducing replacement instructions.',
    pattern: /\bsystem\s+prompt\s*:|\b(?:new|updated|real|actual)\s+instructions\s*:/i,
  },
  {
    name: 'jailbreak-mode',
    description: 'Developer/god/jailbreak/DAN mode switches and "DAN (Do Anything Now)".',
    pattern: /\b(?:developer|god|jailbreak|dan)\s+mode\s+(?:enabled|activated|on)\b|\benable\s+(?:developer|god|jailbreak|dan)\s+mode\b|\bdan\s*\(\s*do\s+anything\s+now\s*\)/i,
  },
  {
    name: 'chat-template-token',
    description: 'Special tokens of chat templates such as <|im_start|>, <|im_end|>, <|endoftext|>, <|eot_id|>.',
    pattern: /<\|[A-Za-z0-9_]{1,40}\|>/,
  },
  {
    name: 'inst-token',
    description: 'Llama-style [INST] / [/INST] markers.',
    pattern: /\[\/?INST\]/i,
  },
  {
    name: 'sys-token',
    description: 'Llama-style <<SYS>> / <</SYS>> markers.',
    pattern: /<<\/?SYS>>/i,
  },
  {
    name: 'script-tag',
    description: 'An HTML <script> tag.',
    pattern: /<\s*\/?\s*script\b/i,
  },
  {
    name: 'iframe-tag',
    description: 'An HTML <iframe> tag.',
    pattern: /<\s*iframe\b/i,
  },
  {
    name: 'active-content-tag',
    description: 'HTML tags that load or run content: <object>, <embed>, <applet>, <frame>, <frameset>, <base>, <meta>.',
    pattern: /<\s*(?:object|embed|applet|frameset|frame|base|meta)\b/i,
  },
  {
    name: 'script-url',
    description: 'javascript:, vbscript: or livescript: URLs (a scheme immediately followed by code), and data:text/html URLs.',
    pattern: /\b(?:java|vb|live)script\s*:(?=\S)|\bdata:\s*text\/html\b/i,
  },
  {
    name: 'event-handler-attribute',
    description: 'Inline HTML event handlers such as onerror=, onload=, onclick=, onmouseover=.',
    pattern: /\bon(?:abort|afterprint|animation[a-z]*|auxclick|beforeunload|begin|blur|canplay[a-z]*|change|click|contextmenu|copy|cut|dblclick|drag[a-z]*|drop|end|error|focus[a-z]*|hashchange|input|invalid|key(?:down|press|up)|load[a-z]*|message|mouse[a-z]+|paste|pointer[a-z]+|reset|resize|scroll|select|submit|toggle|touch[a-z]+|transition[a-z]*|unload|wheel)\s*=/i,
  },
  {
    name: 'code-fence',
    description: 'A Markdown code fence (```).',
    pattern: /```/,
  },
];

/**
 * What a reader does not see, for matching: default-ignorable code points (zero-width characters, bidi
 * controls, tag characters U+E0000–E007F, U+2061…, U+034F, the Hangul fillers U+3164/U+115F/U+1160/U+FFA0),
 * the braille blank U+2800, and control characters.
 */
const UNSEEN = /[\p{Default_Ignorable_Code_Point}\u2800\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/gu;

/**
 * Compatibility-folds text for matching only (fullwidth forms, ligatures, spacing), in two readings of
 * what is unseen: dropped (splices inside a word: "ig\u0000nore") and as a space (a blank standing in for
 * one between words: "ignore\u2800previous").
 */
function foldForMatching(text: string): string[] {
  const folded = text.normalize('NFKC');
  if (!UNSEEN_ONE.test(folded)) return [oneSpace(folded)];
  const dropped = oneSpace(folded.replace(UNSEEN, ''));
  const spaced = oneSpace(folded.replace(UNSEEN, ' '));
  return dropped === spaced ? [dropped] : [dropped, spaced];
}

const UNSEEN_ONE = new RegExp(UNSEEN.source, 'u');
/** Runs of white space made one space: `replace(/\s+/g, ' ')` without replacing every single space by itself. */
const oneSpace = (text: string): string => text.replace(/\s{2,}|[^\S ]/g, ' ');

/**
 * Name of the first blocked pattern found, or null. Checks the text as sent and with HTML stripped (after
 * unseen characters are dropped), so neither a tag, nor markup or an invisible or control character
 * splitting a phrase ("ig<b></b>nore previous instructions", "<scr\u0000ipt>") hides it.
 */
export function findBlockedPattern(text: string): string | null {
  const candidates = new Set(foldForMatching(text));
  // Folding is idempotent: a candidate without markup folds to itself.
  for (const c of [...candidates]) {
    const stripped = stripHtml(c);
    if (stripped !== c) for (const s of foldForMatching(stripped)) candidates.add(s);
  }
  for (const { name, pattern } of BLOCKED_PATTERNS) {
    for (const c of candidates) if (pattern.test(c)) return name;
  }
  return null;
}
