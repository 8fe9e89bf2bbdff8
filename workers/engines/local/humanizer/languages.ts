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
  /**
   * The pattern stays in a letter's or a notice's sentence (politeSentence): there "in conclusion" opens the closing
   * words ("결론적으로 이번 일을 매우 무겁게 받아들이며 …", "結論として、貴社とのお取引は…重要であると考えております"), which sum
   * nothing up, and "요컨대", "정리하면", "まとめると" or "つまり" would.
   */
  notInLetter?: boolean;
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
  /**
   * A verb in the infinitive right after the pattern: an instruction ("Pertanto, assumere il farmaco a stomaco pieno") or
   * an infinitive subject. The alternatives of notBeforeInfinitive are not put there.
   */
  infinitive?: RegExp;
  /**
   * Alternatives without their comma that change an instruction's reading: "Per questo assumere il farmaco" reads as "to
   * take it for this", "Quindi assumere …" and "Então tomar …" as "then take …" (a next step, not a consequence).
   */
  notBeforeInfinitive?: readonly string[];
  /**
   * A paragraph that reads as legal, medical, regulatory or sombre (a contract, a dosage, a death, a warning of a disaster:
   * "…土砂災害や河川の氾濫に厳重な警戒を呼びかけています" took "だから、" and "でも、"): no colloquial
   * alternative there whatever the tone ("Du coup, la posologie …", "Короче говоря, договор …"), as the English rules
   * refuse chatty openers beside LEGAL and SOMBRE words.
   */
  grave?: RegExp;
  /**
   * A paragraph of a scholarly text, an abstract or a paper ("В статье рассматривается …", "Il presente studio analizza …",
   * "Este artigo investiga …", "p < 0,05"): the written register whatever the tone. "Так что дистанционный формат не является
   * универсальным решением", "Insomma, lo studio suggerisce …" and "Então recomenda-se …" put speech into a paper.
   */
  scholarly?: RegExp;
  /** Scripts written without spaces between words. */
  spaceless?: boolean;
  /** Alternatives of spoken register ("Du coup", "Bref,"): not used in formal, professional or academic text. */
  colloquial?: readonly string[];
  /**
   * Alternatives of a bookish register ("Asimismo,", "likewise"): not put into a paragraph the tone asks to be casual and
   * nothing else makes formal ("Asimismo, tengo fotos del primer día" in a forum post, "Asimismo, la música estaba
   * altísima" in a review written as spoken).
   */
  bookish?: readonly string[];
  /**
   * What opens a clause that cannot stand alone (a relative or subordinate clause, "lo que …", "ce qui …", "was …",
   * "который …"): a semicolon before one is not split at.
   */
  dependentStart?: RegExp;
  /** Alternatives that cannot open a question ("Por eso, ¿quién paga?"): another is taken there, or the pattern stays. */
  notInQuestion?: readonly string[];
  /**
   * A sentence in honorific or humble register (Japanese keigo: "いたします", "お願い申し上げます"), or in the formulas of a
   * letter or an official notice ("просим Вас", "rica ederiz", "yükselecektir"), or next to one, and anywhere in a text
   * that holds one: no colloquial alternative there whatever the tone ("だから、詳しくは取扱説明書をご覧いただきますよう
   * お願い申し上げます" mixes two registers).
   */
  politeSentence?: RegExp;
  /**
   * A letter's salutation or closing formula ("Madame, Monsieur,", "Veuillez agréer …", "Sehr geehrte …", "Mit freundlichen
   * Grüßen"): a document holding one is a letter, and none of its sentences takes a colloquial alternative whatever the
   * tone ("En plus, votre approche … correspond parfaitement à mon projet professionnel" in a cover letter), however far
   * from the formula it stands.
   */
  letter?: RegExp;
  /**
   * Alternatives that are written words but plain prose, out of place in a grave paragraph's wording whatever the tone
   * (a contract's "그러나" is no "하지만", and its proviso "ただし", of which "ただ、" is the spoken form).
   */
  unofficial?: readonly string[];
  /**
   * [alternative, what the rest of its sentence after it must not match]: "그래서 … 마십시오" puts a command after "so",
   * "정리하면 … 투자하면" stacks two conditionals, "つまり、…お待ち申し上げております" restates what is a request or a wish.
   */
  notBefore?: ReadonlyArray<readonly [string, RegExp]>;
  /**
   * A sequence of steps in the sentences before or after ("然后，", "그다음", "다음으로": a recipe, an instruction's steps)
   * and the alternatives that pile a further point onto an argument, which a next step is not ("而且，番茄需要切成小块备用",
   * "게다가, 팬에 기름을 두르고 중불로 달굽니다" between "then" and "finally").
   */
  steps?: RegExp;
  notInSteps?: readonly string[];
  /**
   * Connectives outside the table that count as one of its phrases although they share no word with it: Turkish "Bunun
   * yanı sıra" is "Bunun yanında" in another case form, so neither follows the other.
   */
  sameConnective?: ReadonlyArray<readonly string[]>;
  /**
   * A paragraph in a literary tense (the French passé simple: "demanda", "continuèrent", "fut"): a story's narration, which
   * takes no spoken alternative whatever the tone ("Du coup, ils continuèrent à marcher en silence" mixes two registers).
   */
  literary?: RegExp;
  /**
   * Alternatives that sum up what came before ("まとめると、", "つまり、", "Bref,", "En resumen,"): not put before a conclusion
   * the text gives first, in its first or second sentence with more to come ("…のレビューです。結論として、買ってよかった
   * と思います。吸引力は…").
   */
  summary?: readonly string[];
  /** Locale for the capital of a split's second half (Turkish "i" → "İ"). */
  locale?: string;
}

/** A Chinese connective inside a longer word ("也因此", "正因此"): only a whole one is replaced. */
const HAN_BEFORE = /\p{Script=Han}$/u;
/**
 * A Chinese request, wish, advice or instruction to the reader ("请事先咨询医生", "恳请您回复", "有问题随时找我", "希望各位家长高度重视"),
 * a must ("人民公园一定要去") or a suggestion in "吧" ("从今晚开始调整作息吧").
 */
const REQUEST_ZH = /请|务必|切勿|记得|别忘|不要|随时|建议|希望|一定要|千万|吧[。！!]?\s*$/u;
/**
 * "In today's world," followed by words that still belong to "world" ("En el mundo actual, cada vez más conectado, …",
 * "…, en el que …"): the bare "Today" would leave them without their noun.
 */
const WORLD_GOES_ON = /^\s*(?:[^,.;:!?]{1,60},|(?:en (?:el|la) (?:que|cual)|donde|que|qui|où|dont|in cui|nel quale|no qual|na qual|em que|onde)(?![\p{L}]))/u;
/** A sentence about a film or a play: "plays a role" there is an actor's part. */
const STAGE = /(?:película|serie|obra|teatro|film|Film|Tatort|Serie|Rolle|фильм|спектакл|сериал|dizi|filmde|spettacolo|théâtre|pièce)[^.!?]*$/iu;
const STAGE_AFTER = /^[^.!?]*(?:película|serie|obra|teatro|film|Film|Tatort|Serie|Rolle|фильм|спектакл|сериал|dizi|filmde|spettacolo|théâtre|pièce)/iu;
/** "plays a crucial role" stays in a sentence about a film or a play: it is an actor's part there. */
const ON_STAGE: ReplacementGuard = { keepAfter: STAGE, keepBefore: STAGE_AFTER };
/**
 * A negation right before a stock phrase: "no es importante destacar que" is not "no cabe señalar que", nor "Nunca es
 * importante …" "Nunca cabe señalar …", "Tampoco …", "Neanche …", "Nem …".
 */
const NEGATED = /(?<![\p{L}])(?:no|non|não|nunca|jamás|tampoco|ni|mai|neanche|nemmeno|neppure|nem|tampouco|jamais)\s+$/iu;

/** A further amount or time after "さらに、" ("さらに、火を弱めて10分ほど煮込みます", "さらに、砂糖を大さじ1加えます"). */
const JA_FURTHER = /^[^。！？]*?(?:(?:[0-9０-９]+|[一二三四五六七八九十]+)\s*(?:分|秒|時間|日間|週間|か月|ヶ月|年間|回|倍|g|ｇ|グラム|kg|ml|mL|cc|個|枚|本|杯|切れ|cm|mm|℃)|大さじ|小さじ)/u;

/**
 * A letter's closing words after "In conclusion,": thanks, a greeting, an offer of help, a hope ("En conclusión, quedamos a
 * su entera disposición", "Em conclusão, agradecemos desde já", "In conclusione, Vi ringraziamo"). The phrase is "lastly"
 * there, not a summary: "En resumen," "Em suma," "Resumindo," "Insomma," or "In definitiva," would sum up nothing.
 */
const CLOSING_WORDS = (words: string): RegExp => new RegExp(`^\\s*(?:${words})(?![\\p{L}])`, 'iu');

/**
 * The closing formula of minutes ("In conclusione, la seduta è tolta alle ore 21:15", "…, se levanta la sesión", "…, a reunião
 * foi encerrada"): "at the close", which "Insomma," "En resumen," or "Em suma," would make a summary of the meeting.
 */
