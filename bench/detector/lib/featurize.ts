/** Feature rows of the labelled examples, computed once per run with the shipped feature code. */
import { analyze } from '../../../workers/engines/local/detector/features.js';
import { loadWordRanks } from '../../../workers/engines/local/detector/word-ranks.js';
import type { Example } from './dataset.js';
import type { Row } from './fit-model.js';

export function featurize(examples: Example[]): Row[] {
  const ranks = loadWordRanks();
  return examples.map((e) => ({
    features: analyze(e.text, ranks).features, label: e.label === 'ai' ? 1 : 0, domain: e.domain, group: e.group, generator: e.generator,
  }));
}
