/**
 * Interchangeable English words, each group ordered from plainest to most formal, all in the same
 * part of speech and inflection. Readability picks towards either end; variation picks any other
 * member. Words from the detector's machine-phrase list only appear as sources, never as targets.
 */

const GROUPS: readonly string[] = [
  // verbs (only forms that cannot be read as nouns or adjectives in ordinary prose)
  'using|employing', 'helps|assists', 'helped|assisted', 'showed|demonstrated', 'shows|demonstrates',
  'showing|demonstrating', 'show|demonstrate', 'obtain|acquire', 'obtained|acquired', 'bought|purchased', 'started|began',
  'ended|finished|concluded', 'try|attempt', 'tries|attempts', 'tried|attempted', 'needed|required', 'guarantee|ensure',
  'guarantees|ensures', 'guaranteeing|ensuring', 'improve|enhance', 'improves|enhances', 'improved|enhanced',
  'improving|enhancing', 'give|provide', 'gives|provides', 'gave|provided',
  'giving|providing', 'changed|modified|altered', 'checked|verified', 'tell|inform', 'told|informed',
  'asked|inquired', 'point out|highlight|underscore', 'points out|highlights|underscores', 'pointed out|highlighted',
  'lead to|result in', 'leads to|results in', 'led to|resulted in', 'dealt with|addressed', 'set up|establish',
  'sets up|establishes', 'grow|expand', 'grew|expanded', 'grows|expands', 'reduced|diminished', 'allowed|permitted',
  'seem|appear', 'seems|appears', 'seemed|appeared', 'picked|selected', 'choose|select', 'chose|selected',
  'went up|increased', 'went down|decreased', 'lived|resided', 'wanted|wished', 'linked|connected|associated',
  'explain|clarify|elucidate', 'explains|clarifies|elucidates', 'explained|clarified', 'learn|discover',
  'learned|discovered', 'shaped|influenced', 'strengthen|bolster', 'backed|supported|endorsed', 'met|encountered',
  'hand out|distribute', 'carried out|conducted|performed', 'delve into|dig into|explore', 'delves into|digs into|explores',
  'delving into|digging into|exploring', 'leverage|use|draw on', 'leveraging|using|drawing on', 'utilize|use|employ',
  'utilizing|using|employing', 'utilized|used|employed', 'foster|encourage|cultivate', 'fosters|encourages|cultivates',
  'fostering|encouraging|cultivating', 'showcase|show|display', 'showcases|shows|displays', 'showcasing|showing|displaying',
  'embark on|start|undertake', 'unlock|open up|release', 'harness|use|channel', 'elevate|raise|lift',
  // nouns
  'job|task', 'jobs|tasks', 'goals|objectives', 'problems|difficulties', 'idea|notion|concept', 'ideas|notions|concepts',
  'result|outcome', 'results|outcomes', 'chance|opportunity', 'chances|opportunities', 'kinds|types|categories',
  'area|field|domain', 'areas|fields|domains', 'buyers|customers|consumers', 'money|funds', 'growth|expansion',
  'effects|consequences|ramifications', 'proof|evidence', 'aspect|dimension|facet', 'aspects|dimensions|facets',
  'landscape|scene|terrain', 'journey|path|trajectory', 'realm|world|sphere', 'tapestry|mix|mosaic',
  'intricacies|details|subtleties', 'testament|sign|proof',
  // adjectives
  'big|large|substantial', 'small|minor|modest', 'main|chief|principal', 'central|pivotal', 'difficult|arduous',
  'easy|simple|straightforward', 'evident|apparent', 'fast|quick|rapid', 'quickly|rapidly|swiftly', 'slowly|gradually',
  'whole|entire', 'multiple|numerous', 'different|distinct|disparate', 'important|significant|notable',
  'crucial|vital|critical', 'essential|necessary|indispensable', 'useful|helpful|beneficial', 'strong|robust|resilient',
  'wide|broad|extensive', 'common|prevalent|widespread', 'rare|scarce|uncommon', 'real|genuine|authentic',
  'odd|unusual|anomalous', 'huge|enormous|immense', 'careful|thorough|meticulous',
  'detailed|intricate|elaborate', 'complicated|complex|multifaceted', 'lively|vibrant|dynamic', 'busy|bustling',
  'smooth|seamless', 'varied|diverse|heterogeneous', 'several|various|assorted', 'deep|profound',
  'striking|remarkable|extraordinary', 'basic|fundamental|elementary', 'exact|precise', 'main|primary',
  'thorough|comprehensive|exhaustive', 'key|pivotal|paramount', 'valuable|invaluable', 'praiseworthy|commendable',
  'holistic|overall|integrated', 'nuanced|subtle|fine-grained',
  // adverbs and connectives
  'mostly|largely|predominantly', 'often|frequently', 'sometimes|occasionally|intermittently',
  'mainly|primarily|principally', 'nearly|almost|virtually', 'maybe|perhaps|possibly', 'really|truly|genuinely',
  'finally|eventually|ultimately', 'quite|fairly', 'greatly|considerably|significantly', 'especially|particularly',
  'because of|owing to', 'smoothly|seamlessly', 'carefully|meticulously', 'a lot of|a wide range of', 'many|numerous',
];

export interface SynonymEntry { group: readonly string[]; index: number }

/** Lower-cased word or phrase → its groups (a word can sit in several, e.g. as noun and verb). */
export const SYNONYMS: ReadonlyMap<string, SynonymEntry[]> = (() => {
  const map = new Map<string, SynonymEntry[]>();
  for (const line of GROUPS) {
    const group = line.split('|');
    group.forEach((w, index) => {
      const list = map.get(w) ?? [];
      list.push({ group, index });
      map.set(w, list);
    });
  }
  return map;
})();

/** Longest source phrase in words, for the matcher's look-ahead. */
export const MAX_SYNONYM_WORDS = Math.max(...[...SYNONYMS.keys()].map((k) => k.split(' ').length));
