/**
 * Writing slips: grammar, usage and spelling mistakes that people make and chat models practically
 * never do — "it help", "they goes", "every country take", "didn't went", "more easier", "informations",
 * "its a", "should of", "a apple", "alot", "recieve", "in my point of view". Learners of English make many
 * of them, and learners also lean on the stock connectives ("Firstly", "Moreover", "In conclusion") that
 * read as machine-written, so without this evidence their essays were scored as machine text.
 *
 * Every rule is written for precision, not recall: a slip counted in a correct sentence would make
 * machine text read as human. A subject pronoun that can also be an object ("you", "it") or a noun
 * that can end a longer subject ("helping people is") is left out of the agreement rules, or, for
 * "it", counted only where it must be the subject (after a clause break or a subordinating word);
 * lower case is required where a capital would make another reading likely ("Plan A or").
 *
 * The sentence is read once into word and mark tokens and the rules look at neighbouring tokens
 * (test/support/slips-reference.ts states the same rules as regular expressions; the test holds the
 * two to the same counts).
 */
import { FUNCTION_WORDS } from '../text/function-words.js';

const set = (words: string): ReadonlySet<string> => new Set(words.split('|'));

const VERBS_BASE = set('have|do|go|want|need|make|get|know|think|say|come|take|give|help|live|work|play|study|try|seem|look|become|mean|believe|feel|find|tell|keep|begin|show|run|bring|happen|write|provide|sit|stand|lose|pay|meet|include|continue|learn|change|lead|understand|follow|stop|create|speak|spend|grow|walk|win|teach|offer|remember|love|consider|appear|buy|wait|serve|send|expect|build|stay|fall|reach|remain|suggest|raise|sell|require|decide|enjoy|allow|affect|cause|depend|agree|hope|contain|belong|hate|prefer|wish|use|ask|leave|talk|eat|drive|hold|watch|answer');
const VERBS_3SG = set('is|was|has|does|goes|wants|needs|likes|makes|gets|knows|thinks|says|comes|takes|gives|helps|lives|works|plays|seems|looks|becomes|means');
const I_3SG = set('is|has|does|goes|wants|needs|likes|makes|gets|knows|thinks|says|comes|takes|gives');
/** Subjects that are never objects and take a singular verb. */
const SINGULAR_SUBJECTS = set('he|she|everyone|everybody|someone|somebody|nobody|anyone|anybody');
/** Words after which a bare verb is grammatical: "does it work", "let everyone have", "suggested he follow". */
const LICENSES_BARE = set('does|did|do|can|could|will|would|shall|should|may|might|must|let|lets|letting|make|makes|made|making|help|helps|helped|helping|see|sees|saw|seeing|watch|watched|watching|hear|heard|feel|felt|have|has|had|having|to|that|if|whether|not|and|or|suggest|suggests|suggested|recommend|recommends|recommended|insist|insists|insisted|demand|demands|demanded|require|requires|required|propose|proposes|proposed|urge|urges|urged|ask|asks|asked');
/** Words after which "it" opens a clause, so it is the subject. */
const IT_SUBJECT_AFTER = set('because|when|so|but|since|although|while');
const CLAUSE_MARKS = set('.|;|:|,');
const POSSESSIVES = set('my|his|our|their|your');
/** Singular people and places that an essay's subject often is. */
const KIN_AND_PLACE = set('mother|father|mom|dad|brother|sister|friend|teacher|boss|grandfather|grandmother|grandma|grandpa|uncle|aunt|son|daughter|wife|husband|cousin|neighbor|neighbour|country|city|town|hometown|village');
const KIN_VERBS = set('go|have|do|want|need|make|get|know|think|say|come|take|give|live|play|study|try|become|believe|feel|tell|teach|love|buy|eat|speak|spend');
const PLURAL_QUANTIFIERS = set('many|several|various|numerous|few');
const EVERY_EACH = set('every|each');
const PREPOSITIONS = set('in|on|at|from|of|for|with|across|around|throughout|to|by|into|over|under|within|about|among|between|after|before|during|near|like');
/** Words that may stand between "one of the" and its noun besides one adjective: "one of the most serious problem". */
const DEGREE = set('most|more|least|very');
const ONE_OF_DETERMINERS = set('the|my|our|their|his|her|its|your|these|those');
/** Countable nouns common in essays, for the number rules. */
const COUNTABLE = set('problem|country|student|reason|person|friend|child|book|place|year|city|job|teacher|idea|advantage|disadvantage|benefit|opportunity|activity|subject|example|language|culture|tourist|car|factory|animal|company|day|month|week|thing|way|kind|type|member|parent|worker|citizen|family|situation|solution|question|skill|class|course|experience|rule|law|area|event|effect|issue|aspect|factor|method|step|change|result|project|program|website|product|game|movie|song|school|university');
/** The noun ends a phrase when one of these follows it (or a mark of SINGULAR_END_MARKS): no compound noun. */
const SINGULAR_END = set('in|is|are|was|were|that|which|who|and|or|to|of|for|with|like|at|on|have|has|can|will|should|because|such');
const SINGULAR_END_MARKS = set(',|.|;|:|!|?|)');
const OPINION_VERBS = set('think|say|believe|argue|claim|prefer|disagree');
const NOT_AFTER_CAN_NOT = set('only|just|but|help|merely|simply');
const MODALS = set('can|could|would|should|must');
const INFLECTED_AFTER_MODAL = set('went|came|ate|took|gave|goes|makes|wants|needs|gets|knows|thinks|comes|takes|gives|helps');
const DID_NOT = set("didn't|didnt|doesn't|doesnt");
const INFLECTED_AFTER_DID_NOT = set('went|came|saw|ate|took|gave|knew|had|got|made|goes|has|wanted|needed|liked|tried|decided|loved|worked|played|lived|studied|used|helped|started|finished');
const FOR_VERBS = set('improve|learn|become|buy|understand|reduce|protect|communicate|enjoy|earn|solve|achieve|develop|avoid|prepare|spend|meet|eat|do|be|have|make|find|get');
const COMPARATIVES = set('better|easier|bigger|happier|harder|faster|cheaper|healthier|larger|smaller|stronger|worse|older|younger|longer|shorter|greater|richer|safer|simpler|busier|earlier|cleaner|nicer|smarter|worser');
const SUPERLATIVES = set('best|biggest|easiest|happiest|hardest|fastest|cheapest|largest|smallest|strongest|worst|oldest|youngest|greatest|richest|safest|simplest');
const BEFORE_THEN = set('more|less|better|worse|rather|bigger|smaller|greater|higher|lower|larger|faster|easier|harder');
const UNCOUNTABLE_PLURALS = set('informations|homeworks|furnitures|equipments|knowledges|childrens|luggages|softwares');
const AFTER_ITS = set('a|an|the|been|because');
const OF_MODALS = set('should|could|would|must|might');
const MISSPELLINGS = set('alot|becuase|beacuse|becasue|recieve|recieved|recieves|beleive|beleived|beleives|untill|definately|definatly|seperate|seperately|occured|wich|thier|goverment|enviroment|tommorow|tomorow|freind|freinds|realy|finaly|begining|wierd|truely|arguement|arguements|basicly|succesful|succesfully|neccessary|necesary|accomodate|existance|independant|occurence|responsability|sucess|probaly|diffrent|diferent|knowlege|oppurtunity|oportunity|oppurtunities|familys|countrys|writting|comming|everytime|noone');
const DOUBLED = set('the|a|an|to|and|with');

