/**
 * Part-of-speech tags for English text from wink-nlp's English model (Universal POS tags: NOUN, VERB,
 * ADJ, ADV, ...), with character offsets. The model is read once when the module loads and is never
 * changed afterwards; tagging is a pure function of the text.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export type Pos = 'NOUN' | 'PROPN' | 'VERB' | 'AUX' | 'ADJ' | 'ADV' | 'ADP' | 'DET' | 'PRON' | 'CCONJ' | 'SCONJ' | 'PART' | 'NUM' | 'PUNCT' | 'SYM' | 'INTJ' | 'X' | 'SPACE';

export interface TaggedToken { text: string; start: number; end: number; pos: Pos }

const nlp = winkNLP(model, ['pos']);
const its = nlp.its;

/**
 * Tags of recently seen sentences. The candidates of one request rewrite the same sentences with
 * different random draws, so most sentences reach the tagger several times; tagging is pure, so the
 * first result serves them all. Bounded: emptied when full.
 */
const CACHE_SIZE = 4096;
const cache = new Map<string, readonly TaggedToken[] | null>();

/**
 * Tokens of an English sentence with their tags, or null when the tokens cannot be lined up with the
 * text (then callers leave the sentence alone). The result is shared: callers must not change it.
 */
export function tagTokens(text: string): readonly TaggedToken[] | null {
  const known = cache.get(text);
  if (known !== undefined) return known;
  const tagged = tag(text);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(text, tagged);
  return tagged;
}

function tag(text: string): TaggedToken[] | null {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const out: TaggedToken[] = [];
  let pos = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const at = text.indexOf(value, pos);
    if (at === -1 || text.slice(pos, at).trim().length > 0) return null;
    out.push({ text: value, start: at, end: at + value.length, pos: tags[i] as Pos });
    pos = at + value.length;
  }
  return out;
}
