/**
 * Word lists the detector's features are built on. Kept short and general: they describe English
 * style, not any one domain.
 */

/** Closed-class English words, shared with the humanizer (text/function-words.ts). */
export { FUNCTION_WORDS } from '../text/function-words.js';

/** Connectives that open sentences in templated writing. */
export const TRANSITIONS = new Set((
  'however moreover furthermore additionally consequently therefore thus overall ultimately ' +
  'similarly likewise conversely nonetheless nevertheless importantly notably indeed hence accordingly ' +
  'subsequently specifically essentially interestingly undoubtedly'
).split(' '));

export const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours']);

/**
 * Phrases and constructions typical of instruction-tuned language models, each with the reason it is
 * listed. Matched case-insensitively on word boundaries. The humanizer replaces the same list. `taught`
 * marks the connectives and essay templates that writing courses teach learners of English ("Furthermore",
 * "In conclusion", "On the other hand"): in plain, short-sentence prose they do not count (PlainRegister).
 */
export const MACHINE_PHRASES: ReadonlyArray<{ phrase: string; why: string; taught?: true }> = [
  { phrase: 'delve', why: 'rare in ordinary prose, very frequent in chatbot output' },
  { phrase: 'delves', why: 'as above' },
  { phrase: 'delving', why: 'as above' },
  { phrase: 'tapestry', why: 'stock metaphor ("rich tapestry of")' },
  { phrase: 'testament to', why: 'stock praise construction' },
  { phrase: 'it is important to note', why: 'hedging filler' },
  { phrase: 'it\'s important to note', why: 'hedging filler' },
  { phrase: 'it is worth noting', why: 'hedging filler' },
  { phrase: 'it is essential to', why: 'didactic filler' },
  { phrase: 'it is crucial to', why: 'didactic filler' },
  { phrase: 'in conclusion', why: 'essay-template closer', taught: true },
  { phrase: 'in summary', why: 'essay-template closer', taught: true },
  { phrase: 'to sum up', why: 'essay-template closer', taught: true },
  { phrase: 'overall,', why: 'summary opener', taught: true },
  { phrase: 'furthermore', why: 'templated connective', taught: true },
  { phrase: 'moreover', why: 'templated connective', taught: true },
  { phrase: 'additionally', why: 'templated connective', taught: true },
  { phrase: 'in addition,', why: 'templated connective', taught: true },
  { phrase: 'in today\'s', why: '"in today\'s fast-paced world" opener', taught: true },
  { phrase: 'fast-paced world', why: 'stock opener' },
  { phrase: 'ever-evolving', why: 'stock adjective' },
  { phrase: 'ever-changing', why: 'stock adjective' },
  { phrase: 'landscape of', why: 'abstract "landscape" metaphor' },
  { phrase: 'realm of', why: 'abstract "realm" metaphor' },
  { phrase: 'plays a crucial role', why: 'stock construction' },
  { phrase: 'plays a vital role', why: 'stock construction' },
  { phrase: 'plays a pivotal role', why: 'stock construction' },
  { phrase: 'a crucial role', why: 'stock construction' },
  { phrase: 'pivotal', why: 'inflated adjective' },
  { phrase: 'paramount', why: 'inflated adjective' },
  { phrase: 'multifaceted', why: 'inflated adjective' },
  { phrase: 'intricate', why: 'inflated adjective' },
  { phrase: 'intricacies', why: 'inflated noun' },
  { phrase: 'nuanced', why: 'inflated adjective' },
  { phrase: 'holistic', why: 'inflated adjective' },
  { phrase: 'seamless', why: 'marketing adjective' },
  { phrase: 'seamlessly', why: 'marketing adverb' },
  { phrase: 'robust', why: 'inflated adjective' },
  { phrase: 'leverage', why: 'business jargon verb' },
  { phrase: 'leveraging', why: 'business jargon verb' },
  { phrase: 'utilize', why: 'inflated "use"' },
  { phrase: 'utilizing', why: 'inflated "using"' },
  { phrase: 'foster', why: 'stock verb ("foster a sense of")' },
  { phrase: 'fostering', why: 'stock verb' },
  { phrase: 'a sense of', why: 'stock construction' },
  { phrase: 'embark', why: 'journey metaphor' },
  { phrase: 'journey', why: 'journey metaphor' },
  { phrase: 'navigate the', why: 'navigation metaphor' },
  { phrase: 'navigating the', why: 'navigation metaphor' },
  { phrase: 'unlock', why: 'marketing metaphor' },
  { phrase: 'unleash', why: 'marketing metaphor' },
  { phrase: 'harness', why: 'marketing metaphor' },
  { phrase: 'elevate', why: 'marketing verb' },
  { phrase: 'showcase', why: 'marketing verb' },
  { phrase: 'showcasing', why: 'marketing verb' },
  { phrase: 'underscore', why: 'stock verb' },
  { phrase: 'underscores', why: 'stock verb' },
  { phrase: 'highlights the importance', why: 'stock construction' },
  { phrase: 'the importance of', why: 'didactic construction', taught: true },
  { phrase: 'a wide range of', why: 'stock quantifier' },
  { phrase: 'a variety of', why: 'stock quantifier', taught: true },
  { phrase: 'various', why: 'vague quantifier' },
  { phrase: 'numerous', why: 'inflated quantifier' },
  { phrase: 'myriad', why: 'inflated quantifier' },
  { phrase: 'plethora', why: 'inflated quantifier' },
  { phrase: 'vibrant', why: 'stock adjective' },
  { phrase: 'bustling', why: 'stock adjective' },
  { phrase: 'crucial', why: 'inflated adjective' },
  { phrase: 'vital', why: 'inflated adjective' },
  { phrase: 'essential', why: 'inflated adjective' },
  { phrase: 'significant', why: 'inflated adjective' },
  { phrase: 'significantly', why: 'inflated adverb' },
  { phrase: 'comprehensive', why: 'inflated adjective' },
  { phrase: 'enhance', why: 'inflated verb' },
  { phrase: 'enhancing', why: 'inflated verb' },
  { phrase: 'ensure', why: 'didactic verb' },
  { phrase: 'ensuring', why: 'didactic verb' },
  { phrase: 'not only', why: '"not only ... but also" parallelism', taught: true },
  { phrase: 'on the other hand', why: 'balanced-argument template', taught: true },
  { phrase: 'when it comes to', why: 'filler construction', taught: true },
  { phrase: 'in terms of', why: 'filler construction', taught: true },
  { phrase: 'in order to', why: 'filler construction', taught: true },
  { phrase: 'due to the fact that', why: 'filler construction' },
  { phrase: 'as an ai', why: 'self-reference of a model' },
  { phrase: 'i hope this helps', why: 'assistant closer' },
  { phrase: 'feel free to', why: 'assistant closer' },
  { phrase: 'let\'s dive', why: 'assistant opener' },
  { phrase: 'dive into', why: 'assistant opener' },
  { phrase: 'game-changer', why: 'marketing cliché' },
  { phrase: 'cutting-edge', why: 'marketing cliché' },
  { phrase: 'state-of-the-art', why: 'marketing cliché' },
  { phrase: 'in the world of', why: 'stock opener' },
  { phrase: 'stands as', why: 'stock construction' },
  { phrase: 'serves as', why: 'stock construction' },
  { phrase: 'ultimately', why: 'templated connective', taught: true },
  { phrase: 'consequently', why: 'templated connective', taught: true },
  { phrase: 'notably', why: 'templated connective' },
  { phrase: 'remarkable', why: 'inflated adjective' },
  { phrase: 'profound', why: 'inflated adjective' },
  { phrase: 'invaluable', why: 'inflated adjective' },
  { phrase: 'commendable', why: 'inflated adjective' },
  { phrase: 'meticulous', why: 'inflated adjective' },
  { phrase: 'meticulously', why: 'inflated adverb' },
];

/** The taught phrases, as findMachinePhrases keys them. */
export const TAUGHT_PHRASES: ReadonlySet<string> = new Set(MACHINE_PHRASES.filter((p) => p.taught).map((p) => p.phrase));
