/**
 * Held-out evaluation of the detector's full training procedure (lib/fit-model.ts): each source
 * (data file) and each domain family is held out in turn; the n-gram model, the meta model, the
 * calibration and the cut-offs are all fitted on the rest, then the held-out texts are scored with
 * the shipped arithmetic (quantised model, the fold's fitted thin-evidence pull). Groups never straddle a split:
 * they live inside one source and one domain. Writes bench/results/detector-eval-source.{json,md} and detector-eval-domain.{json,md}.
 * Last, the shipped model scores human writing of kinds no training source holds (Debian's history, manifesto,
 * constitution and Developer's Reference, The Debian Administrator's Handbook, Perl's documentation; never trained
 * on): bench/results/detector-eval-unseen-human.{json,md} (EVAL_FOLDS=source EVAL_SOURCES=none: this part alone).
 *
 *   nice npx tsx bench/detector/eval.ts        (EVAL_FOLDS=source|domain|all, default all;
 *                                               EVAL_DOMAINS=essays,news,... limits the domain families;
 *                                               EVAL_SOURCES=outfox,zippy,... limits the source folds;
 *                                               EVAL_RESULTS_DIR=dir writes the reports elsewhere;
 *                                               EVAL_DUMP=file.json saves every fold's raw logits)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { shrinkScore } from '../../workers/engines/local/detector/detector.js';
import { createScorer, type DetectorWeights } from '../../workers/engines/local/detector/model.js';
import { dot } from '../../workers/engines/local/detector/ngrams.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { debianUnseenHumanTexts } from './lib/debian.js';
import { generatorKind, loadCorpus, REPO_ROOT } from './lib/dataset.js';
import { featurize } from './lib/featurize.js';
import { fitDetectorModel, TRAINING, type Row } from './lib/fit-model.js';
import { toVector, type NgramFit } from './lib/ngram-model.js';
import { foldSummary, type FoldResult } from './lib/report.js';

/** Domain families held out together (a family's domains are near neighbours). */
export const DOMAIN_FAMILIES: Record<string, readonly string[]> = {
  essays: ['essays'],
  news: ['news', 'news_web', 'news_analysis'],
  science_medicine: ['scientific_abstracts', 'pubmed', 'biomedical_qa', 'medical_notes'],
  creative_writing: ['creative_writing', 'fiction', 'lyrics'],
  wikipedia: ['wikipedia'],
  reviews: ['movie_reviews'],
  web_and_letters: ['web', 'web_mixed', 'mixed_prompts', 'blogs', 'letters', 'reddit_comments', 'government', 'travel_guides', 'nonfiction_books', 'technical'],
};

function scoreRows(weights: DetectorWeights, rows: readonly Row[]): number[] {
  const scorer = createScorer(weights);
  return rows.map((r) => {
    const ngram = dot(toVector(r.counts, scorer.ngram.idf), scorer.ngram.weights) + scorer.ngram.bias;
    return shrinkScore(scorer.calibratedLogit(scorer.logit(r.features, ngram)), r.words, r.englishShare, weights);
  });
}

const which = process.env['EVAL_FOLDS'] ?? 'all';
const started = Date.now();
const { examples, files } = loadCorpus({ seed: TRAINING.seed });
const rows = featurize(examples);
console.log(`${rows.length} texts featurised (${Math.round((Date.now() - started) / 1000)} s)`);

const folds: Array<{ kind: 'source' | 'domain'; name: string; test: (r: Row) => boolean; leftOut: string[] }> = [];
if (which !== 'domain') {
  const onlySources = process.env['EVAL_SOURCES']?.split(',');
  for (const s of [...new Set(rows.map((r) => r.ex.source))].sort().filter((n) => !onlySources || onlySources.includes(n))) folds.push({ kind: 'source', name: s, test: (r) => r.ex.source === s, leftOut: [s] });
}
if (which !== 'source') {
  const only = process.env['EVAL_DOMAINS']?.split(',');
  for (const [name, domains] of Object.entries(DOMAIN_FAMILIES).filter(([n]) => !only || only.includes(n))) {
    folds.push({ kind: 'domain', name, test: (r) => domains.includes(r.ex.domain), leftOut: [`domain:${name}`] });
  }
}
// Source folds share n-gram fits: leaving out source a then b trains on the same rows as b then a.
const fits = new Map<string, NgramFit>();

