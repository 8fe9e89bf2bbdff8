/**
 * Hedging, for tones that ask for it (the academic tone; custom tones that ask to be cautious, nuanced or
 * scholarly): a claim stated as proof becomes one stated as evidence, the way careful academic prose words it.
 * "The results prove that …" → "The results suggest that …"; "Research has shown that …" → "Research has indicated
 * that …"; "It is clear that …" → "It appears that …"; "is undoubtedly the …" → "is arguably the …"; "Platforms will
 * continue to …" → "Platforms will likely continue to …". A hedge changes how strongly a claim is made, which is what
 * the tone asks for, never what the claim is about: no content word is added or dropped.
 * Only claims whose subject is evidence (a study, the data, this) are hedged: "We show that …" announces what a paper
 * does, and "Show that x is even" is an exercise.
 */
import type { Random } from './random.js';

/** Subjects that present evidence, the last word before the verb ("The study", "These results", "This"). */
const EVIDENCE = '(?:study|studies|research|result|results|finding|findings|data|evidence|analysis|analyses|experiment|experiments|survey|surveys|trial|trials|report|reports|statistics|figures|numbers|history|experience|observation|observations|literature|review|reviews|case|cases|example|examples|test|tests|investigation|investigations|record|records|outcome|outcomes|paper|work|this|that|these|which|it|scientists|researchers|experts)';

type Forms = Readonly<Record<string, readonly string[]>>;

/** Verbs of proof and their hedged forms, by inflection. */
const PROOF: Forms = {
  prove: ['suggest', 'indicate'], proves: ['suggests', 'indicates'], proved: ['suggested', 'indicated'], proven: ['suggested', 'indicated'],
  show: ['suggest', 'indicate'], shows: ['suggests', 'indicates'], showed: ['suggested', 'indicated'], shown: ['suggested', 'indicated'],
  demonstrate: ['indicate', 'suggest'], demonstrates: ['indicates', 'suggests'], demonstrated: ['indicated', 'suggested'],
  establish: ['suggest'], establishes: ['suggests'], established: ['suggested'],
};

const BOUNDARY_BEFORE = "(?<![\\p{L}'’-])";
const BOUNDARY_AFTER = "(?![\\p{L}'’-])";
/** Adverbs that make a claim of proof stronger; they go with the hedge. */
const STRONG = '(?:clearly|conclusively|definitively|undeniably|unequivocally|irrefutably|convincingly|decisively|plainly|firmly)';

const PROOF_THAT = new RegExp(
  `${BOUNDARY_BEFORE}(${EVIDENCE}(?:\\s+(?:has|have|had))?)\\s+(?:${STRONG}\\s+)?(${Object.keys(PROOF).join('|')})(?:\\s+${STRONG})?\\s+that${BOUNDARY_AFTER}`, 'giu',
);

/** "It is clear that …" and its kin: the writer's certainty, stated as such. */
const CERTAIN_THAT = new RegExp(`${BOUNDARY_BEFORE}(it)\\s+is\\s+(?:(?:very|quite|abundantly|absolutely|perfectly|now)\\s+)?(?:clear|evident|obvious|undeniable|indisputable|beyond\\s+doubt|certain)\\s+that${BOUNDARY_AFTER}`, 'giu');

/** "is undoubtedly the best" → "is arguably the best"; "will undoubtedly" → "will likely". */
const CERTAINLY = '(?:undoubtedly|unquestionably|undeniably|indisputably|without\\s+(?:a\\s+)?doubt|without\\s+question|certainly|definitely)';
const BE_CERTAINLY = new RegExp(`${BOUNDARY_BEFORE}(is|are|was|were|remains|remain)\\s+${CERTAINLY}${BOUNDARY_AFTER}(?!,)`, 'giu');
const WILL_CERTAINLY = new RegExp(`${BOUNDARY_BEFORE}(will|would)\\s+${CERTAINLY}${BOUNDARY_AFTER}(?!,)`, 'giu');

/**
 * A prediction stated as certain: "will transform", "will continue to". Not after "I", "we" or "you" (a promise or an
 * instruction: "We will continue to support you"), nor in a sentence that hedges already or names a time or a number
 * ("Fees will increase on 1 May", "The policy will become effective next week" announce, they do not predict).
 */
const PREDICTION = new RegExp(
  `${BOUNDARY_BEFORE}(?<!(?:^|\\s)(?:I|we|We|you|You)\\s+)will\\s+(?=(?:continue|transform|revolutionize|revolutionise|reshape|shape|redefine|dominate|replace|become|change|grow|decline|lead|drive|play|pave)${BOUNDARY_AFTER})`, 'gu',
);
const SCHEDULE = /[\p{N}\uE000-\uE019]|(?<![\p{L}'’-])(?:today|tonight|tomorrow|next|soon|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|effective|available|law|active|valid|operational)(?![\p{L}'’-])/iu;
const HEDGED_ALREADY = /(?<![\p{L}'’-])(?:likely|unlikely|probably|possibly|perhaps|may|might|could|arguably|seems?|appears?|suggests?|indicates?|if|unless|whether)(?![\p{L}'’-])/iu;
/** A claim the writer gives as their own view ("I think this shows that …"): hedged already. */
const OPINION = /(?<![\p{L}'’-])(?:I|we)\s+(?:(?:\p{L}+ly|do|really|still|also)\s+)?(?:think|believe|feel|guess|suppose|would\s+argue)(?![\p{L}'’-])/iu;

function keepCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/**
 * The hedged form of one sentence of protected text (placeholders are never matched). `used` holds the hedging verbs
 * the text has used so far: the next claim takes another where it can ("It suggests …; this indicates …").
 */
export function hedgeClaims(s: string, rng: Random, used: Set<string>): string {
  if (OPINION.test(s)) return s;
  const alreadyHedged = HEDGED_ALREADY.test(s);
  let t = s.replace(PROOF_THAT, (_m: string, subject: string, verb: string) => {
    const forms = PROOF[verb.toLowerCase()]!;
    const fresh = forms.filter((f) => !used.has(`hedge:${f.slice(0, 5)}`));
    const form = rng.pick(fresh.length > 0 ? fresh : forms);
    for (const f of forms) used.delete(`hedge:${f.slice(0, 5)}`);
    used.add(`hedge:${form.slice(0, 5)}`);
    return `${subject} ${keepCase(verb, form)} that`;
  });
  t = t.replace(CERTAIN_THAT, (_m: string, it: string) => `${it} appears that`);
  t = t.replace(BE_CERTAINLY, (_m: string, be: string) => `${be} arguably`);
  t = t.replace(WILL_CERTAINLY, (_m: string, will: string) => `${will} likely`);
  if (!alreadyHedged && !SCHEDULE.test(s)) t = t.replace(PREDICTION, 'will likely ');
  return t;
}
