/**
 * The document model of a rewrite: lines, each split into a structural prefix that is never touched
 * (indentation, list markers, `Label:` prefixes) and a body. Only bodies made of whole sentences are
 * rewritten; headings, block quotes (quoted text), code, tables, titles and lines that continue a sentence
 * from the previous line come back verbatim, so line breaks, paragraph breaks and structure survive
 * by construction.
 */
import { FUNCTION_WORDS } from '../text/function-words.js';
import { splitSentences } from '../text/segment.js';
import { tagTokens } from '../text/pos.js';
import { keepLayouts } from './layouts.js';

export interface Line {
  /** Kept verbatim: indentation, a list marker, a `Label:` prefix. */
  prefix: string;
  body: string;
  /** Kept verbatim: the start of a sentence that runs on into the next line. */
  tail: string;
  /** Whether the body may be rewritten (whole sentences of prose). */
  prose: boolean;
}

/**
 * A list item's marker: a bullet, a number or a letter with a point or bracket. An en dash too, before anything but a
 * lower-case letter ("– Budget approved"; "– those over sixty – preferred …" goes on with a sentence of the line above).
 */
const LIST_MARKER = /^(?:[-*+•‣◦▪]|–(?=\s+\P{Ll})|\(?\p{N}{1,3}[.)]|\(?[a-zA-Z][.)](?=\s+\p{Lu}))\s+/u;

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

/**
 * A letter's salutation on a line of its own ("Dear Ms. Thompson,", "Hi team!", "Sehr geehrte Damen und Herren,",
 * "Estimado Sr. García:", "Madame, Monsieur,", "Уважаемые коллеги!"): it ends no sentence with a mark, yet the line after
 * it starts one; it is no part of a paragraph.
 */
const SALUTATION = new RegExp(`^[¡¿]?(?:${[
  'dear', 'hi', 'hello', 'hey', 'greetings', 'good (?:morning|afternoon|evening)', 'to whom it may concern',
  'estimad[oa]s?', 'querid[oa]s?', 'ilm[oa]s?\\.?', 'hola', 'buen(?:os|as) (?:días|tardes|noches)', 'distinguid[oa]s?', 'apreciad[oa]s?',
  'madame', 'monsieur', 'mesdames', 'messieurs', 'ch(?:er|ère|ers|ères)', 'bonjour', 'bonsoir', 'coucou',
  'sehr geehrte[rn]?', 'liebe[rns]?', 'hallo', 'guten (?:tag|morgen|abend)', 'grüezi', 'servus', 'moin', 'grüß gott',
  'gentil[ei]', 'car[oaie]s?', 'egregi[oa]', 'buongiorno', 'buonasera', 'ciao', 'spettabile', 'salve',
  'prezad[oa]s?', 'olá', 'bom dia', 'boa (?:tarde|noite)', 'exm[oa]s?\\.?',
  'уважаем\\p{L}*', 'дорог\\p{L}*', 'здравствуй(?:те)?', 'добрый (?:день|вечер)', 'доброе утро', 'привет',
  // "İ" has no simple case folding: /i does not match "İyi" to "iyi".
  'sayın', 'merhaba', 'değerli', 'sevgili', '[iİ]yi günler',
].join('|')})(?![\\p{L}])[^!?\\n]{0,60}[,:!]\\s*$`, 'iu');
/** A letter's closing on a line of its own ("Best regards,", "Mit freundlichen Grüßen", "Atentamente,", "С уважением,"). */
const CLOSING = new RegExp(`^(?:${[
  '(?:best|kind|warm|warmest)(?: regards| wishes)?', 'regards', 'sincerely', 'yours(?: sincerely| truly| faithfully)?',
  'cheers', 'thanks', 'thank you', 'many thanks', 'best', 'respectfully',
  'all (?:the )?best', 'with (?:best|kind|warm|warmest) (?:regards|wishes)', 'best wishes', '(?:sincerely|respectfully|faithfully) yours',
  'yours (?:respectfully|ever)', '(?:thanks|thank you) (?:again|so much|in advance)', 'take care', '(?:talk|speak|see you) soon',
  'warmly', 'cordially', 'with (?:thanks|gratitude)', 'gratefully', 'love', 'much love',
  'atentamente', 'saludos(?: cordiales)?', 'cordiales saludos', 'un (?:cordial )?saludo', 'un (?:fuerte )?abrazo', 'besos', 'cordialmente',
  '(?:muchas )?gracias', 'cordialement', 'bien à (?:vous|toi)', 'bien cordialement', 'amicalement',
  '(?:mes |sincères )?salutations(?: distinguées)?', 'merci(?: beaucoup)?', 'bises',
  'mit freundlichen grü(?:ß|ss)en', 'mit besten grü(?:ß|ss)en', '(?:viele|beste|liebe|herzliche|schöne) grü(?:ß|ss)e',
  'freundliche grü(?:ß|ss)e', 'hochachtungsvoll', 'danke(?: schön)?',
  'cordiali saluti', 'distinti saluti', 'saluti', 'un saluto', 'un abbraccio', 'a presto', 'grazie(?: mille)?',
  'atenciosamente', 'respeitosamente', 'abraços', 'um abraço', 'cumprimentos', 'com os melhores cumprimentos', 'obrigad[oa]',
  'с уважением', 'с наилучшими пожеланиями', 'всего (?:доброго|хорошего)', 'спасибо',
  'saygılarımla', 'saygılarımızla', 'hürmetlerimle', '[iİ]yi çalışmalar', '[iİ]yi günler(?: dilerim| dileriz)?', 'kolay gelsin',
  'sevgiler', 'selamlar', 'teşekkürler',
].join('|')})[,!.]?\\s*$`, 'iu');
/** A line that is a letter's salutation or closing. */
export function letterFrame(line: string): boolean {
  const t = line.trim();
  return t.length <= 80 && (SALUTATION.test(t) || CLOSING.test(t));
}