const MINUTES_CLOSE = {
  es: 'se levanta la sesión|se (?:cierra|da por (?:terminada|concluida|finalizada)) la (?:sesión|reunión|asamblea)|(?:la )?(?:sesión|reunión|asamblea) (?:se levanta|concluye|termina|finaliza)',
  it: '(?:la )?(?:seduta|riunione|assemblea) (?:è|viene|si) (?:tolta|chiusa|sciolta|conclusa|chiude|conclude)|si (?:chiude|dichiara chiusa) la (?:seduta|riunione|assemblea)',
  pt: '(?:a )?(?:reunião|sessão|assembleia) (?:foi|é) encerrada|(?:foi|é) encerrada a (?:reunião|sessão|assembleia)|nada mais havendo a tratar',
};

/**
 * A French imperative ("contactez", "n'hésitez pas", "veuillez"): a word in "-ez" with no "vous" before it ("vous pouvez" states),
 * not a name ("Lopez").
 */
const FR_IMPERATIVE = /(?<![\p{L}])(?<![Vv]ous\s+(?:ne\s+|n['’]|en\s+|y\s+|l['’]|(?:le|la|les|me|nous|lui|leur)\s+)?)(?!(?:chez|assez|nez|rez)(?![\p{L}]))\p{Ll}\p{L}+ez(?![\p{L}])/u;

/** An Italian obligation or prohibition: "devono", "è tenuto a", "è vietato", "bisogna", "occorre", "è obbligatorio". */
const IT_DUTY = /^[^.!?]*(?<![\p{L}])(?:dev(?:e|ono|i|o|ete|ono)|tenut[oaie]|obbligatori[oaie]|obbligo|vietat[oaie]|proibit[oaie]|bisogna|occorre|necessari[oaie])(?![\p{L}])/u;

/** A Russian request or instruction: "просим", "рекомендуем", an imperative ("отправьте", "промойте", "ознакомьтесь"). */
const RU_REQUEST = /(?<![\p{L}])(?:прос(?:им|ят)|прошу|рекомендуем|\p{L}+[иьй]те(?:сь)?)(?![\p{L}])/u;

/** A Turkish request or instruction: "lütfen", "rica ederiz", "unutma", "önerilir", or a final imperative ("seçin", "geçiniz"). */
const TR_REQUEST = /(?<![\p{L}])(?:lütfen|rica ed\p{L}*|unutma(?:yın|yınız)?|öneril\p{L}*|öneririz)(?![\p{L}])|\p{L}(?:[ıiuü]n|y[ıiuü]n|[ıiuü]n[ıiuü]z|y[ıiuü]n[ıiuü]z)[.!]?\s*$/iu;

/** A test statistic or a p-value as a paper reports it ("p < 0,05", "(r = -0,42; p < 0,01)", "OR = 1,84"). */
const STATISTIC = String.raw`(?<![\p{L}])(?:p|r|OR|IC|CI)\s*[<>=≤≥]\s*-?\d`;

/** The words of a grave paragraph (LanguageRules.grave), whole words in any case; a stem takes its endings where it ends in "\\p{L}*". */
const graveWords = (words: string): RegExp => new RegExp(`(?<![\\p{L}])(?:${words})(?![\\p{L}])`, 'iu');

