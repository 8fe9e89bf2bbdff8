/**
 * The whole training procedure, shared by train.ts (all data) and eval.ts (each held-out source or
 * domain), so the evaluation measures exactly what ships:
 * 1. the hashed n-gram logistic regression, fitted once per training source left out (its
 *    held-out-source logits) and once on everything (the shipped one);
 * 2. a sign-constrained meta logistic regression over the held-out-source n-gram logit and the
 *    standardised stylometric features, fitted on human vs chat-model text, with only the features
 *    whose direction holds in every training source (see Meta and consistentDirections);
 * 3. Platt calibration on the meta model's leave-one-source-out predictions;
 * 4. cut-offs read off those calibrated predictions of human texts, source by source, so that no
 *    held-out human source gets more than the target false-positive rates;
 * 5. the thin-evidence exponent (how far texts under 80 words are pulled toward 50), fitted on the
 *    same calibrated predictions (fitThinEvidence);
 * 6. the plain-register rule's sentence-length floor (fitPlainRegister), applied when a text is scored (it can
 *    only lower a score, so the false-positive rules of 4 still hold).
 * Every source and every (source, label, generator) cell weighs the same (see sampleWeights).
 */
import type { FeatureName, FeatureVector } from '../../../workers/engines/local/detector/features.js';
import { applyTransform, FEATURE_SPECS, type FeatureSpec } from '../../../workers/engines/local/detector/feature-specs.js';
import { MIN_WORDS_MEDIUM_CONFIDENCE } from '../../../workers/engines/local/detector/detector.js';
import { encodeNgramModel, type DetectorWeights } from '../../../workers/engines/local/detector/model.js';
import type { HashSpec } from '../../../workers/engines/local/detector/ngrams.js';
import { generatorKind, type Example } from './dataset.js';
import { auroc } from './metrics.js';
import { fitLogistic, fitStandardiser, sigmoid, standardise, type Standardiser } from './logistic.js';
import { fitNgram, ngramLogit, type NgramCounts, type NgramFit } from './ngram-model.js';

export interface Row { ex: Example; features: FeatureVector; words: number; englishShare: number; counts: NgramCounts; label: 0 | 1 }

export const HASHING: HashSpec = { bits: 18, word_ngrams: [1, 2], char_ngrams: [4, 4], keep_words: 500 };

export const TRAINING = {
  seed: 20261123,
  /** L2 strength of the meta model on standardised inputs. */
  metaLambda: 0.3,
  /** A feature's per-source AUROC within this distance of 0.5 counts as no direction (consistentDirections). */
  minSeparation: 0.02,
  /** The n-gram logit enters the meta model clipped to ±ngramClip. */
  ngramClip: 6,
  zClip: 5,
  /** Weight of the human-only Debian source relative to a source with both classes. */
  humanOnlySourceWeight: 0.5,
  sentenceShrink: 1,
  /** Largest share of any held-out human source allowed at or above likely_ai, and at or above 50. */
  likelyAiFpr: 0.005,
  fiftyFpr: 0.03,
  /** Cut-offs never go below these. */
  minLikelyAi: 75,
  minPossiblyAi: 50,
  /**
   * The unseen-source margin is this multiple of the spread of per-source human medians: with 1, held-out
   * scientific and medical human texts (the science domain family) reached 5.8% at 50.
   */
  sourceMarginFactor: 1.5,
  /** Cap of the unseen-source margin (logit units) added to human scores before the cut-offs are read. */
  maxSourceMargin: 2,
  /** A source needs this many human texts to set a cut-off. */
  minHumanTexts: 20,
  /**
   * Thin evidence (fitThinEvidence): the exponent is the largest on the grid whose profile
   * log-likelihood is within thinEvidenceCritical of the best (chi-square(1) 95%: 3.84 / 2).
   */
  thinEvidenceCritical: 1.92,
  thinEvidenceGrid: { step: 0.01, max: 3 },
  /** Extra pull toward 50 of text that is not mostly English (score space, a fixed rule). */
  nonEnglishFactor: 0.5,
  /**
   * The plain-register rule (PlainRegister in model.ts): in text of minWords or more, stock phrasing counts only
   * where the mean sentence length reaches this (weighted) quantile of the chat-model texts of minWords or more
   * that use stock phrasing.
   */
  plainRegister: {
    quantile: 0.05, minWords: 80, capped: ['transition_opener_share'] as const,
    /** Prose only: a text with more of its words in list items or headings is read in full (bulleted chat answers). */
    maxListShare: 0.3,
    substitutes: { machine_phrase_rate: 'machine_phrase_rate_untaught' } as const,
  },
} as const;

