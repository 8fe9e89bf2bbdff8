/**
 * What the rewriter knows about each supported language: a few connective and stock-phrase
 * replacements, how a split sentence ends, and its discourse markers. English has its
 * own, richer rule set (english-rules.ts).
 */
import type { Language } from '../../../../domain/options.js';

/** Where a replacement would change the sense, the pattern stays. */
export interface ReplacementGuard {
  /** Only at the start of a sentence (after nothing but opening quotes or brackets): mid-sentence the word means something else. */
  initial?: boolean;
  /** The pattern stays when the text before it ends like this ("也因此": "因此" is part of a word there). */
  keepAfter?: RegExp;
  /** The pattern stays when the text after it starts like this ("Darüber hinaus gehende Ansprüche"). */
  keepBefore?: RegExp;
}

export interface LanguageRules {
  /**
   * [pattern, alternatives, guard?]: matched case-sensitively at word boundaries (or anywhere for CJK). A contrast keeps
   * to contrast: "Sin embargo, la ropa interior no se puede devolver" states an exception, which "Aun así" ("even so")
   * would make a concession; likewise no "Mesmo assim", "Ciononostante", "Eppure", "Pourtant", "Впрочем", "Yine de".
   * No alternative may hold a word that must agree with a subject it cannot see ("очень важен", "est essentiel").
   */
  replacements: ReadonlyArray<readonly [string, readonly string[], ReplacementGuard?]>;
  /** Replaces a semicolon when a long sentence is split in two. */
  sentenceEnd: string;
  /** Discourse markers ("De hecho,"): never put before a sentence (the local engine adds no openers in this language). */
  openers: readonly string[];
  /** Scripts written without spaces between words. */
  spaceless?: boolean;
  /** Alternatives of spoken register ("Du coup", "Bref,"): not used in formal, professional or academic text. */
  colloquial?: readonly string[];
  /**
   * What opens a clause that cannot stand alone (a relative or subordinate clause, "lo que …", "ce qui …", "was …",
   * "который …"): a semicolon before one is not split at.
   */
  dependentStart?: RegExp;
  /** Locale for the capital of a split's second half (Turkish "i" → "İ"). */
  locale?: string;
}

/** A Chinese connective inside a longer word ("也因此", "正因此"): only a whole one is replaced. */
const HAN_BEFORE = /\p{Script=Han}$/u;