const results: FoldResult[] = [];
/** EVAL_DUMP=file.json: raw held-out logits of every fold, for studying calibration choices offline. */
const dump: unknown[] | null = process.env['EVAL_DUMP'] ? [] : null;
for (const fold of folds) {
  const train = rows.filter((r) => !fold.test(r));
  const test = rows.filter(fold.test);
  const { weights, heldOutSourceLogits } = fitDetectorModel(train, `heldout-${fold.name}`, () => {}, { leftOut: fold.leftOut, fits });
  const scores = scoreRows(weights, test);
  if (dump) {
    const scorer = createScorer(weights);
    dump.push({
      fold: `${fold.kind}:${fold.name}`, calibration: weights.calibration, thresholds: weights.thresholds, thin_evidence: weights.thin_evidence,
      train: train.map((r, i) => [r.ex.source, r.label, r.ex.generator, heldOutSourceLogits[i]!, r.words, r.englishShare, r.ex.domain]),
      test: test.map((r, i) => [r.ex.source, r.label, r.ex.generator, scores[i]!, scorer.logit(r.features, dot(toVector(r.counts, scorer.ngram.idf), scorer.ngram.weights) + scorer.ngram.bias), r.words, r.englishShare, r.ex.domain]),
    });
  }
  results.push({
    ...foldSummary(fold.kind, fold.name, test, scores, weights.thresholds, (r) => generatorKind(r.ex.generator)),
    thin_evidence_exponent: weights.thin_evidence.exponent,
  });
  const last = results.at(-1)!;
  console.log(`${fold.kind} ${fold.name}: ${JSON.stringify(last.all)} (${Math.round((Date.now() - started) / 1000)} s)`);
}

if (dump) writeFileSync(process.env['EVAL_DUMP']!, JSON.stringify(dump));
const dir = process.env['EVAL_RESULTS_DIR'] ?? resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
const { markdown } = await import('./lib/report.js');
// One report per kind of fold: detector-eval-source.{json,md} and detector-eval-domain.{json,md}.
for (const kind of ['source', 'domain'] as const) {
  const folds = results.filter((r) => r.kind === kind);
  if (folds.length === 0) continue;
  const result = {
    method: `whole ${kind === 'source' ? 'source files' : 'domain families'} held out; full training procedure (n-gram model, meta model, calibration, cut-offs) refitted on the rest each time`,
    files, texts: rows.length, training: TRAINING, domain_families: DOMAIN_FAMILIES, folds,
  };
  writeFileSync(resolve(dir, `detector-eval-${kind}.json`), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(resolve(dir, `detector-eval-${kind}.md`), markdown(result));
}

// Human writing of kinds no source holds, scored by the shipped model (which never saw it).
const unseen = debianUnseenHumanTexts();
if (unseen.examples.length > 0) {
  const shipped = createLocalDetector();
  const cut = shipped.weights.thresholds;
  const byDomain = [...new Set(unseen.examples.map((e) => e.domain))].map((domain) => {
    const scores = unseen.examples.filter((e) => e.domain === domain).map((e) => shipped.scoreText(e.text)).sort((a, b) => a - b);
    const share = (min: number): number => Math.round((1000 * scores.filter((x) => x >= min).length) / scores.length) / 1000;
    return { domain, texts: scores.length, median: scores[Math.floor(scores.length / 2)]!, max: scores.at(-1)!, fpr_at_likely_ai: share(cut.likely_ai), fpr_at_50: share(50) };
  });
  const report = { method: 'the shipped model scores human passages of kinds no training source holds (never trained on)', files: unseen.files, likely_ai: cut.likely_ai, by_domain: byDomain };
  writeFileSync(resolve(dir, 'detector-eval-unseen-human.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(resolve(dir, 'detector-eval-unseen-human.md'), [
    '# Detector: human writing of kinds no training source holds', '', `${report.method}; ${report.files.join('; ')}.`, '',
    `| kind | passages | median ai_score | highest | FPR at likely_ai (${cut.likely_ai}) | FPR at 50 |`, '|---|---|---|---|---|---|',
    ...byDomain.map((d) => `| ${d.domain.replace(/_/gu, ' ')} | ${d.texts} | ${d.median} | ${d.max} | ${(d.fpr_at_likely_ai * 100).toFixed(1)}% | ${(d.fpr_at_50 * 100).toFixed(1)}% |`), '',
  ].join('\n'));
  console.log(`unseen human writing: ${JSON.stringify(byDomain)}`);
}
console.log(`done in ${Math.round((Date.now() - started) / 1000)} s; bench/results/detector-eval-{source,domain,unseen-human}.md`);