/**
 * Each source weighs the same; within a source each class weighs the same (a human-only source weighs
 * humanOnlySourceWeight); within a class each generator weighs the same. Mean weight 1.
 */
export function sampleWeights(rows: readonly Row[]): number[] {
  const cell = (r: Row): string => `${r.ex.source}|${r.label}|${r.ex.generator}`;
  const counts = new Map<string, number>();
  const generators = new Map<string, Set<string>>();
  const labels = new Map<string, Set<number>>();
  for (const r of rows) {
    counts.set(cell(r), (counts.get(cell(r)) ?? 0) + 1);
    const k = `${r.ex.source}|${r.label}`;
    if (!generators.has(k)) generators.set(k, new Set());
    generators.get(k)!.add(r.ex.generator);
    if (!labels.has(r.ex.source)) labels.set(r.ex.source, new Set());
    labels.get(r.ex.source)!.add(r.label);
  }
  const raw = rows.map((r) => {
    const src = labels.get(r.ex.source)!.size === 1 ? TRAINING.humanOnlySourceWeight : 1;
    return src / counts.get(cell(r))! / generators.get(`${r.ex.source}|${r.label}`)!.size;
  });
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((v) => v / mean);
}

const clip = (v: number, c: number): number => Math.max(-c, Math.min(c, Number.isFinite(v) ? v : 0));

function styleMatrix(rows: readonly Row[], specs: readonly FeatureSpec[]): number[][] {
  return rows.map((r) => specs.map((s) => applyTransform(s.transform, r.features[s.name])));
}

/**
 * The meta model: logistic regression over the clipped held-out-source n-gram logit and the
 * standardised stylometric features, fitted on human texts against chat-model (and paraphrased
 * chat-model) texts only. Base-model continuations differ from human text in the opposite direction
 * on several features (chat models use longer, rarer words and a varied vocabulary; base models repeat
 * themselves in plain words), so fitting both at once taught the model neither: with them in, the chat
 * text of held-out student essays scored below the students (chat AUROC 0.43); a second head for base models,
 * combined as log(e^chat + e^base), fired on student essays (repetitive, plain) and cost the essays
 * most of the gain. Features with no consistent direction are zeroed (see consistentDirections).
 */
export interface Meta { specs: FeatureSpec[]; st: Standardiser; ngramWeight: number; weights: number[]; bias: number; dropped: string[] }

/** Which class of the meta fit a training text belongs to; base-model continuations take no part. */
const metaClass = (r: Row): 0 | 1 | null => (r.label === 0 ? 0 : generatorKind(r.ex.generator) === 'base' ? null : 1);

/**
 * Directions the meta model may use, read off the training sources: a feature enters only when it
 * separates chat-model text from human text in the same direction in every training source with at
 * least minHumanTexts texts of each class (per-source AUROC more than minSeparation from 0.5, always
 * on the same side), and in the documented direction when there is one. A feature that flips from
 * source to source describes the sources, not the writers, and would mislead on a new one. Returns
 * NaN for a feature left out. A one-sided feature (FeatureSpec.oneSided) needs its documented direction in
 * at least one source and the other direction in none.
 */
