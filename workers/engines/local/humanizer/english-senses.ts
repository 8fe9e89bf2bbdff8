/**
 * The senses a synonym group does not share: a source word stays where the text right before it (before) or right
 * after it (after) shows it in a sense, idiom, term of art or grammatical frame its plainer partner lacks ("acquire a
 * company", "appear in court", "never cease to amaze", "rental assistance", "a sufficient condition"). Kept from
 * readings and probes of realistic and adversarial sentences (test/fixtures/synonym-senses.json holds them).
 */
const AFTER_WORD = (words: string): RegExp => new RegExp(`^\\s+(?:${words})(?![\\p{L}])`, 'iu');
const BEFORE_WORD = (words: string): RegExp => new RegExp(`(?:^|[^\\p{L}])(?:${words})\\s+$`, 'iu');
/** A study's outcomes are what it measures: "outcomes were assessed at weeks 4, 8 and 12" is no "results were assessed". */
const MEASURED = '(?:were|was|are|is|will\\s+be)\\s+(?:assessed|measured|recorded|evaluated|compared|analy[sz]ed|collected|reported|monitored)';
const ACKNOWLEDGE = /^(?!\s+(?:it|this|the\s+(?:fact|problem|mistake|error|truth)|(?:their|his|her|our|my|your|its)\s+(?:mistakes?|errors?|faults?|failures?|guilt))(?![\p{L}]))/iu;
/** A test of the text before or after a source word (a regular expression, or several). */
interface SideTest { test(side: string): boolean }
interface SourceGuard { before?: SideTest; after?: SideTest }
/** "full of potential", "potential energy": a noun or a term, not "possible" (which only fits before a noun). */
const POTENTIAL_AFTER = /^(?:\s+energy(?![\p{L}])|(?!\s+(?!(?:for|to|in|of|and|or|is|are|was|were|that|which|as|at|on|with|by|from|but|so|than)(?![\p{L}]))\p{L}))/iu;
/**
 * What "possible" can say in place of "potential": what may happen, be the case or be chosen. The word between is a
 * modifier, not a verb: in "of childbearing potential must use contraception" "use" is no noun.
 */
