/** A loop of humanize calls on the 250-word text of `npm run bench`, to profile. */
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { SAMPLE_TEXT } from '../../test/support/service.js';

const text = Array.from({ length: 5 }, () => SAMPLE_TEXT).join('\n\n');
const detector = createLocalDetector();
const t0 = performance.now();
for (let seed = 0; seed < Number(process.argv[2] ?? 2000); seed++) {
  bestCandidate({ text, mode: 'standard', tone: { kind: 'builtin', name: 'casual' }, readability: 'college', language: 'en', freezeWords: [], seed }, detector);
}
console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