const VERBATIM_LINE = /^\s*(?:#{1,6}\s|>|\||={3,}|-{3,}\s*$|\*{3,}\s*$|<\/?[a-zA-Z]|\t| {4})/u;
const FENCE = /^\s*(?:```|~~~)/u;
/** A body ends a sentence: final mark, then optional closers. */
const ENDS_SENTENCE = /[.!?…。！？؟]["'”’)\]»」』）\uE001]*\s*$/u;

/**
 * The last word of a line that runs on: an article, a preposition, a conjunction, a pronoun or a copula (English, then
 * Spanish, French, German, Italian, Portuguese, Russian and Turkish: "Ayer hablamos con el director de" over "Recursos
 * Humanos …", "Morgen sprechen wir mit der" over "Geschäftsführung …"). A title in title case is a title whatever its end.
 */
const RUNS_ON_WORD = new RegExp(`(?<![\\p{L}])(?:${[
  'the|a|an|of|to|and|or|but|in|on|at|by|for|with|from|into|as|that|which|who|is|are|was|were|be|has|have|had|will|would|can|could|its|their|our|your|my|this|these|those',
  'not|very|than|such|because|although|though|whether|been|being|should|must|shall|whose|whom|every|his',
  'de|del|al|el|la|los|las|un|una|y|o|en|con|por|para|que|su|sus',
  'du|des|le|les|une|et|ou|à|au|aux|avec|pour|par|qui|sur|dans',
  'der|die|das|den|dem|ein|eine|einen|einem|einer|und|oder|mit|für|von|zu|zur|zum|im|auf|bei|über|dass',
  'di|della|dei|delle|il|lo|gli|e|da|alla|nel|nella',
  'do|dos|os|um|uma|em|no|na|com',
  'и|в|на|с|к|о|по|для|за|от|из|у|что|а|но',
  've|veya|ile|ama|ancak',
].join('|')})\\s*$`, 'iu');
/**
 * A name broken over a line break: the line ends in a capitalised word after its first, and the next opens with another
 * that is no function word and goes on in lower case ("The report was written by Anna" over "Smith and reviewed by …").
 * Not a title's subject said again ("Why we chose React" over "React gives us …"), nor an acronym ("Pros and cons of AI").
 */
function nameRunsOn(body: string, next: string): boolean {
  const last = /\s(\p{Lu}\p{Ll}[\p{L}'’-]*)\s*$/u.exec(body)?.[1];
  const first = /^\s*(\p{Lu}\p{Ll}[\p{L}'’-]*)\s+\p{Ll}/u.exec(next)?.[1];
  return last !== undefined && first !== undefined && first !== last && !FUNCTION_WORDS.has(first.toLowerCase());
}
/** A word that ends a phrase of time: "In the morning", "On Monday", "Later that day", "During the winter of 1998". */
const TIME_WORD = new RegExp(`^(?:${[
  'morning|afternoon|evening|night|day|week|weekend|fortnight|month|year|decade|century|hour|moment|while',
  'spring|summer|autumn|fall|winter|dawn|dusk|noon|midday|midnight|sunrise|sunset|breakfast|lunch|dinner|supper',
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday',
  'january|february|march|april|may|june|july|august|september|october|november|december',
  'yesterday|today|tonight|tomorrow|afterwards|meanwhile|meantime|later|earlier',
].join('|')})s?$|^\\p{N}{4}s?$`, 'u');
const NAMED_TIME = /(?<!\p{L})(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August|September|October|November|December)(?!\p{L})/gu;
/** What a fronted phrase of time opens with: a preposition or a word that points at a time ("That evening", "Every morning"). */
const TIME_OPENER = /^(?:in|on|at|during|after|before|by|until|till|since|throughout|over|within|around|early|late|later|earlier|that|this|last|next|every|each|one|the|all|some|yesterday|today|tonight|tomorrow|afterwards|meanwhile)$/u;
/** What opens an adverbial clause: "When the rain stopped", "After we arrived at the station", "Because the bus was late". */
const SUBORDINATOR = /^(?:when|whenever|while|whilst|after|before|because|although|though|since|until|till|unless|once|as|if|whereas|wherever)$/u;
/** A verb in the past: a regular one, or a common irregular one. */
const PAST = /^(?:\p{L}{2,}ed|was|were|had|did|went|came|saw|took|made|got|left|ran|said|began|fell|found|felt|heard|knew|met|sat|stood|told|thought|won|wrote|gave|brought|bought|caught|kept|lost|paid|sent|spent|held|led|rose|spoke|broke|chose|drove|grew|threw|woke|wore|ate|drank|sang|swam|became|forgot|understood|could|would)$/u;
/** The first words of a clause's subject: an article, a determiner or a pronoun ("The children walked", "We left"). */
const SUBJECT_OPENER = /^(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|we|i|he|she|they|it|you|there|everyone|everybody|nobody|someone|somebody|people|some|many|most|all|both|each|every|no|one|two|three|several|few)$/u;

/**
 * A line that opens a sentence and needs the clause on the next line: a phrase of time with no verb ("In the morning",
 * "Later that day", "On Monday") or an adverbial clause in the past ("When the rain stopped", "After we arrived") over a
 * line whose subject opens a clause ("The children walked to school …", "We left …", "Anna walked …"). In sentence
 * case such a line is no title: it was read as one, and the sentence under it rewritten as if it began there. A phrase
 * that names a part ("Under the hood", "At a glance"), a clause in the present ("If you forget your password" over "You
 * can reset it …") or over an instruction ("Before you begin" over "Make sure …") is still one.
 */
function adverbialRunsOn(body: string, next: string): boolean {
  const words = body.trim().toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const first = words[0];
  if (first === undefined || words.length > 8 || /[^\p{L}\p{N}\s'’-]/u.test(body.trim())) return false;
  const time = TIME_OPENER.test(first) && TIME_WORD.test(words.at(-1)!);
  if (!time && !SUBORDINATOR.test(first)) return false;
  const tags = tagTokens(body.trim());
  if (!tags) return false;
  const verb = tags.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
  if (time) return verb === -1 && opensClause(next);
  // A clause that tells what happened, its verb in the past ("When the rain stopped", "Because the bus was late", "When
  // asked about the delay"); one in the present heads instructions ("If you forget your password", "Once you are in").
  if (verb < 1 || !PAST.test(tags[verb]!.text.toLowerCase())) return false;
  return (verb === 1 || tags.slice(1, verb).some((t) => /^(?:PRON|NOUN|PROPN)$/u.test(t.pos))) && opensClause(next);
}

/** Whether a line opens with a clause's subject: an article, determiner or pronoun, or a name or noun before its verb. */
function opensClause(line: string): boolean {
  const first = /^\s*([\p{L}]+)/u.exec(line)?.[1];
  if (first === undefined) return false;
  if (SUBJECT_OPENER.test(first.toLowerCase())) return true;
  const tags = tagTokens(line.trim().split(/(?<=[.!?])\s/u)[0]!);
  return tags !== null && tags.length > 1 && /^(?:PROPN|NOUN)$/u.test(tags[0]!.pos) && /^(?:VERB|AUX)$/u.test(tags[1]!.pos);
}

/**
 * A post in Chinese or Japanese that ends in its hashtags after sentences of its own ("…西湖边的樱花全开了！此外，…拍照都要排队😂
 * #杭州 #西湖"): prose, though it ends in no mark and its words are not counted by spaces.
 */
function spacelessPost(body: string): boolean {
  const text = body.replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, '');
  return text !== body && SPACELESS.test(text) && /[。！？]/u.test(text);
}

/** What opens a sentence: a capital, a digit, an opening quote or bracket. */
const OPENS_SENTENCE = /^\s*(?:[-*+•–]\s+)?[\p{Lu}\p{N}"“‘'«(\[¿¡]/u;

/**
 * Whether the line after `body` starts a sentence although `body` ends in no final mark: `body` introduces what follows
 * (a colon), or is a title — in title case, or of at most eight words, well short of the next line and ending in no
 * comma, semicolon or word that runs on — and the next line opens as a sentence does. A line of a hard-wrapped sentence
 * ends in mid-phrase or inside a name, is about as long as the next, goes on in lower case, or opens a sentence whose
 * clause is on the next line ("In the morning" over "The children walked …": see adverbialRunsOn).
 */
function startsNext(body: string, next: string | undefined): boolean {
  return /[:：]\s*$/u.test(body) || BRACKETED_TITLE.test(body) || titleOver(body, next);
}

/**
 * A line that is one heading in lenticular brackets, as Chinese, Japanese and Korean leaflets and notices head their parts
 * ("【用法・用量】", "【사용상의 주의사항】"): a title over the line that follows, which opens with no capital to tell it.
 */
const BRACKETED_TITLE = /^\s*【[^】\n]+】\s*$/u;

/** Whether `body` is a title over a line that opens a sentence (see startsNext). */
function titleOver(body: string, next: string | undefined): boolean {
  if (ENDS_SENTENCE.test(body) || next === undefined || !OPENS_SENTENCE.test(next)) return false;
  const words = body.split(/\s+/u).filter((w) => w.length > 0).length;
  // The names of days and months are capitalised in any case: "On Monday" is no title for its capital.
  return titleCase(body) && titleCase(body.replace(NAMED_TIME, (w) => w.toLowerCase()))
    || (words > 0 && words <= 8 && body.trim().length < 0.6 * next.trim().length && !/[,;、，]\s*$/u.test(body) && !RUNS_ON_WORD.test(body) && !nameRunsOn(body, next) && !adverbialRunsOn(body, next));
}

/** Whether the sentence of `line` may run on into `next` (no final mark, salutation, title or colon ends it). */
export function runsOnInto(line: string, next: string): boolean {
  return !ENDS_SENTENCE.test(line) && !letterFrame(line) && !startsNext(line.trimStart(), next);
}

export function parseLines(text: string): Line[] {
  const lines: Line[] = [];
  let inFence = false;
  let previousEnded = true;
  const verbatim = (raw: string): Line => ({ prefix: raw, body: '', tail: '', prose: false });
  const raws = text.split('\n');
  for (const [i, raw] of raws.entries()) {
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
    // A salutation or closing is no prose either, a mark at its end or not ("Уважаемые коллеги!", "¡Hola a todos!").
    const prose: boolean = (previousEnded || structured) && long && (ends || rest.split(/\s+/u).length > 10 || spacelessPost(rest)) && !titleCase(rest)
      && !letterFrame(raw);
    lines.push({ prefix, body: rest, tail: '', prose });
    // A salutation, a title or a line introducing what follows ends no sentence with a mark, but the line after it starts
    // one ("Dear Ms. Thompson," over "I am writing …", "Benefits of Remote Work" over "Remote work offers …").
    previousEnded = ends || letterFrame(raw) || startsNext(rest, raws[i + 1]);
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
  keepLayouts(lines);
  keepDashDialogue(lines);
  keepQuestionHeadings(lines);
  return lines;
}

/** A body that ends in a question mark, then optional closers. */
const ENDS_QUESTION = /[?？؟]["'”’)\]»」』）]*\s*$/u;
/** A heading line: a `#` heading, a title in title case, or a line in bold ("**Pricing**"). */
const HEADING_LINE = /^\s*(?:#{1,6}\s|(?:\*\*|__)\S.*(?:\*\*|__)\s*$)/u;

/**
 * Questions that head the answer under them, as FAQs and help pages write them ("What does it cost?" over "The basic plan
 * is free. …", "How do I reset my password?" over its steps): a question of one sentence and at most 14 words on a line
 * of its own, with no list marker or label, over a paragraph or list that answers it (the next line, or the one after a
 * blank line, rewritten prose that asks nothing). It heads its part when it opens a block (the text's first line, or
 * after a blank line or a heading) or when the text has two or more such questions (a FAQ without blank lines). It stays
 * as it was, like a title. A question inside a paragraph, over a question or a closing, or once after a line of prose
 * (a request in a letter) is still prose.
 */
function keepQuestionHeadings(lines: Line[]): void {
  const raw = (i: number): string => (i < 0 || i >= lines.length ? '' : lines[i]!.prefix + lines[i]!.body + lines[i]!.tail);
  const answered = (i: number): boolean => {
    const j = raw(i + 1).trim() === '' ? i + 2 : i + 1;
    const next = lines[j];
    return next !== undefined && next.prose && !ENDS_QUESTION.test(next.body) && !letterFrame(raw(j));
  };
  const heads = lines.map((l, i) => l.prose && l.tail === '' && /^[ \t]*$/u.test(l.prefix) && ENDS_QUESTION.test(l.body)
    && /^[¿¡"“‘'«(]?\p{Lu}/u.test(l.body) && splitSentences(l.body).length === 1 && questionLength(l.body) && answered(i));
  const faq = heads.filter(Boolean).length >= 2;
  const opensBlock = (i: number): boolean => {
    const before = raw(i - 1);
    return i === 0 || before.trim() === '' || HEADING_LINE.test(before) || (!lines[i - 1]!.prose && !letterFrame(before) && titleCase(before.trim()));
  };
  lines.forEach((l, i) => { if (heads[i] && (faq || opensBlock(i))) lines[i] = { ...l, prose: false }; });
}

/** At most 14 words, or 60 characters in a script written without spaces. */
function questionLength(body: string): boolean {
  return SPACELESS.test(body) ? body.trim().length <= 60 : body.split(/\s+/u).filter((w) => w.length > 0).length <= 14;
}

/**
 * What tells a line of speech from a list's item: a dash after the words spoken, before the speaker in lower case ("– Where
 * are you going? – she asked.", "– Нет, – сказал он.", "– Mi scusi per l'ora, – disse.", "– Tamam – dedi."), a French
 * inverted verb ("— Je ne sais pas, dit-il.", "demanda-t-elle"), a verb of saying after a comma or a mark ("– Beni
 * beklemiyordun, değil mi? dedi Emre.", "– Não sei, respondeu ela.") or an English speech verb after its subject ("…, he
 * said.", "…?" Tom asked).
 */
const SPEECH_TAG = new RegExp([
  '[,.?!…]\\s*[–—]\\s*\\p{Ll}',
  '[,?!…]\\s+\\p{Ll}+-(?:t-)?(?:il|elle|ils|elles|on|je|tu)(?!\\p{L})',
  '[,?!…]\\s+(?:dedi|dedim|dedik|diye|sordu|yanıtladı|cevap verdi|disse|chiese|rispose|domandò|esclamò|sussurrò|gridò|aggiunse|perguntou|respondeu|gritou|exclamou|acrescentou|dijo|preguntó|respondió|dit|demanda|répondit|сказал\\p{L}*|спросил\\p{L}*|ответил\\p{L}*)(?![\\p{L}])',
  '[,?!…]\\s+(?:he|she|they|i|we|you|\\p{Lu}\\p{Ll}+)\\s+(?:said|asked|replied|answered|added|shouted|whispered|cried|muttered|called|explained)(?!\\p{L})',
].join('|'), 'u');

/**
 * Whether a line is a character speaking: it opens with an em dash or a horizontal bar, as Spanish, Portuguese, Italian,
 * French and Russian write dialogue ("—No lo sé todavía. Además, tengo que terminar el informe —respondió Pablo."), or
 * with an en dash, as Turkish and Italian often do, where the line says who spoke ("– Hiç beklemiyordum, dedi Zeynep.
 * Ayrıca …"): an en dash alone may be a list's bullet.
 */
export function opensDialogue(line: Line): boolean {
  const text = line.prefix + line.body;
  return /^\s*[—―]/u.test(text) || (/^\s*–/u.test(text) && SPEECH_TAG.test(text));
}


/**
 * Dialogue written with en dashes, as Polish, Czech, Swedish or Russian typists often write it ("– Where are you going?
 * – she asked."): when a line opening with a dash carries a speech tag, or a line opening with an en dash asks a question
 * that the next answers, every line of the text opening with an en dash is what someone says, and stays as written like
 * speech in quotation marks. Otherwise such lines are a list whose bullet is an en dash, and are rewritten as items.
 */
function keepDashDialogue(lines: Line[]): void {
  const raw = lines.map((l) => l.prefix + l.body + l.tail);
  const dash = raw.map((r) => /^\s*–/u.test(r));
  const tagged = raw.some((r) => /^\s*[–—―]/u.test(r) && SPEECH_TAG.test(r));
  // An interview: a question answered on the next line ("– How long have you worked here?" over "– About ten years.").
  const answered = dash.some((d, i) => d && dash[i + 1] === true && ENDS_QUESTION.test(raw[i]!) && !ENDS_QUESTION.test(raw[i + 1]!));
  if (!tagged && !answered) return;
  lines.forEach((l, i) => { if (l.prose && dash[i]) lines[i] = { ...l, prose: false }; });
}

/** Labels that head a part of a text, not a person speaking ("Answer:", "Note:", "Pros:"). */
const HEADING_LABELS = new Set(('answer question q a note notes tip tips step summary warning caution important example examples pros cons ' +
  'result results conclusion introduction background method methods objective objectives purpose goal goals solution problem ' +
  'issue fix update reminder disclaimer source sources date time location subject re to from cc bcc title author status price ' +
  'cost total details description overview benefits features requirements ingredients instructions directions edit ps bonus ' +
  'fact myth definition takeaway takeaways tldr verdict rating score ' +
  // The same in the other languages: a leaflet's parts, minutes' headings, a FAQ's question and answer ("Posología:" over
  // "Advertencias:", "Присутствовали:" over "Слушали:" and "Постановили:" are no speakers, and the text came back unchanged).
  'posología advertencias contraindicaciones composición presentes asistentes asunto respuesta pregunta nota importante ' +
  'ingredientes preparación conclusión resumen objetivo posologie contre-indications présents objet réponse remarque attention ' +
  'ingrédients résumé objectif avertissement avertissements dosierung gegenanzeigen nebenwirkungen anwesend betreff antwort ' +
  'frage hinweis hinweise achtung wichtig zutaten zubereitung fazit zusammenfassung ziel warnhinweis warnhinweise posologia ' +
  'avvertenze controindicazioni composizione presenti oggetto risposta domanda attenzione ingredienti preparazione conclusione ' +
  'riepilogo obiettivo advertências contraindicações composição assunto resposta pergunta atenção conclusão resumo ' +
  'присутствовали слушали постановили решили выступили повестка тема ответ вопрос примечание внимание важно ингредиенты ' +
  'приготовление вывод итог цель противопоказания дозировка cevap yanıt soru dikkat önemli malzemeler sonuç özet amaç konu ' +
  'katılımcılar gündem uyarı uyarılar').split(' '));
/** A label that names a speaker: one to three capitalised words, no digits ("Sadiq Khan:", "Interviewer:", "Agent:"). */
const SPEAKER = /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,2}$/u;

/** A transcript's time code before the speaker ("[00:12:31] Maya Chen:", "00:04 SARA:"). */
const TIME_CODE = /^[[(]?(?:\p{N}{1,2}:)?\p{N}{1,2}:\p{N}{2}(?:[.,]\p{N}{1,3})?[\])]?[ \t]+/u;
/** A speaker named with a title that ends in a point ("DR. OKONKWO:", "Prof. Lin:"), which LABEL does not take. */
const TITLED_SPEAKER = /^(?:Dr|DR|Mr|MR|Mrs|MRS|Ms|MS|Prof|PROF)\. \p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)?:[ \t]+(?=\S)/u;

/**
 * A transcript (two or more lines that open with a speaker's name, after a time code or not) is dialogue: what each
 * speaker says comes back as it was, like speech in quotation marks ("Khan: I have been really pleased …",
 * "[00:00:11] Raj Patel: I do not think …", "DR. OKONKWO: We do not have …" are not rewritten).
 */
function keepSpeech(lines: Line[]): void {
  const speakers = lines.map((l) => {
    const text = (l.prefix.replace(/^[ \t]*/u, '').replace(LIST_MARKER, '') + l.body).replace(TIME_CODE, '');
    const label = (LABEL.exec(text) ?? TITLED_SPEAKER.exec(text))?.[0].replace(/:[ \t]*$/u, '') ?? '';
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

/** A hard-wrapped paragraph, joined into one line for the rewrite and wrapped again after it. */
export interface Wrap {
  /** Its line in the joined text. */
  line: number;
  /** The longest of its lines, in characters: the width it is wrapped to again. */
  width: number;
  /** Its lines as they were. */
  lines: string[];
  /** What its lines after the first open with: nothing, or the spaces that line up a list item's text under its first word. */
  hang: string;
}

/** Scripts written without spaces between words: joining their lines with a space would add one. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** A hard-wrapped paragraph's width is at least this; shorter lines are titles, addresses, verse or lists without markers. */
const MIN_WRAP_WIDTH = 40;
/** Every line of a hard-wrapped paragraph but its last fills at least this share of the width. */
const MIN_FILL = 0.6;
/** A line that may end inside a sentence: no final mark, colon, semicolon or hyphen at its end. */
const RUNS_ON = /[^.!?…:;\-‐‑]$/u;
/** A line that ends in a colon or semicolon introduces or separates items; one that ends in a letter and a hyphen breaks a word. */
const BREAKS_ITEMS = /[:;]$|\p{L}[-‐‑]$/u;
/** A line that ends on a mark: a comma, a sentence's end, a dash (a closing quotation or bracket after it). */
const ENDS_ON_MARK = /[,.!?…;:—–-]["'”’)\]]*$/u;

/**
 * Whether a run of lines is one hard-wrapped paragraph (a mail client's or a PDF's line breaks): two or more lines of at
 * least 40 characters' width, each line but the last filling most of it, its last line ending a sentence, and a sentence
 * running across one of its breaks at least (a line ending without a final mark and the next going on in lower case).
 * Verse and lists without markers open every line with a capital, or end without a final mark; a line ending in a colon
 * or semicolon, a comma before a capital (a greeting, verse) or a word broken by a hyphen ("employ-", "well-": joined,
 * "employ- ment"; which of them keeps its hyphen cannot be told) keeps its paragraph line by line.
 */
function hardWrapped(run: readonly string[]): boolean {
  if (run.length < 2 || run.some((l) => SPACELESS.test(l))) return false;
  const width = Math.max(...run.map((l) => l.length));
  if (width < MIN_WRAP_WIDTH || !ENDS_SENTENCE.test(run.at(-1)!)) return false;
  const ends = run.map((l) => l.trimEnd());
  // Three lines or more each broken on a mark, a comma or a sentence's end, are verse ("I went down to the sea in the grey of
  // the morning," over "when the gulls were still sleeping …,"): a mail client or a PDF breaks a line wherever the width
  // runs out, between two words far more often than after a mark.
  if (run.length >= 3 && ends.slice(0, -1).every((l) => ENDS_ON_MARK.test(l))) return false;
  const opens = run.map((l) => l.trimStart());
  const inner = ends.slice(0, -1);
  // Lower case, or a letter of a script without case (Korean).
  const lower = (k: number): boolean => /^[\p{Ll}\p{Lo}]/u.test(opens[k + 1]!);
  return run.slice(0, -1).every((l) => l.length >= MIN_FILL * width)
    && inner.every((l, k) => !BREAKS_ITEMS.test(l) && !(l.endsWith(',') && /^\p{Lu}/u.test(opens[k + 1]!)))
    && inner.some((l, k) => RUNS_ON.test(l) && lower(k));
}

/** A line's text sits in columns: a tab, three spaces, or two spaces that do not follow a sentence's end. */
const COLUMNS = /\S(?:\t| {3,}|(?<![.!?:]) {2})\S/u;
/** A clause or item numbered in brackets, whatever follows: "(a) the Licensee shall", "(iv) ", "(2) ". */
const ENUMERATED = /^\((?:\p{L}|[ivxlc]+|\p{N}{1,3})\)\s/iu;

/**
 * A line that may belong to a hard-wrapped paragraph: text from the first column, not a heading, quote, table, rule,
 * code or markup line, nor a list item or numbered clause, a `Label:` line, a title in title case, a Setext heading's
 * title, or a line in columns (a table without pipes, a signature's "name | phone").
 */
function plainLine(raw: string, next: string | undefined): boolean {
  return raw.trim() !== '' && !/^\s/u.test(raw) && !letterFrame(raw) && !titleOver(raw, next) && !VERBATIM_LINE.test(raw) && !FENCE.test(raw) && !LIST_MARKER.test(raw)
    && !ENUMERATED.test(raw) && !LABEL.test(raw) && !titleCase(raw.trim()) && !(next !== undefined && SETEXT_UNDERLINE.test(next))
    && !COLUMNS.test(raw.trimEnd()) && !/\s\|\s/u.test(raw);
}

/**
 * Whether `line` is no line of the paragraph above it: the line before ends a sentence, and `line` ends in no final mark
 * and is shorter than 60% of the line before, so it could neither end the paragraph nor fill it. It is a sign-off, a
 * name, a title ("… for your help." over "Take care," and "Anna"); the paragraph ends before it, and a closing under a
 * paragraph with no blank line no longer keeps that paragraph line by line.
 */
function signOff(before: string, line: string): boolean {
  return ENDS_SENTENCE.test(before) && !ENDS_SENTENCE.test(line) && line.trimEnd().length < MIN_FILL * before.trimEnd().length;
}

/** A first line indented by one to three spaces (four are code). */
const FIRST_INDENT = /^ {1,3}(?=\S)/u;

/**
 * The lines of the paragraph that starts at line i, if one does there: plain lines; a first line indented by up to three
 * spaces, then plain lines; or a list item, then lines indented to its text ("- Utilize shared calendars, so that" over
 * "  meetings can be planned"). A line that ends in two spaces (a Markdown hard break) ends it.
 */
function paragraphAt(lines: readonly string[], i: number): { end: number; hang: string } | null {
  const raw = lines[i]!;
  const indent = FIRST_INDENT.exec(raw)?.[0] ?? '';
  const marker = LIST_MARKER.exec(raw.slice(indent.length))?.[0] ?? '';
  const rest = raw.slice(indent.length + marker.length);
  if (!plainLine(rest, lines[i + 1]) || (marker === '' && ENUMERATED.test(rest))) return null;
  // A list item's lines go on under its text; a paragraph's lines after an indented first line start in the first column.
  const hang = marker === '' ? '' : ' '.repeat(indent.length + marker.length);
  let end = i + 1;
  while (end < lines.length && !lines[end - 1]!.endsWith('  ') && lines[end]!.startsWith(hang)
    && plainLine(lines[end]!.slice(hang.length), lines[end + 1]) && !signOff(lines[end - 1]!, lines[end]!)) end++;
  return { end, hang };
}

/** A soft hyphen that breaks a word at a line's end ("employ\u00AD" over "ment"; the API keeps only those). */
const SOFT_HYPHEN_END = /(?<=\p{L})\u00AD$/u;

/**
 * A paragraph's lines as one line: the breaks become spaces, the text of each line after the first without its
 * indentation; a word broken by a soft hyphen is one word again ("employ\u00AD" over "ment": "employment").
 */
function joinWrapped(run: readonly string[]): string {
  return run.map((l, k) => {
    const text = k > 0 ? l.trimStart() : l;
    if (k === run.length - 1) return text;
    const end = text.trimEnd();
    return SOFT_HYPHEN_END.test(end) ? end.slice(0, -1) : `${end} `;
  }).join('');
}

/**
 * The text with each hard-wrapped paragraph joined into one line (its lines' breaks become spaces), and where those
 * paragraphs are. With `at`, the paragraphs that start at those lines of the joined text are joined whatever their shape
 * (the checker reads a rewrite's paragraphs where its input had them). Fenced code is never joined.
 */
export function unwrapParagraphs(text: string, at?: ReadonlySet<number>): { text: string; wraps: Wrap[] } {
  // One line is no paragraph of several (the rewrite's guard checks each line's body on its own).
  if (!at && !text.includes('\n')) return { text, wraps: [] };
  const lines = text.split('\n');
  const out: string[] = [];
  const wraps: Wrap[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length;) {
    const raw = lines[i]!;
    if (FENCE.test(raw)) inFence = !inFence;
    const paragraph = inFence || FENCE.test(raw) ? null : paragraphAt(lines, i);
    if (!paragraph) { out.push(raw); i++; continue; }
    const run = lines.slice(i, paragraph.end);
    if (at ? at.has(out.length) : hardWrapped(run)) {
      wraps.push({ line: out.length, width: Math.max(...run.map((l) => l.length)), lines: run, hang: paragraph.hang });
      out.push(joinWrapped(run));
    } else {
      out.push(...run);
    }
    i = paragraph.end;
  }
  return { text: out.join('\n'), wraps };
}

/**
 * Whether the words from here may not open a line of a wrapped paragraph: there they would read as a list item, a
 * heading, a quote, a table, a rule or a `Label:` ("in chapter" over "3. The report", "warehouse" over "- which opened").
 */
function opensStructure(start: string): boolean {
  return LIST_MARKER.test(`${start} `) || ENUMERATED.test(`${start} `) || VERBATIM_LINE.test(start) || FENCE.test(start) || LABEL.test(start);
}

/**
 * A line broken greedily at spaces into lines of at most `width` characters (a longer word stands on its own line), the
 * lines after the first opening with `hang`. A line is not opened with a word that would make it read as structure.
 */
export function wrapLine(line: string, width: number, hang = ''): string[] {
  // The indentation and list marker stay with the first word.
  const lead = /^[ \t]*/u.exec(line)![0];
  const marker = LIST_MARKER.exec(line.slice(lead.length))?.[0] ?? '';
  const head = lead + marker;
  // Broken only at a space before a word: a wider gap ("Friday.  You") stays whole or ends a line.
  const words = line.slice(head.length).split(/ (?=\S)/u);
  words[0] = head + words[0]!;
  const wrapped: string[] = [];
  let current = words[0];
  for (let k = 1; k < words.length; k++) {
    const word = words[k]!;
    if (current.length + 1 + word.length <= width) { current += ' ' + word; continue; }
    const from = current.lastIndexOf(' ');
    const down = hang + current.slice(from + 1) + ' ' + word;
    if (opensStructure(words.slice(k, k + 5).join(' ')) && from > head.length + hang.length && down.length <= width) {
      // The word before goes down with it.
      wrapped.push(current.slice(0, from).trimEnd());
      current = down;
      continue;
    }
    wrapped.push(current.trimEnd());
    current = hang + word;
  }
  wrapped.push(current);
  return wrapped;
}

/**
 * A rewrite of `unwrapParagraphs(text).text` with its hard-wrapped paragraphs wrapped again to their widths; a paragraph
 * the rewrite left as it was comes back with its own line breaks.
 */
export function rewrapParagraphs(rewritten: string, wraps: readonly Wrap[]): string {
  if (wraps.length === 0) return rewritten;
  const lines = rewritten.split('\n');
  const byLine = new Map(wraps.map((w) => [w.line, w]));
  return lines.flatMap((line, i) => {
    const wrap = byLine.get(i);
    if (!wrap) return [line];
    return line === joinWrapped(wrap.lines) ? wrap.lines : wrapLine(line, wrap.width, wrap.hang);
  }).join('\n');
}