export function consistentDirections(rows: readonly Row[], specs: readonly FeatureSpec[]): number[] {
  const sources = [...new Set(rows.map((r) => r.ex.source))].sort();
  const per = sources.map((src) => {
    const h = rows.filter((r) => r.ex.source === src && metaClass(r) === 0);
    const a = rows.filter((r) => r.ex.source === src && metaClass(r) === 1);
    return h.length >= TRAINING.minHumanTexts && a.length >= TRAINING.minHumanTexts ? { h, a } : null;
  }).filter((p): p is { h: Row[]; a: Row[] } => p !== null);
  return specs.map((spec) => {
    const signs = per.map(({ h, a }) => {
      const v = [...h, ...a].map((r) => applyTransform(spec.transform, r.features[spec.name]));
      const d = auroc(v, [...h.map(() => 0), ...a.map(() => 1)]) - 0.5;
      return Math.abs(d) < TRAINING.minSeparation ? 0 : Math.sign(d);
    });
    if (spec.oneSided) {
      // Absent from both classes of a cleanly written source: it must point its own way somewhere, the other way nowhere.
      return spec.direction !== 0 && signs.includes(spec.direction) && !signs.includes(-spec.direction) ? spec.direction : NaN;
    }
    if (signs.length === 0 || signs[0] === 0 || signs.some((x) => x !== signs[0])) return NaN;
    return spec.direction !== 0 && spec.direction !== signs[0] ? NaN : signs[0]!;
  });
}

/**
 * Sign-constrained meta fit on human vs chat-model texts: features without a consistent direction are
 * left out, then the most contradicting feature is dropped until none contradicts its direction.
 */
export function fitMeta(allRows: readonly Row[], allNgram: readonly number[]): Meta {
  const keep = allRows.map((r, i) => (metaClass(r) === null ? -1 : i)).filter((i) => i >= 0);
  const rows = keep.map((i) => allRows[i]!);
  const ngram = keep.map((i) => allNgram[i]!);
  const sw = sampleWeights(rows);
  const dirs = consistentDirections(rows, FEATURE_SPECS);
  const dropped: string[] = FEATURE_SPECS.filter((_, j) => Number.isNaN(dirs[j]!)).map((s) => `${s.name} (inconsistent)`);
  let specs = FEATURE_SPECS.filter((_, j) => !Number.isNaN(dirs[j]!));
  const direction = (s: FeatureSpec): number => dirs[FEATURE_SPECS.indexOf(s)]!;
  const y = rows.map((r) => r.label);
  for (;;) {
    const x = styleMatrix(rows, specs);
    const st = fitStandardiser(x);
    const z = x.map((r, i) => [clip(ngram[i]!, TRAINING.ngramClip), ...standardise(r, st).map((v) => clip(v, TRAINING.zClip))]);
    const prior = [0, ...specs.map((s) => s.prior ?? 0)];
    const fit = fitLogistic(z, y, TRAINING.metaLambda, { prior, sampleWeights: sw });
    const wrong = specs.map((s, j) => ({ s, w: fit.weights[j + 1]! })).filter(({ s, w }) => Math.sign(w) === -direction(s));
    if (wrong.length === 0) {
      return { specs, st, ngramWeight: Math.max(0, fit.weights[0]!), weights: fit.weights.slice(1), bias: fit.bias, dropped };
    }
    wrong.sort((a, b) => Math.abs(b.w) - Math.abs(a.w));
    dropped.push(wrong[0]!.s.name);
    specs = specs.filter((s) => s !== wrong[0]!.s);
  }
}

export function metaLogit(m: Meta, r: Row, ngram: number): number {
  const z = standardise(m.specs.map((s) => applyTransform(s.transform, r.features[s.name])), m.st);
  let l = m.bias + m.ngramWeight * clip(ngram, TRAINING.ngramClip);
  z.forEach((v, j) => { l += m.weights[j]! * clip(v, TRAINING.zClip); });
  return l;
}

/** Smallest integer cut-off ≥ floor at which every source's human rate (score ≥ cut-off) is at most `fpr`. */
function cutoff(humanBySource: Map<string, number[]>, fpr: number, floor: number): number {
  for (let t = floor; t <= 99; t++) {
    if ([...humanBySource.values()].every((s) => s.filter((v) => v >= t).length / s.length <= fpr)) return t;
  }
  return 99;
}

/**
 * Spread (max − min) of the per-source median calibrated logit of human texts, over sources with at
 * least minHumanTexts human texts, capped at maxSourceMargin: how far apart kinds of human writing sit.
 */
