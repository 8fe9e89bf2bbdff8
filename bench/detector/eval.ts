/**
 * Leave-one-domain-out evaluation of the detector's full training procedure (fit-model.ts): for each
 * domain, train on the others (calibration and cut-offs included), score the held-out domain.
 * A group never straddles train and test because groups live inside one domain.
 * Writes bench/results/detector-eval.json and detector-eval.md.
 *
 *   npx tsx bench/detector/eval.ts        (DETECT_DATA overrides the data file)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createScorer } from '../../workers/engines/local/detector/model.js';
import { dataPath, loadExamples, REPO_ROOT } from './lib/dataset.js';
import { featurize } from './lib/featurize.js';
import { fitDetectorModel, TRAINING } from './lib/fit-model.js';
import { auroc, rateAtOrAbove, reliability, round, tprAtFpr } from './lib/metrics.js';

const TARGETS = { overallAuroc: 0.9, domainAuroc: 0.85, humanFprAtLikelyAi: 0.05 };

const examples = loadExamples();
const rows = featurize(examples);
const domains = [...new Set(rows.map((r) => r.domain))].sort();
const scores = new Array<number>(rows.length).fill(0);
const flagged = new Array<boolean>(rows.length).fill(false);
const labels = rows.map((r) => r.label);

interface DomainResult {
  domain: string; texts: number; auroc: number; tpr_at_1pct_fpr: number; tpr_at_5pct_fpr: number;
  likely_ai_threshold: number; human_fpr_at_likely_ai: number; ai_tpr_at_likely_ai: number; ece: number;
}
const perDomain: DomainResult[] = [];
for (const held of domains) {
  const train = rows.filter((r) => r.domain !== held);
  const weights = fitDetectorModel(train, `lodo-${held}`);
  const scorer = createScorer(weights);
  const idx = rows.map((_, i) => i).filter((i) => rows[i]!.domain === held);
  for (const i of idx) {
    scores[i] = scorer.calibrate(scorer.logit(rows[i]!.features));
    flagged[i] = Math.round(100 * scores[i]!) >= weights.thresholds.likely_ai;
  }
  const s = idx.map((i) => scores[i]!);
  const y = idx.map((i) => labels[i]!);
  const f = idx.map((i) => (flagged[i] ? 1 : 0));
  perDomain.push({
    domain: held, texts: idx.length, auroc: round(auroc(s, y)),
    tpr_at_1pct_fpr: round(tprAtFpr(s, y, 0.01).tpr), tpr_at_5pct_fpr: round(tprAtFpr(s, y, 0.05).tpr),
    likely_ai_threshold: weights.thresholds.likely_ai,
    human_fpr_at_likely_ai: round(rateAtOrAbove(f, y, 0, 1)), ai_tpr_at_likely_ai: round(rateAtOrAbove(f, y, 1, 1)),
    ece: reliability(s, y).ece,
  });
  console.log(`${held}: AUROC ${perDomain.at(-1)!.auroc}`);
}

const flags = flagged.map((f) => (f ? 1 : 0));
const generators = [...new Set(examples.map((e) => e.generator))].filter((g) => g !== 'human').sort();
const perGenerator = generators.map((g) => {
  const idx = rows.map((_, i) => i).filter((i) => examples[i]!.generator === g || labels[i] === 0);
  return { generator: g, ai_texts: idx.filter((i) => labels[i] === 1).length, auroc: round(auroc(idx.map((i) => scores[i]!), idx.map((i) => labels[i]!))) };
});
const overall = {
  texts: rows.length,
  auroc: round(auroc(scores, labels)),
  mean_domain_auroc: round(perDomain.reduce((a, d) => a + d.auroc, 0) / perDomain.length),
  tpr_at_1pct_fpr: round(tprAtFpr(scores, labels, 0.01).tpr),
  tpr_at_5pct_fpr: round(tprAtFpr(scores, labels, 0.05).tpr),
  human_fpr_at_likely_ai: round(rateAtOrAbove(flags, labels, 0, 1)),
  ai_tpr_at_likely_ai: round(rateAtOrAbove(flags, labels, 1, 1)),
};
const calibration = reliability(scores, labels);
const met = {
  overall_auroc: overall.auroc >= TARGETS.overallAuroc,
  every_domain_auroc: perDomain.every((d) => d.auroc >= TARGETS.domainAuroc),
  human_fpr_at_likely_ai: overall.human_fpr_at_likely_ai <= TARGETS.humanFprAtLikelyAi,
};
const result = {
  data: dataPath().replace(resolve(REPO_ROOT, '..') + '/', ''), method: 'leave-one-domain-out; full training procedure refitted per fold',
  training: TRAINING, targets: TARGETS, targets_met: met, overall, per_domain: perDomain, per_generator: perGenerator,
  reliability: calibration,
};

const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'detector-eval.json'), JSON.stringify(result, null, 2) + '\n');

const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
const md = [
  '# Detector evaluation (leave-one-domain-out)', '',
  `Data: ${result.data}, ${rows.length} texts. Each domain is held out in turn; the model, its calibration and its`,
  'likely_ai cut-off are fitted on the other domains only.', '',
  '| held-out domain | texts | AUROC | TPR @1% FPR | TPR @5% FPR | likely_ai cut-off | human FPR at it | AI TPR at it | ECE |',
  '|---|---|---|---|---|---|---|---|---|',
  ...perDomain.map((d) => `| ${d.domain} | ${d.texts} | ${d.auroc.toFixed(3)} | ${pct(d.tpr_at_1pct_fpr)} | ${pct(d.tpr_at_5pct_fpr)} | ${d.likely_ai_threshold} | ${pct(d.human_fpr_at_likely_ai)} | ${pct(d.ai_tpr_at_likely_ai)} | ${d.ece.toFixed(3)} |`),
  `| **pooled** | ${overall.texts} | ${overall.auroc.toFixed(3)} | ${pct(overall.tpr_at_1pct_fpr)} | ${pct(overall.tpr_at_5pct_fpr)} | per fold | ${pct(overall.human_fpr_at_likely_ai)} | ${pct(overall.ai_tpr_at_likely_ai)} | ${calibration.ece.toFixed(3)} |`,
  '', `Mean of per-domain AUROCs: ${overall.mean_domain_auroc.toFixed(3)}.`, '',
  '## Targets', '',
  `- pooled AUROC ≥ ${TARGETS.overallAuroc}: ${met.overall_auroc ? 'met' : `missed by ${(TARGETS.overallAuroc - overall.auroc).toFixed(3)}`}`,
  `- every domain AUROC ≥ ${TARGETS.domainAuroc}: ${met.every_domain_auroc ? 'met' : `missed (lowest ${Math.min(...perDomain.map((d) => d.auroc)).toFixed(3)})`}`,
  `- human FPR at likely_ai ≤ ${pct(TARGETS.humanFprAtLikelyAi)}: ${met.human_fpr_at_likely_ai ? 'met' : 'missed'} (${pct(overall.human_fpr_at_likely_ai)})`,
  '', '## By generator (pooled out-of-domain scores, that generator\'s texts against all human texts)', '',
  '| generator | AI texts | AUROC |', '|---|---|---|',
  ...perGenerator.map((g) => `| ${g.generator} | ${g.ai_texts} | ${g.auroc.toFixed(3)} |`),
  '', '## Reliability (pooled calibrated probabilities)', '',
  '| predicted | texts | mean predicted | observed AI share |', '|---|---|---|---|',
  ...calibration.bins.filter((b) => b.count > 0).map((b) => `| ${b.from.toFixed(1)}–${b.to.toFixed(1)} | ${b.count} | ${b.mean_predicted.toFixed(3)} | ${b.observed_ai_share.toFixed(3)} |`),
  '', `Expected calibration error: ${calibration.ece.toFixed(3)}.`, '',
];
writeFileSync(resolve(dir, 'detector-eval.md'), md.join('\n'));
console.log(JSON.stringify({ overall, targets_met: met }, null, 2));
