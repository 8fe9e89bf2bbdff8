/**
 * A loop of humanize calls on texts of about 1,000 words, a new text for every call, to profile:
 * `node --cpu-prof --import tsx bench/humanizer/profile-loop.ts [mode] [calls]`.
 */
import type { Mode } from '../../domain/options.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { dataTexts, longTexts } from './lib/corpus.js';

const mode = (process.argv[2] ?? 'standard') as Mode;
const calls = Number(process.argv[3] ?? 100);
const detector = createLocalDetector();
const texts = longTexts(dataTexts(10_000), calls);
const t0 = performance.now();
const c0 = process.cpuUsage();
for (const text of texts) bestCandidate({ text, mode, tone: { kind: 'builtin', name: 'casual' }, readability: 'college', language: 'en', freezeWords: [], seed: 1 }, detector);
const c = process.cpuUsage(c0);
console.log(`${mode}: ${calls} calls, ${((performance.now() - t0) / calls).toFixed(1)} ms wall and ${((c.user + c.system) / 1000 / calls).toFixed(1)} ms CPU per call`);
