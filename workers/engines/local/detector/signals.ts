/**
 * Turns feature contributions into the report's signals: each names a real feature, says what was
 * measured, and what would make the text read less machine-like. Severity follows the feature's
 * contribution to the logit (model features) or a documented rule (signals outside the model).
 */
import type { DetectionSignal, Severity } from '../../../../domain/options.js';
import type { DocumentAnalysis, FeatureName } from './features.js';
import type { Contribution, Scorer } from './model.js';
import { countSlips } from './slips.js';
import { TAUGHT_PHRASES } from './lexicon.js';
import { mixWordHashes, wordHashes, type SparseVector, type Token } from './ngrams.js';

const f1 = (v: number): string => v.toFixed(1);
const pct = (v: number): string => `${Math.round(v * 100)}%`;

type Describe = (v: number, a: DocumentAnalysis) => { ai: string; human: string };

/** Up to three of the text's writing slips, quoted: ': "it help", "alot"'. */
function slipExamples(a: DocumentAnalysis): string {
  const found: string[] = [];
  for (const s of a.sentences) {
    if (s.slips > 0) countSlips(s.text, found);
    if (found.length >= 3) break;
  }
  return found.length === 0 ? '' : `: ${found.slice(0, 3).map((e) => `"${e.trim()}"`).join(', ')}`;
}

