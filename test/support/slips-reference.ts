/**
 * The regular-expression reference of workers/engines/local/detector/slips.ts: the same slips, found by one
 * pattern per kind over the sentence's text. The shipped counter walks the sentence's tokens once
 * instead (ten times cheaper); test/local-detector-slips.test.ts holds the two to the same counts.
 *
 * Writing slips: grammar, usage and spelling mistakes that people make and chat models practically
 * never do — "it help", "they goes", "didn't went", "more easier", "informations", "its a", "should
 * of", "a apple", "alot", "recieve". Learners of English make many of them, and learners also lean on
 * the stock connectives ("Firstly", "Moreover", "In conclusion") that read as machine-written, so
 * without this evidence their essays were scored as machine text.
 *
 * Every pattern is written for precision, not recall: a slip counted in a correct sentence would
 * make machine text read as human. Patterns run on one sentence's text; lower case is required where
 * a capital would make another reading likely ("May is", "Plan A or").
 */
import { FUNCTION_WORDS } from '../../workers/engines/local/text/function-words.js';

const VERBS_BASE = 'have|do|go|want|need|make|get|know|think|say|come|take|give|help|live|work|play|study|try|seem|look|become|mean|believe|feel|find|tell|keep|begin|show|run|bring|happen|write|provide|sit|stand|lose|pay|meet|include|continue|learn|change|lead|understand|follow|stop|create|speak|spend|grow|walk|win|teach|offer|remember|love|consider|appear|buy|wait|serve|send|expect|build|stay|fall|reach|remain|suggest|raise|sell|require|decide|enjoy|allow|affect|cause|depend|agree|hope|contain|belong|hate|prefer|wish|use|ask|leave|talk|eat|drive|hold|watch|answer';
const VERBS_3SG = 'is|was|has|does|goes|wants|needs|likes|makes|gets|knows|thinks|says|comes|takes|gives|helps|lives|works|plays|seems|looks|becomes|means';

/** Singular people and places that an essay's subject often is. */
const KIN_AND_PLACE = 'mother|father|mom|dad|brother|sister|friend|teacher|boss|grandfather|grandmother|grandma|grandpa|uncle|aunt|son|daughter|wife|husband|cousin|neighbor|neighbour|country|city|town|hometown|village';
/** Countable nouns common in essays, for the number patterns. */
const COUNTABLE = 'problem|country|student|reason|person|friend|child|book|place|year|city|job|teacher|idea|advantage|disadvantage|benefit|opportunity|activity|subject|example|language|culture|tourist|car|factory|animal|company|day|month|week|thing|way|kind|type|member|parent|worker|citizen|family|situation|solution|question|skill|class|course|experience|rule|law|area|event|effect|issue|aspect|factor|method|step|change|result|project|program|problem|website|product|game|movie|song|student|school|university';
/** The noun ends a phrase: punctuation or a word that cannot continue a compound noun follows. */
const SINGULAR_END = `(?=\\s*[,.;:!?)]|\\s+(?:in|is|are|was|were|that|which|who|and|or|to|of|for|with|like|at|on|have|has|can|will|should|because|such)\\b)`;

/** Words after which a bare verb is grammatical: "does it work", "let everyone have", "make sure that he go". */
const LICENSES_BARE = 'does|did|do|can|could|will|would|shall|should|may|might|must|let|lets|letting|make|makes|made|making|help|helps|helped|helping|see|sees|saw|seeing|watch|watched|watching|hear|heard|feel|felt|have|has|had|having|to|that|if|whether|not|and|or|suggest|suggests|suggested|recommend|recommends|recommended|insist|insists|insisted|demand|demands|demanded|require|requires|required|propose|proposes|proposed|urge|urges|urged|ask|asks|asked';

/**
 * One pattern per kind of slip; each match counts once. A subject pronoun that can also be an object
 * ("you", "it") or a noun that can end a longer subject ("helping people is") is left out of the
 * agreement patterns, or, for "it", counted only where it must be the subject (after a clause break
 * or a subordinating word).
 */
