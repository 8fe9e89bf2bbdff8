/**
 * English phrase rules: replacements for machine-typical constructions (by register), contraction
 * tables, and sentence openers by tone. An empty replacement deletes the phrase.
 */
import type { OpenerStyle } from './tone.js';

export interface PhraseRule {
  /** Matched case-insensitively on word boundaries; ' matches both straight and curly apostrophes. */
  pattern: string;
  neutral: readonly string[];
  casual?: readonly string[];
  formal?: readonly string[];
  /** Words after which the phrase keeps its sense and stays (a regular expression source, matched case-insensitively). */
  notAfter?: string;
  /** What may follow the phrase where it keeps its sense and stays (a regular expression source, after one space). */
  notBefore?: string;
  /** The alternatives are instructions ("note that"): inside a clause the phrase is only dropped. */
  imperative?: boolean;
}

/** "win a majority of the votes" is more than half, which "most" does not say. */
/** "rather than the majority of citizens who vote": a majority in a vote is more than half, not "most". */
const MAJORITY_NOT_BEFORE = '(?:(?:\\p{L}+\\s+){0,3}(?:vote|votes|voted|voting|voters|electoral|electors|ballots|seats|delegates|shareholders|court|senate|house|board|council|committee|panel|jury)(?![\\p{L}])|(?:them|us|you|those|these|this|that|our|its|his|her|their|my|your|it|which|whom|\\p{N})(?![\\p{L}])|[\\uE000-\\uE019])';
const MAJORITY_NOT_AFTER = '(?:win|wins|won|winning|gain|gains|gained|gaining|secure|secures|secured|securing|receive|receives|received|receiving|get|gets|got|getting|need|needs|needed|needing|obtain|obtains|obtained|hold|holds|held|holding|have|has|had|command|commands|require|requires|required|by)';

/** "essential for patients over 65", "for everyone": for whom, which "key to" cannot say ("key to patients"). */
const FOR_SOMEONE = "(?:(?:all|most|many|some|the|these|those|our|your|their|young|older|new|every|any|small)\\s+)*(?:[\\p{L}-]+\\s+)?(?:patients?|people|persons?|children|kids|adults|students?|users?|customers?|employees?|staff|workers?|families|parents|women|men|everyone|anyone|someone|them|us|you|him|her|me|individuals?|beginners?|players?|members?|residents?|citizens?|babies|infants?|teens?|seniors?|athletes?|dogs?|cats?|pets?|animals?|plants?|businesses|companies|company|firms?|organi[sz]ations?|managers?|nurses?|doctors?|teachers?|developers?|drivers?)(?![\\p{L}])";
/**
 * A connective right before a phrase: the phrase stays, so the connective is not taken for a stacked one; nor inside a
 * negated, questioned or reported clause ("I don't think it is important to note that X" is not "I don't think X").
 */
const CONNECTIVE_BEFORE = '(?:however|but|yet|still|and|so|also|moreover|furthermore|additionally|therefore|thus|that\\s+said|overall|whether|if|why|how|think|thinks|thought|believe|believes|sure|doubt|doubts|say|says|said|agree|agrees|argue|argues),?';
/** A determiner, a pronoun or a possessive after a quantifier phrase: "Most the respondents", "Some them" are not English. */
const DETERMINER_NEXT = "(?:the|a|an|this|that|these|those|them|us|you|whom|which|it|its|our|your|their|his|her|my|each|every|all|both|either|neither|[\\p{L}\\p{N}-]+['’]s?)(?![\\p{L}])";
/** Any word but a conjunction before a sentence connective: inside a clause it is an adverb ("Most notably,", "third, all told"). */
const MID_CLAUSE = "(?!(?:and|but|so|yet|or)(?![\\p{L}]))[\\p{L}\\p{N}'’)]+";
/** A modal, "to" or "do" up to two words back, or "I": "play" stays a bare infinitive there ("could potentially play"). */
const MODAL_NEAR = "(?:i|(?:to|can|could|will|would|shall|should|may|might|must|do|does|did|cannot|\\p{L}+n['’]t)(?:\\s+\\p{L}+){0,2})";
/** An acting part: "plays a key role in the film". */
const ACTING = '(?:the\\s+)?(?:film|movie|play|series|show|musical|production|opera|drama|episode|sequel)(?![\\p{L}])';
/** A verb of the same clause later on with a singular subject: "a variety of rice is grown", "a wide range of motion". */
const SINGULAR_VERB_NEXT = '[\\p{L}-]+\\s+(?:is|was|has|exists|remains)(?![\\p{L}])';
/** A comparison after "as": "serves as many as 500 meals", "stands as tall as". */
const AS_COMPARISON = '(?:many|much|few|little|well|long|far|high|low|tall|large|big|good|bad|soon|often|fast|early|late|close|it|they|he|she|we|you|i)(?![\\p{L}])';
/** A second "that" clause after ", and": dropping "it is important to note that" would leave it dangling. */
const AND_THAT = "[^.;:!?]*\\?|[^.;:!?]*,?\\s+and\\s+that\\s";
/**
 * What a bare plural "play" may follow that "are" may not: a modal, "to", "do", or a verb taking a bare infinitive
 * ("governments must play a vital role in …" is not "must are central to").
 */
/** An adverb before the verb: "Libraries also play a vital role in" cannot become "also are central to". */
const ROLE_ADVERB = '(?:also|still|often|always|never|really|truly|all|both|now|increasingly|sometimes|usually|clearly|certainly)';
const BARE_PLAY = "(?:also|still|often|always|never|really|truly|all|both|now|increasingly|sometimes|usually|to|can|could|will|would|shall|should|may|might|must|do|does|did|help|helps|helped|let|lets|make|makes|made|can['’]t|cannot|won['’]t|wouldn['’]t|shouldn['’]t|couldn['’]t|don['’]t|doesn['’]t|didn['’]t)(?:\\s+(?:not|also|still|often|always|never|really|truly|all|both))?";
/**
 * An infinitive earlier in the clause and then "and"/"or": "play" is its second verb ("seeking an engineer to join our team
 * and play a pivotal role in …" is not "…to join our team and are central to …").
 */
const INFINITIVE_AND = "to\\s+\\p{L}+[^.;:!?]*\\s(?:and|or)";
/** A second "in" phrase coordinated with the first. */
const SECOND_IN = "[^.;:!?]*\\s+and\\s+in\\s";
/** An office one holds: "serves as the treasurer", "serve as chair". */
const SERVES_AS_OFFICE = '(?:(?:the|a|an|our|its|their|his|her|acting|interim|vice)\\s+)*(?:[\\p{L}-]+\\s+)?(?:treasurer|chair|chairman|chairwoman|chairperson|president|secretary|director|ceo|cfo|head|member|editor|ambassador|judge|mayor|governor|advisor|adviser|counsel|officer|manager|coach|captain|trustee|dean|minister|spokesperson|spokesman|spokeswoman|liaison|representative|commissioner|delegate|chief|leader|host|moderator|mentor|president)(?![\\p{L}])';
/** A place or a screen one finds one's way through: "navigate the menu", "navigate the streets". */
const NAVIGATE_PLACE = '(?:[\\p{L}-]+\\s+)?(?:lists?|documents?|forms?|fields?|tables?|grids?|codebase|code|repo|repository|web|internet|tree|ui|aircraft|plane|vessel|craft|spacecraft|drone|oceans?|globe|atlantic|pacific|amazon|nile|arctic|antarctic|menus?|apps?|site|website|interface|settings|pages?|streets?|city|roads?|traffic|river|waters?|seas?|map|dashboard|screens?|maze|terrain|trails?|paths?|routes?|slopes?|stairs|staircases?|hallways?|corridors?|building|campus|airport|station|forest|woods|mountains?|cave|ship|boat|car|tabs?|toolbar|sidebar|folders?|directory|files?|straits?|channels?|waterways?|harbou?rs?|coast|coastline|rapids|passages?|canals?|reefs?|currents?|storms?)(?![\\p{L}])';