/** Slips of one word: misspellings and uncountable nouns made plural. */
const ONE_WORD: ReadonlySet<string> = new Set([...MISSPELLINGS, ...UNCOUNTABLE_PLURALS]);
/** Every word that can open a slip of two or more words (most words open none, and are passed over at once). */
const FIRST_WORDS: ReadonlySet<string> = new Set([
  ...SINGULAR_SUBJECTS, 'it', 'they', 'we', 'i', ...POSSESSIVES, ...PLURAL_QUANTIFIERS, 'one', 'other', 'can', ...MODALS, ...DID_NOT,
  'did', 'does', 'for', 'more', 'most', ...BEFORE_THEN, 'its', ...OF_MODALS, 'your', 'there', ...DOUBLED, 'a', 'an',
  ...EVERY_EACH, 'in',
]);

/** Words (letters and digits, with inner apostrophes) and single marks. */
const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[^\s\p{L}\p{N}]/gu;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;
const LOWER_ASCII_WORD = /^[a-z]+$/u;

/** How many writing slips a sentence holds; `found` collects the slips' words. */
export function countSlips(text: string, found?: string[]): number {
  const raw: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) raw.push(m[0]);
  const n = raw.length;
  if (n < 2) return 0;
  const low = raw.map((t) => { const l = t.toLowerCase(); return l.includes('’') ? l.replace(/’/gu, "'") : l; });
  // A token of two or more characters is a word; a single character is a word when it is a letter or digit.
  const word = raw.map((t) => t.length > 1 || LETTER_OR_DIGIT.test(t));
  const at = (i: number): string => (i >= 0 && i < n ? low[i]! : '');
  /** Token i is a word and so is token i + 1 (nothing but space between them). */
  const pair = (i: number): boolean => i >= 0 && i + 1 < n && word[i]! && word[i + 1]!;
  /** What follows token i is not a hyphen or an apostrophe (a compound or a clipped word). */
  const ends = (i: number): boolean => i + 1 >= n || (low[i + 1] !== '-' && low[i + 1] !== "'");
  const phraseEnds = (i: number): boolean => i + 1 < n && (word[i + 1]! ? SINGULAR_END.has(low[i + 1]!) : SINGULAR_END_MARKS.has(low[i + 1]!));
  let count = 0;
  const hit = (from: number, to: number): void => {
    count++;
    found?.push(raw.slice(from, to + 1).join(' '));
  };
  const notLicensed = (i: number): boolean => !(i > 0 && word[i - 1]! && LICENSES_BARE.has(low[i - 1]!));

  for (let i = 0; i < n; i++) {
    if (!word[i]) continue;
    const w = low[i]!;
    // One word: a misspelling or an uncountable noun made plural.
    if (ONE_WORD.has(w)) hit(i, i);
    if (!FIRST_WORDS.has(w)) continue;
    const next = pair(i) ? low[i + 1]! : '';
    // Agreement: "he have", "nobody answer"; "it help" where "it" opens a clause; "they goes"; "I has"; "my mother go".
    if (next !== '' && SINGULAR_SUBJECTS.has(w) && VERBS_BASE.has(next) && notLicensed(i) && ends(i + 1) && at(i + 2) !== 'not') hit(i, i + 1);
    else if (next !== '' && w === 'it' && VERBS_BASE.has(next) && ends(i + 1) && at(i + 2) !== 'not'
      && (i === 0 || (!word[i - 1] && CLAUSE_MARKS.has(low[i - 1]!)) || (word[i - 1]! && IT_SUBJECT_AFTER.has(low[i - 1]!)))) {
      hit(i > 0 && word[i - 1]! ? i - 1 : i, i + 1);
    } else if (next !== '' && (w === 'they' || w === 'we') && VERBS_3SG.has(next) && ends(i + 1)) hit(i, i + 1);
    else if (next !== '' && raw[i] === 'I' && I_3SG.has(next) && ends(i + 1)
      && (i === 0 || (word[i - 1]! && LOWER_ASCII_WORD.test(raw[i - 1]!)))) hit(i, i + 1);
    else if (next !== '' && POSSESSIVES.has(w) && KIN_AND_PLACE.has(next) && pair(i + 1) && KIN_VERBS.has(low[i + 2]!)
      && notLicensed(i) && ends(i + 2) && at(i + 3) !== 'not') hit(i, i + 2);
    // "every country take", "each student have": every/each with a singular noun, then a bare verb.
    // Not after a preposition: in "people in every country take part" the subject is "people".
    else if (next !== '' && EVERY_EACH.has(w) && (COUNTABLE.has(next) || KIN_AND_PLACE.has(next)) && pair(i + 1) && KIN_VERBS.has(low[i + 2]!)
      && notLicensed(i) && !(i > 0 && word[i - 1]! && PREPOSITIONS.has(low[i - 1]!)) && ends(i + 2) && at(i + 3) !== 'not') hit(i, i + 2);
    // Number: "many problem", "one of the biggest problem", "while other think".
    else if (next !== '' && PLURAL_QUANTIFIERS.has(w) && COUNTABLE.has(next) && phraseEnds(i + 1)) hit(i, i + 1);
    else if (w === 'one' && next === 'of' && pair(i + 1) && ONE_OF_DETERMINERS.has(low[i + 2]!) && pair(i + 2)) {
      if (COUNTABLE.has(low[i + 3]!) && phraseEnds(i + 3)) hit(i, i + 3);
      else if (pair(i + 3) && COUNTABLE.has(low[i + 4]!) && phraseEnds(i + 4)) hit(i, i + 4);
      else if (DEGREE.has(low[i + 3]!) && pair(i + 3) && pair(i + 4) && COUNTABLE.has(low[i + 5]!) && phraseEnds(i + 5)) hit(i, i + 5);
    } else if (next !== '' && w === 'other' && OPINION_VERBS.has(next) && at(i - 1) !== 'each') hit(i, i + 1);
    // Verb forms: "can not" (not "can not only"), "can makes", "didn't went", "for communicate".
    else if (next === 'not' && w === 'can' && !(pair(i + 1) && NOT_AFTER_CAN_NOT.has(low[i + 2]!))) hit(i, i + 1);
    else if (next !== '' && MODALS.has(w) && INFLECTED_AFTER_MODAL.has(next)) hit(i, i + 1);
    else if (next !== '' && DID_NOT.has(w) && INFLECTED_AFTER_DID_NOT.has(next)) hit(i, i + 1);
    else if (next === 'not' && (w === 'did' || w === 'does') && pair(i + 1) && INFLECTED_AFTER_DID_NOT.has(low[i + 2]!)) hit(i, i + 2);
    else if (next !== '' && w === 'for' && FOR_VERBS.has(next) && ends(i + 1)) hit(i, i + 1);
    // Comparison: "more easier", "most biggest", "better then".
    else if (next !== '' && ((w === 'more' && COMPARATIVES.has(next)) || (w === 'most' && SUPERLATIVES.has(next)))) hit(i, i + 1);
    else if (next === 'then' && BEFORE_THEN.has(w)) hit(i, i + 1);
    // Word confusion: "its a", "should of" (not "could of course"), "your a", "there own".
    else if (next !== '' && (raw[i] === 'its' || raw[i] === 'Its') && AFTER_ITS.has(raw[i + 1]!)) hit(i, i + 1);
    else if (next === 'of' && OF_MODALS.has(w) && !(pair(i + 1) && low[i + 2] === 'course')) hit(i, i + 1);
    else if (next !== '' && ((w === 'your' && (next === 'a' || next === 'an' || next === 'the')) || (w === 'there' && next === 'own'))) hit(i, i + 1);
    // A learner's idiom: "in my point of view" (people say "from my point of view" or "in my view").
    else if (w === 'in' && next === 'my' && pair(i + 1) && low[i + 2] === 'point' && pair(i + 2) && low[i + 3] === 'of' && pair(i + 3) && low[i + 4] === 'view') hit(i, i + 4);
    // A word repeated by a slip of the keyboard ("the the"; "The the", but not "the The Daily Beast").
    else if (next !== '' && next === w && DOUBLED.has(w) && raw[i + 1] === next) hit(i, i + 1);
    // "a" before a vowel-initial word, "an" before a consonant-initial one (both in lower case).
    else if (next !== '' && (raw[i] === 'a' || raw[i] === 'an') && articleSlip(raw[i]!, raw[i + 1]!) && ends(i + 1) && at(i + 2) !== '.') hit(i, i + 1);
  }
  return count;
}

/** Vowel-initial words that take "a" (a one-off, a eulogy) and the u-words, which take either. */
const A_VOWEL_OK = /^(?:one|once|eu|ewe|u)/u;
/** Consonant-initial words that take "an": a silent h, and letters read by their names. */
const AN_CONSONANT_OK = /^(?:h|x|y|nth)/u;

function articleSlip(article: string, next: string): boolean {
  if (next.length < 3 || !LOWER_ASCII_WORD.test(next) || FUNCTION_WORDS.has(next)) return false;
  const vowel = /^[aeio]/u.test(next);
  // "an" before a short consonant-initial word may be an acronym in lower case ("an mri"), so those are left out.
  return article === 'a' ? vowel && !A_VOWEL_OK.test(next) : !vowel && next.length >= 5 && !next.startsWith('u') && !AN_CONSONANT_OK.test(next);
}
