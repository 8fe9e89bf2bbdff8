/**
 * Machine-typical words and phrases, learnt from half of the detection data (machine-phrases.json,
 * written by `bench/humanizer/phrase-table.ts`): word 1-3-grams much more frequent in machine-written
 * documents than in human ones. The rewriter replaces those it has a same-sense alternative for, and
 * never introduces one as a replacement.
 */
import { readFileSync } from 'node:fs';

interface PhraseTable { phrases: Array<{ gram: string; log_odds: number }>; members: Record<string, number> }

const table = JSON.parse(readFileSync(new URL('./machine-phrases.json', import.meta.url), 'utf8')) as PhraseTable;

/** Lower-cased gram → log-odds of being machine-written. */
export const MACHINE_TYPICAL: ReadonlyMap<string, number> = new Map(table.phrases.map((p) => [p.gram, p.log_odds]));

const MEMBERS: ReadonlyMap<string, number> = new Map(Object.entries(table.members));

/** Log-odds that a word or phrase comes from machine-written text (0 when the data has too little of it). */
export function machineLogOdds(phrase: string): number {
  const key = phrase.toLowerCase().replace(/’/gu, "'");
  return MEMBERS.get(key) ?? MACHINE_TYPICAL.get(key) ?? 0;
}

/** Words the data has too few of to measure, known from style guides as stock machine wording. */
const STOCK = new Set([
  'utilize', 'utilizes', 'utilizing', 'utilized', 'utilization', 'leverage', 'leverages', 'leveraging', 'foster', 'fosters',
  'fostering', 'showcase', 'showcases', 'showcasing', 'delve into', 'delves into', 'delving into', 'embark on', 'harness',
  'elevate', 'elevates', 'streamline', 'tapestry', 'realm', 'intricacies', 'testament', 'seamless', 'seamlessly',
  'pivotal', 'paramount', 'multifaceted', 'commendable', 'bustling', 'meticulous', 'meticulously', 'vibrant', 'nuanced',
]);

/** Whether a word or phrase is machine-typical enough to be replaced whenever a same-sense alternative exists. */
export function isMachineTypical(phrase: string): boolean {
  const key = phrase.toLowerCase().replace(/’/gu, "'");
  return STOCK.has(key) || (MACHINE_TYPICAL.get(key) ?? 0) >= 1.1;
}