/** A harm whose importance is stressed: its "value" would say it is good. */
const IMPORTANCE_OF_HARM = '(?:[\\p{L}-]+\\s+){0,2}(?:problems?|threats?|risks?|diseases?|resistance|obesity|crisis|issues?|dangers?|infections?|pollution|violence|crime|poverty|epidemic|pandemic|outbreak|factors?)(?![\\p{L}])';
/** What "work through" cannot take: a thing or a group after "a"/"an", technology, a gerund, or work itself. */
const NOT_WORKED_THROUGH = '(?:a|an)\\s|(?:modern\\s+|new\\s+|today[\'’]s\\s+)?tech(?:nology|nologies)?(?![\\p{L}])|\\p{L}+ing(?![\\p{L}])|(?:[\\p{L}-]+\\s+){0,2}work(?![\\p{L}])';
/** Where one "delves into" a bag or the earth, not a subject. */
const DELVE_PLACE = '(?:(?:his|her|their|my|your|the|a)\\s+)?(?:bag|handbag|pocket|pockets|purse|drawer|box|earth|ground|soil|cupboard|wardrobe)(?![\\p{L}])';
/** Water or a crowd one dives into. */
const DIVE_PLACE = '(?:(?:the|a|an|cold|deep|icy|clear|swimming|freezing|warm)\\s+)*(?:pool|water|waters|lake|sea|ocean|river|waves?|pond|deep|shallow|surf|bay|cove|lagoon|tank|bed|snow|pile|crowd|crowds|mosh|atlantic|pacific)(?![\\p{L}])';

/** After "considered to be": a verb in -ing, a passive with its agent, a place ("is considered to be caused by", "to be in"). */
const CONSIDERED_NOT_BEFORE = '\\p{L}+ing(?![\\p{L}])|\\p{L}+(?:ed|en)\\s+(?:by|to|with|from)(?![\\p{L}])|(?:in|at|on|under|of)\\s';

/** What a decision is, or a compound it starts: "make a decision that …", "a decision tree". */
const DECISION_NOT_BEFORE = '(?:that|which|who|whom|whose|we|you|they|I|he|she|it|of|tree|trees|matrix|maker|makers|making|point|points|process|processes|support|about|like|this|so|as|no|the|his|her|my|their|our|every|everyone|nobody|anyone|someone|people)(?![\\p{L}])';
/** A negation or a modal of inability right before a phrase ("does not", "cannot", "won't", "never"). */
const NEGATION_BEFORE = "(?:cannot|always|impossible\\s+to|unable\\s+to|fails?\\s+to|failed\\s+to|(?:few|no|nothing|nobody)(?:\\s+\\p{L}+){0,3}|(?:not|never|yet|\\p{L}*n['’]t)(?:\\s+\\p{L}+){0,2})";

/** Feelings one has "a sense of". */
const FEELINGS = ['relief', 'dread', 'calm', 'peace', 'unease', 'pride', 'guilt', 'joy', 'wonder', 'awe', 'excitement', 'fear',
  'hope', 'satisfaction', 'accomplishment', 'loneliness', 'nostalgia', 'comfort', 'gratitude', 'panic', 'despair', 'sadness',
  'anxiety', 'helplessness', 'frustration', 'euphoria', 'serenity', 'contentment'];

/** Verbs of getting in touch, before which "please feel free to" is an invitation that "please" says as well. */
const INVITATION = '(?:contact|reach|call|phone|ring|e-?mail|message|text|write|ask|get\\s+in\\s+touch|let\\s+(?:us|me|them|him|her)\\s+know|reply|respond|drop|send|share|comment|leave|join|visit|stop\\s+by|drop\\s+by|come|book|schedule|arrange|give\\s+(?:us|me)\\s+a|pop\\s+in)(?![\\p{L}])';