/** What each feature means in words, when it points to machine text (`ai`) and when to human text. */
const DESCRIBE: Record<FeatureName, Describe> = {
  sentence_length_cv: (v, a) => ({
    ai: `sentence lengths vary little: standard deviation ${f1(v * a.meanSentenceLength)} words around a mean of ${f1(a.meanSentenceLength)}; mix short and long sentences`,
    human: `sentence lengths vary widely (standard deviation ${f1(v * a.meanSentenceLength)} words)`,
  }),
  short_sentence_share: (v) => ({
    ai: `few short sentences: ${pct(v)} have 8 words or fewer; add some brief ones`,
    human: `${pct(v)} of sentences are short (8 words or fewer)`,
  }),
  mtld: (v) => ({
    ai: `low lexical diversity: MTLD ${f1(v)}; vary word choice instead of reusing the same words`,
    human: `varied vocabulary (MTLD ${f1(v)})`,
  }),
  mean_log_rank: (v) => ({
    ai: `vocabulary leans on very common words (typical word is about the ${Math.round(Math.exp(v))}th most frequent English word); use more specific words`,
    human: `vocabulary includes less common words (typical word about the ${Math.round(Math.exp(v))}th most frequent)`,
  }),
  rank_spread: (v) => ({
    ai: `word rarity is uniform (spread ${f1(v)}); combine plain and precise words`,
    human: `word rarity is uneven (spread ${f1(v)}), as in edited human prose`,
  }),
  unknown_word_share: (v) => ({
    ai: `hardly any words outside the common vocabulary (${pct(v)}); names, jargon and coinages read as human`,
    human: `${pct(v)} of words are outside the common vocabulary (jargon, names or typos)`,
  }),
  rarity_burstiness: (v) => ({
    ai: `every sentence uses equally common words (spread across sentences ${f1(v)})`,
    human: `sentences differ in how plain or technical they are (spread ${f1(v)})`,
  }),
  function_word_share: (v) => ({
    ai: `function words make up ${pct(v)} of the text, a template-like proportion`,
    human: `function words make up ${pct(v)} of the text`,
  }),
  first_person_rate: (v) => ({
    ai: `little first-person voice (I, we: ${pct(v)} of words); say who is speaking where it fits`,
    human: `first-person voice present (${pct(v)} of words are I/we forms)`,
  }),
  contraction_rate: (v) => ({
    ai: `almost no contractions (${f1(v * 100)} per 100 words); use don't, it's where the register allows`,
    human: `contractions used (${f1(v * 100)} per 100 words)`,
  }),
  participle_clause_rate: (v) => ({
    ai: `participle clauses tacked on after a comma (", allowing …", ", making …"): ${f1(v * 100)} per 100 words; end the sentence and say it plainly`,
    human: `few participle clauses after a comma (${f1(v * 100)} per 100 words)`,
  }),
  comma_rate: (v) => ({
    ai: `heavy comma use: ${f1(v * 100)} commas per 100 words; split long comma chains into sentences`,
    human: `light comma use (${f1(v * 100)} per 100 words)`,
  }),
  punctuation_variety: (v) => ({
    ai: `narrow punctuation: ${v} distinct marks; dashes, colons, parentheses or questions add texture`,
    human: `varied punctuation (${v} distinct marks)`,
  }),
  paren_dash_rate: (v) => ({
    ai: `parentheses and dashes: ${f1(v * 100)} per 100 words`,
    human: `parentheses and dashes: ${f1(v * 100)} per 100 words`,
  }),
  repeated_trigram_share: (v) => ({
    ai: `repeated word sequences: ${pct(v)} of three-word sequences occur more than once; rephrase repeats`,
    human: `few repeated word sequences (${pct(v)})`,
  }),
  repeated_opener_share: (v, a) => ({
    ai: `sentences often start the same way (${pct(v)} repeat an opener${a.topOpener ? `; "${a.topOpener.word}" opens ${a.topOpener.count}` : ''}); vary openings`,
    human: `varied sentence openings`,
  }),
  transition_opener_share: (v) => ({
    ai: `${pct(v)} of sentences open with a stock connective (however, moreover, additionally...); drop or vary them`,
    human: `few sentences open with stock connectives`,
  }),
  machine_phrase_rate: (v, a) => {
    // Under the plain-register rule the rate was read without the taught connectives (PlainRegister).
    const all = [...a.phraseHits].sort((x, y) => y[1] - x[1]);
    const full = (all.reduce((n, [, c]) => n + c, 0) / Math.max(1, a.wordCount)) * 100;
    const plain = v < full - 1e-9;
    const counted = plain ? all.filter(([p]) => !TAUGHT_PHRASES.has(p)) : all;
    const taught = all.filter(([p]) => TAUGHT_PHRASES.has(p)).slice(0, 4).map(([p]) => `"${p}"`).join(', ');
    const list = (hits: typeof all): string => hits.slice(0, 6).map(([p, c]) => `"${p}"${c > 1 ? ` ×${c}` : ''}`).join(', ');
    return {
      ai: `machine-typical phrases (${f1(v)} per 100 words): ${list(counted)}; replace them with plain wording` +
        (plain && taught ? ` (taught connectives such as ${taught} are not counted in short, plain sentences)` : ''),
      human: plain && taught
        ? `the stock phrases are connectives taught in writing courses (${taught}), which in short, plain sentences are no evidence of a machine`
        : 'no machine-typical stock phrases',
    };
  },
  word_length_mean: (v) => ({
    ai: `long words on average (${f1(v)} letters); prefer short everyday words`,
    human: `short everyday words (${f1(v)} letters on average)`,
  }),
  capitalized_share: (v) => ({
    ai: `proper nouns make up ${pct(v)} of words`,
    human: `proper nouns make up ${pct(v)} of words (concrete names)`,
  }),
  digit_share: (v) => ({ ai: `numbers make up ${pct(v)} of words`, human: `numbers make up ${pct(v)} of words (concrete figures)` }),
  informal_mark_rate: (v) => ({
    ai: `no informal marks (${f1(v * 100)} per 100 words); the text is uniformly polished`,
    human: `informal marks present (${f1(v * 100)} per 100 words)`,
  }),
  writing_slip_rate: (v, a) => ({
    ai: `no grammar, usage or spelling slips (${f1(v * 100)} per 100 words)`, // never shown (buildSignals)
    human: `grammar, usage or spelling slips of the kind people make (${f1(v * 100)} per 100 words${slipExamples(a)})`,
  }),
  content_repeat_share: (v) => ({
    ai: `content words repeat: ${pct(v)} of content words are repeats; use pronouns or synonyms`,
    human: `content words seldom repeat (${pct(v)})`,
  }),
  quote_rate: (v) => ({
    ai: `no quotation or dialogue (${f1(v * 100)} quote marks per 100 words)`,
    human: `quotations or dialogue present (${f1(v * 100)} quote marks per 100 words)`,
  }),
  question_exclaim_rate: (v) => ({
    ai: `only statements (${f1(v)} questions or exclamations per sentence); a question can break the pattern`,
    human: `questions or exclamations present (${f1(v)} per sentence)`,
  }),
  // Read by the plain-register rule only; they never contribute on their own.
  sentence_length_mean: (v) => ({
    ai: `long sentences (${f1(v)} words on average)`,
    human: `short sentences (${f1(v)} words on average)`,
  }),
  word_count: (v) => ({ ai: `${f1(v)} words`, human: `${f1(v)} words` }),
  list_word_share: (v) => ({ ai: `${f1(100 * v)}% of the words in list items or headings`, human: `${f1(100 * v)}% of the words in list items or headings` }),
  machine_phrase_rate_untaught: (v) => ({ ai: `machine-typical phrases besides taught connectives: ${f1(v)} per 100 words`, human: `few machine-typical phrases besides taught connectives (${f1(v)} per 100 words)` }),
};

