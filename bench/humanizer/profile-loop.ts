/** A loop of humanize calls over data texts in every mode, to profile: `node --cpu-prof --import tsx bench/humanizer/profile-loop.ts`. */
import { MODES } from '../../domain/options.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { dataTexts, longTexts } from './lib/corpus.js';

const rounds = Number(process.argv[2] ?? 3);
const detector = createLocalDetector();
const texts = [...dataTexts(100), ...longTexts(dataTexts(100), 2)];
const t0 = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const mode of MODES) {
    for (const text of texts) bestCandidate({ text, mode, tone: { kind: 'builtin', name: 'casual' }, readability: 'college', language: 'en', freezeWords: [], seed: r }, detector);
  }
}
console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
