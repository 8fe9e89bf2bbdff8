/**
 * Hedging, for tones that ask for it (the academic tone; custom tones that ask to be cautious, nuanced or
 * scholarly): a claim stated as proof becomes one stated as evidence, the way careful academic prose words it.
 * "The results prove that …" → "The results suggest that …"; "Research has shown that …" → "Research has indicated
 * that …"; "It is clear that …" → "It appears that …"; "is undoubtedly the …" → "is arguably the …"; "AI will
 * transform …" → "AI will likely transform …". A hedge changes how strongly a claim is made, which is what the tone
 * asks for, never what the claim is about: no content word is added or dropped.
 * Only claims whose subject is empirical evidence (a study, the data, the results) are hedged: "We show that …"
 * announces what a paper does, "Show that x is even" is an exercise, "This proves that …" may be a proof. Questions,
 * conditions, negated claims, instructions and warnings keep their words (NOT_HEDGED); so do a test's result or a verdict
 * ("The biopsy results showed that …", "The evidence proved that the defendant was guilty"), a step of a proof ("It is
 * clear that n is even"), the noun "will" ("Political will certainly matters"), a certainty of life and death ("the patient
 * will certainly die"), a promise someone made ("She said she would definitely come") and a change of form ("The function
 * will transform the input into …").
 */
import { HEDGED_ALREADY, matchCase } from './english-rules.js';
import type { Random } from './random.js';

/**
 * Subjects that present empirical evidence, the last word before the verb ("The study", "These results"): not "this",
 * "it" or "which" (in a proof, "This proves that √2 is irrational" is proof), not "the example" (a counterexample
 * proves), not a test or a record (a positive test result, a paid fee, "her medical history": facts, not findings), not
 * "researchers" ("The researchers showed that video to every participant": "that" is no conjunction there).
 */
const EVIDENCE = '(?:study|studies|research|evidence|results|finding|findings|data|analysis|analyses|experiment|experiments|survey|surveys|trials|statistics|observations|literature)';

type Forms = Readonly<Record<string, readonly string[]>>;

/** Verbs of proof and their hedged forms, by inflection. */
const PROOF: Forms = {
  prove: ['suggest', 'indicate'], proves: ['suggests', 'indicates'], proved: ['suggested', 'indicated'], proven: ['suggested', 'indicated'],
  show: ['suggest', 'indicate'], shows: ['suggests', 'indicates'], showed: ['suggested', 'indicated'], shown: ['suggested', 'indicated'],
  demonstrate: ['indicate', 'suggest'], demonstrates: ['indicates', 'suggests'], demonstrated: ['indicated', 'suggested'],
};

const BOUNDARY_BEFORE = "(?<![\\p{L}'’-])";
const BOUNDARY_AFTER = "(?![\\p{L}'’-])";
/** Adverbs that make a claim of proof stronger; they go with the hedge. */
const STRONG = '(?:clearly|conclusively|definitively|undeniably|unequivocally|irrefutably|convincingly|decisively|plainly|firmly)';

/**
 * A test's result or a verdict, not a finding: "The election results showed that Labour won", "DNA analysis proved that he
 * was the father", "The biopsy results showed that the tumour was benign" (the word before the subject); "The evidence
 * proved that the defendant was guilty" (a court's finding, anywhere in the sentence).
 */
