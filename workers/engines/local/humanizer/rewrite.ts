/**
 * One seeded rewrite of a request: protect frozen and quoted text, rewrite paragraph by paragraph
 * (English rules or the language's rules), restore the protected text. Pure and deterministic.
 */
import { FUNCTION_WORDS } from '../detector/lexicon.js';
import { splitSentences } from '../text/segment.js';
import type { HumanizeRequest } from '../../types.js';
import { rewriteEnglishParagraph } from './english-pipeline.js';
import { PLACEHOLDER, protect } from './freeze.js';
import { LANGUAGE_RULES } from './languages.js';
import { rewriteOtherParagraph, withOpener } from './other-pipeline.js';
import { MODE_PARAMS } from './params.js';
import { createRandom, hash32, type Random } from './random.js';
import { toneProfile, type ToneProfile } from './tone.js';

function effectiveProfile(request: HumanizeRequest): ToneProfile {
  const profile = toneProfile(request.tone);
  if (request.mode !== 'academic') return profile;
  // Academic mode keeps the register scholarly whatever the tone: no contractions, no chatty openers.
  return { ...profile, contractions: 'expand', register: 'formal', openers: profile.openers === 'none' ? 'none' : 'academic', hedged: true };
}

function textStats(text: string): { lowerForms: Set<string>; repeated: Set<string> } {
  const lowerForms = new Set<string>();
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)) {
    const w = m[0];
    if (w === w.toLowerCase()) lowerForms.add(w);
    const l = w.toLowerCase();
    if (l.length >= 4 && !FUNCTION_WORDS.has(l)) counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  return { lowerForms, repeated: new Set([...counts].filter(([, c]) => c >= 2).map(([w]) => w)) };
}

const PARAGRAPH_BREAK = /(\n[ \t]*\n\s*)/u;

function rewriteParagraph(paragraph: string, request: HumanizeRequest, rng: Random, stats: ReturnType<typeof textStats>, used: Set<string>): string {
  const lead = /^\s*/u.exec(paragraph)![0];
  const trail = /\s*$/u.exec(paragraph)![0];
  const sentences = splitSentences(paragraph).map((s) => s.text);
  if (sentences.length === 0) return paragraph;
  const mode = MODE_PARAMS[request.mode];
  if (request.language === 'en') {
    const out = rewriteEnglishParagraph(sentences, {
      profile: effectiveProfile(request), mode, readability: request.readability, lowerForms: stats.lowerForms,
      repeated: stats.repeated, rng, usedOpeners: used,
    });
    return lead + out.join(' ') + trail;
  }
  const rules = LANGUAGE_RULES[request.language];
  const out = rewriteOtherParagraph(sentences, { rules, mode, readability: request.readability, lowerForms: stats.lowerForms, rng });
  return lead + out.join(rules.spaceless ? '' : ' ') + trail;
}

/** Seed of the k-th internal candidate of a request. */
export function candidateSeed(request: HumanizeRequest, k: number): number {
  return hash32(`${request.seed}:${k}`, hash32(request.text));
}

/**
 * Rewrites the request's text with one seed. Protected spans come back verbatim; when no rule
 * applied, a discourse opener is added so the text never comes back unchanged.
 */
export function rewriteOnce(request: HumanizeRequest, seed: number): string {
  const rng = createRandom(seed);
  const guarded = protect(request.text, request.freezeWords);
  const stats = textStats(guarded.text);
  const used = new Set<string>();
  const parts = guarded.text.split(PARAGRAPH_BREAK);
  let out = parts.map((p, i) => (i % 2 === 1 ? p : rewriteParagraph(p, request, rng, stats, used))).join('');
  if (out === guarded.text) out = forceChange(out, request, rng, stats.lowerForms);
  const placeholders = [...out.matchAll(PLACEHOLDER)].length;
  // Every protected span must come back exactly once; if a rule ever broke that, fall back to a
  // rewrite that only adds an opener, which cannot touch protected text.
  if (placeholders !== guarded.spans.length) out = forceChange(guarded.text, request, rng, stats.lowerForms);
  return guarded.restore(out);
}

function forceChange(text: string, request: HumanizeRequest, rng: Random, lowerForms: Set<string>): string {
  const first = splitSentences(text)[0];
  if (!first) return text;
  const rules = request.language === 'en'
    ? { replacements: [], join: ['; '], sentenceEnd: '.', openers: ['In fact,', 'Put simply,', 'As it happens,'] }
    : LANGUAGE_RULES[request.language];
  const ctx = { rules, mode: MODE_PARAMS[request.mode], readability: request.readability, lowerForms, rng };
  for (let attempt = 0; attempt < 4; attempt++) {
    const changed = withOpener(first.text, ctx);
    if (changed) return text.slice(0, first.start) + changed + text.slice(first.end);
  }
  // The first word is a name that must keep its capital: an opener with a colon keeps it.
  return `${text.slice(0, first.start)}${rules.spaceless ? rules.openers[0] : `${rules.openers[0]!.replace(/[,،]$/u, ':')} `}${text.slice(first.start)}`;
}