export function humanSourceSpread(rows: readonly Row[], loso: readonly number[], cal: { slope: number; intercept: number }): number {
  const by = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (r.label === 0) by.set(r.ex.source, [...(by.get(r.ex.source) ?? []), cal.slope * loso[i]! + cal.intercept]);
  });
  const medians = [...by.values()].filter((v) => v.length >= TRAINING.minHumanTexts).map((v) => {
    const s = [...v].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  });
  if (medians.length < 2) return 0;
  return Math.min(TRAINING.maxSourceMargin, Math.max(...medians) - Math.min(...medians));
}

/**
 * The thin-evidence exponent γ: under 80 words the calibrated logit z is scaled by (words / 80)^γ.
 * Fitted on the leave-one-source-out calibrated logits of human against chat-model (and paraphrased)
 * texts, so it says how far a short text's logit carries over to a source the model never saw
 * compared with a long text's: for each γ on a grid, a logistic regression of the label on
 * (words / 80)^γ · z (slope and intercept free, sample-weighted) gives the profile log-likelihood,
 * scaled to the effective sample size of the weights (Kish). The maximum-likelihood γ may be 0 (short
 * texts no less reliable than long ones), but the rule is that thin evidence is pulled toward 50, so
 * the shipped γ is the strongest pull the data do not reject: the largest γ whose profile
 * log-likelihood is within thinEvidenceCritical of the best (the upper end of a 95% interval). More
 * short training texts narrow the interval and weaken the pull.
 */
export function fitThinEvidence(rows: readonly Row[], calibrated: readonly number[], minWords: number): {
  exponent: number; maximum_likelihood: number; short_texts: number; effective_texts: number;
} {
  const sw = sampleWeights(rows);
  const keep = rows.map((r, i) => (metaClass(r) === null ? -1 : i)).filter((i) => i >= 0);
  const w = keep.map((i) => sw[i]!);
  const y = keep.map((i) => rows[i]!.label);
  const z = keep.map((i) => calibrated[i]!);
  const words = keep.map((i) => rows[i]!.words);
  const sum = w.reduce((a, b) => a + b, 0);
  const kish = sum / w.reduce((a, b) => a + b * b, 0);
  const profile = (g: number): number => {
    const x = z.map((v, j) => (words[j]! >= minWords ? 1 : Math.pow(Math.max(0, words[j]!) / minWords, g)) * v);
    const fit = fitLogistic(x.map((v) => [v]), y, 1e-4, { sampleWeights: w });
    let ll = 0;
    x.forEach((v, j) => { const q = fit.weights[0]! * v + fit.bias; ll += w[j]! * (y[j]! * q - (q > 0 ? q + Math.log1p(Math.exp(-q)) : Math.log1p(Math.exp(q)))); });
    return kish * ll;
  };
  const { step, max } = TRAINING.thinEvidenceGrid;
  const grid = Array.from({ length: Math.round(max / step) + 1 }, (_, k) => Math.round(k * step * 1e6) / 1e6);
  const ll = grid.map(profile);
  const best = ll.indexOf(Math.max(...ll));
  let bound = 0;
  grid.forEach((g, k) => { if (ll[k]! >= ll[best]! - TRAINING.thinEvidenceCritical) bound = Math.max(bound, g); });
  return {
    exponent: Math.max(step, bound), maximum_likelihood: grid[best]!,
    short_texts: words.filter((v) => v < minWords).length, effective_texts: Math.round(kish * sum),
  };
}

/** The `q` quantile of `values` under `weights` (the smallest value whose cumulative weight reaches q). */
function weightedQuantile(values: readonly number[], weights: readonly number[], q: number): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (const i of order) {
    acc += weights[i]!;
    if (acc >= q * total) return values[i]!;
  }
  return values[order.at(-1)!]!;
}

/**
 * The plain-register rule's sentence-length floor: among chat-model texts of 80+ words whose stock phrasing
 * reads as machine evidence to the meta model (a capped feature's standardised value above 0), the weighted
 * quantile of their mean sentence length. Null when the meta model uses none of the capped features.
 */