const POTENTIAL_POSSIBLE = AFTER_WORD('(?:(?!(?:must|should|shall|may|might|can|could|will|would|is|are|was|were|has|have|had|to)\\s)[\\p{L}-]+\\s+)?(?:risks?|benefits?|problems?|issues?|causes?|solutions?|side\\s+effects?|threats?|dangers?|consequences?|impacts?|effects?|drawbacks?|harms?|bias|biases|errors?|conflicts?|complications?|explanations?|reasons?|pitfalls?|hazards?|challenges?|obstacles?|barriers?|applications?|uses?|options?|ways?|changes?|improvements?|outcomes?|scenarios?|sources?|signs?|symptoms?|delays?|disruptions?|concerns?|downsides?|interactions?|implications?|limitations?)');
/** A name right before the word ("React component"), not a capitalised determiner opening the sentence ("The component"). */
const NAMED_BEFORE = /(?:^|\s)(?!(?:The|A|An|Each|Every|All|Its|Their|Our|Your|His|Her|My|This|These|Those|That|Some|Many|Most|Other|Key|Main|Two|Three|Several|Both)\s)\p{Lu}[\p{L}\p{N}.+#-]*\s+$/u;
/** Words before "component(s)" that make it a term of software or electronics. */
const COMPONENT_TERM = /(?:^|[^\p{L}])(?:ui|software|hardware|server|client|web|front-?end|back-?end|electronic|electrical|circuit|system|stereo|page|reusable|functional|class|child|parent|custom|shared|form|button|principal|horizontal|vertical|x|y|z|normal|tangential|radial|axial|perpendicular|parallel|orthogonal|vector|connected|independent|frequency|fourier|real|imaginary|random|systematic|seasonal|trend|noise|dc|ac|active|reactive)\s+$/iu;
/** What comes before "assistance" given, asked for or needed: a preposition, a determiner, a possessive, a verb of asking or giving. */
const ASSISTANCE_PLAIN_BEFORE = /(?:^|[^\p{L}'’-])(?:for|with|of|without|your|our|their|his|her|my|its|the|any|some|no|more|much|little|need|needs|needed|needing|provide|provides|provided|providing|offer|offers|offered|offering|request|requests|requested|ask|asks|asked|seek|seeks|sought|seeking|get|gets|got|receive|receives|received|receiving|require|requires|required|appreciate|appreciated|give|gives|gave|given|immediate|further|additional|extra|any\s+further)\s+$|^\s*$/iu;
/** Nouns "large" goes with where "big" does not: "a large amount", "large language models", "the large intestine". */
/** … and the measures of statistics, where "large" is a term (Cohen's "a large effect"; "a larger sample", "a large trial"). */
const LARGE_TERMS = 'intestine|extent|part|degree|print|scale|caps?|numbers?|amounts?|quantit(?:y|ies)|sums?|volumes?|portions?|doses?|proportions?|shares?|majority|percentage|language\\s+models?|effects?|effect\\s+sizes?|samples?|sample\\s+sizes?|trials?|cohorts?|studies|study|differences?|variances?|standard\\s+deviations?|standard\\s+errors?|correlations?|associations?|datasets?|data\\s+sets?|corpora|corpus|populations?';
/** A statistic and the verb that says what it was ("the effect was", "the mean difference was also"), right before an adjective. */
const STATISTIC_IS = /(?:^|[^\p{L}])(?:mean|median|average|effect|effects|effect\s+size|difference|differences|correlation|correlations|association|change|changes|gain|gains|variance|sample|samples|gap|odds\s+ratio|hazard\s+ratio|coefficient|estimate)(?:\s+[^\s.;:!?]+){0,6}\s+(?:is|was|are|were|be|been|remained|seemed|appeared)\s+(?:also\s+|very\s+|relatively\s+|fairly\s+|quite\s+|not\s+|still\s+)?$/iu;
/** A person: what "helpful", "difficult", "straightforward" say of people, their plain partners do not. */
const PERSON = 'member|person|people|staff|friend|neighbou?r|teacher|student|classmate|colleague|team|boy|girl|child|children|kid|nurse|doctor|volunteer|man|woman|men|women|customer|client|patient|boss|teenager|toddler|baby|partner|guest|host|guide|manager|employee|guy';
/** What "improve" can say of "enhance": something good made better (in science and law "enhance" only increases). */
const ENHANCE_GOOD = AFTER_WORD('(?:(?:the|their|its|our|your|his|her|my|a|an|this|these|that|overall|user|customer|student|students\\x27|employee|patient|guest|visitor|team|brand|online|digital|daily|everyday|public|personal|mental|physical|academic)\\s+){0,3}(?:experiences?|quality|performance|skills?|learning|security|safety|productivity|efficiency|communication|understanding|knowledge|health|well-?being|life|lives|engagement|collaboration|creativity|appearance|look|looks|flavou?rs?|taste|mood|service|services|reputation|value|visibility|accessibility|usability|reliability|satisfaction|competitiveness|resilience|education|teaching|care|relationships?|confidence|morale|clarity|readability|comfort|convenience|design|workflow|process|processes|outcomes?|results?|abilities|ability|capabilities|features?|functionality|teamwork|cooperation|trust|growth\\s+mindset|writing|reading|listening|speaking)');
/** An adversity: what one "faces" rather than meets ("encounter friendly locals" is no "face friendly locals"). */
const ADVERSITY = AFTER_WORD('(?:(?:a|an|the|some|many|several|any|more|new|serious|significant|major|unexpected|common|similar|such|these|those|other|technical|financial|legal)\\s+){0,2}(?:problems?|difficult(?:y|ies)|obstacles?|challenges?|resistance|opposition|competition|barriers?|delays?|risks?|hardships?|discrimination|hostility|criticism|setbacks?|issues?|troubles?|dangers?|threats?|errors?|bugs?|failures?|complications?|limitations?|constraints?|pushback|headwinds|turbulence)');
/** A noun after an adjective makes it attributive: "a numerous family" stays, "numerous species" is "many species". */
const ATTRIBUTIVE = /^\s+(?!(?:on|in|at|to|and|or|for|with|among|enough|than|as|but|when|if|because|throughout|about|by|from|of|that|which|who)(?![\p{L}]))\p{L}/iu;
/** Fostering a child or an animal: care, not encouragement. */
const FOSTER_CARE = AFTER_WORD('(?:(?:a|an|the|two|three|several|many|more|our|their|his|her)\\s+)?(?:[\\p{L}-]+\\s+)?(?:dogs?|cats?|kittens?|puppies|pupp?y|pets?|animals?|children|child|kids?|bab(?:y|ies)|teens?|youth|infants?)');
/** What "make sure" can take after "ensure": a clause, never a noun phrase ("making sure effective communication"). */
const ENSURE_CLAUSE = /^(?!\s+(?:that|they|we|you|he|she|everyone|everybody)(?![\p{L}]))/iu;
/** What is "readily" done easily, not willingly: "readily available", "readily understood". */
const READILY_EASILY = AFTER_WORD('available|accessible|apparent|understood|understandable|absorbed|visible|obvious|identifiable|identified|recogni[sz]able|recogni[sz]ed|observable|observed|detectable|detected|soluble|dissolved|adaptable|adapted|achievable|obtainable|transferable|comprehensible|evident|seen|found|explained|reproduced|verified|measured|usable|searchable|digestible|biodegradable|convertible|converted|portable|replaceable|available\\s+to');
/** Words that make a sentence about code. */
const CODE_CONTEXT = /(?<![\p{L}])(?:typescript|javascript|python|rust|java|kotlin|swift|haskell|compiler|generics?|interfaces?|unions?|structs?|enums?|variables?|functions?|parameters?|arguments?|schema|api|json|sql)(?![\p{L}])/iu;
/** What is "novel" in the sense of "new": an approach, a method, a finding. */
const NOVEL_THING = AFTER_WORD('(?:[\\p{L}-]+\\s+)?(?:approach|idea|method|way|solution|technique|treatment|therapy|concept|design|feature|strategy|insight|finding|compound|drug|material|process|system|tool|framework|mechanism|variant|species|virus|model|algorithm|perspective|form|use|application|target|gene|protein|architecture|experience|situation|problem|challenge|question|combination|opportunit(?:y|ies)|product|service)s?');
/** Nothing after the word but a mark or the end: a verb there has no object. */
const NO_OBJECT = /^\s*(?:[,.;:!?)]|$)/u;
const PERFECT_OR_PASSIVE = /(?:^|[^\p{L}])(?:have|has|had|having|be|been|being|is|are|was|were|get|gets|got)\s+(?:\p{L}+ly\s+)?$/iu;

const SOURCE_GUARDS: ReadonlyMap<string, SourceGuard> = new Map<string, SourceGuard>([
  ['acknowledge', { after: ACKNOWLEDGE }], ['acknowledges', { after: ACKNOWLEDGE }],
  // "appeared in court", "appears in Figure 2": only "appear to/that/as/like" is "seem".
  // Nor "appear as Juliet", "appears as a link" (is shown as), "appeared to the shepherds" (was seen by), "failed to appear".
  ...['appear', 'appears', 'appeared'].map((w) => [w, {
    before: BEFORE_WORD('fail(?:s|ed|ing)?\\s+to|failure\\s+to|summons\\s+to|ordered\\s+to|required\\s+to|due\\s+to'),
    after: /^(?!\s+(?:to(?!\s+(?:the|a|an|him|her|them|me|us|you|his|their|its|our|my|your|\p{Lu}))|that|like|as\s+(?:if|though))(?![\p{L}]))/u,
  }] as [string, SourceGuard]),
  // "food remains", "the remains of": the noun, not the verb "stays".
  // "the essence of X" is "the heart of X"; "in essence" and "their essence" are not.
  // … nor "essence of vanilla", a flavouring.
  ['essence', { before: BEFORE_WORD('in|drops?\\s+of|teaspoons?\\s+of|spoons?\\s+of'), after: /^(?!\s+of(?![\p{L}]))|^\s+of\s+(?:vanilla|almond|peppermint|mint|lemon|orange|rose|coffee|violet|lavender)(?![\p{L}])/iu }],
  // "the circumstances leading to the crash", "the circumstances of his death": the facts around an event, not "situations".
  ['circumstances', { before: BEFORE_WORD('under\\s+(?:no|these|those|the|such|any)'), after: AFTER_WORD('leading|that\\s+led|surrounding|of|behind|around|in\\s+which|under\\s+which') }],
  // "result in", "result from" are verbs; "full of potential" is a noun ("potential" → "possible" only before a noun).
  ...['result', 'results'].map((w) => [w, { before: BEFORE_WORD('as\\s+a'), after: AFTER_WORD('in|from') }] as [string, SourceGuard]),
  // A phrasal target ("talk about", "point out", "look at") needs its object: not before a mark ("to discuss, review").
  // A cross-reference keeps "discussed": "As discussed above" is no "As talked about above".
  ...['discuss', 'discussed', 'discusses', 'discussing', 'highlight', 'highlights', 'highlighted',
    'implement', 'implemented', 'implementing', 'implements'].map((w) => [w, {
    after: /^\s*(?:[,.;:!?)]|$)|^\s+(?:on|with|about|at|in|for|to|over|upon|above|below|earlier|previously|later|here|elsewhere|before|further)(?![\p{L}])/iu,
  }] as [string, SourceGuard]),
  // Past participles whose plain partner's participle differs: "had been demonstrated" is not "had been showed".
  ...['opted for', 'participated in'].map((w) => [w, { before: PERFECT_OR_PASSIVE }] as [string, SourceGuard]),
  // "make sure" takes a clause: "ensure that …", "ensure they …", never a noun phrase ("making sure effective communication").
  ...['ensure', 'ensuring'].map((w) => [w, { after: ENSURE_CLAUSE }] as [string, SourceGuard]),
  // Fixed terms whose word has no plainer partner there: "at large", "by and large", "the large intestine", "to a large
  // extent"; "probable cause"; "rapid eye movement", "a rapid antigen test"; "blood types".
  // A size after a count is a grade of a recipe or an order ("4 large eggs", "2 large onions", "one large pizza", "extra large"),
  // which "big" is not; so is the size of an egg, a drink or a pizza with no count ("a large egg", "a large latte").
  // A statistic said to be large ("the mean change in the placebo group was also large") is one too.
  ['large', { before: { test: (b: string): boolean => /(?:^|[^\p{L}])(?:at|by\s+and|[\p{N}\uE000-\uE019]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|extra)\s+$/iu.test(b) || STATISTIC_IS.test(b) }, after: AFTER_WORD(`${LARGE_TERMS}|eggs?|egg\\s+yolks?|pizzas?|coffees?|lattes?|cappuccinos?|fries|sodas?|drinks?|popcorn`) }],
  ['larger', { before: STATISTIC_IS, after: AFTER_WORD(LARGE_TERMS) }],
  // "the vast majority" is a set phrase.
  ['vast', { after: AFTER_WORD('majority') }],
  // "probable cause"; "5 probable cases" (an epidemiologist's class, beside confirmed and suspected ones).
  ['probable', { after: AFTER_WORD('cause|cases?') }],
  // "participating children's vocabulary": an adjective, not "taking part children's".
  ['participating', { after: /^(?!\s+in(?![\p{L}]))/iu }],
  // "frequently asked questions" is a fixed name.
  ['frequently', { after: AFTER_WORD('asked') }],
  // … and "rapid modernization", "rapid urbanization": a historian's fixed phrase.
  ['rapid', { after: AFTER_WORD('eye|transit|prototyping|fire|antigen|tests?|testing|diagnostic|response\\s+team|\\p{L}+(?:ization|isation)') }],
  // "advantages over children" compares: "upsides" takes no "over".
  // Terms of economics and strategy: "competitive advantages", "tax advantages".
  ...['advantage', 'advantages'].map((w) => [w, {
    before: BEFORE_WORD('competitive|comparative|absolute|tax|fiscal|cost|strategic|first-mover|home|home-field|unfair|economic|evolutionary|selective|military|natural|mechanical'),
    after: AFTER_WORD('over'),
  }] as [string, SourceGuard]),
  // Deprivation, not drawbacks: "social disadvantages", "to the disadvantage of small farmers".
  ['disadvantages', { before: BEFORE_WORD('multiple|social|socioeconomic|socio-economic|economic|educational|structural|systemic|severe|deep|entrenched|cumulative|material|face|facing|faced|suffer|suffering') }],
  // … and any "types" in a sentence about code ("TypeScript lets you combine several types into a union").
  ['types', {
    before: { test: (b: string): boolean => CODE_CONTEXT.test(b) || BEFORE_WORD('integer|int|string|numeric|number|boolean|union|intersection|sum|product|reference|pointer|interface|record|enum|scalar|composite|built-in|native|abstract|algebraic|dependent|nullable|optional|function|generic|static|dynamic|base|derived|element|key|literal|blood|data|file|personality|body|skin|hair|cell|tissue|font|input|return|value|content|media|mime|variable|object|primitive|field|column|product|account|user|event|message|job|payment|ticket|document|character|argument|parameter|generic|wine|grape|soil|rock|cancer|tumou?r|diabetes').test(b) },
    after: CODE_CONTEXT,
  }],
  // "health outcomes", "learning outcomes": a term, not "results".
  ['outcome', { before: BEFORE_WORD('health|patient|clinical|treatment|birth|maternal|neonatal|perinatal|learning|educational|academic|student|survival|cardiovascular|functional|primary|secondary|long-term|short-term|economic|social|behaviou?ral|psychological|developmental|employment|labou?r-market|adverse|reported|measured|study|favou?rable|possible'), after: AFTER_WORD(MEASURED) }],
  // "the level of assistance" on an e-bike is the motor's assist, not "help".
  // "rental assistance", "humanitarian assistance", "public assistance": after a modifier a term, often a programme's name;
  // only assistance given, asked for or needed is "help" ("for assistance", "your assistance", "need assistance").
  ['assistance', { before: { test: (b: string): boolean => BEFORE_WORD('level\\s+of|levels\\s+of|mode\\s+of').test(b) || !ASSISTANCE_PLAIN_BEFORE.test(b) } }],
  // "potential customers" are prospective ones, not "possible customers".
  // Nor "potential income", "potential buyers": "possible" says the same only of what may happen or be found (a risk, a
  // cause, a solution), so it is "possible" only before such a noun.
  // "women of childbearing potential" is a term of medicine, a noun.
  ['potential', {
    before: BEFORE_WORD('childbearing|child-bearing|reproductive'),
    after: { test: (a: string): boolean => POTENTIAL_AFTER.test(a) || !POTENTIAL_POSSIBLE.test(a) },
  }],
  // "a React component", "UI components": a term of software or electronics, not "part".
  ...['component', 'components'].map((w) => [w, {
    before: { test: (b: string): boolean => NAMED_BEFORE.test(b) || COMPONENT_TERM.test(b) },
    after: AFTER_WORD('of\\s+(?:the\\s+|a\\s+|its\\s+)?(?:velocity|force|acceleration|vector|field|momentum|displacement|variance|signal|motion)'),
  }] as [string, SourceGuard]),
  // A state's, an army's or a machine's "capabilities" are a term ("military capabilities", "Bluetooth capability").
  ...['capability', 'capabilities'].map((w) => [w, {
    before: BEFORE_WORD('military|nuclear|defen[cs]e|defensive|offensive|strike|second-strike|first-strike|weapons?|missile|naval|air|cyber|surveillance|intelligence|technical|technological|streaming|network|networking|wireless|bluetooth|gps|hardware|software|manufacturing|production|processing|computing|api|camera|device|system|platform|server|storage|rendering|export|import|research|operational|analytic(?:al|s)?|ai|machine|search|sensing|imaging|video|audio|voice|offline|real-time|multi-?tasking'),
  }] as [string, SourceGuard]),
  // "enough" cannot follow a determiner: "a sufficient condition" is no "an enough condition".
  ['sufficient', {
    before: { test: (b: string): boolean => /self[\s-]*$/iu.test(b) || BEFORE_WORD('a|an|the|this|that|these|those|any|no|each|every|its|their|our|his|her|my|your|not\\s+a|necessary\\s+and|necessary\\s+but\\s+not\\s+(?:a|an)').test(b) },
    after: AFTER_WORD('conditions?|statistics?'),
  }],
  // "cease to exist" is "stop existing", not "stop to exist"; "cease and desist", "cease fire", "Wonders never cease".
  ...['cease', 'ceases'].map((w) => [w, { after: { test: (a: string): boolean => NO_OBJECT.test(a) || AFTER_WORD('to|and\\s+desist|fire').test(a) } }] as [string, SourceGuard]),
  // In science, medicine and law "enhance" increases ("enhances the toxicity", "enhanced penalties", "the lesion enhances"):
  // "improve" only where what is enhanced is something good.
  ...['enhance', 'enhances', 'enhanced', 'enhancing'].map((w) => [w, { after: { test: (a: string): boolean => !ENHANCE_GOOD.test(a) } }] as [string, SourceGuard]),
  // A person who is "useful" is being used: "helpful" stays said of people and predicatively ("The staff were very helpful").
  ['helpful', { after: { test: (a: string): boolean => !ATTRIBUTIVE.test(a) || AFTER_WORD(`(?:[\\p{L}-]+\\s+)?(?:${PERSON})s?`).test(a) } }],
  // "readily agreed" is "willingly": only "readily available", "readily understood", "dissolves readily" are "easily".
  ['readily', { after: { test: (a: string): boolean => !NO_OBJECT.test(a) && !READILY_EASILY.test(a) } }],
  // A "tapestry" is a metaphor only in "a tapestry of": "She hung a tapestry on the wall".
  ['tapestry', { after: /^(?!\s+of(?![\p{L}]))/iu }],
  ['potentially', { after: AFTER_WORD('fatal|lethal|deadly|life-threatening|dangerous|harmful|hazardous|toxic|serious|severe|disabling|infectious|contagious|carcinogenic|explosive|damaging|catastrophic|devastating') }],
  // "emphasis on" is "focus on"; "(emphasis added)", "for emphasis", "said with emphasis", a syllable's emphasis are not.
  ['emphasis', { after: /^(?!\s+on(?![\p{L}]))/iu }],
  ['favorable', { after: AFTER_WORD('to|toward|towards|outcomes?') }],
  // "the realm of X" (not "of possibility"), not a kingdom ("defend the realm", "peer of the realm") nor a Kerberos realm.
  ['realm', {
    before: BEFORE_WORD('kerberos|ldap|security|authentication'),
    after: { test: (a: string): boolean => !/^\s+of\s/iu.test(a) || AFTER_WORD('of\\s+(?:possibility|possibilities|the\\s+possible|speculation|conjecture|fantasy|fiction|imagination|reason)').test(a) },
  }],
  // A "difficult" or "straightforward" person is uncooperative or frank, not "hard" or "simple".
  ['difficult', { after: { test: (a: string): boolean => NO_OBJECT.test(a) || AFTER_WORD(`(?:${PERSON})s?|when|throughout|with|about|at\\s+times|and`).test(a) } }],
  ['straightforward', { after: AFTER_WORD(`with|about|answers?|manner|(?:${PERSON})s?`) }],
  // Predicative "commendable" ("Her honesty was commendable") has no plain "worthy" without "of".
  ['commendable', { after: { test: (a: string): boolean => !ATTRIBUTIVE.test(a) } }],
  // "tangible" is "real" only of results: "The tension was tangible" is palpable; "tangible objects" can be touched.
  ['tangible', { after: { test: (a: string): boolean => !AFTER_WORD('(?:[\\p{L}-]+\\s+)?(?:benefits?|results?|progress|evidence|improvements?|outcomes?|change|changes|impact|gains?|returns?|value|difference|proof)').test(a) } }],
  // Terms of law and administration: "mandatory reconsideration" (of a benefit decision), "mandatory reporting".
  ...['mandatory', 'compulsory'].map((w) => [w, {
    after: AFTER_WORD('reconsiderations?|minimums?|minimum\\s+sentences?|sentenc(?:e|es|ing)|reporters?|reporting|retirement|detention|purchase|voting|vote|military\\s+service|service|conscription|liquidation|winding-up|redundanc(?:y|ies)|arbitration|licen[cs]ing|treatment|admission|acquisition|insurance|schooling|education|evacuation|quarantine'),
  }] as [string, SourceGuard]),
  ['incorrect', { before: BEFORE_WORD('politically') }],
  ['aid', { after: AFTER_WORD('and\\s+abet') }],
  ['inquired', { after: AFTER_WORD('into') }],
  // "encounter" meets; "face" confronts: only an adversity is faced.
  ...['encounter', 'encounters', 'encountering', 'encountered'].map((w) => [w, { after: { test: (a: string): boolean => !ADVERSITY.test(a) } }] as [string, SourceGuard]),
  // "receive the ambassador", "do you receive me", "receiving stolen goods".
  ...['receive', 'receives', 'received'].map((w) => [w, { after: AFTER_WORD('(?:the\\s+)?(?:ambassador|envoy|delegation|guests?|visitors?|president|king|queen|pope|minister|prime\\s+minister)|me|you|us|him|her|them|stolen') }] as [string, SourceGuard]),
  ['receiving', { after: AFTER_WORD('stolen|(?:the\\s+)?(?:ambassador|envoy|delegation|guests?|visitors?)') }],
  // A contract or a statute "contemplates" (envisages): it does not "think about".
  ['contemplate', { before: /(?:contract|agreement|statute|act|law|section|clause|provision|plan|scheme|policy|rules?|regulations?|legislation|treaty|constitution|parties)\s+(?:(?:does|do|did|may|might|can|could|would|will)\s+(?:not\s+)?)?$/iu }],
  // An asteroid "impacts" the Moon (strikes it); an "impacted" tooth is a condition.
  ...['impact', 'impacts'].map((w) => [w, {
    before: /(?:asteroids?|meteor(?:ite|oid)?s?|comets?|projectiles?|bullets?|missiles?|rockets?|probes?|debris|vehicles?|objects?)\s+(?:(?:will|would|could|may|might|is\s+designed\s+to|are\s+designed\s+to|to)\s+)?$/iu,
    after: AFTER_WORD('the\\s+(?:target|surface|ground|moon|earth|planet|water)'),
  }] as [string, SourceGuard]),
  ['impacted', { before: /(?:tooth|teeth|molars?|canines?|stool|bowel|feces|faeces|cerumen|earwax|wax)\s+(?:is|was|were|are|became|become|becomes|got|remain(?:s|ed)?)\s+$/iu }],
  // "makes sure" needs someone who checks: "The valve ensures that the pressure …" is not "makes sure".
  ['ensures', { after: ENSURE_CLAUSE, before: BEFORE_WORD('this|it|which|that|design|system|valve|thermostat|lock|policy|rule|law|mechanism|process|feature|setting|algorithm|function|method|approach|structure|format|protocol|device|tool|software|code|test|check|step|filter|sensor|model') }],
  // "selected for" (evolution), a selected checkbox; "select all", "select a word" (highlight).
  ['selected', { before: BEFORE_WORD('is|are|be|remains?|stays?|was|were|been'), after: AFTER_WORD('for|against|by\\s+default') }],
  ['select', { after: AFTER_WORD('all|(?:a|the|some|this|that|any)\\s+(?:word|text|line|lines|paragraph|cells?|rows?|columns?|range|region|option|checkbox|file|files|item|items)|text|cells?|rows?|columns?') }],
  ['appropriately', { before: /^\s*$/u, after: AFTER_WORD('named|titled|called|dubbed|enough') }],
  ['truly', { before: BEFORE_WORD('yours|yours\\s+very|very|well\\s+and'), after: AFTER_WORD('yours') }],
  // "attempt the summit", "attempted suicide": only "attempt to …" is "try to …".
  ...['attempt', 'attempts', 'attempted'].map((w) => [w, { after: /^(?!\s+to(?![\p{L}]))/iu }] as [string, SourceGuard]),
  ['medication', { before: BEFORE_WORD('on|off') }],
  ['origins', { after: AFTER_WORD('of\\s+(?:the\\s+)?(?:universe|life|cosmos|solar\\s+system|species|matter|man|humanity|language|languages)|and\\s+destinations?') }],
  // "an advantageous position", "an advantageous marriage": only "it is advantageous to …" is "helpful".
  ['advantageous', { after: ATTRIBUTIVE }],
  ['prevalent', { after: AFTER_WORD('cases?|users?|patients?|disease|diseases|infections?') }],
  ['numerous', { after: { test: (a: string): boolean => !ATTRIBUTIVE.test(a) } }],
  ['precisely', { before: BEFORE_WORD('very|more|most|less|so|measured|measures|measure|measuring|known|determined|controlled|calibrated|timed|defined|located') }],
  ['garner', { after: AFTER_WORD('criticism|backlash|controversy|complaints|scrutiny|condemnation|ridicule|attention') }],
  ['entails', { before: BEFORE_WORD('contradiction|proposition|premises?|axioms?|knowledge|statement|formula|theory|sentence|hypothesis|claim') }],
  // A player "assists" a goal: after a name ("Messi assisted Suárez"), before one, or "assists on".
  ...['assists', 'assisted'].map((w) => [w, {
    before: { test: (b: string): boolean => /\p{Lu}\p{Ll}+\s+$/u.test(b) || BEFORE_WORD('goals\\s+and|scored\\s+\\p{L}+\\s+and').test(b) },
    after: { test: (a: string): boolean => /^\s+\p{Lu}/u.test(a) || AFTER_WORD('on').test(a) },
  }] as [string, SourceGuard]),
  ['obtains', { after: { test: (a: string): boolean => NO_OBJECT.test(a) || AFTER_WORD('in|when|where|for|between|among|here|there').test(a) } }],
  ['embark on', { after: AFTER_WORD('(?:the|a|an|their|our)?\\s*(?:ship|ferry|vessel|boat|liner|plane|aircraft|flight|train|bus)') }],
  ['harness', { after: AFTER_WORD('(?:the\\s+)?(?:horses?|oxen|ox|dogs?|mules?|ponies|pony|team)') }],
  ['leverage', { after: AFTER_WORD('(?:its|their|the|our|his|her)?\\s*(?:positions?|balance\\s+sheet|equity|capital|investments?|acquisitions?|portfolio|bets?)') }],
  ['streamline', { after: AFTER_WORD('(?:the\\s+)?(?:hull|fuselage|body|shape|wing|car|design\\s+of\\s+the)') }],
  ...['possess', 'possesses'].map((w) => [w, { before: BEFORE_WORD('spirits?|demons?|devil|ghosts?|gods?|(?:spirits?|demons?|ghosts?)\\s+(?:are|is)\\s+said\\s+to') }] as [string, SourceGuard]),
  ['construct', { after: AFTER_WORD('(?:the|a|an)\\s+(?:[\\p{L}-]+\\s+)?(?:bisector|triangle|angle|perpendicular|tangent|circle|hexagon|polygon|square|locus|proof|confidence\\s+interval)') }],
  ['desire', { before: BEFORE_WORD('so') }],
  ['objective', { before: BEFORE_WORD('\\d+x|immersion|oil\\s+immersion|microscope[\x27’]s|dry|clean\\s+the|the\\s+\\d+x') }],
  ['difficulties', { before: BEFORE_WORD('learning|specific\\s+learning') }],
  ['notions', { before: BEFORE_WORD('sewing|haberdashery') }],
  // Nor after "and"/"or": "information about your device and use" reads as the verb ("collect it and use it").
  ['usage', { before: { test: (b: string): boolean => /\p{Lu}\p{Ll}*\s+$/u.test(b) || BEFORE_WORD('standard|correct|proper|idiomatic|accepted|educated|this|that|such|describes|modern|current|contemporary|common|everyday|and|or').test(b) } }],
  ['anomalous', { after: AFTER_WORD('magnetic|dispersion|diffusion|expansion|dimension|hall|transport') }],
  ['seamless', { after: AFTER_WORD('(?:[\\p{L}-]+\\s+)?(?:pipes?|tubes?|tubing|stockings?|garments?|knit|knitting|gutters?)') }],
  // "new" only for a novel idea, method or thing, never the book ("The novel stops being a thriller", which the tagger may
  // read as an adjective before a verb in -s), nor a term of a regulator ("novel food").
  ['novel', { after: { test: (a: string): boolean => AFTER_WORD('foods?|coronavirus|entit(?:y|ies)|psychoactive').test(a) || !NOVEL_THING.test(a) } }],
  ['enduring', { after: AFTER_WORD('powers?\\s+of\\s+attorney') }],
  ['partially', { after: AFTER_WORD('sighted|deaf|hearing') }],
  ['paramount', { after: AFTER_WORD('chiefs?|leader|title') }],
  ['various', { before: BEFORE_WORD('many\\s+and') }],
  // Safe today only because the tagger or the phrase table keeps them from being swapped; kept safe whatever those learn:
  // "vital signs", "face the consequences", "This trend is concerning", "core temperature", "challenging behaviour".
  ['vital', { after: AFTER_WORD('signs|organs?|statistics|records|capacity|force|spark') }],
  ['consequences', { before: BEFORE_WORD('(?:face|faces|faced|facing|suffer|suffers|suffered|bear|bears|accept|accepts)(?:\\s+(?:the|its|their|his|her|any))?|legal|logical|unintended|will\\s+be|there\\s+(?:will\\s+be|are)') }],
  ['concerning', { before: BEFORE_WORD('is|are|was|were|be|been|very|deeply|more|most|particularly|especially|quite|really|so') }],
  ['core', { after: AFTER_WORD('temperature|muscles?|values?|curriculum|business|beliefs?|principles?|samples?|strength|competenc(?:y|ies)|memory|processor|cpu|i[3579]') }],
  ['challenging', { after: AFTER_WORD('behaviou?rs?|the\\s+(?:decision|ruling|law|results?|claim|status\\s+quo)') }],
  // "at a disadvantage", "foster a rescue dog", "comprehensive insurance", "tangible assets",
  // "considerably more" (a comparative), "required of": idioms and terms.
  ['disadvantage', { before: BEFORE_WORD('at\\s+a|to\\s+(?:the|their|his|her|its|our|my|your)') }],
  ...['foster', 'fosters', 'fostering'].map((w) => [w, { after: { test: (a: string): boolean => NO_OBJECT.test(a) || AFTER_WORD('for').test(a) || FOSTER_CARE.test(a) } }] as [string, SourceGuard]),
  ['comprehensive', { after: AFTER_WORD('insurance|coverage|cover|exams?|examinations?|schools?|care|polic(?:y|ies)|plans?|metabolic|eye|income|loss|losses') }],
  ...['considerably'].map((w) => [w, { after: AFTER_WORD('more|less|fewer|better|worse|higher|lower|larger|smaller|greater|bigger|faster|slower|cheaper|older|younger|\\p{L}+er') }] as [string, SourceGuard]),
  // Terms: "favorable outcomes" (probability), "credit utilization", "Battery usage" (a label), a person who is "helpful".
  ['outcomes', { before: BEFORE_WORD('favou?rable|possible|equally\\s+likely|all|health|patient|clinical|treatment|birth|maternal|neonatal|perinatal|learning|educational|academic|student|survival|cardiovascular|functional|primary|secondary|long-term|short-term|economic|social|behaviou?ral|psychological|developmental|employment|labou?r-market|adverse|reported|measured|study'), after: AFTER_WORD(`of\\s+(?:use|care|interest|treatment|the\\s+(?:intervention|programme|program|trial|treatment))|${MEASURED}`) }],
  ['utilization', { before: BEFORE_WORD('credit|capacity|cpu|memory|resource|bed|server|network|bandwidth|disk|gpu|storage|spectrum') }],
  // "demonstrated outside parliament" protests: no object, or a place or cause after it.
  ...['demonstrate', 'demonstrates', 'demonstrating', 'demonstrated'].map((w) => [w, {
    before: w === 'demonstrated' ? PERFECT_OR_PASSIVE : undefined,
    after: /^\s*(?:[,.;:!?)]|$)|^\s+(?:outside|against|in\s+front\s+of|near|across|through|peacefully|for|in\s+support|on\s+behalf|at|in\s+(?:the\s+)?(?:streets?|square|capital|city|front))(?![\p{L}])/iu,
  }] as [string, SourceGuard]),
  // "conducted the orchestra" leads it.
  // … and "conducted visitors through the palace", "The tour was conducted in French", "The service was conducted by
  // the Reverend": led or officiated, not carried out.
  ['conducted', {
    before: /(?:orchestras?|bands?|choirs?|symphon(?:y|ies)|ensembles?|operas?|concerts?|electricity|heat|currents?|tours?|services?|ceremon(?:y|ies)|mass|worship|weddings?|funerals?|prayers?)\s+(?:(?:is|was|were|are|be|been|being|has|have|had)\s+)*$/iu,
    after: AFTER_WORD('(?:(?:the|a|an|his|her|their)\\s+)?(?:[\\p{L}-]+\\s+)?(?:orchestra|band|choir|symphony|ensemble|concert|opera|tours?|visitors|guests|tourists|people|current|sound|signals?)|electricity|heat|current|himself|herself|themselves|us|them|him|her|me'),
  }],
  // "a rapidly evolving field", "rapidly growing demand": set phrases, where "quickly evolving" reads as a translation.
  ['rapidly', { after: AFTER_WORD('evolving|growing|changing|developing|expanding|increasing|ageing|aging|advancing|shifting|spreading|emerging|rising|declining|deteriorating|progressing|progressive') }],
  // "quick update", "a quick look": "quick" before a noun is "brief", not "fast"; so before a number that measures it ("a
  // quick 15-minute call", a placeholder once protected).
  ['quick', { after: /^\s+[\p{L}\p{N}\uE000]/u }],
  // "These findings highlight the need": "point out the need" weakens it.
  ...['highlight', 'highlights', 'highlighted'].map((w) => [w, {
    after: /^\s*(?:[,.;:!?)]|$)|^\s+(?:on|with|about|at|in|for|to|over|upon)(?![\p{L}])|^\s+the\s+(?:need|importance|value|role|potential|urgency|gap|risks?|benefits?|challenges?|dangers?)(?![\p{L}])/iu,
  }] as [string, SourceGuard]),
]);

export function guarded(key: string, before: string, after: string): boolean {
  const g = SOURCE_GUARDS.get(key);
  return !!g && ((g.before?.test(before) ?? false) || (g.after?.test(after) ?? false));
}
