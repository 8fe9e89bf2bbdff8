/** English function words: articles, pronouns, prepositions, conjunctions, auxiliaries and common adverbs. */
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