export const PHRASE_RULES: readonly PhraseRule[] = [
  { pattern: "in today's fast-paced world,", neutral: ['these days,', 'today,'], casual: ['these days,', 'nowadays,'] },
  { pattern: "in today's world,", neutral: ['today,', 'these days,'] },
  // Not after a connective ("However, it is worth noting that …" lost its "However" to the stacked-connective rule), nor before
  // a second "that" clause ("…should be implemented gradually, and that managers …" would dangle).
  { pattern: 'it is important to note that', neutral: ['', 'note that'], casual: ['', 'keep in mind that'], formal: [''], notAfter: CONNECTIVE_BEFORE, notBefore: AND_THAT, imperative: true },
  { pattern: "it's important to note that", neutral: ['', 'note that'], casual: ['', 'keep in mind that'], formal: [''], notAfter: CONNECTIVE_BEFORE, notBefore: AND_THAT, imperative: true },
  { pattern: 'it is worth noting that', neutral: ['', 'note that'], casual: ['', 'keep in mind that'], formal: [''], notAfter: CONNECTIVE_BEFORE, notBefore: AND_THAT, imperative: true },
  // Not "so,": a conclusion sums up the text, "so" makes the sentence follow from the one before ("Supply chain delays
  // remain a concern. So, the outlook is positive"; "The new price will be €9.99. So, we value your loyalty").
  { pattern: 'in conclusion,', neutral: ['', 'all in all,'], casual: ['to wrap up,', 'all in all,'], formal: ['to conclude,', 'in closing,'], notAfter: MID_CLAUSE },
  { pattern: 'in summary,', neutral: ['in short,', ''], casual: ['in short,', 'bottom line:'], formal: ['in brief,'], notAfter: MID_CLAUSE },
  { pattern: 'to sum up,', neutral: ['in short,', ''], formal: ['in brief,'], notAfter: MID_CLAUSE },
  // Never dropped: "Overall, the film is good" is a verdict on the whole, "The film is good" a plain one.
  { pattern: 'overall,', neutral: ['all told,', 'on the whole,'], casual: ['all in all,', 'all told,'], formal: ['on the whole,'], notAfter: MID_CLAUSE },
  { pattern: 'furthermore,', neutral: ['', 'also,', 'beyond that,'], casual: ['', 'plus,', "what's more,"], formal: ['', 'beyond this,'], notAfter: `(?:${MID_CLAUSE}|and)` },
  { pattern: 'moreover,', neutral: ['', 'also,', 'beyond that,'], casual: ['', 'plus,', 'on top of that,'], formal: ['', 'beyond this,'], notAfter: `(?:${MID_CLAUSE}|and)` },
  { pattern: 'additionally,', neutral: ['', 'also,'], casual: ['', 'plus,', 'on top of that,'], formal: ['', 'beyond this,'], notAfter: `(?:${MID_CLAUSE}|and)` },
  { pattern: 'in addition,', neutral: ['', 'also,'], casual: ['', 'plus,'], formal: ['', 'beyond this,'], notAfter: `(?:${MID_CLAUSE}|and)` },
  { pattern: 'consequently,', neutral: ['as a result,', 'so'], formal: ['as a result,'] },
  { pattern: 'ultimately,', neutral: ['in the end,', ''], casual: ['in the end,', 'at the end of the day,'], notAfter: `[\\p{L}\\p{N}'’)]+,|${MID_CLAUSE}` },
  // Not "in particular,": it makes the sentence a detail of the one before.
  { pattern: 'notably,', neutral: [''], notAfter: MID_CLAUSE },
  // Only where it opens the sentence: mid-sentence ("Students from low-income families, on the other hand, may …") it stays.
  // Not "then again," (it concedes) nor "at the same time," (it can read as time): the two sides are contrasted.
  { pattern: 'on the other hand,', neutral: ['by contrast,'], casual: ['but'], formal: ['on the other hand,'], notAfter: "[\\p{L}\\p{N}'’)]+,|and|but|while|whereas|or|yet" },
  { pattern: 'fast-paced world', neutral: ['busy world', 'hurried world'], notBefore: '(?:cup|series|championships?|record|war|bank|health|trade|tour)(?![\\p{L}])' },
  { pattern: 'ever-evolving', neutral: ['changing', 'shifting'] },
  { pattern: 'ever-changing', neutral: ['shifting', 'changing'] },
  // Not before a second "in" ("…a crucial role in holding X and in informing Y" would lose its parallel).
  // Nor an acting part ("plays a key role in the film"). Not "drives much of": "drives much of the immune response" says
  // it causes most of it.
  { pattern: 'plays a crucial role in', neutral: ['is central to'], casual: ['is a big part of'], notBefore: `${SECOND_IN}|${ACTING}`, notAfter: ROLE_ADVERB },
  { pattern: 'plays a vital role in', neutral: ['is central to'], casual: ['is a big part of'], notBefore: `${SECOND_IN}|${ACTING}`, notAfter: ROLE_ADVERB },
  { pattern: 'plays a pivotal role in', neutral: ['is central to'], casual: ['is a big part of'], notBefore: `${SECOND_IN}|${ACTING}`, notAfter: ROLE_ADVERB },
  { pattern: 'play a pivotal role in', neutral: ['are central to'], casual: ['are a big part of'], notAfter: `${BARE_PLAY}|${MODAL_NEAR}|${INFINITIVE_AND}`, notBefore: `${SECOND_IN}|${ACTING}` },
  { pattern: 'play a key role in', neutral: ['are central to'], casual: ['are a big part of'], notAfter: `${BARE_PLAY}|${MODAL_NEAR}|${INFINITIVE_AND}`, notBefore: `${SECOND_IN}|${ACTING}` },
  { pattern: 'plays a key role in', neutral: ['is central to'], casual: ['is a big part of'], notBefore: `${SECOND_IN}|${ACTING}`, notAfter: ROLE_ADVERB },
  { pattern: 'play a crucial role in', neutral: ['are central to'], casual: ['are a big part of'], notAfter: `${BARE_PLAY}|${MODAL_NEAR}|${INFINITIVE_AND}`, notBefore: `${SECOND_IN}|${ACTING}` },
  { pattern: 'play a vital role in', neutral: ['are central to'], casual: ['are a big part of'], notAfter: `${BARE_PLAY}|${MODAL_NEAR}|${INFINITIVE_AND}`, notBefore: `${SECOND_IN}|${ACTING}` },
  // Not "a sign of": it only hints, where a testament bears witness ("Your strength was a sign of the incredible person you
  // are", "your legacy is a sign of what one dedicated teacher can accomplish" belittled a tribute).
  { pattern: 'a testament to', neutral: ['proof of'], notAfter: '(?:wrote|left|signed|made|drew)' },
  // Not "shows why we need": before a gerund it breaks ("shows why we need optimizing lighting").
  // Not before a threat or a problem: "underscores the importance of the threat" is no "value" of it.
  { pattern: 'highlights the importance of', neutral: ['shows the value of'], notBefore: IMPORTANCE_OF_HARM },
  { pattern: 'underscores the importance of', neutral: ['shows the value of'], notBefore: IMPORTANCE_OF_HARM },
  { pattern: 'underscore the importance of', neutral: ['show the value of'], notBefore: IMPORTANCE_OF_HARM },
  // "delve into" has no plain form a formal text would use ("dig into" is casual): these are.
  // After "to" it is an aim ("I hope to delve into mechanical engineering", "excited to delve into this next chapter", "the
  // opportunity to delve into the world of digital media"): "look into" and "examine" would make it a check on something.
  { pattern: 'to delve into', neutral: ['to explore'], notBefore: DELVE_PLACE },
  { pattern: 'delve into', neutral: ['look into', 'explore'], formal: ['examine', 'explore'], notBefore: DELVE_PLACE },
  { pattern: 'delves into', neutral: ['looks into', 'explores'], formal: ['examines', 'explores'], notBefore: DELVE_PLACE },
  { pattern: 'delving into', neutral: ['looking into', 'exploring'], formal: ['examining', 'exploring'], notBefore: DELVE_PLACE },
  { pattern: 'delved into', neutral: ['looked into', 'explored'], formal: ['examined', 'explored'], notBefore: DELVE_PLACE },
  // Variety, not number: "students with a wide range of abilities" differ in ability; "with many abilities" are gifted.
  // Not a span ("over a wide range of temperatures", "a wide range of motion") nor a subject of a singular verb; "a variety
  // of rice" after "is" is a cultivar.
  { pattern: 'a wide range of', neutral: ['all kinds of'], casual: ['all sorts of', 'all kinds of'], formal: ['a wide range of'], notAfter: '(?:over|across|within|throughout|cover|covers|covering|span|spans|spanning)', notBefore: `motion(?![\\p{L}])|${SINGULAR_VERB_NEXT}` },
  { pattern: 'a variety of', neutral: ['many', 'different'], casual: ['all kinds of', 'lots of'], notAfter: '(?:is|was|be|been|being|are|were)', notBefore: `different(?![\\p{L}])|${SINGULAR_VERB_NEXT}` },
  // Not "when it comes to" mid-sentence: "Timing does matter with living in a city" (a sentence that opens with it: plainOpener).
  // Not "put your affairs in order to …": "in order" is the state there.
  { pattern: 'in order to', neutral: ['to'], notAfter: '(?:affairs|house|finances|life|lives|things|papers|records|accounts|books|thoughts|priorities|everything|it|them|sorted|arranged|listed|ranked|numbered)' },
  { pattern: 'due to the fact that', neutral: ['because', 'since'] },
  // Only an invitation that opens the sentence: "Students should feel free to ask" is no "should you can ask"; "Please
  // feel free to contact us" is "Please contact us". Only before an invitation to get in touch: elsewhere the phrase gives
  // leave, which "please" turns into a request ("You don't need to return the damaged item – please feel free to recycle
  // it" is no "please recycle it", nor "Please feel free to ignore this e-mail" a "Please ignore this e-mail").
  { pattern: 'please feel free to', neutral: ['please'], notBefore: `(?!${INVITATION})` },
  { pattern: 'feel free to', neutral: ['you can'], notAfter: "[\\p{L}'’]+" },
  { pattern: "let's dive into", neutral: ["let's look at", "let's get into"], notBefore: DIVE_PLACE },
  // Not a real dive: "Dive into the pool only from the deep end."
  { pattern: 'dive into', neutral: ['look at', 'get into'], notBefore: DIVE_PLACE },
  { pattern: 'dive deep into', neutral: ['look closely at'], notBefore: DIVE_PLACE },
  // Not "latest": "with cutting-edge noise cancellation" is no "with latest noise cancellation".
  // Not a noun ("at the cutting edge of"), nor a term of a field ("state-of-the-art results" are the best published ones).
  { pattern: 'cutting-edge', neutral: ['advanced'], notAfter: '(?:the|at|on)', notBefore: 'of(?![\\p{L}])' },
  { pattern: 'state-of-the-art', neutral: ['modern'], notAfter: '(?:the|achieve|achieves|achieved|achieving|new|beat|beats|surpass|surpasses|set|sets|reach|reaches)', notBefore: '(?:results?|performance|accuracy|scores?|baselines?|methods?|models?|on|for|in)(?![\\p{L}])' },
  { pattern: 'in the world of', neutral: ['in'], notBefore: '(?:insects|animals|plants|birds|fish|mammals|bacteria)(?![\\p{L}])' },
  { pattern: 'in the realm of', neutral: ['in'], notBefore: '(?:possibility|possibilities|what|the\\s+(?:dead|gods?|fairies|spirits))(?![\\p{L}])|\\p{N}|\\$' },
  // Not a real landscape: "painted the landscape of Tuscany".
  { pattern: 'the landscape of', neutral: ['the field of', 'the world of'], notAfter: '(?:shows?|painted|paints|through|across|over|hiked|walked|explored)' },
  { pattern: 'stands as', neutral: ['is', 'remains'], notBefore: `(?:[\\p{L}-]+\\s+as|${AS_COMPARISON})|(?:(?:the|a|an)\\s+)?(?:[\\p{L}-]+\\s+)?candidate(?![\\p{L}])` },
  // Not an office: "She serves as the treasurer" holds it, "acts as" would only stand in.
  // "serve as" stays: "I also serve as a preceptor" holds a role, "act as" would only stand in.
  // Nor "serves as X and as Y": "is X and as Y" breaks the pair.
  { pattern: 'serves as', neutral: ['is'], notBefore: `${SERVES_AS_OFFICE}|(?:[^.;:!?]*?\\s)?(?:and|or)\\s+as\\s|${AS_COMPARISON}` },
  // Only for a feeling: "a sense of relief" is "a feeling of relief", and "felt a sense of anxiety" is "felt anxiety" (not
  // "felt a feeling of anxiety", nor "felt belonging"); "a sense of humor", "of direction", "of community" or "of purpose"
  // are not feelings, and "real relief" would add emphasis. Not "shame" ("It's a shame"; "have no sense of shame" lacks one).
  ...FEELINGS.flatMap((feeling) => [
    ...['felt', 'feel', 'feels', 'feeling'].map((verb) => ({ pattern: `${verb} a sense of ${feeling}`, neutral: [`${verb} ${feeling}`] })),
    { pattern: `a sense of ${feeling}`, neutral: [`a feeling of ${feeling}`] },
  ]),
  // One works through a process or a trouble ("work through loss", "work through medical education"), not through a thing
  // or a group ("work through a diverse classroom", "modern tech"), an activity ("work through building products") or work
  // itself ("work through remote work"): there the phrase is only "handle" (the second rule of each pair).
  { pattern: 'navigate the complexities of', neutral: ['handle', 'work through'], notBefore: NOT_WORKED_THROUGH },
  { pattern: 'navigate the complexities of', neutral: ['handle'] },
  { pattern: 'navigating the complexities of', neutral: ['handling', 'working through'], notBefore: NOT_WORKED_THROUGH },
  { pattern: 'navigating the complexities of', neutral: ['handling'] },
  // Not a way through a place or a screen: "navigate the menu", "navigate the streets".
  { pattern: 'navigate the', neutral: ['work through the', 'handle the', 'find a way through the'], notBefore: NAVIGATE_PLACE },
  { pattern: 'navigating the', neutral: ['working through the', 'handling the'], notBefore: NAVIGATE_PLACE },
  { pattern: 'a plethora of', neutral: ['plenty of'], casual: ['a ton of', 'loads of'], notBefore: SINGULAR_VERB_NEXT },
  { pattern: 'a myriad of', neutral: ['countless', 'a great many'], casual: ['tons of'] },
  { pattern: 'myriad', neutral: ['countless', 'many'], notBefore: '(?:genetics|inc|ltd)(?![\\p{L}])' },
  // A formal register keeps its words: "strengths and weaknesses", never "pros and cons" or "upsides and downsides".
  { pattern: 'advantages and disadvantages', neutral: ['pros and cons', 'upsides and downsides'], formal: ['strengths and weaknesses'] },
  { pattern: 'benefits and drawbacks', neutral: ['pros and cons', 'upsides and downsides'], formal: ['advantages and drawbacks'] },
  // Not before a second "to" it governs ("has the potential to transform … and to protect").
  // Not "may": it also grants permission. Nor after a modal, "to" or "do" ("will have the potential to" is no "will could"),
  // in a question ("Does it have the potential to scale?") or before a second "to".
  { pattern: 'has the potential to', neutral: ['could'], notBefore: "[^.;:!?]*\\?|[^.;:!?]*\\s+(?:and|or)\\s+to\\s" },
  { pattern: 'have the potential to', neutral: ['could'], notAfter: "(?:to|can|could|will|would|shall|should|may|might|must|do|does|did|not|\\p{L}+n['’]t)", notBefore: "[^.;:!?]*\\?|[^.;:!?]*\\s+(?:and|or)\\s+to\\s" },
  { pattern: 'firstly,', neutral: ['first,', 'to start,'] },
  { pattern: 'secondly,', neutral: ['second,'] },
  { pattern: 'thirdly,', neutral: ['third,'] },
  { pattern: 'lastly,', neutral: ['finally,', 'last,'] },
  // Not "it is essential for students to excel" (a for-to clause): "key to students to excel" is not English.
  // Not "matters for": it weakens a need to a relevance ("is essential for life on Earth").
  { pattern: 'is essential for', neutral: ['is key to'], notBefore: `(?:[\\p{L}'’-]+\\s+){1,3}to\\s|${FOR_SOMEONE}` },
  { pattern: 'are essential for', neutral: ['are key to'], notBefore: `(?:[\\p{L}'’-]+\\s+){1,3}to\\s|${FOR_SOMEONE}` },
  { pattern: 'numerous benefits', neutral: ['many benefits'] },
  { pattern: 'a significant amount of', neutral: ['a lot of', 'a good deal of'], formal: ['a great deal of', 'considerable'] },
  { pattern: 'a significant number of', neutral: ['many', 'a good number of'], notBefore: DETERMINER_NEXT },
  // "For one thing," lists a reason; "on the one hand" sets up a contrast: dropped, the "other hand" sentence still contrasts.
  // Not "on the one hand,": it sets up the "other hand" the writer balanced it with.
  { pattern: 'prior to', neutral: ['before'] },
  // Formal writing keeps "such as": "like" introducing examples reads as informal there.
  // Not "such as it is", "such as to", a relative "such as would …", nor after a copula.
  { pattern: 'such as', neutral: ['like'], formal: ['such as'], notAfter: '(?:was|were|is|are|be|been|not)', notBefore: '(?:it|they|to|might|may|would|could|will|can|must|should)(?![\\p{L}])' },
  // Not "besides" (it can read as "other than": "a placebo for 68 weeks, besides lifestyle intervention").
  { pattern: 'in addition to', neutral: ['in addition to'], casual: ['on top of'], notBefore: 'on(?![\\p{L}])|(?:the\\s+)?(?:[\\p{L}-]+\\s+)?(?:hotel|house|building|garage|roof|car|table|desk|shelf|tower|main\\s+\\p{L}+)(?![\\p{L}])' },
  // "a number of electors equal to its seats" is a specific number, not "several".
  { pattern: 'a number of', neutral: ['several', 'some'], notBefore: `(?:\\p{L}+\\s+){0,3}(?:equal|equals|equivalent|proportional|corresponding|determined|based|set|fixed|matching)(?![\\p{L}])|${DETERMINER_NEXT}|(?:your|my|his|her|their|our|at|up)(?![\\p{L}])|\\p{N}` },
  { pattern: 'in today\'s society', neutral: ['today', 'these days'] },
  // Not "because of": "interpreted in light of its limitations" is not "because of" them.
  { pattern: 'in light of', neutral: ['given'], notAfter: '(?:bathed|flooded|drenched|bright|glowing|lit)' },
  // Not "having regard to" in law: "discretion exercised with regard to the factors".
  { pattern: 'with regard to', neutral: ['about', 'on'], notAfter: '(?:made|exercised?|exercising|act|acts|acted|acting|decided?|determined?|assessed|discretion|considered)' },
  { pattern: 'in the event that', neutral: ['if'] },
  // Wordy or redundant phrasing, said the short way in every register ("omit needless words"). Each keeps its words
  // where the short form would break the sentence or say less: "at this point" holds in any tense ("now" does not:
  // "At this point in time, Napoleon was in Moscow"); "has the ability to" is not "can" in a question ("Has the ability
  // to pay been assessed?") nor before a second noun ("has the ability to vote and the right to speak"), and "have the
  // ability to" is left (after a modal or "do" several words back it would read "Do they can pay?").
  { pattern: 'at this point in time', neutral: ['at this point'] },
  { pattern: 'at the present time', neutral: ['now', 'at present'], formal: ['at present'], notAfter: '(?:look|looking|looked|see|read|check)', notBefore: '(?:of|shown|as\\s+well|[^.;:!?]*(?:was|were|had)(?![\\p{L}]))' },
  // Not a setting ("Set in the near future", "life in the near future") nor one of two times ("in the near future or the distant past").
  { pattern: 'in the near future', neutral: ['soon'], notAfter: '(?:set|mostly|life|about|of|in|to|place|world|story|stories|novel|film)', notBefore: '(?:or|and)\\s|[^.;:!?]*(?:where|when)(?![\\p{L}])' },
  { pattern: 'has the ability to', neutral: ['can'], notBefore: "(?:[^.;:!?]*\\?|[^.;:!?]*\\s+and\\s+(?:the|a|an|his|her|their|its|our|your)\\s|[^.;:!?]*,?\\s+(?:and|or)\\s+to\\s)" },
  // Not before what the decision is ("a decision that benefits everyone", "a decision of this magnitude") nor in a
  // compound ("a decision tree", "a decision maker").
  { pattern: 'make a decision', neutral: ['decide'], notBefore: DECISION_NOT_BEFORE },
  { pattern: 'makes a decision', neutral: ['decides'], notBefore: DECISION_NOT_BEFORE },
  { pattern: 'made a decision', neutral: ['decided'], notAfter: '(?:has|have|had|be|been|was|were|is|are)', notBefore: DECISION_NOT_BEFORE },
  { pattern: 'making a decision', neutral: ['deciding'], notBefore: DECISION_NOT_BEFORE },
  { pattern: 'take into consideration', neutral: ['consider'] },
  { pattern: 'in a timely manner', neutral: ['promptly'] },
  { pattern: 'in close proximity to', neutral: ['near', 'close to'] },
  { pattern: 'the end result', neutral: ['the result'], notAfter: '(?:with|versus|not)' },
  // "only when absolutely necessary" is a threshold of its own (the law's for force).
  { pattern: 'absolutely necessary', neutral: ['necessary'], notAfter: `(?:when|if|unless|than|where|only|is|as|it\\s+is|${NEGATION_BEFORE})` },
  // "does not completely eliminate the risk" says some remains; "does not eliminate" says none goes.
  { pattern: 'completely eliminate', neutral: ['eliminate'], notAfter: NEGATION_BEFORE },
  { pattern: 'completely eliminates', neutral: ['eliminates'], notAfter: NEGATION_BEFORE },
  { pattern: 'completely eliminated', neutral: ['eliminated'], notAfter: NEGATION_BEFORE },
  // Not "past and future plans", "the future plans for us" (a verb there).
  { pattern: 'future plans', neutral: ['plans'], notAfter: '(?:and|or|the|what|with|not|versus)' },
  { pattern: 'basic fundamentals', neutral: ['fundamentals', 'basics'] },
  { pattern: 'new innovations', neutral: ['innovations'], notAfter: '(?:and|or|brand)' },
  { pattern: 'revert back', neutral: ['revert'] },
  // Not "a large number of your choice" or "of at least five digits": a number there is a numeral.
  { pattern: 'a large number of', neutral: ['many', 'lots of'], formal: ['many'], notBefore: `(?:your|my|his|her|their|our|at|up|the\\s+form|digits|decimal)(?![\\p{L}])|${DETERMINER_NEXT}` },
  { pattern: 'the intricacies of', neutral: ['the details of', 'the finer points of'] },
  { pattern: 'the majority of the', neutral: ['most of the'], notAfter: MAJORITY_NOT_AFTER, notBefore: MAJORITY_NOT_BEFORE },
  { pattern: 'the majority of', neutral: ['most'], notAfter: MAJORITY_NOT_AFTER, notBefore: `${MAJORITY_NOT_BEFORE}|${DETERMINER_NEXT}` },
  { pattern: 'a majority of', neutral: ['most'], notAfter: MAJORITY_NOT_AFTER, notBefore: `${MAJORITY_NOT_BEFORE}|${DETERMINER_NEXT}` },
  // "most of the", never "most the"; and not "nearly all", which says more than "the vast majority".
  { pattern: 'the vast majority of the', neutral: ['most of the'] },
  { pattern: 'the vast majority of', neutral: ['most'], notBefore: DETERMINER_NEXT },
  // Not "much": in an affirmative sentence "It will save you much money" is not English.
  { pattern: 'a great deal of', neutral: ['a lot of'], formal: ['a great deal of'] },
  // Variety, not number ("a wide variety of plant foods" is the point of a diet article): never "many".
  { pattern: 'a wide variety of', neutral: ['all kinds of'], casual: ['all sorts of', 'all kinds of'], formal: ['a wide variety of'], notBefore: SINGULAR_VERB_NEXT },
  { pattern: 'on a daily basis', neutral: ['every day', 'daily'] },
  { pattern: 'on a regular basis', neutral: ['regularly'] },
  // Not before a verb in -ing: "He is considered to be hiding in Spain" is a belief about what he does.
  { pattern: 'is considered to be', neutral: ['is considered'], casual: ['is seen as'], notBefore: CONSIDERED_NOT_BEFORE },
  { pattern: 'are considered to be', neutral: ['are considered'], casual: ['are seen as'], notBefore: CONSIDERED_NOT_BEFORE },
  // Not plain "with": "they marry with the help of Friar Lawrence" is not "they marry with Friar Lawrence".
  { pattern: 'with the help of', neutral: ['with help from'] },
  { pattern: 'each and every', neutral: ['every'] },
  // Not "the modern world of 1990", nor "the largest empire in the modern world was British" (a past era, not today).
  { pattern: 'in the modern world', neutral: ['today', 'these days'], notBefore: '(?:of(?![\\p{L}])|[^.;:!?]*(?:was|were|had)(?![\\p{L}]))' },
  { pattern: 'in the current era', neutral: ['today', 'these days'] },
  { pattern: 'and thus', neutral: ['and so'] },
  { pattern: 'despite the fact that', neutral: ['although', 'even though'] },
  { pattern: 'in spite of the fact that', neutral: ['although', 'even though'] },
  // Not "This is due to expire" (scheduled) nor "due to the landlord" (owed).
  { pattern: 'this is due to', neutral: ['this is because of'], notBefore: '(?:be|expire|arrive|start|begin|end|close|open|the\\s+landlord|you|us|them|him|her|me|happen|take|launch|finish|come|go|conclude|complete|resume|reopen|return|report|appear|meet|land|leave|depart|retire|vote|sign|publish|release)(?![\\p{L}])' },
  { pattern: 'as a result of', neutral: ['because of'] },
  // "overlooked in the context of driverless cars" is not "overlooked in driverless cars".
  { pattern: 'is a crucial', neutral: ['is a key'] },
  { pattern: 'a crucial role', neutral: ['a key role', 'a major role'], casual: ['a key role', 'a big role'], formal: ['a key role'] },
  { pattern: 'a vital role', neutral: ['a key role', 'a major role'], casual: ['a key role', 'a big role'], formal: ['a key role'] },
  { pattern: 'a significant role', neutral: ['a major role', 'a key role'], casual: ['a big role', 'a key role'], formal: ['a major role'] },
  // Not "above all": a "Second, …" often follows.
  { pattern: 'first and foremost,', neutral: ['first of all,', 'first,'], formal: ['first,'] },
  { pattern: 'first and foremost', neutral: ['first of all'] },
  { pattern: 'in recent years', neutral: ['over the past few years', 'in the last few years'] },
  // Not "instrumental in an effort to", "took part in an effort to": the effort is a noun there.
  { pattern: 'in an effort to', neutral: ['to try to'], notAfter: '(?:instrumental|part|involved|participated|participating|succeeded|engaged|joined|helped|role)' },
  // Only where it opens a sentence or follows a connective: "If it is clear that", "Make sure it is clear that" cannot
  // take a sentence adverb.
  // Nor after a verb or a phrase ("I think it is clear that" is no "I think clearly,"): only at the start or after a connective.
  { pattern: 'it is clear that', neutral: ['clearly,'], notAfter: "(?!(?:but|so|yet|now|thus|hence|therefore)(?![\\p{L}]))[\\p{L}'’]+" },
  { pattern: 'it is evident that', neutral: ['clearly,'], notAfter: "(?!(?:but|so|yet|now|thus|hence|therefore)(?![\\p{L}]))[\\p{L}'’]+" },
];