function severityOf(contribution: number): Severity | null {
  if (contribution >= 0.3) return 'high';
  if (contribution >= 0.12) return 'medium';
  if (contribution >= 0.04) return 'low';
  return null;
}

export interface PhraseEvidence { phrase: string; contribution: number }

/** A token as shown in a phrase: a word the n-grams know only by its frequency class is bracketed. */
const shown = (t: Token): string => (t.word === undefined ? t.norm : `[${t.word}]`);
export interface PhraseSignals { ai: PhraseEvidence[]; human: PhraseEvidence[] }

/**
 * The word 1–2-grams of the text with the largest contributions to the meta logit through the n-gram
 * model (its weight for the phrase's bucket × the phrase's TF-IDF value × the meta weight): the most
 * machine-typical and the most human-typical phrases actually found in the text.
 */
export function phraseSignals(
  tokens: readonly Token[], vector: SparseVector, scorer: Scorer, top = 4,
  /** wordHashes(tokens), when the caller has them already. */
  hashes: Uint32Array = wordHashes(tokens),
): PhraseSignals {
  const bits = scorer.ngram.hashing.bits;
  const mask = (1 << bits) - 1;
  const sc = scratchFor(bits);
  for (let i = 0; i < vector.index.length; i++) sc.value[vector.index[i]!] = vector.value[i]!;
  const isWord = new Uint8Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) { const t = tokens[i]!; isWord[i] = t.word !== undefined || /\p{L}/u.test(t.norm) ? 1 : 0; }
  const weights = scorer.ngram.weights;
  const meta = scorer.weights.ngram_weight;
  const seen: number[] = [];
  const ai: Found[] = [];
  const human: Found[] = [];
  const visit = (b: number, at: number, n: number): void => {
    if (sc.seen[b] === 1) return;
    sc.seen[b] = 1;
    seen.push(b);
    const contribution = meta * weights[b]! * sc.value[b]!;
    if (contribution > 0) keepTop(ai, { at, n, contribution }, top, -1);
    else if (contribution < 0) keepTop(human, { at, n, contribution }, top, 1);
  };
  for (let i = 0; i < tokens.length; i++) {
    if (isWord[i] === 0) continue;
    const uni = hashes[i]!;
    visit(uni & mask, i, 1);
    if (isWord[i + 1] === 1) visit(mixWordHashes(uni, hashes[i + 1]!) & mask, i, 2);
  }
  for (const b of seen) sc.seen[b] = 0;
  for (let i = 0; i < vector.index.length; i++) sc.value[vector.index[i]!] = 0;
  const phrase = (f: Found): PhraseEvidence => ({
    phrase: tokens.slice(f.at, f.at + f.n).map(shown).join(' '), contribution: f.contribution,
  });
  return { ai: ai.map(phrase), human: human.map(phrase) };
}

interface Found { at: number; n: number; contribution: number }

/**
 * Keeps `list` as the first `top` entries of all entries offered so far, in the order of a stable
 * sort by contribution (descending when `sign` is -1, ascending when 1), then position: an entry
 * offered later comes after an equal one offered earlier.
 */
function keepTop(list: Found[], f: Found, top: number, sign: -1 | 1): void {
  let at = list.length;
  // Entries offered earlier stay in front of equal ones; `at` only moves past strictly worse ones.
  while (at > 0 && isBefore(f, list[at - 1]!, sign)) at--;
  if (at >= top) return;
  list.splice(at, 0, f);
  if (list.length > top) list.pop();
}
const isBefore = (x: Found, y: Found, sign: -1 | 1): boolean =>
  sign * (x.contribution - y.contribution) < 0 || (x.contribution === y.contribution && x.at < y.at);