export const LANGUAGE_RULES: Record<Exclude<Language, 'en'>, LanguageRules> = {
  es: {
    // Not "Igualmente," (in speech "same to you" or "anyway"), "Al final," (a time, not a summary) nor "pesa mucho" (a person
    // who "weighs a lot"). "En primer lugar" in a ranking is a place, not "to begin with".
    replacements: [['Además,', ['Asimismo,', 'Por otra parte,']], ['Sin embargo,', ['No obstante,']],
      ['Por lo tanto,', ['Por eso,', 'Así que']],
      ['En conclusión,', ['En resumen,', 'En definitiva,'], { keepBefore: CLOSING_WORDS('(?:(?:le|les|te|os)\\s+)?(?:agradec\\p{L}*|quedamos|quedo|esperamos|espero|reciba|reciban|aprovecho|aprovechamos|nos despedimos|me despido|deseamos|le deseo|reiteramos|reitero|(?:muchas )?gracias|no dude\\p{L}*|estamos a (?:su|tu|vuestra) (?:entera )?disposición|sin otro particular|' + MINUTES_CLOSE.es + ')') }],
      // Not "Conviene recordar que": what the writer stresses is often news to the reader ("el plazo de ejecución es de seis
      // semanas"), and a contract stipulates, it does not remind.
      ['Es importante destacar que', ['Cabe señalar que', 'Conviene subrayar que']], ['Es importante señalar que', ['Cabe señalar que', 'Conviene subrayar que']],
      ['En primer lugar,', ['Para empezar,'], { keepBefore: /^\s*(?:quedó|quedaron|terminó|acabó|llegó|se (?:situó|clasificó|colocó)|figura|aparece|está|se encuentra)(?![\p{L}])/u }],
      // The same stock phrase after a connective ("Además, es importante destacar que …"), and the stock opening of an essay.
      ['es importante destacar que', ['cabe señalar que', 'conviene subrayar que'], { keepAfter: NEGATED }], ['es importante señalar que', ['cabe señalar que', 'conviene subrayar que'], { keepAfter: NEGATED }],
      ['Es importante tener en cuenta que', ['Conviene tener presente que', 'Cabe señalar que']], ['es importante tener en cuenta que', ['conviene tener presente que', 'cabe señalar que'], { keepAfter: NEGATED }],
      ['En el mundo actual,', ['Hoy en día,', 'Hoy,'], { keepBefore: WORLD_GOES_ON }],
      ['desempeña un papel crucial', ['es clave'], ON_STAGE]],
    sentenceEnd: '.', openers: ['De hecho,', 'En realidad,', 'La verdad es que'],
    colloquial: ['Así que'], bookish: ['Asimismo,'],
    summary: ['En resumen,', 'En definitiva,'],
    scholarly: new RegExp(`(?<![\\p{L}])(?:(?:[Ee]ste|[Ee]l presente|[Ee]n este) (?:estudio|artículo|trabajo)|[Ll]a presente (?:investigación|tesis)|diseño (?:cuasi)?experimental|estudio (?:transversal|longitudinal|de cohortes|cualitativo|cuantitativo)|regresión|estadísticamente significativ\\p{L}*|[Pp]alabras clave)(?![\\p{L}])|${STATISTIC}`, 'u'),
    infinitive: /^\s*(?:(?:antes de|después de|para|sin|tras)\s+)?(?:no\s+)?(?!(?:ayer|mujer|lugar|hogar|mar|bar|par|cualquier)(?![\p{L}]))\p{Ll}\p{L}*(?:(?:ar|er|ir|ír)(?:se|lo|la|los|las|le|les)?|(?:ár|ér|ír)(?:se|me|te|nos|os)(?:lo|la|los|las))(?![\p{L}])/u,
    notBeforeInfinitive: ['Así que'],
    // "Cabe destacar que … Cabe señalar que …", "Conviene recordar que … Conviene subrayar que …": one stock phrase twice.
    sameConnective: [['Cabe señalar que', 'Cabe destacar que', 'Cabe mencionar que', 'Cabe resaltar que', 'Cabe subrayar que', 'Cabe recordar que'],
      ['Conviene subrayar que', 'Conviene tener presente que', 'Conviene recordar que', 'Conviene destacar que', 'Conviene señalar que']],
    // A letter's formulas ("usted", "le rogamos", "Atentamente", "De nuestra mayor consideración"): no "Así que" beside them
    // whatever the tone ("Así que le sugerimos realizar su pedido con antelación"). A notice's ("Se informa de que …", "Se
    // ruega …") make the text one: "Así que se recomienda a los vecinos almacenar agua" in a town hall's notice.
    politeSentence: /(?<![\p{L}])(?:[Ss]e (?:informa|comunica|ruega|recuerda|avisa|notifica) (?:a|al|que|de que)|[Uu]sted(?:es)?|Estimad[oa]s?|Atentamente|[Cc]ordialmente|[Dd]e (?:nuestra|mi) (?:mayor|más distinguida) consideración|[Ll]es? (?:rogamos|ruego|sugerimos|sugiero|recomendamos|informamos|comunicamos|agradecemos|agradecería(?:mos)?|invitamos|recordamos|solicitamos|pedimos|adjunto|adjuntamos|enviamos|escribo|escribimos)|[Ss]u entera disposición|[Ss]in otro particular|[Rr]eciba un cordial saludo|[Rr]uego que|[Ss]olicito|[Pp]or medio de(?:l| la) presente)(?![\p{L}])/u,
    grave: graveWords('contratos?|cláusulas?|arrendatari[oa]s?|arrendador\\p{L}*|inquilin[oa]s?|dosis|posología|pacientes?|fallec\\p{L}*|muerte|murió|funeral\\p{L}*|luto|condolencias?|pésame|velorio|medicamentos?|tratamiento|diagnóstico|síntomas?|efectos secundarios|reglamento|normativa|ley(?:es)?|tribunal\\p{L}*|indemnizaci\\p{L}*|cáncer|hospital\\p{L}*|en virtud de|las partes'),
    // Nor before a question ("Por eso, ¿quién paga el hotel?"; "Asimismo, ¿puedes traer el portátil?": "likewise" states).
    notInQuestion: ['Por eso,', 'Así que', 'Asimismo,'],
    dependentStart: /^(?:que|lo que|lo cual|la cual|el cual|los cuales|las cuales|cuy[oa]s?|donde|mientras(?: que)?|aunque|porque|pues|ya que|puesto que|si|sino|cuando|como|de (?:modo|manera|forma) que|por lo que|por ejemplo|p\.\s?ej\.|es decir|o sea|sobre todo|especialmente|incluid[oa]s?|salvo|excepto|así como|además de|en cuyo caso|(?:motivo|razón) por (?:el|la) (?:que|cual)|por lo cual|con lo (?:que|cual)|siempre (?:y cuando|que)|a menos que|para que|a fin de que|hasta que|antes de que|después de que|a pesar de que|sin que|dado que|debido a que|tal (?:y )?como|según lo|conforme a)(?![\p{L}])/iu,
  },
  fr: {
    // "En outre," is not "Aussi," (sentence-initial "aussi" means "so"); "Il faut dire que" concedes.
    // Not "Donc" nor "C'est pourquoi" for "Par conséquent,": neither takes an imperative or a question after it ("C'est
    // pourquoi veuillez …"). Mid-sentence ("qu'il est important de noter que") only "il convient de …": an imperative
    // ("notons") cannot follow "qu'" or "s'".
    replacements: [['De plus,', ['En plus,', 'Par ailleurs,']], ['Cependant,', ['Toutefois,']],
      ['Par conséquent,', ['Du coup,', 'Dès lors,', 'De ce fait,']],
      // "En conclusion, nous vous remercions …", "…, je serais ravie de vous rencontrer", "…, merci à tous" are a letter's
      // last words, no summary: neither "Bref," nor "Au final," opens them.
      ['En conclusion,', ['Au final,', 'Bref,'], { keepBefore: /^\s*(?:(?:nous|je)\s+(?:vous\s+|te\s+)?(?:remerci\p{L}*|pri(?:ons|e)|comptons|compte|restons|reste|serions|serais|tenons|tiens)|merci|veuillez|n['’]hésitez|(?:la|l['’])\s*(?:séance|réunion|assemblée)\s+(?:est|a été)\s+(?:levée|close|clôturée)|l['’]ordre du jour étant épuisé)(?![\p{L}])/u }],
      ['Il est important de noter que', ['Notons que', 'Il convient de noter que']], ['En outre,', ['De plus,', 'Qui plus est,']],
      ['il est important de noter que', ['il convient de noter que']],
      ['Il est important de souligner que', ['Soulignons que', 'Il convient de souligner que']], ['il est important de souligner que', ['il convient de souligner que']],
      ["Dans le monde d'aujourd'hui,", ["Aujourd'hui,", 'De nos jours,'], { keepBefore: WORLD_GOES_ON }],
      ["Dans le monde d’aujourd’hui,", ["Aujourd’hui,", 'De nos jours,'], { keepBefore: WORLD_GOES_ON }],
      // Not "est essentiel": "cette offre est essentiel dans" breaks agreement and the preposition.
      ['joue un rôle crucial', ['compte beaucoup'], ON_STAGE]],
    sentenceEnd: '.', openers: ['En fait,', 'À vrai dire,', 'Au fond,'],
    colloquial: ['Du coup,', 'Bref,', 'Au final,', 'En plus,', 'compte beaucoup'],
    summary: ['Au final,', 'Bref,'],
    scholarly: new RegExp(`(?<![\\p{L}])(?:(?:[Cc]et|[Ll]e présent|[Dd]ans cet) article|(?:[Cc]ette|[Ll]a présente|[Dd]ans cette) (?:étude|recherche|thèse)|étude (?:transversale|longitudinale|de cohorte|qualitative|quantitative)|régression|statistiquement significati\\p{L}*|[Mm]ots-clés)(?![\\p{L}])|${STATISTIC}`, 'u'),
    // "Qui plus est" ("what is more") piles up an argument: a contract or a leaflet does not argue ("Qui plus est, le salarié
    // s'engage à respecter le règlement intérieur"). Nor does it speak in the first person: "Notons que la résiliation ne met
    // pas fin aux obligations …" reads as an essay.
    unofficial: ['Qui plus est,', 'Notons que', 'Soulignons que'],
    letter: /(?<![\p{L}])(?:Madame, Monsieur|agréer|salutations distinguées|sincères salutations|[Cc]ordialement|Chère [Mm]adame|Cher [Mm]onsieur)(?![\p{L}])/u,
    // A letter's or a notice's formulas ("nous vous prions", "veuillez", "Madame, Monsieur", "Cordialement", "La mairie informe
    // les habitants que …", "… sont priés de …"): no spoken connective beside them whatever the tone ("Du coup, nous vous
    // serions reconnaissants de bien vouloir …", "Du coup, les habitants sont priés de les apporter à la déchetterie").
    politeSentence: /(?<![\p{L}])(?:[Aa]vis aux|informe (?:les|ses|l['’]ensemble des) (?:habitants|usagers|riverains|administrés|résidents|locataires|copropriétaires|parents|voyageurs)|(?:sont|est) (?:prié|invité)e?s? (?:de|à)|[Vv]euillez|bien vouloir|[Nn]ous vous|vous pri(?:e|ons)|Madame|Monsieur|[Cc]ordialement|salutations|agréer|[Nn]['’]hésitez pas)(?![\p{L}])/u,
    // An instruction in the infinitive ("Par conséquent, débrancher l'appareil …", "De plus, vérifier que …"): the written
    // register of a notice, where "Du coup," and "En plus," are speech. Not the nouns and words that end like one.
    infinitive: /^\s*(?:ne\s+(?:pas|jamais|plus|rien)\s+|n['’])?(?:(?:se|en|y)\s+|[ls]['’])?(?!(?:notre|votre|autre|entre|contre|outre|hier|premier|dernier|cher|chez|soir|noir|air|plaisir|avenir|désir|loisir|pour|sur|par|mer|fer|hiver|super|ordre|nombre|membre|titre|lettre|libre|propre|pauvre|centre|chiffre|livre|quatre|cadre|genre|offre|frère|mère|père|guerre|terre|pierre|verre|heure|espoir)(?![\p{L}]))\p{Ll}\p{L}*(?:er|ir|re|oir)(?![\p{L}])/u,
    notBeforeInfinitive: ['Du coup,', 'En plus,', 'Au final,', 'Qui plus est,'],
    // "Qui plus est" ("what is more") adds weight to a claim, not another instruction: "Qui plus est, si le problème persiste,
    // contactez le 3900".
    // "De ce fait" ("because of this fact") states a result: no advice follows it ("De ce fait, regardez bien les panneaux").
    notBefore: [['Qui plus est,', FR_IMPERATIVE], ['De ce fait,', FR_IMPERATIVE]],
    literary: /(?<![\p{L}])(?:\p{L}+èrent|fut|furent|eut|eurent|fit|firent|vint|vinrent|prit|prirent|demanda|répondit|ajouta|murmura|s['’]écria|soupira|haussa|reprit|lança|sourit-(?:il|elle))(?![\p{L}])/u,
    // A notice's sanctions too ("les contrevenants s'exposent à une amende de 68 €" in a prefecture's communiqué): no "Du
    // coup," or "En plus," there.
    grave: graveWords('amendes?|contrevenant\\p{L}*|infractions?|contraventions?|arrêtés? (?:préfectora|municipa)\\p{L}*|contrats?|clauses?|locataires?|bailleur\\p{L}*|posologie|dose|patient(?:e|s|es)?|décès|décéd\\p{L}*|morte?s?|funérailles|obsèques|deuil|condoléances|médicaments?|traitements?|diagnostic|symptômes?|effets indésirables|ordonnance|règlement|réglementation|lois?|tribunal|indemnit\\p{L}*|cancer|hôpital|en vertu de|les parties|rétractation|résili\\p{L}*|préavis|Code de la consommation|Code civil|conditions générales|force majeure'),
    dependentStart: /^(?:qui|que|qu['’]|dont|où|lequel|laquelle|lesquel(?:le)?s|ce (?:qui|que|dont)|ce qu['’]|tandis que|alors que|bien que|quoique|parce que|puisque|car|si|s['’]il|lorsque|quand|comme|afin (?:que|de)|pour que|de (?:sorte|manière|façon) que|si bien que|notamment|surtout|c['’]est-à-dire|soit|par exemple|p\.\s?ex\.|sauf|y compris|en particulier|ainsi que|auquel cas|(?:raison|motif) pour laquelle|(?:raison|motif) pour lequel|à condition que|pourvu que|à moins que|sans que|avant que|jusqu['’]à ce que|dès que|étant donné que|vu que|d['’]autant (?:plus )?que|tel(?:le)?s? que|conformément à)(?![\p{L}])/iu,
  },
  de: {
    // Not "Doch" for "Jedoch": with the verb after it ("Doch ist die Lage ernst") it reads stilted.
    // "Darüber hinaus ist jede Haftung ausgeschlossen" is "beyond that": "Zudem" would exclude all liability. So are a
    // clause's "Darüber hinaus ist die Haftung ausgeschlossen" and "Darüber hinaus haften wir nur …" after what it is liable for.
    // "Darüber hinaus, dass …" ("beyond the fact that") is no "Außerdem, dass …".
    replacements: [['Darüber hinaus', ['Außerdem', 'Zudem'], { keepBefore: /^\s*,\s*dass(?![\p{L}])|^\s+(?:geh(?:t|en|end)|[^.!?;]*?(?<![\p{L}])(?:kein\p{L}*|nicht|nichts|jede[rsnm]?|jegliche\p{L}*|sonstige\p{L}*|weiter\p{L}*|ausgeschlossen|ausgenommen|Haftung|haft(?:en|et))(?![\p{L}]))/u }], ['Jedoch', ['Allerdings']],
      // Before 'Zusammenfassend': "Kurz gesagt lässt sich sagen" would say "said" twice. No "Daher" ("Daher stammt die
      // Tradition" is "that is where it comes from", not "therefore") nor "Insgesamt" ("Insgesamt 500 Personen" counts).
      ['Zusammenfassend lässt sich sagen, dass', ['Alles in allem lässt sich sagen, dass', 'Im Ganzen zeigt sich, dass']],
      ['Zusammenfassend gesagt', ['Kurz gesagt', 'Alles in allem']],
      // Not "Kurz gesagt" for the bare word: "Zusammenfassend betrachtet" would become "Kurz gesagt betrachtet".
      // Nor "Zusammenfassend werden die Ergebnisse dargestellt" (in summary form). Nor "Im Ganzen" ("as a whole", "in
      // all": "Im Ganzen bitten wir Sie", "Im Ganzen gilt:"). A letter's last words ("Zusammenfassend bitten wir Sie …",
      // "… danken wir Ihnen", "… möchten wir betonen") sum nothing up: "Alles in allem" does not open them.
      ['Zusammenfassend', ['Alles in allem'], { keepBefore: /^\s+(?:werden|wird|wurden|wurde|sind|ist|dargestellt|aufgeführt|zusammengestellt|beschrieben|wiedergegeben|bitte[tn]?|danke[nt]?|bedanken|möchte[nt]?|freue[nt]?|hoffe[nt]?|wünsche[nt]?|verbleibe[nt]?|erlaube[nt]?)(?![\p{L}])/u }],
      // Not "Wichtig ist, dass": it says what must be so ("Wichtig ist, dass viele Patienten ihre Medikamente zu früh absetzen").
      ['Es ist wichtig zu beachten, dass', ['Zu beachten ist, dass', 'Man sollte wissen, dass']],
      // After a connective the verb comes first: "Zudem ist es wichtig zu beachten, dass" → "Zudem ist zu beachten, dass".
      ['ist es wichtig zu beachten, dass', ['ist zu beachten, dass', 'sollte man wissen, dass']], ['Es ist wichtig zu betonen, dass', ['Hervorzuheben ist, dass', 'Zu betonen ist, dass']],
      // An adverbial in first place, the verb after it: "In der heutigen Zeit spielt …" → "Heute spielt …"; not where the
      // noun goes on ("In der heutigen Zeit der Digitalisierung", "…, in der …", "… und Gesellschaft").
      ['In der heutigen schnelllebigen Welt', ['Heute', 'Heutzutage'], { keepBefore: /^\s*(?:,|der|des|und|oder|sowie|voller|mit|von)(?![\p{L}])/u }],
      ['In der heutigen Zeit', ['Heute', 'Heutzutage'], { keepBefore: /^\s*(?:,|der|des|und|oder|sowie|voller|mit|von)(?![\p{L}])/u }],
      ['spielt eine entscheidende Rolle', ['ist zentral', 'ist entscheidend'], ON_STAGE]],
    sentenceEnd: '.', openers: ['Ehrlich gesagt:', 'Im Grunde gilt:', 'Klar ist:'],
    colloquial: ['Man sollte wissen, dass', 'sollte man wissen, dass'],
    summary: ['Alles in allem lässt sich sagen, dass', 'Im Ganzen zeigt sich, dass', 'Kurz gesagt', 'Alles in allem'],
    scholarly: new RegExp(`(?<![\\p{L}])(?:(?:[Dd]ie|[Ii]n der) vorliegenden? (?:Studie|Arbeit|Untersuchung|Analyse)|(?:[Dd]iese|[Ii]n dieser) (?:Studie|Arbeit|Untersuchung) (?:untersucht|analysiert|zeigt|wird|werden)|Querschnitts\\p{L}*|Längsschnitt\\p{L}*|Regressions\\p{L}*|statistisch (?:nicht )?signifikant\\p{L}*|Schlüsselwörter|Stichprobe)(?![\\p{L}])|${STATISTIC}`, 'u'),
    // "Im Ganzen zeigt sich" reports a finding: not what the writers say of themselves ("…, dass wir uns auf Ihre Mithilfe
    // verlassen"), nor what they recommend ("…, dass Schulen KI als Werkzeug begreifen sollten").
    // "Alles in allem" ("all in all") weighs up: a contract's stipulation is no verdict ("Alles in allem verpflichten sich beide
    // Vertragsparteien, …", "Alles in allem gilt, dass ein Rechtsanspruch … nicht entsteht").
    notBefore: [['Im Ganzen zeigt sich, dass', /^\s*(?:wir|ich|uns|mir|mich)(?![\p{L}])|^[^.!?]*(?<![\p{L}])(?:sollte[nt]?|sollen|müsste[nt]?|muss|müssen)(?![\p{L}])/u],
      ['Alles in allem', /^[^.!?]*(?:verpflichte[nt]?|vereinbar|[Aa]nspr(?:uch|üch)|[Hh]aft(?:en|et|ung)|[Vv]ertrag|[Vv]erträg|Mieter|Vermieter|Arbeitnehmer|Arbeitgeber|[Kk]ündig|Schriftform|Textform)/u]],
    letter: /(?<![\p{L}])(?:Sehr geehrte[rn]?|Mit freundlichen Grü(?:ß|ss)en|Freundliche Grü(?:ß|ss)e|Hochachtungsvoll)(?![\p{L}])/u,
    // A letter or a notice to "Sie" ("…, dass wir Sie niemals nach Ihrer PIN fragen", "Sehr geehrte …", "bitten wir Sie",
    // "Freundliche Grüsse"): no "Man sollte wissen" beside its formulas whatever the tone. "Sie" opening a sentence may be "they".
    politeSentence: /(?<=[\p{L}\p{N},;:]\s)(?:Sie|Ihnen|Ihr|Ihre[mnrs]?)(?![\p{L}])|(?<![\p{L}])(?:Sehr geehrte[rn]?|[Gg]rü(?:ß|ss)en?|[Hh]ochachtungsvoll|[Bb]itten wir|[Ww]ir bitten|[Vv]ielen Dank)(?![\p{L}])/u,
    grave: graveWords('Vertr(?:a|ä)g\\p{L}*|Klausel\\p{L}*|Mieter\\p{L}*|Vermieter\\p{L}*|Dosierung|Dosis|Patient\\p{L}*|Tod|Todes\\p{L}*|gestorben|verstorben\\p{L}*|Trauer\\p{L}*|Beerdigung|Beileid|Medikament\\p{L}*|Arzneimittel\\p{L}*|Behandlung\\p{L}*|Diagnose|Symptom\\p{L}*|Nebenwirkung\\p{L}*|Kündigung\\p{L}*|Verordnung|Gesetz\\p{L}*|Gericht\\p{L}*|Haftung|Krebs|Krankenhaus|Vertragsparteien'),
    dependentStart: /^(?:was|wobei|weshalb|weswegen|wodurch|womit|wonach|worauf|woraus|wovon|wozu|wo|dessen|deren|denen|während|weil|da|obwohl|obgleich|wenn|falls|sodass|so dass|indem|ob|dass|insbesondere|vor allem|etwa|zum Beispiel|z\.\s?B\.|d\.\s?h\.|und zwar|sofern|soweit|sobald|solange|nachdem|bevor|ehe|bis|damit|ohne dass|es sei denn|woraufhin|wohingegen|zumal|sowie|bzw\.|beziehungsweise|seit(?:dem)?)(?![\p{L}])/iu,
  },
  it: {
    replacements: [['Inoltre,', ['In più,', 'Oltre a ciò,']], ['Tuttavia,', ['Però']], ['Pertanto,', ['Quindi', 'Per questo']],
      ['In conclusione,', ['Insomma,', 'In definitiva,'], { keepBefore: CLOSING_WORDS('(?:(?:La|Le|Vi|ti|vi)\\s+)?(?:ringrazi\\p{L}*|grazie|resto|restiamo|rimango|rimaniamo|porgo|porgiamo|colgo|cogliamo|auguro|auguriamo|confido|confidiamo|spero|speriamo|saluto|salutiamo|in attesa|non esit\\p{L}*|' + MINUTES_CLOSE.it + ')') }],
      // Not "Bisogna ricordare che" ("one must remember"): what is stressed is often news to the reader ("riceverai una e-mail
      // di conferma", "la garanzia è di 24 mesi"), and a contract stipulates, it does not remind.
      ['È importante notare che', ['Va detto che', 'Va notato che']],
      ['è importante notare che', ['va detto che', 'va notato che'], { keepAfter: NEGATED }],
      ['È importante sottolineare che', ['Va detto che', 'Va sottolineato che']], ['è importante sottolineare che', ['va detto che', 'va sottolineato che'], { keepAfter: NEGATED }],
      ['Nel mondo di oggi,', ['Oggi,'], { keepBefore: WORLD_GOES_ON }],
      ['svolge un ruolo cruciale', ['conta molto', 'è centrale'], ON_STAGE]],
    sentenceEnd: '.', openers: ['In effetti,', 'A dire il vero,', 'In fondo,'],
    colloquial: ['Insomma,', 'Però', 'In più,', 'conta molto', 'Eppure,'],
    summary: ['Insomma,', 'In definitiva,'],
    notInQuestion: ['Per questo'],
    // "Per questo questa macchina è ideale …" says "this" twice. "Va detto che" ("it must be said") makes an aside of a
    // requirement the writer stresses ("Va detto che le uova devono essere freschissime", "… ogni condòmino è tenuto a …"):
    // "Va notato che" and "Va sottolineato che" keep the stress.
    notBefore: [['Per questo', /^\s*quest[oaie](?![\p{L}])/u], ['Va detto che', IT_DUTY], ['va detto che', IT_DUTY]],
    // An infinitive with its clitics too ("assumerlo", "lavarsi", "farglielo"), or after "prima di", "per", "senza" ("Pertanto,
    // prima di assumere altri farmaci consultare il medico"). Not a name ("Pertanto, Cesare Ferri riceverà …"). A noun that ends
    // like one counts: "Per questo potere d'acquisto …" and "Per questo particolare …" would read as "for this power", "this detail".
    infinitive: /^\s*(?:(?:prima di|dopo|per|senza)\s+)?(?:non\s+)?\p{Ll}\p{L}*(?:(?:are|ere|ire|rre)(?:lo|la|li|le|ne|si|vi|ci|gli)?|(?:ar|er|ir|r)(?:(?:lo|la|li|le|ne|si|vi|ci|gli)|(?:glie|me|te|se|ce|ve)(?:lo|la|li|le|ne)))(?![\p{L}])/u,
    notBeforeInfinitive: ['Per questo', 'Quindi'],
    // "Va detto che … Va notato che …": one stock phrase twice.
    sameConnective: [['Va detto che', 'Va notato che', 'Va sottolineato che', 'Va ricordato che', 'Va precisato che', 'Va evidenziato che']],
    // A letter's formulas ("Gentile", "Spettabile", "Cordiali saluti", "La informiamo", the capitals of ", La prego", "a Sua
    // disposizione"): no "Però", "In più," or "Insomma," beside them whatever the tone. ("informarLa" reaches the rules as
    // a verbatim token, unseen.)
    politeSentence: /(?<=[\p{L}\p{N},;:]\s)(?:(?:La|Le)(?=\s+\p{Ll})|Lei|Vi|Sua|Suo|Sue|Suoi|Vostr[oaie])(?![\p{L}])|(?<![\p{L}])(?:(?:La|Le|Vi) (?:\p{Ll}+iamo|prego|invio|informo|ringrazio|comunico|scrivo|ricordo|chiedo|auguro|confermo|porgo)|Gentil(?:e|issim[oa])|Egregi[oa]|Spettabile|Spett\.|[Cc]ordiali saluti|[Dd]istinti saluti|[Cc]on osservanza|[Cc]on la presente|Si (?:comunica|prega|raccomanda|avvisa|avvisano|informa|informano|invita|invitano|ricorda (?:a|che))|si prega)(?![\p{L}])/u,
    scholarly: new RegExp(`(?<![\\p{L}])(?:[Ii]l presente (?:studio|lavoro|articolo|contributo)|[Qq]uesto (?:studio|articolo|lavoro) (?:analizza|esamina|indaga|propone|presenta|discute)|modello di regressione|regressione|statisticamente significativ\\p{L}*|[Pp]arole chiave)(?![\\p{L}])|${STATISTIC}`, 'u'),
    grave: graveWords('contratt[oi]|clausol[ae]|locatari[oa]|conduttore|locatore|posologia|dosaggio|dos[ei]|pazient[ei]|decess[oi]|morte|mort[oa]|funeral[ei]|lutto|condoglianze|farmac[oi]|medicinal[ei]|trattament[oi]|diagnosi|sintom[oi]|effetti collaterali|regolament[oi]|normativa|legge|tribunale|risarciment[oi]|tumore|cancro|ospedale|ai sensi|le parti'),
    dependentStart: /^(?:che|il che|cosa che|ciò che|(?:il|la|i|le) qual[ei]|cui|dove|mentre|sebbene|benché|perché|poiché|giacché|se|quando|come|in particolare|soprattutto|ad esempio|per esempio|ad es\.|p\.\s?es\.|cioè|ossia|ovvero|tranne|incluso|compreso|purché|a condizione che|affinché|nel qual caso|(?:motivo|ragione) per cui|così come|oltre a|prima che|finché|a meno che|dato che|visto che|qualora|nonostante)(?![\p{L}])/iu,
  },
  pt: {
    // Not "Vale dizer que": it also means "that is to say".
    replacements: [['Além disso,', ['Além do mais,']], ['No entanto,', ['Porém,']], ['Portanto,', ['Por isso,', 'Então']],
      ['Em conclusão,', ['Enfim,', 'Resumindo,', 'Em suma,'], { keepBefore: CLOSING_WORDS('(?:(?:lhe|lhes|vos|te)\\s+)?(?:agradec\\p{L}*|desde já|permanecemos|permaneço|ficamos|fico|esperamos|espero|aguardamos|aguardo|desejamos|desejo|renovamos|reiteramos|despedimo-nos|subscrevemo-nos|colocamo-nos|(?:muito )?obrigad[oa]s?|não hesite\\p{L}*|estamos à (?:sua|vossa|tua) (?:inteira )?disposição|sem mais|' + MINUTES_CLOSE.pt + ')') }],
      // Not "Convém lembrar que" ("it is worth remembering"): what is stressed is often news to the reader ("a proposta
      // comercial tem validade de 30 dias").
      ['É importante notar que', ['Vale ressaltar que', 'Convém sublinhar que']],
      ['é importante notar que', ['vale ressaltar que', 'convém sublinhar que'], { keepAfter: NEGATED }],
      ['É importante destacar que', ['Vale ressaltar que', 'Convém sublinhar que']], ['é importante destacar que', ['vale ressaltar que', 'convém sublinhar que'], { keepAfter: NEGATED }],
      ['No mundo atual,', ['Hoje,', 'Hoje em dia,'], { keepBefore: WORLD_GOES_ON }],
      // Not "pesa muito": said of a person it "weighs a lot".
      ['desempenha um papel crucial', ['é central'], ON_STAGE]],
    sentenceEnd: '.', openers: ['Na verdade,', 'De fato,', 'No fundo,'],
    colloquial: ['Então', 'Enfim,', 'Resumindo,'],
    summary: ['Enfim,', 'Resumindo,', 'Em suma,'],
    notInQuestion: ['Por isso,'],
    // "pôr" and its accent too; not "qualquer", "por", "melhor", "senhor": words ending like an infinitive that are none.
    infinitive: /^\s*(?:(?:antes de|depois de|para|sem|após)\s+)?(?:não\s+)?(?!(?:qualquer|mulher|por|pior|melhor|maior|menor|senhor|favor|lugar|mar|bar|par|amor|valor|setor|sector|cor|dor|interior|exterior|anterior|posterior|superior|inferior)(?![\p{L}]))\p{Ll}\p{L}*(?:ar|er|ir|or|ôr)(?:-(?:se|lo|la|los|las))?(?![\p{L}-])/u,
    notBeforeInfinitive: ['Então'],
    // "Vale lembrar que … Vale ressaltar que …", "Convém lembrar que … Convém sublinhar que …": one stock phrase twice.
    sameConnective: [['Vale ressaltar que', 'Vale lembrar que', 'Vale destacar que', 'Vale salientar que', 'Vale notar que', 'Cabe destacar que', 'Cabe ressaltar que'],
      ['Convém sublinhar que', 'Convém lembrar que', 'Convém destacar que', 'Convém salientar que', 'Convém notar que', 'Importa salientar que', 'Importa sublinhar que']],
    // A letter's formulas ("Exmo. Senhor", "V. Exa.", "Prezado", "solicitamos", "Atenciosamente"): no "Então", "Enfim," or
    // "Resumindo," beside them whatever the tone ("Então solicitamos que agende a sua deslocação").
    politeSentence: /V\.\s?Exa?\.|(?<![\p{L}])(?:Vossa Excelência|Exm[oa]s?\.|Prezad[oa]s?|Atenciosamente|Cordialmente|[Cc]om os (?:melhores )?cumprimentos|[Vv]imos por este meio|[Ss]olicitamos|[Ss]olicito|[Ii]nformamos|[Cc]omunicamos|[Aa]gradecemos|[Ll]hes? (?:informamos|solicitamos|comunicamos|agradecemos|enviamos|pedimos|desejamos)|[Pp]ermanecemos à (?:sua )?disposição|o senhor|a senhora)(?![\p{L}])/u,
    scholarly: new RegExp(`(?<![\\p{L}])(?:[Ee]st[ea] (?:artigo|estudo|trabalho|pesquisa) (?:investiga|analisa|examina|apresenta|discute|propõe|avalia)|estudo (?:transversal|longitudinal|de coorte|qualitativo|quantitativo)|regressão|estatisticamente significativ\\p{L}*|[Pp]alavras-chave)(?![\\p{L}])|${STATISTIC}`, 'u'),
    // A regulation's or a notice's sanctions too ("os veículos em infração serão rebocados …, conforme o art. 164.º do
    // Código da Estrada"): no "Então" there.
    grave: graveWords('infraç\\p{L}*|coimas?|rebocad\\p{L}*|Código (?:da Estrada|Civil|Penal|do Trabalho)|contratos?|cláusulas?|locatári[oa]s?|locador\\p{L}*|inquilin[oa]s?|posologia|doses?|dosagem|pacientes?|falec\\p{L}*|morte|óbito|funeral|velório|luto|condolências|pêsames|medicamentos?|remédios?|tratamento|diagnóstico|sintomas?|efeitos colaterais|regulamento|lei|leis|tribunal|indeniza\\p{L}*|indemniza\\p{L}*|câncer|cancro|hospital|nos termos|as partes'),
    dependentStart: /^(?:que|o que|(?:o|a|os|as) qua(?:l|is)|cuj[oa]s?|onde|enquanto|embora|porque|pois|já que|visto que|se|quando|como|de (?:modo|maneira|forma) que|por exemplo|p\.\s?ex\.|ou seja|isto é|i\.\s?e\.|sobretudo|especialmente|inclusive|exceto|desde que|a menos que|para que|a fim de que|caso|(?:motivo|razão) pel[oa] qual|assim como|além de|mesmo que|ainda que|conforme|tal como|segundo o (?:disposto|previsto))(?![\p{L}])/iu,
  },
  ru: {
    // "Но" takes no comma; no "очень важен" (the adjective must agree with a subject the rule cannot see); "В итоге" also
    // means "as a result", so it is no closing.
    // "Однако, какой ты стал высокий!" is surprise, not a contrast.
    // "К тому же" is no parenthetical: it takes no comma ("К тому же компания предоставляет полис ДМС").
    replacements: [['Кроме того,', ['К тому же', 'Помимо этого,'], { keepBefore: /^\s*(?:что|кто|как|чтобы|чем)(?![\p{L}])/u }],
      ['Однако,', ['Но'], { keepBefore: /^\s*(?:как(?:ой|ая|ое|ие)?|ну|вот)(?![\p{L}])[^.?]*!/u }],
      ['Таким образом,', ['Так что', 'В итоге']],
      // "В заключение, напоминаем …", "В заключение, выражаем уверенность …" is "lastly" before a letter's last words, not
      // a summary: neither "Итак," nor "Короче говоря," opens them.
      // Nor before what someone did at the close of an event ("В заключение, представители ведомства пообещали …" in a
      // report): that is "at the end", not a summary.
      ['В заключение,', ['Короче говоря,', 'Итак,'], { keepBefore: /^[^.!?]*(?<![\p{L}])(?:по)?(?:обеща|заяви|отмети|подчеркну|сообщи|добави|поблагодари|напомни|призва|вырази|рассказа|сказа|ответи|пожела|предложи|объяви|резюмирова|указа|призна|выступи|завери|высказа|закры|заверши)л(?:а|и|о)?(?![\p{L}])|^\s*(?:напомина\p{L}*|напомн\p{L}*|выража\p{L}*|благодар\p{L}*|жела\p{L}*|пожела\p{L}*|хо(?:чу|тим|тел\p{L}*)|позвольте|просим|прошу|приглаша\p{L}*|призыва\p{L}*|добав(?:лю|им)|отмечу|скажу|надеемся|рассчитываем)(?![\p{L}])/u }],
      // An obligation or a prohibition after it ("…, что препарат не следует принимать дольше 5 дней") is a warning:
      // "Заметим" or "Стоит сказать" would make it an aside.
      ['Важно отметить, что', ['Стоит сказать, что', 'Заметим, что'], { keepBefore: /^[^.!?]*(?<![\p{L}])(?:нельзя|нужно|необходим\p{L}*|обязательн\p{L}*|обязан\p{L}*|запрещ\p{L}*|должн\p{L}*|долж(?:ен|на|но|ны)|следует|требуется|недопустим\p{L}*|противопоказан\p{L}*)(?![\p{L}])/u }],
      ['играет ключевую роль', ['многое решает'], ON_STAGE]],
    sentenceEnd: '.', openers: ['На самом деле', 'По сути', 'Вообще-то'],
    colloquial: ['Короче говоря,', 'Так что', 'многое решает', 'Стоит сказать, что'],
    summary: ['Короче говоря,', 'Итак,'],
    // "В итоге" reports an outcome: not before a request or an instruction ("В итоге просим Вас …", "В итоге отправьте …").
    // "многое решает в решении" says "decide" twice.
    // Nor "К тому же" ("what is more") before a step of an instruction ("К тому же промойте колбу тёплой водой"): it piles
    // up an argument.
    notBefore: [['В итоге', RU_REQUEST], ['К тому же', RU_REQUEST], ['многое решает', /^[^.!?]*?(?<![\p{L}])(?:раз)?реш\p{L}*/u]],
    // A letter or an official notice ("Уважаемый …", "просим Вас", "если Вы …", "сообщаем", "С уважением"): no colloquial
    // alternative next to its formulas whatever the tone ("Так что просим Вас пересмотреть расценки").
    politeSentence: /(?<=[\p{L}\p{N},;:]\s)Вы(?![\p{L}])|(?<![\p{L}])(?:Вас|Вам|Вами|Ваш\p{L}*|Уважаем\p{L}*|уважением|[Пп]росим|[Пп]рошу|[Бб]лагодарим|[Сс]ообщаем|[Уу]ведомляем|[Ии]нформируем|[Нн]апоминаем|[Пп]риносим|[Ии]звинени\p{L}*)(?![\p{L}])/u,
    infinitive: /^\s*(?:не\s+)?\p{L}+(?:ть|ться|ти|тись|чь|чься)(?![\p{L}])/u, notBeforeInfinitive: ['Так что', 'В итоге'],
    scholarly: new RegExp(`(?<![\\p{L}])(?:[Вв] (?:статье|работе|исследовании|диссертации) (?:рассматрива|анализиру|исследу|изуча|представлен|описан|предложен|обосновыва)\\p{L}*|[Цц]ель (?:исследования|работы|статьи)|выборк\\p{L}*|респондент\\p{L}*|статистически (?:не)?значим\\p{L}*|регрессионн\\p{L}*|корреляционн\\p{L}*|[Кк]лючевые слова)(?![\\p{L}])|${STATISTIC}`, 'u'),
    grave: graveWords('договор\\p{L}*|арендатор\\p{L}*|арендодател\\p{L}*|арендн\\p{L}*|расторг\\p{L}*|дозировк\\p{L}*|доз(?:а|ы|у|е|ой)|пациент\\p{L}*|смерт\\p{L}*|умер(?:ла|ли)?|скончал\\p{L}*|похорон\\p{L}*|соболезнован\\p{L}*|траур\\p{L}*|препарат\\p{L}*|лекарств\\p{L}*|лечени\\p{L}*|диагноз\\p{L}*|симптом\\p{L}*|побочн\\p{L}*|закон\\p{L}*|суд(?:а|е|ом|у|ы|ов|ебн\\p{L}*)?|штраф\\p{L}*|неустойк\\p{L}*|регламент\\p{L}*|онколог\\p{L}*|больниц\\p{L}*'),
    dependentStart: /^(?:что|котор(?:ый|ая|ое|ые|ого|ой|ом|ым|ыми|ых|ую)|чей|чья|чьё|чьи|где|куда|откуда|когда|тогда как|в то время как|хотя|потому что|так как|поскольку|если|чтобы|причём|притом|а также|в том числе|например|напр\.|то есть|особенно|включая|кроме|после чего|в связи с чем|в результате чего|благодаря чему|из-за чего|вследствие чего|при условии|при том что|пока|ибо|дабы|как и|т\.\s?е\.|несмотря на то)(?![\p{L}])/iu,
  },
  zh: {
    // Not "要注意，" ("更值得注意的是" became "更要注意"). No "首先，" → "第一，": in a numbered list ("1. 首先，…") it counts twice,
    // and beside "其次" it mixes two series.
    replacements: [['此外，', ['另外，', '而且，'], { keepAfter: HAN_BEFORE }], ['然而，', ['不过，', '但是，'], { keepAfter: HAN_BEFORE }],
      ['因此，', ['所以，', '因而'], { keepAfter: HAN_BEFORE }], ['总之，', ['总的来说，', '总而言之，'], { keepAfter: /\p{Script=Han}$|[，、：；,]$/u }],
      ['值得注意的是，', ['需要指出的是，', '需要留意的是，'], { keepAfter: HAN_BEFORE }],
      ['起着至关重要的作用', ['非常关键', '很重要']]],
    sentenceEnd: '。', openers: ['其实，', '事实上，', '说实话，'], spaceless: true,
    // "所以" and "不过" are spoken beside the written "因此" and "然而", as a sentence-opening "而且" ("what's more") is beside
    // "此外" ("而且，乙方应承担租期内的水、电、燃气费用" in a contract); "很重要" is plain beside "起着至关重要的作用".
    colloquial: ['所以，', '不过，', '而且，', '很重要'],
    summary: ['总的来说，', '总而言之，'],
    // A paper ("本研究探讨了…", "本文建议…", "问卷调查", "显著降低", "关键词："): "所以，本文建议采用…" and "而且，" are speech there.
    scholarly: new RegExp(`本研究|本文(?:旨在|探讨|分析|研究|提出|认为|建议|采用|发现)|问卷调查|回归分析|显著(?:性|相关|差异|降低|提高|增加|减少|影响)|关键词[:：]|摘要[:：]|${STATISTIC}`, 'u'),
    // "因而" states a result, not a request ("因而如需联合用药，请事先咨询医生", "因而恳请您…"); "总的来说" ("on the whole") sums up
    // and cannot open a request ("总的来说，有问题随时找我！"); "需要留意的是" warns, and a report of what was done is no
    // warning ("需要留意的是，Apple随后通过iOS 17.0.3更新修复了这一问题"). "而且" adds weight to a claim, not another instruction
    // ("而且，外出时请遵守交通规则"; "而且，山上风大，记得…" is right).
    notBefore: [['因而', REQUEST_ZH], ['总的来说，', REQUEST_ZH], ['需要留意的是，', /(?<![为除])了(?!解)/u], ['而且，', /^[^，。！？]*(?:请|务必|切勿|不要|建议|记得|别忘|千万|一定要)/u]],
    steps: /(?:^|[。！？\s])(?:然后|接着|随后|第[一二三四五六七八九十0-9]+步)[，,：:]?/u, notInSteps: ['而且，'],
    // A letter's formulas ("恳请您于8月31日前回复", "敬请谅解", "贵公司"): no spoken connective beside them whatever the tone.
    politeSentence: /恳请|敬请|烦请|此致|顺颂|贵(?:公司|司|方|单位|校|院|行)|拨冗|莅临|惠予/u,
    grave: /合同|协议|条款|规定|施行|租户|承租人|出租人|甲方|乙方|剂量|用量|患者|病人|去世|逝世|死亡|身亡|病故|葬礼|哀悼|悼念|节哀|药物|药品|服用|服药|停药|就医|禁用|慎用|孕妇|哺乳期|医师|不良反应|过敏反应|用法用量|注意事项|治疗|诊断|症状|副作用|法律|法规|条例|法院|赔偿|癌症|医院|预警|警报|灾害|避险|撤离/u,
  },
  ja: {
    // "したがって" mid-sentence is "in accordance with" (規則にしたがって); "非常に備えて" is "prepare for an emergency";
    // "かなり" would weaken "extremely" to "fairly". "非常に激しい雨", "非常に強い風" and "非常に強い台風" are the weather
    // service's classes of rain, wind and typhoon, "非常に多い" after "花粉" or "飛散" the pollen forecast's highest class,
    // "非常に満足", "非常に不満" and "非常にそう思う" a survey's answers: terms, not "とても激しい雨" or "大変満足". Nor
    // "大変まれに": a leaflet's frequency is "非常にまれに".
    // "さらに、火を弱めて10分ほど煮込みます" is "ten minutes more": "また、" ("also", "again") and "それに、" ("besides") lose
    // the "more" of a further amount or time.
    replacements: [['さらに、', ['また、', 'それに、'], { initial: true, keepBefore: JA_FURTHER }], ['しかし、', ['でも、', 'ただ、'], { initial: true }],
      ['したがって、', ['だから、', 'そのため、'], { initial: true }], ['結論として、', ['まとめると、', 'つまり、'], { initial: true, notInLetter: true }],
      ['重要なのは', ['大事なのは', '肝心なのは'], { keepAfter: HAN_BEFORE }],
      ['非常に', ['とても', '大変'], { keepBefore: /^(?:備え|際し|際して|時|激しい雨|強い(?:雨|風|台風|勢力)|まれ|稀|そう思|満足(?![しすでだな度感])|不満(?![をがはもでだなに]))/u, keepAfter: /(?:花粉|飛散)[^。！？]*$/u }]],
    sentenceEnd: '。', openers: ['実際、', '実は、', '正直なところ、'], spaceless: true,
    colloquial: ['それに、', 'でも、', 'だから、', 'とても'],
    // "それに、" ("on top of that") piles a point onto an argument, which an instruction's next step is not ("2. 言語を選択します。
    // それに、Wi-Fiに接続してください").
    steps: /(?:^|[。！？\s])(?:次に|その後|続いて|それから)[、，,]?/u, notInSteps: ['それに、'],
    summary: ['まとめると、', 'つまり、'],
    // A paper ("本研究では…を検討した", "質問紙調査", "有意に低下させた", "キーワード："): "でも、" and "だから、" are speech there.
    scholarly: new RegExp(`本研究|本論文|本稿|質問紙調査|回帰分析|先行研究|有意(?:に|な|差)|キーワード[:：]|要旨[:：]|${STATISTIC}`, 'u'),
    // A contract's proviso is "ただし、": "ただ、未払いの料金がある場合、当社は…保留することができる" reads as talk.
    unofficial: ['ただ、'],
    grave: /契約|条項|規約|約款|第[0-9０-９一二三四五六七八九十百]+条|各号|賃借人|借主|貸主|用量|用法|服用|患者|死亡|逝去|亡くな|葬儀|告別式|冥福|お悔やみ|訃報|医薬品|薬剤|服薬|投与|治療|診断|症状|副作用|法律|法令|条例|裁判|損害|賠償|癌|病院|警報|警戒(?!心)|避難|災害|氾濫|浸水|津波/u,
    // "つまり" ("that is") restates: not before a request, a wish or an apology ("つまり、皆様のご出席を心よりお待ち申し上げております").
    // Nor before a company's pledge ("つまり、当社は今後も…貢献してまいります"), which restates nothing.
    notBefore: [['つまり、', /(?:ください|下さい|願い|お待ち|申し上げ|申し訳|すみません|ましょう|ほしい|まいり|参り)[^。！？!?]*[。！!]?\s*$/u]],
    // Humble and honorific forms too: "でも、…事実をとても重く受け止めております", "だから、車を二台お持ちの場合は…ご利用ください";
    // an honorific request ("ご提出ください", "お試しください") and a notice's "保護者各位".
    politeSentence: /いたし|致し|ござい|いただ|頂き|頂け|申し上げ|存じ|幸いです|恐れ入|弊社|貴社|御社|おり(?:ます|まし)|おかけ|お待ちし|お持ち|お客様|皆様|お子様|各位|お願いします|[ごお]\p{Script=Han}(?:(?![にをがはでとも])[\p{Script=Han}\p{Script=Hiragana}]){0,6}?(?:ください|下さい)/u,
  },
  ko: {
    // Mid-sentence "또한" is "also", "따라서" in "규정에 따라서" is "according to", "가장 중요한 것은" a superlative.
    // Not "눈여겨볼 점은" ("the point to watch") for "중요한 것은" ("what matters"): what follows is most often a value or an
    // action ("중요한 것은 꾸준함이에요", "…의사와 상담하는 것입니다", "…학생들의 안전이므로"), which no one watches; it misread 4
    // of the 4 sentences a reading gave it, and said "점" twice before "…라는 점입니다".
    replacements: [['또한', ['그리고', '게다가', '아울러'], { initial: true }], ['그러나', ['하지만', '그렇지만'], { initial: true }],
      ['따라서', ['그래서', '그러므로'], { initial: true }], ['결론적으로', ['요컨대', '정리하면'], { initial: true, notInLetter: true }],
      ['중요한 것은', ['핵심은'], { initial: true }],
      // Not in the set phrases of an apology or thanks: "매우 죄송합니다" is not "아주 죄송합니다".
      // Nor "매우 무겁게 받아들이고 있습니다", "매우 유감", "매우 송구" of an official apology, nor a grade or a survey's answer:
      // "매우 나쁨" (fine dust), "매우 높음" (UV index), "매우 만족", "매우 그렇다" are terms, not "아주 나쁨".
      ['매우', ['아주', '무척'], { keepBefore: /^\s*(?:죄송|감사|송구|유감|무겁게|깊이|(?:나쁨|좋음|높음|낮음|많음|적음|심함|강함|약함)(?:으로|이|은|을|과|이나|에서)?(?![\p{L}])|(?:불만족|만족|불만)(?![스하해했합할한])|그렇(?:다|지))/u }]],
    // "정리하면 5분만 투자하면 …" stacks two conditionals, "정리하면 … 만나면 돼" likewise ("-면 되다/좋다": "you only need to").
    // "그래서", as "-아서/-어서", takes no request or command after it ("그래서 스티커를 떼어 내지 마십시오", "그래서 먼저 가서 자리
    // 좀 잡아 줘": "그러니" would). "아울러" is the written "also" of a notice: not in 반말 ("아울러 시간은 저녁 7시로 바뀌었어").
    notBefore: [['정리하면', /^[^.!?]*?\S(?:하면|으면|다면|라면)(?=[\s,])|^[^.!?]*?\S면\s+(?:돼|된다|됩니다|되고|좋|괜찮)/u],
      ['그래서', /(?:세요|십시오|시오|줘요?|주라|(?<=\p{L})자|읍시다|합시다|바랍니다|지\s?마(?:요|라)?|[아어여해]라)[.!~…]*["'”’)]*\s*$/u],
      ['아울러', /\p{Script=Hangul}(?<![다요까오죠])[.!?~…]*["'”’)]*\s*$/u]],
    // A letter's honorific formulas: no "그래서" nor "아주" beside "…해 주시기 바랍니다", "귀하", "사과드립니다", "알려 주시면
    // 감사하겠습니다", "말씀드리고자 합니다", "안내해 드리겠습니다".
    politeSentence: /주시기 바랍|주십시오|주시면 감사|부탁드|사과드|말씀드|드립니다|드렸습니다|드리겠|귀하|귀사|고객님|학부모님|송구|양해/u,
    sentenceEnd: '.', openers: ['사실', '실제로', '솔직히'],
    // "게다가" ("on top of that") piles up in speech: not in a notice or a letter ("게다가 점검 시간은 … 변경될 수 있습니다"),
    // where the written "아울러" adds.
    colloquial: ['그래서', '게다가', '무척', '아주'],
    // "아울러" is the written "also" of a notice or a letter: not in a post the tone asks to be casual ("아울러 정상에서 본
    // 백록담은 무척 아름다웠다" after "새벽 5시에 출발했는데 정말 힘들었다").
    bookish: ['아울러'],
    steps: /(?:^|[.!?\s])(?:그다음|그 다음|다음으로|그런 다음|이어서)(?=[\s,])/u, notInSteps: ['게다가'],
    summary: ['요컨대', '정리하면'],
    // A paper ("본 연구는 …을 분석하였다", "설문조사", "유의하게 낮추었다", "주제어:"): "게다가" and "그래서" are speech there.
    scholarly: new RegExp(`본 연구|본 논문|본 고|설문조사|회귀분석|선행 ?연구|유의(?:하게|한|미한)|주제어\\s?[:：]|핵심어\\s?[:：]|${STATISTIC}`, 'u'),
    // Terms of service and statutes write "그러나" and "또한": "하지만 미결제 금액이 있는 경우 회사는 …보류할 수 있다" and a
    // clause opening with "그리고" read as plain prose.
    unofficial: ['하지만', '그렇지만', '그리고'],
    // Korean particles follow the noun ("계약서를", "환자에게"): matched inside words. A clause of terms of service: "제7조",
    // "약관", "다음 각 호", the statute's "하여야 한다".
    grave: /계약|조항|약관|제\s?\d+\s?조|각 호|하여야 한다|임차인|임대인|용량|복용|환자|사망|별세|돌아가셨|장례|조문|조의금|명복|부고|약물|의약품|치료|진단|증상|부작용|법률|법령|법원|배상|과태료|병원|경보|특보|대피|재난|재해/u,
  },
  tr: {
    // "Ancak" without a comma may mean "only" ("Ancak 18 yaşından büyükler başvurabilir"); "Kısacası" and "Özetle" would
    // make a consequence a summary; "Şunu … gerek:" reads as a label.
    // "Ayrıca ücretlendirilir" (charged separately): only a sentence of four words or more takes "Ayrıca" as "besides".
    replacements: [['Ayrıca', ['Bunun yanında', 'Üstelik'], { keepBefore: /^\s+(?:\S+\s+){0,2}\S+[.!?]$/u }], ['Ancak,', ['Fakat', 'Ne var ki']], ['Bu nedenle', ['Bu yüzden', 'O yüzden']],
      ['Sonuç olarak', ['Sonuçta', 'Neticede']], ['Önemle belirtmek gerekir ki', ['Belirtmek gerekir ki', 'Altını çizmek gerekir ki']],
      ['çok önemli bir rol oynar', ['çok önemlidir', 'belirleyicidir'], { keepBefore: /^\s+m[ıiuü](?![\p{L}])|^[^.!?]*(?:film|dizi)/iu, keepAfter: STAGE }]],
    sentenceEnd: '.', openers: ['Aslında', 'Gerçekten de', 'Açıkçası'],
    // "Üstelik" is "as if that were not enough": it piles a point onto an argument or a sales pitch, and is kept out of
    // formal registers as a colloquial word is ("Üstelik diğer banka ATM'lerinden nakit çekim komisyonu … yükselecektir").
    // "Sonuçta" is the spoken "in the end", "after all": "Sonuçta hibrit çalışma modelinin … azaltabileceği düşünülmektedir" in a
    // paper's conclusion; the written "Neticede" is left there.
    colloquial: ['O yüzden', 'Üstelik', 'Sonuçta'], locale: 'tr',
    summary: ['Sonuçta', 'Neticede'],
    // "Ne var ki" states a fact against what was expected: it asks nothing ("Ne var ki bu kadar masrafa gerçekten değer mi?").
    notInQuestion: ['Ne var ki'],
    // Neither "Üstelik" nor "Ne var ki" (a fact against expectation) opens a request or an instruction ("Üstelik mutabakat
    // yazısını da eklemeyi unutma", "Ne var ki … lütfen bizimle iletişime geçiniz").
    notBefore: [['Üstelik', TR_REQUEST], ['Ne var ki', TR_REQUEST]],
    // A letter or an official notice: its formulas ("rica ederiz", "Saygılarımızla", "özür dileriz", "müşterilerimiz") and
    // the "-dır" of official statements ("yükselecektir", "gerekmektedir", "belirlenmiştir"). No colloquial alternative
    // next to them whatever the tone ("O yüzden katılım durumunuzu … bildirmenizi rica ederiz").
    politeSentence: /\p{L}(?:[ae]c[ae]k|m[ae]kt[ae]|m[ıiuü]ş)[td][ıiuü]r(?![\p{L}])|(?<![\p{L}])(?:[Rr]ica ed\p{L}*|[Ll]ütfen|Saygılarımızla|Sayın|Değerli|[Öö]zür dil\p{L}*|[Tt]eşekkür ed\p{L}*|[Bb]ildiririz|[Aa]rz ed\p{L}*|[Mm]emnuniyet duy\p{L}*|(?:[Mm]üşteri|[Yy]olcu|[Vv]eli|[Şş]irket|[Ff]irma|[Bb]anka|[Oo]kul|[Ee]kib)(?:ler|lar)?(?:imiz|ımız|umuz)\p{L}*)(?![\p{L}])/u,
    // The same "beside this" in another case form: "Bunun yanı sıra, … Bunun yanında …" repeats a connective.
    sameConnective: [['Bunun yanında', 'Bunun yanı sıra']],
    scholarly: new RegExp(`(?<![\\p{L}])(?:[Bb]u (?:çalışmada|araştırmada|makalede|tezde)|örneklem\\p{L}*|katılımcı\\p{L}*|anlamlı (?:bir )?(?:ilişki|fark)\\p{L}*|istatistiksel(?: olarak)? anlamlı|regresyon\\p{L}*|korelasyon\\p{L}*|[Aa]nahtar [Kk]elimeler)(?![\\p{L}])|${STATISTIC}`, 'u'),
    grave: graveWords('sözleşme\\p{L}*|kiracı\\p{L}*|kiraya veren|dozaj\\p{L}*|doz(?:u|da|unu)?|hasta(?:lar|nın|ya|yı|lara|ların)?|hastane\\p{L}*|hastalı\\p{L}*|ölüm\\p{L}*|öldü\\p{L}*|vefat\\p{L}*|cenaze\\p{L}*|taziye\\p{L}*|başsağlığı|ilaç\\p{L}*|ilac\\p{L}*|tedavi\\p{L}*|teşhis\\p{L}*|kanun\\p{L}*|yasa(?:l|sı|ya|nın)?|mahkeme\\p{L}*|tazminat\\p{L}*|kanser\\p{L}*|yönetmeli\\p{L}*|taraflar\\p{L}*|yan etki\\p{L}*'),
    dependentStart: /^(?:ki)(?![\p{L}])/iu,
  },
  ar: {
    // No bare "من ثم" for "لذلك" ("من ثم من المتوقع أن …" doubles "من"; the idiom is "ومن ثم").
    // "لذلك" and "في الختام" only open a sentence ("ونتيجة لذلك", "كلمة في الختام"); "رغم ذلك" concedes; the verb of
    // "يلعب دورًا حاسمًا" stays (after a modal or a negation, "مهم جدًا" left no verb).
    replacements: [['بالإضافة إلى ذلك', ['علاوة على ذلك', 'فضلًا عن ذلك']], ['ومع ذلك', ['مع هذا', 'ومع هذا']],
      ['لذلك', ['ولهذا', 'لهذا السبب'], { initial: true, keepBefore: /^\s+ال/u }], ['في الختام', ['باختصار', 'في النهاية'], { initial: true }],
      ['من المهم أن نلاحظ أن', ['تجدر الإشارة إلى أن', 'من الجدير بالذكر أن']], ['يلعب دورًا حاسمًا', ['يلعب دورًا محوريًا', 'يلعب دورًا أساسيًا']]],
    sentenceEnd: '.', openers: ['في الواقع،', 'في الحقيقة،', 'بصراحة،'],
    // "ومع هذا" is "مع هذا" with "and": two of each in a text is the same connective four times.
    sameConnective: [['مع هذا', 'ومع هذا']],
    summary: ['باختصار'],
    // "باختصار" ("in short") sums up: a letter's closing formula, a wish, a prayer or a request sums up nothing ("باختصار،
    // تقبلوا منا خالص التحية", "باختصار، نسأل الله أن يتغمده برحمته"), nor does a report of what was said last ("في الختام، أكدت
    // الوزارة أن اللقاح آمن" is "at the close", and "باختصار، أكدت الوزارة" makes the report a summary), nor a recommendation
    // ("باختصار، تقترح الدراسة إجراء أبحاث مماثلة"). Not "يجب أن نتذكر" ("we
    // must remember") for "من المهم أن نلاحظ": what is stressed is most often news to the reader ("…أن الرصيد صالح لمدة 90 يومًا"
    // in a reply to a customer, "…أن الهاتف يدعم التحديثات لمدة سبع سنوات" on a product page), as Spanish "Conviene recordar" was.
    notBefore: [['باختصار', /^[،,]?\s*[وف]?(?:نتطلع|أتطلع|نود|أود|نتقدم|أتقدم|تقبلوا|تفضلوا|نسأل|أسأل|نرجو|أرجو|يرجى|نشكر|أشكر|شكر|نتمنى|أتمنى|نأمل|آمل|ندعو|أدعو|نعتذر|أعتذر|يسعدنا|يسرنا|لا تترددوا|رحم|أكد|شدد|قال|أشار|أوضح|أعلن|أعرب|دعا|دعت|اختتم|[تين]قترح|[تين]وصي)/u]],
    dependentStart: /^(?:مما|الذي|التي|الذين|اللذان|اللتان|اللواتي|حيث|لأن|لأنّ|كي|لكي|بينما|فيما|إذا|عندما|حين)(?![\p{L}])/u,
  },
};