const FACT_BEFORE = /(?<![\p{L}'’-])(?:election|electoral|exam|exams|examination|test|lab|laboratory|blood|urine|DNA|forensic|toxicology|autopsy|post-mortem|biopsy|scan|x-ray|official|final|ballot|vote|referendum|land|property|boundary|structural|building|site|topographic(?:al)?|geological|cadastral)\s+$/iu;
const VERDICT = /(?<![\p{L}'’-])(?:guilty|innocent|acquitted|convicted|defendant|accused|liable|negligent|paternity)(?![\p{L}'’-])/iu;
/**
 * A land survey, a surveyor's measurement: "The survey showed that the fence stands on the neighbour's land" is a fact of
 * the boundary, not a finding to hedge.
 */
const LAND = /(?<![\p{L}'’-])(?:land|boundary|boundaries|fence|fences|property\s+lines?|plot|parcel|acres?|hectares?|deeds?|easement|driveway|surveyor|surveyors|encroach(?:es|ed|ing|ment)?|neighbou?r['’]s)(?![\p{L}'’-])/iu;
/** A scarce subject ("Only one study has shown that …"): hedged, it would claim the others found not even a hint. */
const ONLY_BEFORE = /(?<![\p{L}'’-])only\s+(?:(?:one|two|three|a\s+few|a\s+handful\s+of|a\s+single|a\s+couple\s+of)\s+)?(?:[\p{L}-]+\s+)?$/iu;

const PROOF_THAT = new RegExp(
  `${BOUNDARY_BEFORE}(${EVIDENCE}(?:\\s+(?:also|further|consistently|repeatedly))?(?:\\s+(?:has|have|had))?)\\s+(?:${STRONG}\\s+)?(${Object.keys(PROOF).join('|')})(?:\\s+${STRONG})?\\s+that${BOUNDARY_AFTER}`, 'giu',
);

/** "It is clear that …" and its kin: the writer's certainty, stated as such. */
const CERTAIN_THAT = new RegExp(`${BOUNDARY_BEFORE}(?<!(?:sure|ensure|once|until|when|if|unless)\\s+)(it)\\s+is\\s+(?:(now)\\s+|(?:very|quite|abundantly|absolutely|perfectly)\\s+)?(?:clear|evident|obvious|undeniable|indisputable|beyond\\s+doubt)\\s+that${BOUNDARY_AFTER}`, 'giu');

/** "is undoubtedly the best" → "is arguably the best"; "will undoubtedly" → "will likely". */
const CERTAINLY = '(?:undoubtedly|unquestionably|undeniably|indisputably|without\\s+(?:a\\s+)?doubt|without\\s+question|certainly|definitely)';
// Only before a judgement ("is undoubtedly the best", "one of the most"): "is definitely confirmed", "was certainly tired"
// and "are certainly welcome" state facts or courtesies, which "arguably" would make a matter of opinion.
const BE_CERTAINLY = new RegExp(`${BOUNDARY_BEFORE}(is|are|was|were|remains|remain)\\s+${CERTAINLY}${BOUNDARY_AFTER}`, 'giu');
/**
 * The judgement that must follow, in lower case ("It is definitely the Best Western on Main Street" names a hotel);
 * "one of" and "among" only with a judgement after them ("one of the best"): "She was certainly one of the passengers"
 * and "He is definitely among the finalists" state facts.
 */
const JUDGEMENT = '(?:best|worst|greatest|finest|most|least)(?![\\p{L}\'’-])';
/**
 * "most"/"least" before a quantity that can be measured (price, size, age, frequency): "This is definitely the most expensive
 * option" states a fact a price list settles, which "arguably" would make a matter of opinion.
 */
const MEASURED = "(?!(?<=most|least)\\s+(?:expensive|costly|inexpensive|populous|visited|recent|frequent|common|commonly|widely|densely|heavily|distant|northerly|southerly|easterly|westerly|northern|southern|eastern|western|abundant|numerous)(?![\\p{L}'’-]))";
const JUDGED = new RegExp(`^\\s+(?:(?:the|an?)\\s+)?(?:${JUDGEMENT}${MEASURED}|(?:one\\s+of|among)\\s+(?:(?:the|his|her|their|its|our)\\s+)?${JUDGEMENT}${MEASURED})`, 'u');
// Not a promise or a recommendation ("I would certainly recommend her", "We will definitely refund"), nor a denial
// ("This will certainly not happen again"), nor a tribute or a certainty of life and death ("He will certainly be missed",
// "Without treatment, the patient will certainly die"). Not the noun "will" either: a verb that agrees with it follows
// ("Political will certainly matters", "His strong will certainly helped him"), where the modal takes the bare verb.
const WILL_CERTAINLY = new RegExp(`${BOUNDARY_BEFORE}(?<!(?:^|\\s)(?:I|we|We|you|You|us|Us|our|Our|the|The|her|Her|his|His|my|My|their|Their|a|A|your|Your|free|last|and|but|or)(?:\\s+all)?\\s+)(will|would)\\s+${CERTAINLY}${BOUNDARY_AFTER}(?!,)(?!\\s+not(?![\\p{L}]))`
  + `(?!\\s+(?:be\\s+missed|die|kill|be\\s+fatal|\\p{L}+(?<![su])s|\\p{L}+(?<!e)ed)(?![\\p{L}'’-]))`
  // Nor what someone owes ("The landlord will certainly refund your deposit", "The insurer will definitely pay the claim"):
  // "will likely refund" turns an obligation into a guess, which a reader may act on.
  + `(?!\\s+(?:be\\s+)?(?:refund|refunded|pay|paid|repay|repaid|reimburse|reimbursed|compensate|compensated|honou?r|honou?red|return|returned|replace|replaced|cover|covered|owe|credit|credited)(?![\\p{L}'’-]))`, 'giu');
/**
 * A certainty of nature ("The sun will certainly rise", "Winter will definitely come"): no forecast that a hedge could temper.
 */
const NATURE_BEFORE = /(?<![\p{L}'’-])(?:sun|moon|tides?|night|day|dawn|darkness|winter|summer|spring|autumn|seasons?|gravity|time|ice|snow)\s+$/iu;

/**
 * A promise or a forecast someone else made, reported: "She said she would definitely come", "The CEO said AI will transform
 * the company" are what they said.
 */
const REPORTED = /(?<![\p{L}'’-])(?:said|says|told|tells|promised|promises|assured|assures|insisted|insists|confirmed|confirms|swore|swears|vowed|vows|pledged|pledges)(?![\p{L}'’-])[^.;:!?]*$/iu;

/**
 * A prediction stated as certain, with the verbs only a forecast uses ("will transform", "will revolutionize", "will pave
 * the way"): "will continue", "will become" or "will change" also state commitments, terms and schedules ("The company
 * will continue to honor all warranties", "This agreement will become binding upon signature", "The password will
 * change every ninety days"). Not after "I", "we" or "you", nor in a sentence that hedges already or names a time or a
 * number.
 */
const PREDICTION = new RegExp(
  `${BOUNDARY_BEFORE}(?<!(?:^|\\s)(?:I|we|We|you|You)(?:\\s+all)?\\s+)will\\s+(?=(?:transform|revolutionize|revolutionise|reshape|redefine|dominate|pave\\s+the\\s+way)${BOUNDARY_AFTER})`, 'gu',
);
/**
 * A change of form stated as what a thing does, no forecast: "The function will transform the input into a JSON object",
 * "A tadpole will transform into a frog", "The algorithm will redefine the boundaries of each cluster".
 */
const LITERAL_CHANGE = /(?<![\p{L}'’-])(?:transform|reshape|redefine)(?:\s+[\p{L}'’-]+){0,6}?\s+into(?![\p{L}'’-])|(?<![\p{L}'’-])(?:function|method|script|compiler|algorithm|macro|query|filter|parser|command|routine|press)\s+will\s/iu;
const SCHEDULE = /[\p{N}\uE000-\uE019]|(?<![\p{L}'’-])(?:today|tonight|tomorrow|next|soon|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|effective|available|law|active|valid|operational)(?![\p{L}'’-])/iu;
/**
 * Where no claim is hedged: a question ("Does the evidence show that …?"), a condition ("If the test shows that …"), a
 * negated or scarce subject ("No study has shown that …": hedged, it would claim something weaker was found), an
 * instruction, a warning or a recall ("The data show that the drug is unsafe and must be recalled"), where a hedge could
 * make someone ignore what they must do.
 */
const NOT_HEDGED = /\?["'”’)]*\s*$|[=\p{N}\uE000-\uE019]|(?<![\p{L}'’-])(?:if|unless|whether|when|whenever|once|until|till|as\s+soon\s+as|hardly|scarcely|seldom|rarely|little|evacuate|no|none|neither|nor|nothing|nobody|few|not|never|must|should|shall|do\s+not|don['’]t|recall|recalled|unsafe|danger|dangerous|warning|contaminated|dose|doses|dosage|tablets?|overdose)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;

/** A line in title case (a heading): most of its longer words capitalised. */
function titleCase(s: string): boolean {
  const words = s.match(/\p{L}{4,}/gu) ?? [];
  return words.length >= 3 && words.filter((w) => /^\p{Lu}/u.test(w)).length / words.length > 0.6;
}

/** A claim the writer gives as their own view ("I think this shows that …"): hedged already. */
const OPINION = /(?<![\p{L}'’-])(?:I|we)\s+(?:(?:\p{L}+ly|do|really|still|also)\s+)?(?:think|believe|feel|guess|suppose|would\s+argue)(?![\p{L}'’-])/iu;

/**
 * A step of a proof: a variable (a small letter standing alone: "It is clear that f is continuous", not "a", "e.g." or the
 * capital of "vitamin D") or the words of one. "It appears that n is even" would leave a step of the proof in doubt.
 */
const PROOF_STEP = /(?<![\p{L}\p{N}'’.-])[b-hj-z](?![\p{L}\p{N}'’-]|\.\p{L})|(?<![\p{L}'’-])(?:[Tt]heorem|[Ll]emma|[Cc]orollary|[Pp]roof|[Aa]xiom|Q\.E\.D|q\.e\.d)(?![\p{L}'’-])/u;

/**
 * Someone else's words, reported: "It is clear that the fire was started deliberately, police said" is what the police
 * said, and "It seems that …, police said" would put a doubt in their mouth.
 */
const ATTRIBUTED = /(?<![\p{L}'’-])(?:said|says|told|stated|confirmed|according\s+to)(?![\p{L}'’-])/iu;

/** Whether a sentence may be hedged at all (see NOT_HEDGED, OPINION, ATTRIBUTED, PROOF_STEP and titleCase). */
function hedgeable(s: string): boolean {
  return !OPINION.test(s) && !NOT_HEDGED.test(s) && !ATTRIBUTED.test(s) && !PROOF_STEP.test(s) && !titleCase(s);
}

// "It is now clear that …" keeps its "now": "It now appears that …" (a realisation, not a standing fact).
const appearsThat = (s: string): string => s.replace(CERTAIN_THAT, (_m: string, it: string, now?: string) => `${it}${now ? ` ${now}` : ''} appears that`);

/**
 * "It is clear that …" → "It appears that …" alone: the pipeline runs it before the phrase rules, which would otherwise
 * make it "Clearly, …" first.
 */
export function hedgeCertainty(s: string): string {
  return hedgeable(s) ? appearsThat(s) : s;
}

/**
 * The hedged form of one sentence of protected text (placeholders are never matched). `used` holds the hedging verbs
 * the text has used so far: the next claim takes another where it can ("It suggests …; this indicates …").
 */
export function hedgeClaims(s: string, rng: Random, used: Set<string>): string {
  if (!hedgeable(s)) return s;
  const verdict = VERDICT.test(s);
  let t = s.replace(PROOF_THAT, (m: string, subject: string, verb: string, offset: number) => {
    // Capitals stay as written ("STUDIES SHOW THAT …" is a headline's voice).
    if (/^\p{Lu}{2,}$/u.test(verb)) return m;
    const before = s.slice(Math.max(0, offset - 40), offset);
    if (verdict || FACT_BEFORE.test(before) || ONLY_BEFORE.test(before)) return m;
    if (/^surveys?(?![\p{L}])/iu.test(subject) && LAND.test(s)) return m;
    const forms = PROOF[verb.toLowerCase()]!;
    const fresh = forms.filter((f) => !used.has(`hedge:${f.slice(0, 5)}`));
    const form = rng.pick(fresh.length > 0 ? fresh : forms);
    for (const f of forms) used.delete(`hedge:${f.slice(0, 5)}`);
    used.add(`hedge:${form.slice(0, 5)}`);
    return `${subject} ${matchCase(verb, form)} that`;
  });
  t = appearsThat(t);
  t = t.replace(BE_CERTAINLY, (m: string, be: string, offset: number, all: string) => (JUDGED.test(all.slice(offset + m.length)) ? `${be} arguably` : m));
  if (!SCHEDULE.test(s)) {
    t = t.replace(WILL_CERTAINLY, (m: string, will: string, offset: number, all: string) => (REPORTED.test(all.slice(Math.max(0, offset - 60), offset)) || NATURE_BEFORE.test(all.slice(Math.max(0, offset - 20), offset)) ? m : `${will} likely`));
  }
  // Read on what the rules above left: "Experience indicates that a child will grow out of it" is hedged already.
  if (!HEDGED_ALREADY.test(t) && !SCHEDULE.test(s) && !LITERAL_CHANGE.test(s)) {
    t = t.replace(PREDICTION, (m: string, offset: number, all: string) => (REPORTED.test(all.slice(Math.max(0, offset - 60), offset)) ? m : 'will likely '));
  }
  return t;
}
