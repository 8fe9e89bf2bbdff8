/**
 * What the rewriter knows about each supported language: a few connective and stock-phrase
 * replacements, how a split sentence ends, and its discourse markers. English has its
 * own, richer rule set (english-rules.ts).
 */
import type { Language } from '../../../../domain/options.js';

export interface LanguageRules {
  /**
   * [pattern, alternatives]: matched case-sensitively at word boundaries (or anywhere for CJK). A contrast keeps to
   * contrast: "Sin embargo, la ropa interior no se puede devolver" states an exception, which "Aun así" ("even so")
   * would make a concession; likewise no "Mesmo assim", "Ciononostante", "Eppure", "Pourtant", "Впрочем".
   */
  replacements: ReadonlyArray<[string, readonly string[]]>;
  /** Replaces a semicolon when a long sentence is split in two. */
  sentenceEnd: string;
  /** Discourse markers ("De hecho,"): never put before a sentence (the local engine adds no openers in this language). */
  openers: readonly string[];
  /** Scripts written without spaces between words. */
  spaceless?: boolean;
  /** Alternatives of spoken register ("Du coup", "Bref,"): not used in formal, professional or academic text. */
  colloquial?: readonly string[];
}

export const LANGUAGE_RULES: Record<Exclude<Language, 'en'>, LanguageRules> = {
  es: {
    replacements: [['Además,', ['Aparte de eso,', 'Asimismo,']], ['Sin embargo,', ['No obstante,']],
      ['Por lo tanto,', ['Por eso,', 'Así que']], ['En conclusión,', ['En resumen,', 'Al final,']],
      ['Es importante destacar que', ['Conviene recordar que', 'Hay que decir que']], ['En primer lugar,', ['Para empezar,']],
      ['desempeña un papel crucial', ['es clave', 'pesa mucho']]],
    sentenceEnd: '.', openers: ['De hecho,', 'En realidad,', 'La verdad es que'],
    colloquial: ['Así que', 'Pesa mucho', 'pesa mucho', 'Al final,'],
  },
  fr: {
    replacements: [['De plus,', ['En plus,', 'Par ailleurs,']], ['Cependant,', ['Toutefois,']],
      ['Par conséquent,', ['Du coup,', 'Donc']], ['En conclusion,', ['Au final,', 'Bref,']],
      ['Il est important de noter que', ['Notons que', 'Il faut dire que']], ['En outre,', ['Par ailleurs,', 'De plus,']],
      // Not "est essentiel": "cette offre est essentiel dans" breaks agreement and the preposition.
      ['joue un rôle crucial', ['compte beaucoup']]],
    sentenceEnd: '.', openers: ['En fait,', 'À vrai dire,', 'Au fond,'],
    colloquial: ['Du coup,', 'Bref,', 'Au final,', 'En plus,'],
  },
  de: {
    replacements: [['Darüber hinaus', ['Außerdem', 'Zudem']], ['Jedoch', ['Allerdings', 'Doch']],
      // Before 'Zusammenfassend': "Kurz gesagt lässt sich sagen" would say "said" twice. No "Daher" ("Daher stammt die
      // Tradition" is "that is where it comes from", not "therefore") nor "Insgesamt" ("Insgesamt 500 Personen" counts).
      ['Zusammenfassend lässt sich sagen, dass', ['Alles in allem lässt sich sagen, dass', 'Im Ganzen zeigt sich, dass']],
      ['Zusammenfassend', ['Kurz gesagt', 'Alles in allem']],
      ['Es ist wichtig zu beachten, dass', ['Wichtig ist, dass', 'Man sollte wissen, dass']],
      ['spielt eine entscheidende Rolle', ['ist zentral', 'zählt sehr']]],
    sentenceEnd: '.', openers: ['Ehrlich gesagt:', 'Im Grunde gilt:', 'Klar ist:'],
  },
  it: {
    replacements: [['Inoltre,', ['In più,', 'Oltre a ciò,']], ['Tuttavia,', ['Però']], ['Pertanto,', ['Quindi', 'Per questo']],
      ['In conclusione,', ['Insomma,', 'Alla fine,']], ['È importante notare che', ['Va detto che', 'Bisogna ricordare che']],
      ['svolge un ruolo cruciale', ['conta molto', 'è centrale']]],
    sentenceEnd: '.', openers: ['In effetti,', 'A dire il vero,', 'In fondo,'],
    colloquial: ['Insomma,', 'Però', 'In più,', 'conta molto', 'Eppure,', 'Alla fine,'],
  },
  pt: {
    replacements: [['Além disso,', ['Além do mais,']], ['No entanto,', ['Porém,']], ['Portanto,', ['Por isso,', 'Então']],
      ['Em conclusão,', ['Enfim,', 'Resumindo,']], ['É importante notar que', ['Vale dizer que', 'Convém lembrar que']],
      ['desempenha um papel crucial', ['pesa muito', 'é central']]],
    sentenceEnd: '.', openers: ['Na verdade,', 'De fato,', 'No fundo,'],
    colloquial: ['Então', 'Enfim,', 'pesa muito'],
  },
  ru: {
    replacements: [['Кроме того,', ['К тому же,', 'Помимо этого,']], ['Однако,', ['Но']], ['Таким образом,', ['Так что', 'В итоге']],
      ['В заключение,', ['Короче говоря,', 'В итоге']], ['Важно отметить, что', ['Стоит сказать, что', 'Заметим, что']],
      ['играет ключевую роль', ['многое решает']]],
    sentenceEnd: '.', openers: ['На самом деле', 'По сути', 'Вообще-то'],
    colloquial: ['Короче говоря,', 'Так что', 'многое решает'],
  },
  zh: {
    replacements: [['此外，', ['另外，', '而且，']], ['然而，', ['不过，', '但是，']], ['因此，', ['所以，', '因而']],
      ['总之，', ['总的来说，', '说到底，']], ['值得注意的是，', ['要注意，', '需要留意的是，']], ['首先，', ['第一，', '先说']],
      ['起着至关重要的作用', ['非常关键', '很重要']]],
    sentenceEnd: '。', openers: ['其实，', '事实上，', '说实话，'], spaceless: true,
  },
  ja: {
    replacements: [['さらに、', ['また、', 'それに、']], ['しかし、', ['でも、', 'ただ、']], ['したがって、', ['だから、', 'そのため、']],
      ['結論として、', ['まとめると、', 'つまり、']], ['重要なのは', ['大事なのは', '肝心なのは']], ['非常に', ['とても', 'かなり']]],
    sentenceEnd: '。', openers: ['実際、', '実は、', '正直なところ、'], spaceless: true,
  },
  ko: {
    replacements: [['또한', ['그리고', '게다가']], ['그러나', ['하지만', '그런데']], ['따라서', ['그래서', '그러므로']],
      ['결론적으로', ['결국', '정리하면']], ['중요한 것은', ['핵심은', '눈여겨볼 점은']], ['매우', ['아주', '무척']]],
    sentenceEnd: '.', openers: ['사실', '실제로', '솔직히'],
  },
  tr: {
    replacements: [['Ayrıca', ['Bunun yanında', 'Üstelik']], ['Ancak', ['Fakat']], ['Bu nedenle', ['Bu yüzden', 'O yüzden']],
      ['Sonuç olarak', ['Kısacası', 'Özetle']], ['Önemle belirtmek gerekir ki', ['Şunu söylemek gerek:', 'Şunu unutmamak gerek:']],
      ['çok önemli bir rol oynar', ['çok önemlidir', 'belirleyicidir']]],
    sentenceEnd: '.', openers: ['Aslında', 'Gerçekten de', 'Açıkçası'],
  },
  ar: {
    replacements: [['بالإضافة إلى ذلك', ['علاوة على ذلك', 'فضلًا عن ذلك']], ['ومع ذلك', ['مع هذا', 'رغم ذلك']],
      ['لذلك', ['ولهذا', 'من ثم']], ['في الختام', ['باختصار', 'في النهاية']], ['من المهم أن نلاحظ أن', ['تجدر الإشارة إلى أن', 'يجب أن نتذكر أن']],
      ['يلعب دورًا حاسمًا', ['له أهمية كبيرة', 'مهم جدًا']]],
    sentenceEnd: '.', openers: ['في الواقع،', 'في الحقيقة،', 'بصراحة،'],
  },
};