/** Sentence-opening connectives templated writing overuses, and what to put instead (by register). */
export const CONNECTIVE_OPENERS: Readonly<Record<string, { neutral: readonly string[]; casual?: readonly string[]; formal?: readonly string[] }>> = {
  // "However" contrasts; "still" and "nonetheless" concede ("Some found an association. Nonetheless, other studies found none"
  // says the second finding holds despite the first, which the text did not say).
  however: { neutral: ['however,', 'yet'], casual: ['but'], formal: ['however,'] },
  therefore: { neutral: ['so', 'as a result,'], casual: ['so', "that's why"], formal: ['as a result,', 'for this reason,'] },
  thus: { neutral: ['so', 'as a result,'], casual: ['so'], formal: ['as a result,', 'for this reason,'] },
  hence: { neutral: ['so', 'for this reason,'], formal: ['for this reason,'] },
  similarly: { neutral: ['likewise,', 'in the same way,'] },
  // Not "above all,": it makes a side point the main one.
  importantly: { neutral: [''] },
  indeed: { neutral: ['', 'in fact,'] },
  // "Essentially," says the claim is approximate: never dropped.
  essentially: { neutral: ['essentially,'], casual: ['basically,'] },
  specifically: { neutral: ['in particular,', ''] },
  subsequently: { neutral: ['after that,', 'then,'], casual: ['then'] },
  accordingly: { neutral: ['so', 'for this reason,'], formal: ['for this reason,', 'as a result,'] },
  undoubtedly: { neutral: ['', 'clearly,'], casual: ['no doubt,'] },
  interestingly: { neutral: ['', 'curiously,'], casual: ['funny enough,'] },
};

