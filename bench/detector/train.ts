/**
 * Trains the local detector on all labelled data and writes
 * workers/engines/local/detector-weights.json (and regenerates the word-rank table it relies on).
 * Deterministic: Newton-fitted logistic regression, no random initialisation, fixed folds.
 *
 *   npx tsx bench/detector/train.ts        (DETECT_DATA overrides the data file)
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WEIGHTS_URL } from '../../workers/engines/local/detector/model.js';
import { writeRankTable } from './build-ranks.js';
import { dataPath, loadExamples } from './lib/dataset.js';
import { featurize } from './lib/featurize.js';
import { fitDetectorModel } from './lib/fit-model.js';

/** Bump when features, their specs or the training procedure change. */
const MODEL_VERSION = 'local-detector-1';

writeRankTable();
const path = dataPath();
const examples = loadExamples(path);
const digest = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
const weights = fitDetectorModel(featurize(examples), `${MODEL_VERSION}+${digest}`);
weights.training = {
  ...weights.training,
  data_sha256_16: digest,
  domains: [...new Set(examples.map((e) => e.domain))].sort(),
};
const round = (v: number): number => Math.round(v * 1e6) / 1e6;
const out = {
  ...weights,
  bias: round(weights.bias),
  calibration: { slope: round(weights.calibration.slope), intercept: round(weights.calibration.intercept) },
  features: weights.features.map((f) => ({ ...f, mean: round(f.mean), std: round(f.std), weight: round(f.weight) })),
};
writeFileSync(WEIGHTS_URL, JSON.stringify(out, null, 2) + '\n');
console.log(`wrote ${fileURLToPath(WEIGHTS_URL)} (${out.version}); cut-offs ${JSON.stringify(out.thresholds)}`);
for (const f of [...out.features].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))) {
  console.log(`  ${f.name.padEnd(26)} ${f.weight >= 0 ? '+' : ''}${f.weight.toFixed(3)}`);
}
