/**
 * Interchangeable English words, curated so that each group keeps one sense: ordered from plainest to
 * most formal, all in the same part of speech and inflection, and swapped only where the tagger reads
 * the word in that part of speech. Readability picks towards either end; variation picks any other
 * member. Machine-typical words (machine-phrases.ts) only appear as sources, never as targets.
 */

/** Universal POS tag each group's members carry in running text. */
export type SynonymPos = 'VERB' | 'NOUN' | 'ADJ' | 'ADV' | 'ADP';

const GROUPS: Readonly<Record<SynonymPos, readonly string[]>> = {
  // only forms that cannot be read as nouns or adjectives in ordinary prose; the tagger checks it too
  VERB: [
    'admit|acknowledge', 'admits|acknowledges', 'earn|garner', 'choose|opt for', 'chose|opted for', 'deserve|merit', 'ignore|disregard',
    'ignores|disregards', 'involve|entail', 'involves|entails', 'affect|impact', 'affects|impacts', 'affected|impacted', 'affecting|impacting',
    'include|encompass', 'includes|encompasses', 'helps|assists', 'helped|assisted', 'showed|demonstrated', 'shows|demonstrates',
    'showing|demonstrating', 'show|demonstrate', 'bought|purchased', 'started|began',
    'try|attempt', 'tries|attempts', 'tried|attempted',
    'makes sure|ensures', 'improve|enhance', 'improves|enhances', 'improved|enhanced',
    'improving|enhancing',
    'asked|inquired', 'lead to|result in', 'leads to|results in', 'led to|resulted in', 'seem|appear', 'seems|appears', 'seemed|appeared', 'picked|selected', 'choose|select',
    'strengthen|bolster', 'carried out|conducted', 'dig into|delve into', 'digs into|delves into', 'digging into|delving into', 'use|leverage|utilize', 'uses|leverages|utilizes',
    'using|leveraging|utilizing', 'used|utilized', 'encourage|foster', 'encourages|fosters',
    'encouraging|fostering', 'show|showcase', 'shows|showcases', 'showing|showcasing',
    'start|embark on', 'use|harness', 'simplify|streamline',
    'making sure|ensuring', 'make sure|ensure',
    'get|obtain', 'gets|obtains', 
    'help|assist', 'buy|purchase', 'have|possess', 'has|possesses', 
    'take part in|participate in', 'takes part in|participates in', 'taking part in|participating in', 'took part in|participated in',
    'face|encounter', 'faces|encounters', 'facing|encountering',
'try to|seek to|strive to', 'tries to|seeks to|strives to', 'trying to|seeking to|striving to', 'boost|bolster', 'build|construct', 'talk about|discuss', 'talks about|discusses',
    'talking about|discussing', 'talked about|discussed', 'help|aid', 'think about|contemplate', 'take part|participate', 'takes part|participates', 'taking part|participating',
    'get|receive', 'gets|receives', 'getting|receiving', 'want|desire', 'wants|desires', 'stop|cease', 'stops|ceases',
  ],
  NOUN: [
    'supporters|proponents', 'flaws|shortcomings', 'photos|photographs',
    'photo|photograph', 'medicine|medication', 'health|wellness', 
    'focus|emphasis', 'roots|origins', 'heart|essence',
    'goals|objectives', 'problems|difficulties', 'idea|notion', 'ideas|notions',
    'result|outcome', 'results|outcomes', 'kinds|types',
    'mix|tapestry', 'details|intricacies',
    'world|realm', 'use|utilization', 'help|assistance', 'downsides|drawbacks', 'upsides|advantages', 
    'effects|consequences', 'abilities|capabilities',
    'aims|objectives',
    'downsides|disadvantages', 'downside|disadvantage',
    'parts|components', 'part|component', 'goal|objective', 'aim|objective', 'effort|endeavor', 'efforts|endeavors', 'reason|rationale',
    'use|usage', 'buyers|purchasers', 'ability|capability', 
    'duties|responsibilities', ],
  ADJ: [
    'huge|vast', 'wrong|incorrect', 'required|compulsory|mandatory', 'social|societal', 'bigger|larger',
    'big|large', 'hard|difficult|arduous',
    'simple|straightforward', 'clear|evident', 'fast|quick', 'whole|entire',
    'many|numerous', 'crucial|vital', 
    'useful|helpful', 'common|prevalent', 'unusual|anomalous',
    'huge|enormous|immense', 'careful|meticulous', 'busy|bustling', 'smooth|seamless',
    'key|paramount', 'worthy|commendable', 'complex|intricate', 'different|various', 
    'possible|potential', 'likely|probable',
    'hard|challenging', 'tough|demanding', 'key|crucial|vital', 'needed|requisite', 'main|key|core',
    'good|favorable', 'harmful|detrimental', 'new|novel',
    'real|tangible', 'full|comprehensive', 'enough|sufficient', 'lasting|enduring', 'current|existing', 'helpful|advantageous',
  ],
  ADV: [
    'basically|essentially', 'exactly|precisely', 'hugely|enormously|tremendously', 'relatively|comparatively', 'just|merely',
    
    'mostly|largely|predominantly', 'often|frequently', 'sometimes|occasionally', 'quickly|rapidly|swiftly',
    'mainly|primarily', 'maybe|perhaps', 'really|truly|genuinely',
    'greatly|considerably', 'especially|particularly',
    'smoothly|seamlessly', 'carefully|meticulously', 'first|firstly', 
    'clearly|obviously', 'completely|entirely', 'also|additionally',
    'easily|readily', 'partly|partially', 'possibly|potentially', 'properly|appropriately', ],
  ADP: ['about|regarding|concerning', 'among|amongst'],
};

export interface SynonymEntry { group: readonly string[]; index: number; pos: SynonymPos }

/** Lower-cased word or phrase → its groups (a word can sit in several, e.g. as noun and verb). */
export const SYNONYMS: ReadonlyMap<string, SynonymEntry[]> = (() => {
  const map = new Map<string, SynonymEntry[]>();
  for (const [pos, lines] of Object.entries(GROUPS) as Array<[SynonymPos, readonly string[]]>) {
    for (const line of lines) {
      const group = line.split('|');
      group.forEach((w, index) => {
        const list = map.get(w) ?? [];
        list.push({ group, index, pos });
        map.set(w, list);
      });
    }
  }
  return map;
})();

/** Longest source phrase in words, for the matcher's look-ahead. */
export const MAX_SYNONYM_WORDS = Math.max(...[...SYNONYMS.keys()].map((k) => k.split(' ').length));
