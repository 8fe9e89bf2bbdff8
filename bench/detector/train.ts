/**
 * Trains the local detector on the whole corpus (bench/detector/lib/dataset.ts) and writes the
 * versioned model file workers/engines/local/detector/detector-model.json (and regenerates the
 * word-rank table the stylometric features rely on). Deterministic for TRAINING.seed.
 *
 *   nice npx tsx bench/detector/train.ts      (DETECT_NO_APT=1: do not install the Debian human-text packages)
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WEIGHTS_URL } from '../../workers/engines/local/detector/model.js';
import { writeRankTable } from './build-ranks.js';
import { loadCorpus } from './lib/dataset.js';
import { featurize } from './lib/featurize.js';
import { fitDetectorModel, TRAINING } from './lib/fit-model.js';

/** Bump when features, hashing or the training procedure change. */
const MODEL_VERSION = 'local-detector-10';

const started = Date.now();
writeRankTable();
const { examples, files } = loadCorpus({ seed: TRAINING.seed });
const digest = createHash('sha256');
for (const e of examples) digest.update(`${e.source}\t${e.label}\t${e.text}\n`);
const dataDigest = digest.digest('hex').slice(0, 16);
console.log(`${examples.length} texts from ${files.length} files; featurising`);
const rows = featurize(examples);
const { weights } = fitDetectorModel(rows, `${MODEL_VERSION}+${dataDigest}`, console.log);
const count = (pred: (e: (typeof examples)[number]) => boolean): number => examples.filter(pred).length;
weights.training = {
  ...weights.training,
  seed: TRAINING.seed,
  data_sha256_16: dataDigest,
  files,
  texts: { human: count((e) => e.label === 'human'), ai: count((e) => e.label === 'ai') },
  domains: [...new Set(examples.map((e) => e.domain))].sort(),
  generators: [...new Set(examples.map((e) => e.generator))].sort(),
  evaluation: 'npm run eval:detector → bench/results/detector-eval.{json,md}',
  seconds: Math.round((Date.now() - started) / 1000),
};
const round = (v: number): number => Math.round(v * 1e6) / 1e6;
const out = {
  ...weights,
  bias: round(weights.bias),
  ngram_weight: round(weights.ngram_weight),
  calibration: { slope: round(weights.calibration.slope), intercept: round(weights.calibration.intercept) },
  features: weights.features.map((f) => ({ ...f, mean: round(f.mean), std: round(f.std), weight: round(f.weight) })),
};
writeFileSync(WEIGHTS_URL, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${fileURLToPath(WEIGHTS_URL)} (${out.version}); cut-offs ${JSON.stringify(out.thresholds)}; ` +
  `calibration ${JSON.stringify(out.calibration)}; n-gram weight ${out.ngram_weight}`);
for (const f of [...out.features].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))) {
  console.log(`  ${f.name.padEnd(26)} ${f.weight >= 0 ? '+' : ''}${f.weight.toFixed(3)}`);
}
