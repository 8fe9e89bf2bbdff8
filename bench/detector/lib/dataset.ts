/**
 * The labelled detection data. `loadExamples` reads one JSON-lines file (DETECT_DATA or
 * ../shared/data/detect/train.jsonl); `loadCorpus` reads the whole training corpus: train.jsonl, the
 * extra pack (outfox and outfox-attacks count as one source: they share groups) and, when installed,
 * human prose from Debian packages (see debian.ts). Each example carries the source it came from,
 * so evaluation can hold out whole sources; large (source, generator) cells are subsampled with a
 * fixed seed so that no source or generator dominates.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debianHumanTexts } from './debian.js';
import type { Example } from './example.js';

export type { Example } from './example.js';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const DATA_DIR = resolve(REPO_ROOT, '../shared/data/detect');

export function dataPath(): string {
  return process.env['DETECT_DATA'] ?? resolve(DATA_DIR, 'train.jsonl');
}

export function loadExamples(path = dataPath(), source = 'train'): Example[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((line, i) => {
    const o = JSON.parse(line) as Partial<Example>;
    if (typeof o.text !== 'string' || (o.label !== 'human' && o.label !== 'ai')) throw new Error(`${path} line ${i + 1}: needs text and label`);
    return {
      text: o.text, label: o.label, domain: o.domain ?? 'unknown',
      generator: o.generator ?? 'unknown', group: `${source}/${o.group ?? `line-${i + 1}`}`, source,
    };
  });
}

/** Data files of the corpus and the source each belongs to. */
export const CORPUS_FILES: ReadonlyArray<{ file: string; source: string }> = [
  { file: 'train.jsonl', source: 'fast-detect-gpt' },
  { file: 'extra/seqxgpt.jsonl', source: 'seqxgpt' },
  { file: 'extra/outfox.jsonl', source: 'outfox' },
  { file: 'extra/outfox-attacks.jsonl', source: 'outfox' },
  { file: 'extra/zippy.jsonl', source: 'zippy' },
  { file: 'extra/binoculars-pubmed.jsonl', source: 'binoculars' },
];

/** At most this many texts of one generator from one source (humans included) enter training. */
export const MAX_PER_CELL = 300;

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function subsample(examples: Example[], seed: number): Example[] {
  const cells = new Map<string, Example[]>();
  for (const e of examples) {
    const k = `${e.source}|${e.generator}`;
    const list = cells.get(k) ?? [];
    list.push(e);
    cells.set(k, list);
  }
  const out: Example[] = [];
  const random = rng(seed);
  for (const [, list] of [...cells].sort(([a], [b]) => a.localeCompare(b))) {
    if (list.length <= MAX_PER_CELL) { out.push(...list); continue; }
    const idx = list.map((_, i) => ({ i, r: random() })).sort((a, b) => a.r - b.r).slice(0, MAX_PER_CELL).map((x) => x.i).sort((a, b) => a - b);
    for (const i of idx) out.push(list[i]!);
  }
  return out;
}

export interface CorpusOptions { seed: number; debian?: boolean }

export function loadCorpus({ seed, debian = true }: CorpusOptions): { examples: Example[]; files: string[] } {
  const all: Example[] = [];
  const files: string[] = [];
  for (const { file, source } of CORPUS_FILES) {
    all.push(...loadExamples(resolve(DATA_DIR, file), source));
    files.push(`shared/data/detect/${file}`);
  }
  if (debian) {
    const texts = debianHumanTexts();
    all.push(...texts.examples);
    files.push(...texts.files);
  }
  return { examples: subsample(all, seed), files };
}

/** Machine texts from instruction-tuned (chat) models, reported apart from base-model continuations. */
const CHAT = /gpt-3\.5|gpt-4|chatgpt|bard|bing|alpaca|text-davinci|davinci-003|flan-t5|outfox-attack/iu;
export function generatorKind(generator: string): 'human' | 'chat' | 'base' | 'paraphrased' {
  if (generator === 'human') return 'human';
  if (generator.startsWith('dipper')) return 'paraphrased';
  return CHAT.test(generator) ? 'chat' : 'base';
}
