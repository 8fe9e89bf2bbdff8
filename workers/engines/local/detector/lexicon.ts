/**
 * Word lists the detector's features are built on. Kept short and general: they describe English
 * style, not any one domain.
 */

/** Closed-class English words (articles, pronouns, prepositions, conjunctions, auxiliaries). */
export const FUNCTION_WORDS = new Set((
  'a an the this that these those my your his her its our their mine yours hers ours theirs ' +
  'i me you he him she it we us they them myself yourself himself herself itself ourselves themselves ' +
  'who whom whose which what whatever whoever ' +
  'and or but nor so yet for if then than because although though while whereas unless since until ' +
  'of in on at by with from to into onto upon about above below over under between among through during ' +
  'before after against without within along across behind beyond toward towards around near off out up down ' +
  'is am are was were be been being have has had having do does did doing ' +
  'will would shall should can could may might must ought ' +
  'not no never all any both each either neither every few many much more most other some such ' +
  'there here when where why how as just also very too only even still again ever'
).split(' '));

/** Connectives that open sentences in templated writing. */
export const TRANSITIONS = new Set((
  'however moreover furthermore additionally consequently therefore thus overall ultimately ' +
  'similarly likewise conversely nonetheless nevertheless importantly notably indeed hence accordingly ' +
  'subsequently specifically essentially interestingly undoubtedly'
).split(' '));

export const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours']);

/**
 * Phrases and constructions typical of instruction-tuned language models, each with the reason it is
 * listed. Matched case-insensitively on word boundaries. The humanizer replaces the same list.
 */
export const MACHINE_PHRASES: ReadonlyArray<{ phrase: string; why: string }> = [
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
  { phrase: 'in conclusion', why: 'essay-template closer' },
  { phrase: 'in summary', why: 'essay-template closer' },
  { phrase: 'to sum up', why: 'essay-template closer' },
  { phrase: 'overall,', why: 'summary opener' },
  { phrase: 'furthermore', why: 'templated connective' },
  { phrase: 'moreover', why: 'templated connective' },
  { phrase: 'additionally', why: 'templated connective' },
  { phrase: 'in addition,', why: 'templated connective' },
  { phrase: 'in today\'s', why: '"in today\'s fast-paced world" opener' },
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
  { phrase: 'the importance of', why: 'didactic construction' },
  { phrase: 'a wide range of', why: 'stock quantifier' },
  { phrase: 'a variety of', why: 'stock quantifier' },
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
  { phrase: 'not only', why: '"not only ... but also" parallelism' },
  { phrase: 'on the other hand', why: 'balanced-argument template' },
  { phrase: 'when it comes to', why: 'filler construction' },
  { phrase: 'in terms of', why: 'filler construction' },
  { phrase: 'in order to', why: 'filler construction' },
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
  { phrase: 'ultimately', why: 'templated connective' },
  { phrase: 'consequently', why: 'templated connective' },
  { phrase: 'notably', why: 'templated connective' },
  { phrase: 'remarkable', why: 'inflated adjective' },
  { phrase: 'profound', why: 'inflated adjective' },
  { phrase: 'invaluable', why: 'inflated adjective' },
  { phrase: 'commendable', why: 'inflated adjective' },
  { phrase: 'meticulous', why: 'inflated adjective' },
  { phrase: 'meticulously', why: 'inflated adverb' },
];