/** Contractions added in casual registers ("do not" → "don't"); only before a following word. */
export const CONTRACTIONS: ReadonlyArray<[string, string]> = [
  ['do not', "don't"], ['does not', "doesn't"], ['did not', "didn't"], ['is not', "isn't"], ['are not', "aren't"],
  ['was not', "wasn't"], ['were not', "weren't"], ['cannot', "can't"], ['can not', "can't"], ['will not', "won't"],
  ['would not', "wouldn't"], ['should not', "shouldn't"], ['could not', "couldn't"], ['have not', "haven't"],
  ['has not', "hasn't"], ['had not', "hadn't"], ['it is', "it's"], ['that is', "that's"], ['there is', "there's"],
  ['they are', "they're"], ['we are', "we're"], ['you are', "you're"], ['i am', "I'm"], ['let us', "let's"],
  ['what is', "what's"], ['who is', "who's"], ['it will', "it'll"], ['we will', "we'll"], ['they will', "they'll"],
  ['you will', "you'll"], ['i have been', "I've been"], ['we have been', "we've been"], ['they have been', "they've been"],
  ['you have been', "you've been"], ['i will', "I'll"], ['he is', "he's"], ['she is', "she's"], ['here is', "here's"],
  ['he will', "he'll"], ['she will', "she'll"], ['i would', "I'd"], ['you would', "you'd"],
  ['we would', "we'd"], ['they would', "they'd"], ['must not', "mustn't"], ['it has been', "it's been"],
  ['that has been', "that's been"], ['there has been', "there's been"],
];