const PATTERNS: ReadonlyArray<{ kind: string; re: RegExp }> = [
  {
    kind: 'agreement',
    re: new RegExp(`(?<!\\b(?:${LICENSES_BARE})\\s)\\b(?:he|she|everyone|everybody|someone|somebody|nobody|anyone|anybody)\\s(?:${VERBS_BASE})\\b(?![-'’]|\\snot\\b)`, 'giu'),
  },
  {
    kind: 'agreement',
    re: new RegExp(`(?:^|[.;:,]\\s|\\b(?:because|when|so|but|since|although|while)\\s)it\\s(?:${VERBS_BASE})\\b(?![-'’]|\\snot\\b)`, 'giu'),
  },
  { kind: 'agreement', re: new RegExp(`\\b(?:they|we)\\s(?:${VERBS_3SG})\\b(?![-'’])`, 'giu') },
  { kind: 'agreement', re: /(?:^|(?<=\b[a-z]+\s))I\s(?:is|has|does|goes|wants|needs|likes|makes|gets|knows|thinks|says|comes|takes|gives)\b(?![-'’])/gu },
  // A singular person or place after a possessive, then a bare verb: "my mother go", "our country need".
  {
    kind: 'agreement',
    re: new RegExp(`(?<!\\b(?:${LICENSES_BARE})\\s)\\b(?:my|his|our|their|your)\\s(?:${KIN_AND_PLACE})\\s(?:go|have|do|want|need|make|get|know|think|say|come|take|give|live|play|study|try|become|believe|feel|tell|teach|love|buy|eat|speak|spend)\\b(?![-'’]|\\snot\\b)`, 'giu'),
  },
  // Every/each with a singular noun, then a bare verb: "every country take", "each student have"; not after a
  // preposition ("people in every country take part").
  {
    kind: 'agreement',
    re: new RegExp(`(?<!\\b(?:${LICENSES_BARE}|in|on|at|from|of|for|with|across|around|throughout|to|by|into|over|under|within|about|among|between|after|before|during|near|like)\\s)\\b(?:every|each)\\s(?:${COUNTABLE}|${KIN_AND_PLACE})\\s(?:go|have|do|want|need|make|get|know|think|say|come|take|give|live|play|study|try|become|believe|feel|tell|teach|love|buy|eat|speak|spend)\\b(?![-'’]|\\snot\\b)`, 'giu'),
  },
  // A plural quantifier with a singular countable noun: "many problem", "one of the biggest problem".
  { kind: 'number', re: new RegExp(`\\b(?:many|several|various|numerous|few)\\s(?:${COUNTABLE})${SINGULAR_END}`, 'giu') },
  { kind: 'number', re: new RegExp(`\\bone\\sof\\s(?:the|my|our|their|his|her|its|your|these|those)\\s(?:[a-z]+\\s|(?:most|more|least|very)\\s[a-z]+\\s)?(?:${COUNTABLE})${SINGULAR_END}`, 'giu') },
  { kind: 'number', re: /(?<!\beach\s)\bother\s(?:think|say|believe|argue|claim|prefer|disagree)\b/giu },
  { kind: 'verb form', re: /\bcan\snot\b(?!\s(?:only|just|but|help|merely|simply)\b)/giu },
  // A modal or "did not" with an inflected verb: "can makes", "didn't went".
  { kind: 'verb form', re: /\b(?:can|could|would|should|must)\s(?:went|came|ate|took|gave|goes|makes|wants|needs|gets|knows|thinks|comes|takes|gives|helps)\b/giu },
  { kind: 'verb form', re: /\b(?:didn['’]?t|did not|doesn['’]?t|does not)\s(?:went|came|saw|ate|took|gave|knew|had|got|made|goes|has|wanted|needed|liked|tried|decided|loved|worked|played|lived|studied|used|helped|started|finished)\b/giu },
  { kind: 'verb form', re: /\bfor\s(?:improve|learn|become|buy|understand|reduce|protect|communicate|enjoy|earn|solve|achieve|develop|avoid|prepare|spend|meet|eat|do|be|have|make|find|get)\b(?![-'’])/giu },
  {
    kind: 'comparison',
    re: /\bmore\s(?:better|easier|bigger|happier|harder|faster|cheaper|healthier|larger|smaller|stronger|worse|older|younger|longer|shorter|greater|richer|safer|simpler|busier|earlier|cleaner|nicer|smarter|worser)\b|\bmost\s(?:best|biggest|easiest|happiest|hardest|fastest|cheapest|largest|smallest|strongest|worst|oldest|youngest|greatest|richest|safest|simplest)\b/giu,
  },
  { kind: 'comparison', re: /\b(?:more|less|better|worse|rather|bigger|smaller|greater|higher|lower|larger|faster|easier|harder)\sthen\b/giu },
  { kind: 'uncountable plural', re: /\b(?:informations|homeworks|furnitures|equipments|knowledges|childrens|luggages|softwares)\b/giu },
  { kind: 'word confusion', re: /\b[Ii]ts\s(?:a|an|the|been|because)\b/gu },
  { kind: 'word confusion', re: /\b(?:should|could|would|must|might)\sof\b(?!\scourse)/giu },
  { kind: 'word confusion', re: /\byour\s(?:a|an|the)\b|\bthere\sown\b/giu },
  {
    kind: 'spelling',
    re: /\b(?:alot|becuase|beacuse|becasue|recieved?|recieves|beleived?|beleives|untill|definately|definatly|seperate|seperately|occured|wich|thier|goverment|enviroment|tommorow|tomorow|freinds?|realy|finaly|begining|wierd|truely|arguements?|basicly|succesful|succesfully|neccessary|necesary|accomodate|existance|independant|occurence|responsability|sucess|probaly|diffrent|diferent|knowlege|oppurtunity|oportunity|oppurtunities|familys|countrys|writting|comming|everytime|noone)\b/giu,
  },
  { kind: 'usage', re: /\bin\smy\spoint\sof\sview\b/giu },
  { kind: 'doubled word', re: /\b(?:(the|a|an|to|and|with)\s\1|(?:The the|A a|An an|To to|And and|With with))\b/gu },
];

/** "a" before a vowel-initial word, "an" before a consonant-initial one (lower-case article, lower-case word). */
const ARTICLE = /(?<![\p{L}\p{N}])(a|an)\s(?=([a-z]+)\b(?![-'’.]))/gu;
/** Vowel-initial words that take "a" (a one-off, a eulogy) and the u-words, which take either. */
const A_VOWEL_OK = /^(?:one|once|eu|ewe|u)/u;
/** Consonant-initial words that take "an": a silent h, and letters read by their names. */
const AN_CONSONANT_OK = /^(?:h|x|y|nth)/u;

function articleSlips(text: string, found?: string[]): number {
  let n = 0;
  ARTICLE.lastIndex = 0;
  for (let m = ARTICLE.exec(text); m !== null; m = ARTICLE.exec(text)) {
    const [start, article, word] = m as unknown as [string, string, string];
    const whole = start + word;
    if (word.length < 3 || FUNCTION_WORDS.has(word)) continue;
    const vowel = /^[aeio]/u.test(word);
    // "an" before a short consonant-initial word may be an acronym in lower case ("an mri"), so those are left out.
    const slip = article === 'a' ? vowel && !A_VOWEL_OK.test(word) : !vowel && word.length >= 5 && !word.startsWith('u') && !AN_CONSONANT_OK.test(word);
    if (slip) { n++; found?.push(whole); }
  }
  return n;
}

/** How many writing slips a sentence holds; `found` collects the matched text. */
export function countSlipsReference(text: string, found?: string[]): number {
  let n = articleSlips(text, found);
  for (const { re } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) { n++; found?.push(m[0].replace(/^[\s.;:,]+/u, '')); }
  }
  return n;
}