/** Dense scratch arrays over the buckets (reports are built synchronously: one set per bucket count). */
/** `value`: the vector's values by bucket (0 where it has none), cleared after each use. */
interface Scratch { value: Float32Array; seen: Uint8Array }
const scratches = new Map<number, Scratch>();
function scratchFor(bits: number): Scratch {
  let s = scratches.get(bits);
  if (!s) {
    const size = 1 << bits;
    s = { value: new Float32Array(size), seen: new Uint8Array(size) };
    scratches.set(bits, s);
  }
  return s;
}

const bracketNote = (ps: PhraseEvidence[]): string =>
  (ps.some((p) => p.phrase.includes('[')) ? ' (a bracketed word stands for any word about as common)' : '');
const listPhrases = (ps: PhraseEvidence[]): string =>
  ps.map((p) => `"${p.phrase}" (${p.contribution >= 0 ? '+' : ''}${p.contribution.toFixed(3)})`).join(', ');

/**
 * Signals sorted by strength. For a text judged human, only medium and high machine signals are
 * kept and the strongest human-leaning features follow (severity low, worded as human traits);
 * they also stand alone when nothing points to machine text.
 */
export function buildSignals(
  contributions: Contribution[], a: DocumentAnalysis, judgedHuman = false,
  phrases: PhraseSignals = { ai: [], human: [] }, ngramContribution = 0, maxSignals = 6,
): DetectionSignal[] {
  const out: Array<DetectionSignal & { weight: number }> = [];
  // The n-gram model's share of the score, explained by the phrases that pushed it most.
  const phraseSeverity = severityOf(ngramContribution);
  if (phraseSeverity && phrases.ai.length > 0) {
    out.push({
      signal: 'ai_typical_phrases', severity: phraseSeverity, weight: ngramContribution,
      detail: `word choice resembles machine text of the training data (n-gram evidence ${ngramContribution.toFixed(2)} in logit); most machine-typical phrases found: ${listPhrases(phrases.ai)}${bracketNote(phrases.ai)}`,
    });
  }
  for (const c of contributions) {
    // Having no slips is no advice a writer should act on: the feature is named only as human evidence.
    if (c.name === 'writing_slip_rate') continue;
    const severity = severityOf(c.contribution);
    if (severity) out.push({ signal: c.name, severity, detail: DESCRIBE[c.name](c.value, a).ai, weight: c.contribution });
  }
  // Signals outside the model: paragraph uniformity (training texts have no paragraphs, so it carries
  // no weight) and very uniform sentence lengths in texts long enough to judge.
  if (a.paragraphCv !== null && a.paragraphCv < 0.25) {
    out.push({
      signal: 'paragraph_uniformity', severity: a.paragraphCv < 0.12 ? 'medium' : 'low', weight: 0.05,
      detail: `paragraphs are nearly the same length (variation ${a.paragraphCv.toFixed(2)}); let some run longer and others stay short`,
    });
  }
  const cv = a.features.sentence_length_cv;
  if (a.sentences.length >= 5 && cv < 0.35 && !out.some((s) => s.signal === 'sentence_length_cv')) {
    out.push({ signal: 'sentence_length_cv', severity: cv < 0.2 ? 'medium' : 'low', weight: 0.05, detail: DESCRIBE.sentence_length_cv(cv, a).ai });
  }
  out.sort((x, y) => y.weight - x.weight || x.signal.localeCompare(y.signal));
  const machine = out.filter((s) => !judgedHuman || s.severity !== 'low').slice(0, maxSignals)
    .map(({ signal, severity, detail }) => ({ signal, severity, detail }));
  if (machine.length > 0 && !judgedHuman) return machine;
  const humanSide: Array<{ weight: number; signal: DetectionSignal }> = contributions.filter((c) => c.contribution <= -0.04)
    .map((c) => ({ weight: c.contribution, signal: { signal: c.name, severity: 'low' as const, detail: DESCRIBE[c.name](c.value, a).human } }));
  if (ngramContribution <= -0.04 && phrases.human.length > 0) {
    humanSide.push({
      weight: ngramContribution,
      signal: {
        signal: 'human_typical_phrases', severity: 'low',
        detail: `word choice resembles human writing of the training data (n-gram evidence ${ngramContribution.toFixed(2)} in logit); most human-typical phrases found: ${listPhrases(phrases.human)}${bracketNote(phrases.human)}`,
      },
    });
  }
  const human = humanSide.sort((x, y) => x.weight - y.weight).slice(0, Math.min(3, Math.max(1, maxSignals - machine.length))).map((h) => h.signal);
  return [...machine, ...human];
}