export function fitPlainRegister(rows: readonly Row[], meta: Meta): DetectorWeights['plain_register'] {
  const { quantile, capped, substitutes, minWords, maxListShare } = TRAINING.plainRegister;
  const ruled = [...capped, ...Object.keys(substitutes)];
  const used = meta.specs.map((s, j) => ({ s, j })).filter(({ s }) => ruled.includes(s.name));
  if (used.length === 0) return undefined;
  const sw = sampleWeights(rows);
  const values: number[] = [];
  const weights: number[] = [];
  rows.forEach((r, i) => {
    if (metaClass(r) !== 1 || r.words < minWords) return;
    const stock = used.some(({ s, j }) => (applyTransform(s.transform, r.features[s.name]) - meta.st.mean[j]!) / meta.st.std[j]! > 0);
    if (!stock) return;
    values.push(r.features.sentence_length_mean);
    weights.push(sw[i]!);
  });
  if (values.length === 0) return undefined;
  const names = used.map(({ s }) => s.name);
  return {
    max_sentence_length: Math.round(weightedQuantile(values, weights, quantile) * 100) / 100, min_words: minWords, max_list_share: maxListShare,
    capped: names.filter((n) => (capped as readonly string[]).includes(n)),
    substitutes: Object.fromEntries(Object.entries(substitutes).filter(([k]) => names.includes(k as FeatureName))),
  };
}

export interface FitReport { weights: DetectorWeights; heldOutSourceScores: number[]; heldOutSourceLogits: number[] }

/**
 * Cache of fitted n-gram models for evaluation runs, keyed by what was left out of the corpus
 * (`leftOut` names the rows the caller already removed; a model is reused only for the same rows).
 */
export interface NgramCache { leftOut: readonly string[]; fits: Map<string, NgramFit> }