export const LANGUAGE_RULES: Record<Exclude<Language, 'en'>, LanguageRules> = {
  es: {
    replacements: [['Además,', ['Asimismo,', 'Igualmente,']], ['Sin embargo,', ['No obstante,']],
      ['Por lo tanto,', ['Por eso,', 'Así que']], ['En conclusión,', ['En resumen,', 'Al final,']],
      ['Es importante destacar que', ['Conviene recordar que', 'Cabe señalar que']], ['En primer lugar,', ['Para empezar,']],
      // The same stock phrase after a connective ("Además, es importante destacar que …"), and the stock opening of an essay.
      ['es importante destacar que', ['conviene recordar que', 'cabe señalar que']], ['es importante señalar que', ['cabe señalar que', 'conviene recordar que']],
      ['Es importante tener en cuenta que', ['Conviene recordar que', 'Cabe señalar que']], ['es importante tener en cuenta que', ['conviene recordar que', 'cabe señalar que']],
      ['En el mundo actual,', ['Hoy en día,', 'Hoy,']],
      ['desempeña un papel crucial', ['es clave', 'pesa mucho']]],
    sentenceEnd: '.', openers: ['De hecho,', 'En realidad,', 'La verdad es que'],
    colloquial: ['Así que', 'Pesa mucho', 'pesa mucho', 'Al final,'],
    dependentStart: /^(?:que|lo que|lo cual|la cual|el cual|los cuales|las cuales|cuy[oa]s?|donde|mientras(?: que)?|aunque|porque|pues|ya que|puesto que|si|sino|cuando|como|de (?:modo|manera|forma) que|por lo que|por ejemplo|es decir|o sea|sobre todo|especialmente|incluid[oa]s?|salvo|excepto)(?![\p{L}])/iu,
  },
  fr: {
    // "En outre," is not "Aussi," (sentence-initial "aussi" means "so"); "Il faut dire que" concedes.
    replacements: [['De plus,', ['En plus,', 'Par ailleurs,']], ['Cependant,', ['Toutefois,']],
      ['Par conséquent,', ['Du coup,', 'Donc', "C'est pourquoi"]], ['En conclusion,', ['Au final,', 'Bref,']],
      ['Il est important de noter que', ['Notons que', 'Il convient de noter que']], ['En outre,', ['De plus,', 'Qui plus est,']],
      ['il est important de noter que', ['il convient de noter que', 'notons que']],
      ['Il est important de souligner que', ['Soulignons que', 'Il convient de souligner que']], ['il est important de souligner que', ['il convient de souligner que', 'soulignons que']], ["Dans le monde d'aujourd'hui,", ["Aujourd'hui,", 'De nos jours,']],
      ["Dans le monde d’aujourd’hui,", ["Aujourd’hui,", 'De nos jours,']],
      // Not "est essentiel": "cette offre est essentiel dans" breaks agreement and the preposition.
      ['joue un rôle crucial', ['compte beaucoup']]],
    sentenceEnd: '.', openers: ['En fait,', 'À vrai dire,', 'Au fond,'],
    colloquial: ['Du coup,', 'Bref,', 'Au final,', 'En plus,', 'Donc'],
    dependentStart: /^(?:qui|que|qu['’]|dont|où|lequel|laquelle|lesquel(?:le)?s|ce (?:qui|que|dont)|ce qu['’]|tandis que|alors que|bien que|quoique|parce que|puisque|car|si|s['’]il|lorsque|quand|comme|afin que|pour que|de (?:sorte|manière|façon) que|si bien que|notamment|surtout|c['’]est-à-dire|soit|par exemple|sauf|y compris|en particulier)(?![\p{L}])/iu,
  },
  de: {
    // Not "Doch" for "Jedoch": with the verb after it ("Doch ist die Lage ernst") it reads stilted.
    replacements: [['Darüber hinaus', ['Außerdem', 'Zudem'], { keepBefore: /^\s+gehend/u }], ['Jedoch', ['Allerdings']],
      // Before 'Zusammenfassend': "Kurz gesagt lässt sich sagen" would say "said" twice. No "Daher" ("Daher stammt die
      // Tradition" is "that is where it comes from", not "therefore") nor "Insgesamt" ("Insgesamt 500 Personen" counts).
      ['Zusammenfassend lässt sich sagen, dass', ['Alles in allem lässt sich sagen, dass', 'Im Ganzen zeigt sich, dass']],
      ['Zusammenfassend gesagt', ['Kurz gesagt', 'Alles in allem']],
      // Not "Kurz gesagt" for the bare word: "Zusammenfassend betrachtet" would become "Kurz gesagt betrachtet".
      ['Zusammenfassend', ['Alles in allem', 'Im Ganzen']],
      ['Es ist wichtig zu beachten, dass', ['Wichtig ist, dass', 'Man sollte wissen, dass']],
      // After a connective the verb comes first: "Zudem ist es wichtig zu beachten, dass" → "Zudem ist zu beachten, dass".
      ['ist es wichtig zu beachten, dass', ['ist zu beachten, dass', 'sollte man wissen, dass']], ['Es ist wichtig zu betonen, dass', ['Wichtig ist, dass']],
      // An adverbial in first place, the verb after it: "In der heutigen Zeit spielt …" → "Heute spielt …".
      ['In der heutigen schnelllebigen Welt', ['Heute', 'Heutzutage']], ['In der heutigen Zeit', ['Heute', 'Heutzutage']],
      ['spielt eine entscheidende Rolle', ['ist zentral', 'ist entscheidend']]],
    sentenceEnd: '.', openers: ['Ehrlich gesagt:', 'Im Grunde gilt:', 'Klar ist:'],
    dependentStart: /^(?:was|wobei|weshalb|weswegen|wodurch|womit|wonach|worauf|woraus|wovon|wozu|wo|dessen|deren|denen|während|weil|da|obwohl|obgleich|wenn|falls|sodass|so dass|indem|ob|dass|insbesondere|vor allem|etwa|zum Beispiel|z\.\s?B\.|d\.\s?h\.|und zwar)(?![\p{L}])/iu,
  },
  it: {
    replacements: [['Inoltre,', ['In più,', 'Oltre a ciò,']], ['Tuttavia,', ['Però']], ['Pertanto,', ['Quindi', 'Per questo']],
      ['In conclusione,', ['Insomma,', 'Alla fine,']], ['È importante notare che', ['Va detto che', 'Bisogna ricordare che']],
      ['è importante notare che', ['va detto che', 'bisogna ricordare che']],
      ['È importante sottolineare che', ['Va detto che', 'Bisogna ricordare che']], ['è importante sottolineare che', ['va detto che', 'bisogna ricordare che']], ['Nel mondo di oggi,', ['Oggi,']],
      ['svolge un ruolo cruciale', ['conta molto', 'è centrale']]],
    sentenceEnd: '.', openers: ['In effetti,', 'A dire il vero,', 'In fondo,'],
    colloquial: ['Insomma,', 'Però', 'In più,', 'conta molto', 'Eppure,', 'Alla fine,'],
    dependentStart: /^(?:che|il che|cosa che|ciò che|(?:il|la|i|le) qual[ei]|cui|dove|mentre|sebbene|benché|perché|poiché|giacché|se|quando|come|in particolare|soprattutto|ad esempio|per esempio|cioè|ossia|ovvero|tranne|incluso|compreso)(?![\p{L}])/iu,
  },
  pt: {
    // Not "Vale dizer que": it also means "that is to say".
    replacements: [['Além disso,', ['Além do mais,']], ['No entanto,', ['Porém,']], ['Portanto,', ['Por isso,', 'Então']],
      ['Em conclusão,', ['Enfim,', 'Resumindo,']], ['É importante notar que', ['Vale ressaltar que', 'Convém lembrar que']],
      ['é importante notar que', ['vale ressaltar que', 'convém lembrar que']],
      ['É importante destacar que', ['Vale ressaltar que', 'Convém lembrar que']], ['é importante destacar que', ['vale ressaltar que', 'convém lembrar que']], ['No mundo atual,', ['Hoje,', 'Hoje em dia,']],
      ['desempenha um papel crucial', ['pesa muito', 'é central']]],
    sentenceEnd: '.', openers: ['Na verdade,', 'De fato,', 'No fundo,'],
    colloquial: ['Então', 'Enfim,', 'pesa muito'],
    dependentStart: /^(?:que|o que|(?:o|a|os|as) qua(?:l|is)|cuj[oa]s?|onde|enquanto|embora|porque|pois|já que|visto que|se|quando|como|de (?:modo|maneira|forma) que|por exemplo|ou seja|isto é|sobretudo|especialmente|inclusive|exceto)(?![\p{L}])/iu,
  },
  ru: {
    // "Но" takes no comma; no "очень важен" (the adjective must agree with a subject the rule cannot see); "В итоге" also
    // means "as a result", so it is no closing.
    replacements: [['Кроме того,', ['К тому же,', 'Помимо этого,'], { keepBefore: /^\s*(?:что|кто|как|чтобы|чем)(?![\p{L}])/u }], ['Однако,', ['Но']],
      ['Таким образом,', ['Так что', 'В итоге']], ['В заключение,', ['Короче говоря,', 'Итак,']],
      ['Важно отметить, что', ['Стоит сказать, что', 'Заметим, что']], ['играет ключевую роль', ['многое решает']]],
    sentenceEnd: '.', openers: ['На самом деле', 'По сути', 'Вообще-то'],
    colloquial: ['Короче говоря,', 'Так что', 'многое решает'],
    dependentStart: /^(?:что|котор(?:ый|ая|ое|ые|ого|ой|ом|ым|ыми|ых|ую)|чей|чья|чьё|чьи|где|куда|откуда|когда|тогда как|в то время как|хотя|потому что|так как|поскольку|если|чтобы|причём|притом|а также|в том числе|например|то есть|особенно|включая|кроме)(?![\p{L}])/iu,
  },
  zh: {
    // Not "先说" for "首先，" (a remark about the text), nor "要注意，" ("更值得注意的是" became "更要注意").
    replacements: [['此外，', ['另外，', '而且，'], { keepAfter: HAN_BEFORE }], ['然而，', ['不过，', '但是，'], { keepAfter: HAN_BEFORE }],
      ['因此，', ['所以，', '因而'], { keepAfter: HAN_BEFORE }], ['总之，', ['总的来说，', '说到底，'], { keepAfter: HAN_BEFORE }],
      ['值得注意的是，', ['需要指出的是，', '需要留意的是，'], { keepAfter: HAN_BEFORE }], ['首先，', ['第一，'], { keepAfter: HAN_BEFORE }],
      ['起着至关重要的作用', ['非常关键', '很重要']]],
    sentenceEnd: '。', openers: ['其实，', '事实上，', '说实话，'], spaceless: true,
  },
  ja: {
    // "したがって" mid-sentence is "in accordance with" (規則にしたがって); "非常に備えて" is "prepare for an emergency";
    // "かなり" would weaken "extremely" to "fairly".
    replacements: [['さらに、', ['また、', 'それに、'], { initial: true }], ['しかし、', ['でも、', 'ただ、'], { initial: true }],
      ['したがって、', ['だから、', 'そのため、'], { initial: true }], ['結論として、', ['まとめると、', 'つまり、'], { initial: true }],
      ['重要なのは', ['大事なのは', '肝心なのは']], ['非常に', ['とても', '大変'], { keepBefore: /^(?:備え|際し|際して|時)/u }]],
    sentenceEnd: '。', openers: ['実際、', '実は、', '正直なところ、'], spaceless: true,
    colloquial: ['それに、', 'でも、', 'だから、'],
  },
  ko: {
    // Mid-sentence "또한" is "also", "따라서" in "규정에 따라서" is "according to", "가장 중요한 것은" a superlative.
    replacements: [['또한', ['그리고', '게다가'], { initial: true }], ['그러나', ['하지만', '그렇지만'], { initial: true }],
      ['따라서', ['그래서', '그러므로'], { initial: true }], ['결론적으로', ['결국', '정리하면'], { initial: true }],
      ['중요한 것은', ['핵심은', '눈여겨볼 점은'], { initial: true }], ['매우', ['아주', '무척']]],
    sentenceEnd: '.', openers: ['사실', '실제로', '솔직히'],
    colloquial: ['그래서', '무척'],
  },
  tr: {
    // "Ancak" without a comma may mean "only" ("Ancak 18 yaşından büyükler başvurabilir"); "Kısacası" and "Özetle" would
    // make a consequence a summary; "Şunu … gerek:" reads as a label.
    replacements: [['Ayrıca', ['Bunun yanında', 'Üstelik']], ['Ancak,', ['Fakat', 'Ne var ki']], ['Bu nedenle', ['Bu yüzden', 'O yüzden']],
      ['Sonuç olarak', ['Sonuçta', 'Neticede']], ['Önemle belirtmek gerekir ki', ['Belirtmek gerekir ki', 'Unutmamak gerekir ki']],
      ['çok önemli bir rol oynar', ['çok önemlidir', 'belirleyicidir'], { keepBefore: /^\s+m[ıiuü](?![\p{L}])/u }]],
    sentenceEnd: '.', openers: ['Aslında', 'Gerçekten de', 'Açıkçası'],
    colloquial: ['O yüzden'], locale: 'tr',
  },
  ar: {
    // "لذلك" and "في الختام" only open a sentence ("ونتيجة لذلك", "كلمة في الختام"); "رغم ذلك" concedes; the verb of
    // "يلعب دورًا حاسمًا" stays (after a modal or a negation, "مهم جدًا" left no verb).
    replacements: [['بالإضافة إلى ذلك', ['علاوة على ذلك', 'فضلًا عن ذلك']], ['ومع ذلك', ['مع هذا', 'ومع هذا']],
      ['لذلك', ['ولهذا', 'من ثم'], { initial: true }], ['في الختام', ['باختصار', 'في النهاية'], { initial: true }],
      ['من المهم أن نلاحظ أن', ['تجدر الإشارة إلى أن', 'يجب أن نتذكر أن']], ['يلعب دورًا حاسمًا', ['يلعب دورًا محوريًا', 'يلعب دورًا أساسيًا']]],
    sentenceEnd: '.', openers: ['في الواقع،', 'في الحقيقة،', 'بصراحة،'],
    dependentStart: /^(?:مما|الذي|التي|الذين|اللذان|اللتان|اللواتي|حيث|لأن|لأنّ|كي|لكي|بينما|فيما|إذا|عندما|حين)(?![\p{L}])/u,
  },
};