/** "we have seen" → "we've seen": have/has as an auxiliary, before a past participle only. */
export const AUXILIARY_CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  // A word in -ed before a noun is an adjective, "have" then possesses: "We have limited time" is no "We've limited time".
  // Not a pronoun after "of", which is no subject of "have": "many of you have been here" is no "many of you've been".
  [/(?<![\p{L}'’])(?<!(?<![\p{L}'’])[Oo]f\s+)(I|you|we|they|You|We|They)\s+have\s+(?=(?:been|seen|done|made|had|become|gone|got|gotten|grown|known|taken|given|found|heard|learned|learnt|come|built|written|spent|lost|kept|left|shown)(?![\p{L}'’-])|\p{Ll}{3,}ed(?=\s*(?:[.,;:!?]|$)|\s+(?:the|a|an|my|your|his|her|its|our|their|this|that|these|those|it|them|him|us|me|you|to|in|on|at|for|with|by|from|of|about|up|out|down|off|over|back|all|some|every|no|each|any|so|too|very|here|there|hard|well|since|already|never|ever)(?![\p{L}'’-])))/gu, "$1've "],
];

/** "<stem>n't" where it is not inverted before its subject (a question or a tag: "Isn't it", ", did it"). */
function negative(stem: string): RegExp {
  // Also after a negative adverb that inverts ("Not only didn't he call", "Never have I …").
  const inverted = "(?:^|[,;:(“\"]\\s*|[.!?]\\s+|(?:why|how|what|where|when|who|which|not\\s+only|only\\s+then|never|rarely|seldom|hardly|scarcely|nor|neither)\\s+)";
  const subject = "\\s+(?:i|you|he|she|it|we|they|there|this|that|these|those)(?![\\p{L}'’-])";
  // "can't", "won't", "shan't" are written whole; the group of auxiliaries takes "n't".
  const suffix = stem.startsWith('(') ? "n['’]t" : "['’]t";
  // Inverted, it is kept before a subject pronoun or wherever the sentence is a question ("Can't the city …?").
  return new RegExp(`\\b(?:(?<!${inverted})|(?=\\p{L}+n['’]t(?!${subject})(?![^.!?]*\\?)))${stem}${suffix}\\b`, 'giu');
}