export function fitDetectorModel(rows: readonly Row[], version: string, log: (m: string) => void = () => {}, cache?: NgramCache): FitReport {
  const y = rows.map((r) => r.label);
  const sources = [...new Set(rows.map((r) => r.ex.source))].sort();
  const idx = (pred: (r: Row) => boolean): number[] => rows.map((r, i) => (pred(r) ? i : -1)).filter((i) => i >= 0);

  // 1. Held-out-source n-gram logits, then the shipped n-gram model.
  const fitWithout = (exclude: string | null): NgramFit => {
    const key = JSON.stringify([...(cache?.leftOut ?? []), ...(exclude ? [exclude] : [])].sort());
    const hit = cache?.fits.get(key);
    if (hit) return hit;
    const train = idx((r) => r.ex.source !== exclude);
    const fit = fitNgram(train.map((i) => rows[i]!.counts), train.map((i) => y[i]!), sampleWeights(train.map((i) => rows[i]!)), HASHING, TRAINING.seed,
      train.map((i) => rows[i]!.ex));
    cache?.fits.set(key, fit);
    return fit;
  };
  const oof = new Array<number>(rows.length).fill(0);
  for (const s of sources) {
    const fit = fitWithout(s);
    for (const i of idx((r) => r.ex.source === s)) oof[i] = ngramLogit(fit, rows[i]!.counts);
    const held = idx((r) => r.ex.source === s);
    log(`  n-gram model without ${s}: held-out AUROC ${auroc(held.map((i) => oof[i]!), held.map((i) => y[i]!)).toFixed(3)}`);
  }
  const ngram = fitWithout(null);

  // 2. Meta model on held-out-source n-gram logits.
  const meta = fitMeta(rows, oof);
  log(`  meta model: n-gram weight ${meta.ngramWeight.toFixed(3)}; left out: ${meta.dropped.join(', ') || 'none'}`);

  // 3. Leave-one-source-out meta predictions → Platt calibration.
  const loso = new Array<number>(rows.length).fill(0);
  for (const s of sources) {
    const train = idx((r) => r.ex.source !== s);
    const m = fitMeta(train.map((i) => rows[i]!), train.map((i) => oof[i]!));
    for (const i of idx((r) => r.ex.source === s)) loso[i] = metaLogit(m, rows[i]!, oof[i]!);
  }
  const platt = fitLogistic(loso.map((l) => [l]), y, 1e-4, { sampleWeights: sampleWeights(rows) });
  const calibration = { slope: platt.weights[0]!, intercept: platt.bias };
  const humanBySource = (shift: number): Map<string, number[]> => {
    const out = new Map<string, number[]>();
    rows.forEach((r, i) => {
      if (r.label !== 0) return;
      const score = Math.round(100 * sigmoid(calibration.slope * loso[i]! + calibration.intercept + shift));
      out.set(r.ex.source, [...(out.get(r.ex.source) ?? []), score]);
    });
    for (const [s, list] of out) if (list.length < TRAINING.minHumanTexts) out.delete(s);
    return out;
  };
  // 4. Protect people, including writers of a kind no training source holds. The human texts of the
  //    sources we have sit at different heights (per-source median calibrated logit); an unseen source
  //    may sit as far above the highest as the highest sits above the lowest. So every source's human
  //    scores are raised by that spread (sourceMargin) before the rules are applied: lower the intercept
  //    until no source, so raised, has more than fiftyFpr at or above 50 (a prior shift: it keeps the
  //    ranking), then read the cut-offs off the same raised scores.
  const sourceMargin = TRAINING.sourceMarginFactor * humanSourceSpread(rows, loso, calibration);
  let shift = 0;
  while (shift > -20 && cutoff(humanBySource(shift + sourceMargin), TRAINING.fiftyFpr, 50) > 50) shift -= 0.05;
  calibration.intercept += shift;
  const scores = loso.map((l) => Math.round(100 * sigmoid(calibration.slope * l + calibration.intercept)));
  // 5. How far short texts' evidence carries over to unseen sources (thin evidence).
  const thin = fitThinEvidence(rows, loso.map((l) => calibration.slope * l + calibration.intercept), MIN_WORDS_MEDIUM_CONFIDENCE);
  log(`  thin evidence: exponent ${thin.exponent} (maximum likelihood ${thin.maximum_likelihood}; ${thin.short_texts} texts under ${MIN_WORDS_MEDIUM_CONFIDENCE} words)`);
  const humans = humanBySource(sourceMargin);
  // 6. Stock phrasing counts only in the sentence lengths of the chat-model text that uses it (PlainRegister).
  const plainRegister = fitPlainRegister(rows, meta);
  log(`  plain register: ${plainRegister ? `under ${plainRegister.max_sentence_length} words a sentence, ${plainRegister.capped.join(', ')} capped at 0, ${Object.entries(plainRegister.substitutes).map(([k, v]) => `${k} read as ${v}`).join(', ')}` : 'none'}`);
  const possiblyAi = Math.max(TRAINING.minPossiblyAi, cutoff(humans, TRAINING.fiftyFpr, TRAINING.minPossiblyAi));
  const likelyAi = Math.max(possiblyAi + 10, cutoff(humans, TRAINING.likelyAiFpr, TRAINING.minLikelyAi));

  const weights: DetectorWeights = {
    version,
    model: 'stacked-logistic',
    ngram: encodeNgramModel({ hashing: HASHING, bias: ngram.bias, weights: ngram.weights, idf: ngram.idf }),
    ngram_weight: meta.ngramWeight,
    ngram_clip: TRAINING.ngramClip,
    features: meta.specs.map((s, j) => ({
      name: s.name, transform: s.transform, mean: meta.st.mean[j]!, std: meta.st.std[j]!, weight: meta.weights[j]!, local: s.local,
    })),
    bias: meta.bias,
    calibration,
    thin_evidence: { exponent: thin.exponent, non_english_factor: TRAINING.nonEnglishFactor },
    thresholds: { likely_ai: Math.min(99, likelyAi), possibly_ai: Math.min(98, possiblyAi) },
    sentence_shrink: TRAINING.sentenceShrink,
    z_clip: TRAINING.zClip,
    ...(plainRegister ? { plain_register: plainRegister } : {}),
    training: { examples: rows.length, calibration_shift: Math.round(shift * 100) / 100, source_margin: Math.round(sourceMargin * 100) / 100, sources, meta_lambda: TRAINING.metaLambda, meta_classes: 'human vs chat-model and paraphrased chat-model text', left_out_features: meta.dropped,
      thin_evidence: { ...thin, rule: 'largest exponent within 1.92 log-likelihood units of the best (95% profile interval, Kish effective size)' } },
  };
  return { weights, heldOutSourceScores: scores, heldOutSourceLogits: loso };
}