/** Past participles that are no verb's base form nor an adjective before a noun: "'d met" is "had met", never "would met". */
const IRREGULAR_PARTICIPLES = 'met|thought|told|forgotten|grown|bought|brought|caught|taught|found|heard|held|kept|lost|meant|paid|said|sent|sold|spent|stood|understood|written|driven|eaten|fallen|flown|hidden|ridden|risen|shaken|spoken|stolen|sworn|thrown|woken|worn|begun|drunk|rung|sung|sunk|swum|won|struck|hung|built|felt|fought|led|lent|shot|slept|dealt|learnt|burnt|sat|shown|chosen|broken|frozen|forgiven|forbidden|seen|done';

/**
 * Expansions for formal registers; checked in order, so the specific forms come first. "Let's" stays: "Let us get lunch
 * soon" is stilted where "let's" is at home in formal writing too.
 */
export const EXPANSIONS: ReadonlyArray<[RegExp, string]> = [
  // Also after an adverb: "It's never been easier" is "It has never been easier", not "It is never been easier".
  [/\b(it|he|she|that|there|what|who)['’]s(?=\s+(?:(?:never|ever|always|already|just|recently|finally|also|only|not|really|definitely|certainly|probably|still)\s+)?been(?![\p{L}'’-]))/giu, '$1 has'],
  // A participle that is its verb's base, with an object after it: "it's never let me down", "He's always put family
  // first", "It's cut the cost" say "has" ("it is never let me down" broke the sentence).
  [/\b(it|he|she|that|there|what|who|here|where)['’]s(?=\s+(?:(?:never|ever|always|already|just|recently|finally|also|only)\s+)?(?:let|put|set|cost|hit|hurt|cut|quit|shut|spread|come|become|run|beat)\s+(?:me|us|him|her|them|you|it|the|a|an|my|your|his|their|our|its|this|that|these|those|family)(?![\p{L}'’-]))/giu, '$1 has'],
  // "He's got", "She's had three surgeries", "Who's done the dishes?": 's is "has" before a participle that is no adjective.
  [/\b(it|he|she|that|there|what|who|here|where)['’]s(?=\s+(?:had|got|gotten|happened|become|come)(?![\p{L}'’-])|\s+(?:done|seen|taken|given|made|won|lost|spent|told|written|shown|brought|bought|found|eaten|broken|chosen|driven|heard|kept|left|paid|sent|sold|taught|caught)\s+(?:the|a|an|his|her|their|my|your|our|its|this|that|these|those|some|it|them|him|me|us|you|every|all|no|two|three|several|many)(?![\p{L}'’-]))/giu, '$1 has'],
  // "'s" before any other participle with an object is "has" too ("he's received an offer"), but not before a verb of
  // naming or rating, whose participle is passive ("It's called the Kingdom", "she's considered the best").
  [/\b(it|he|she|that|there|what|who|here|where)['’]s(?=\s+(?!(?:called|named|considered|deemed|termed|dubbed|labeled|labelled|voted|elected|crowned|ranked|rated|listed|based|located|needed|required|expected|supposed|allowed|asked|told|advised|designed|meant|set|tied)(?![\p{L}]))\p{Ll}{2,}ed\s+(?:the|a|an|his|her|their|my|your|our|its|this|that|these|those|some|it|them|him|me|us|you|every|all|no|two|three|several|many)(?![\p{L}'’-]))/giu, '$1 has'],
  // … and before a verb with no adjective or passive reading there: "He's gone home", "It's stopped raining", "She's died".
  [/\b(it|he|she|that|there|what|who|here|where)['’]s(?=\s+(?:(?:already|just|never|ever|always|recently|finally|also|only)\s+)?(?:arrived|died|lived|stayed|worked|travell?ed|happened|agreed|decided|moved|snowed|rained|slept|waited|returned|succeeded|gone\s+(?:to|home|back|out|away|off|into|for|on)|passed\s+away|left\s+(?:the|for|home|early|town|work|school|a|his|her)|stopped\s+\p{Ll}+ing|started\s+\p{Ll}+ing|seen\s+better)(?![\p{L}'’-]))/giu, '$1 has'],
  // After an adverb of time, or before a participle that is no adjective: "She's already bought an easel", "He's never met
  // her", "It's grown", "It's cost us a fortune".
  [new RegExp(`\\b(it|he|she|that|there|what|who|here|where)['’]s(?=\\s+(?:(?:already|just|never|ever|recently|finally|long\\s+since)\\s+(?:\\p{Ll}{2,}ed|${IRREGULAR_PARTICIPLES})|(?:met|bought|brought|taught|thought|grown|forgotten|fought|cost)\\s+(?:the|a|an|his|her|their|my|your|our|its|this|that|these|those|some|it|them|him|me|us|you|every|all|no|\\p{N}|up|out|back|off|away|more|less|much)|grown|forgotten)(?![\\p{L}'’-]))`, 'giu'), '$1 has'],
  // A question whose subject follows: "What's he done now?", "Who's she seen?".
  [/\b(what|who|where|how)['’]s(?=\s+(?:he|she|it|they|you|we|i)\s+(?!(?:called|named|based|located|used|supposed|made)(?![\p{L}]))(?:done|been|seen|gone|had|got|\p{Ll}{2,}ed)(?![\p{L}'’-]))/giu, '$1 has'],
  // "He's taken credit for my work", "It's taken place", "It's taken years": "has" (not "It's taken care of").
  [/\b(it|he|she|that|there|what|who|here|where)['’]s(?=\s+(?:(?:already|just|never|ever|now|also|only)\s+)?taken\s+(?:credit|part|place|notice|advantage|charge|control|action|steps|offence|offense|shape|root|hold|effect|years|months|weeks|days|hours|ages|time)(?![\p{L}'’-]))/giu, '$1 has'],
  // "There's many reasons" says "There are".
  [/\b(there)['’]s(?=\s+(?:many|several|few|lots|plenty|two|three|four|five|six|seven|eight|nine|ten|\p{N}+)(?![\p{L}'’-]))/giu, '$1 are'],
  // A negative contraction that opens a question before its subject stays: "Isn't it?", "Don't you think …", "Why
  // didn't they call?" cannot be "Is not it?". Elsewhere ("It isn't there", "I don't know") it is expanded.
  [negative('can'), 'cannot'], [negative('won'), 'will not'], [negative('shan'), 'shall not'],
  [negative('(do|does|did|is|are|was|were|would|should|could|have|has|had|must|need)'), '$1 not'],
  // Not the toast "Here's to many more years" ("Here is to …").
  // Where "'s" before a participle could be either ("He's called twice today", "She's worked since 2015"), it stays.
  // Nor before a participle and a bare noun, where "'s" is "has" as often as "is" ("he's given permission", "she's
  // written books"): "he is taken credit for my work" broke the sentence.
  // Nor before an adverb and a participle that is its base ("It's always run by volunteers", "It's never let out"):
  // "has" or "is" by the sense, so it stays.
  [/\b(it|he|she|that|there|what|who|here|where)['’]s\b(?!\s+(?:never|ever|always|already|just|recently|finally|also|only)\s+(?:let|put|set|cost|hit|hurt|cut|quit|shut|spread|come|become|run|beat|read)(?![\p{L}'’-]))(?!(?<=here['’]s)\s+to(?![\p{L}]))(?!\s+\p{Ll}+(?:ed|en)\s+(?:since|for|twice|already|a\s+lot|so\s+much|all)(?![\p{L}]))(?!\s+(?:taken|given|done|seen|eaten|written|shown|chosen|driven|broken|stolen|spoken|grown|thrown|drawn|won|lost|made|had|got|gotten|become|begun|forgotten)\s+(?!(?:by|to|in|into|on|at|from|for|with|as|care|aback|ill|away|off|out|up|down|over|apart|again|and|or|but|because|when|if|so|too|very|here|there|now|yet)(?![\p{L}]))\p{Ll})/giu, '$1 is'],
  // "I would've laughed" beside "I would be": the modal's "'ve" is expanded with the rest.
  [/\b(would|could|should|might|must)['’]ve\b/giu, '$1 have'],
  [/\b(i)['’]m\b/giu, '$1 am'], [/\b(you|we|they)['’]re\b/giu, '$1 are'],
  [/\b(i|you|we|they)['’]ve\b/giu, '$1 have'], [/\b(i|you|we|they|he|she|it|that|there)['’]ll\b/giu, '$1 will'],
  // "'d" is "had" before a participle and in "I'd better", else "would" ("Still, I'd recommend it" beside "I do not think").
  [new RegExp(`\\b(i|you|we|they|he|she|it|that|there|who)['’]d(?=\\s+better(?![\\p{L}'’-])|\\s+(?:(?:never|just|already|ever|always|not|finally|only|since|once|also|(?!(?:early|only|likely|ugly|holy|silly|lonely|lovely|friendly|daily|weekly|monthly|yearly|family|rally|fly|reply|apply|supply|rely|July)(?![\\p{L}]))\\p{Ll}{2,}ly)\\s+)?(?:been|had|gone|got|gotten|seen|done|taken|made|known|given|left|become|${IRREGULAR_PARTICIPLES}|(?!(?:need|feed|proceed|succeed|exceed|bleed|breed|heed|seed|speed|weed)(?![\\p{L}]))\\p{Ll}{2,}ed)(?![\\p{L}'’-]))`, 'giu'), '$1 had'],
  // Before a verb whose past participle is its base ("we'd read all year", "I'd put it there", "I'd come if I could") "'d"
  // is "had" or "would" by the sense: it stays.
  [/\b(i|you|we|they|he|she|it|that|there|who)['’]d\b(?!\s+(?:(?:never|just|already|ever|always|not|only|also|\p{Ll}{2,}ly)\s+)?(?:read|put|set|cost|hit|let|hurt|cut|quit|shut|spread|bet|cast|burst|come|run)(?![\p{L}'’-]))/giu, '$1 would'],
];

/**
 * Openers a tone may put before a sentence for variety. Only words that assert nothing about how the sentence
 * relates to the one before: "in short", "put simply", "in practice", "then again", "mind you" or "as it happens"
 * (summary, simplification, contrast, caveat, coincidence) put in at random misstate the text, as would an opinion
 * the writer did not give ("strangely", "oddly enough"), or "in general" / "broadly speaking", which made a specific
 * claim a general one. The professional tone adds none: it is concise.
 */
export const OPENERS: Record<Exclude<OpenerStyle, 'none'>, readonly string[]> = {
  casual: ['to be honest,', 'the thing is,', 'look,', 'you know,', 'honestly,', 'frankly,', 'truth be told,'],
  // Not "as it turns out,": it claimed a discovery ("As it turns out, I had severe PTSD at a young age").
  creative: ['you see,', 'truth be told,'],
  academic: ['arguably,'],
  professional: [],
};

/** Connectives and discourse markers: a sentence opening with one gets no opener in front of it. */
export const CONNECTIVES: readonly string[] = [
  'however', 'furthermore', 'moreover', 'additionally', 'also', 'honestly', 'look', 'basically', 'thing is', 'frankly',
  'in fact', 'sure enough', 'as it happens', 'then again', 'still', 'plus', "what's more", 'beyond that', 'in short',
  'put simply', 'in practice', 'arguably', 'on balance', 'broadly speaking', 'in this respect', 'practically speaking',
  'oddly enough', 'in a way', 'as it turns out', 'strangely', 'curiously', 'therefore', 'thus', 'so', 'but', 'and', 'yet',
  'in addition', 'consequently', 'as a result', 'in the end', 'all in all', 'on top of that', 'likewise', 'similarly',
  'indeed', 'nonetheless', 'nevertheless', 'by contrast', 'in particular', 'above all', 'overall', 'for this reason',
  // discourse phrases a replacement may put at the start: no connective may stand before them
  'keep in mind that', 'note that', 'funny enough', 'as for', 'clearly', 'plainly', 'to me', 'i think', 'to be honest',
  'the thing is', 'if you ask me', 'you know', 'mind you', 'that said', "that's why", 'because of this', 'in general',
  'truth be told', 'you see', 'in my view', 'in my opinion',
  // what the connective replacements themselves say ("Subsequently," → "then"): "Honestly, then an ECG was performed" stacks two
  'then', 'after that', 'later', 'beyond this', 'in brief', 'in closing', 'to close', 'in the same way', 'same goes here',
  'no doubt', 'meanwhile', 'hence', 'accordingly', 'subsequently', 'on the other hand', 'in other words', 'admittedly',
  'in contrast', 'conversely', 'besides', 'after all', 'in summary', 'in conclusion', 'to sum up', 'to wrap up', 'ultimately',
  'essentially', 'undoubtedly', 'interestingly', 'importantly', 'notably', 'on one hand', 'on the one hand',
];
