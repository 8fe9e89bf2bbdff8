import { expect } from 'chai';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/**
 * A reading of the humanizer in the eleven languages other than English over kinds of text earlier readings used
 * little: chat-assistant answers in Markdown (headings, lists with bold lead-ins, tables, code blocks),
 * customer-support e-mails, FAQ pages, step-by-step instructions, product comparisons, meeting minutes, homework
 * answers, social posts with hashtags and emoji, letters to authorities, pharmacy leaflets and contract clauses. 96
 * texts (8–10 a language), 19,200 outputs over the modes, tones, readability levels and seeds 1–2, no checker defect,
 * no markup, quote or French spacing changed; of 326 distinct changed sentences 13 were damaged: a spoken connective in
 * a contract clause the engine did not know for one ("Du coup, celles-ci restent en vigueur", "Notons que la
 * résiliation …"), in a leaflet's warnings ("不过，肝肾功能不全者…", "所以，如出现皮疹…"), in an application to a town hall ("Así que
 * ruego que se tramite …") and a Russian заявление ("Так что прошу принять срочные меры", "В итоге прошу …", "Итак,
 * прошу сообщить …"); a summary before the minutes' closing formula ("Insomma, la seduta è tolta alle ore 21:15");
 * "Alles in allem" before a contract's stipulation ("Alles in allem gilt, dass eine mündliche Kündigung unwirksam
 * ist"); "それに、" ("on top of that") before the next step of a numbered instruction ("2. …言語を選択します。それに、Wi-Fiに接続してください");
 * and the bookish "아울러" in a casual hiking post. Leaflets and minutes whose parts open with a label ("Posología:",
 * "Advertencias:"; "Слушали:", "Постановили:") came back unchanged: two such lines read as a transcript's speakers; so
 * did the part under a heading in lenticular brackets ("【용법·용량】"), taken for the run-on of a hard-wrapped line, and
 * Chinese and Japanese posts that end in hashtags without a final mark.
 */
describe('local humanizer in other languages: contracts, leaflets, letters to authorities, minutes and posts', function () {
  this.timeout(120_000);

  it('keeps a French contract clause about termination in the written register, and still uses "Du coup," and "Notons que" in minutes', () => {
    const clause = languageOutputs('fr', "Il est important de noter que la résiliation ne met pas fin aux obligations de confidentialité prévues à l'article 9. Par conséquent, celles-ci restent en vigueur pendant cinq ans.", { seeds: 2 });
    expect(holding(clause, (t) => /Du coup|Notons que/u.test(t))).to.deep.equal([]);
    expect(some(clause, 'Il convient de noter que la résiliation')).to.equal(true);
    const minutes = languageOutputs('fr', 'Il est important de noter que la réunion ne met pas fin aux discussions prévues au point 9. Par conséquent, celles-ci restent ouvertes pendant cinq jours.', { seeds: 2, tones: ['casual'] });
    expect(some(minutes, 'Notons que la réunion')).to.equal(true);
    expect(some(minutes, 'Du coup, celles-ci restent ouvertes')).to.equal(true);
  });

  it('sums nothing up before the closing formula of Italian, French, Spanish, Portuguese and Russian minutes, and still does before a conclusion', () => {
    const closings: Array<['it' | 'fr' | 'es' | 'pt' | 'ru', string, RegExp]> = [
      ['it', "Punto 2: si approva il bilancio. In conclusione, la seduta è tolta alle ore 21:15.", /Insomma|In definitiva/u],
      ['fr', 'Le budget est validé à l’unanimité. En conclusion, la séance est levée à 18 h 30.', /Bref|Au final/u],
      ['es', 'Se aprueba el presupuesto por unanimidad. En conclusión, se levanta la sesión a las 20:30.', /En resumen|En definitiva/u],
      ['pt', 'O orçamento foi aprovado por unanimidade. Em conclusão, a reunião foi encerrada às 18h.', /Enfim|Resumindo|Em suma/u],
      ['ru', 'Бюджет утверждён единогласно. В заключение, председатель закрыл собрание в 18:30.', /Короче|Итак/u],
    ];
    for (const [language, text, summary] of closings) expect(holding(languageOutputs(language, text, { seeds: 2 }), (t) => summary.test(t)), language).to.deep.equal([]);
    const conclusion = languageOutputs('it', 'Il modem è incluso nel prezzo. In conclusione, FibraMax conviene a chi vuole spendere poco.', { seeds: 2 });
    expect(holding(conclusion, (t) => /(?:Insomma|In definitiva), FibraMax/u.test(t))).to.not.deep.equal([]);
  });

  it('keeps spoken Chinese connectives out of a leaflet\'s warnings, and still uses them in a chat answer', () => {
    const leaflet = languageOutputs('zh', '【注意事项】\n\n1. 孕妇及哺乳期妇女禁用。\n2. 然而，肝肾功能不全者应在医师指导下使用。\n3. 因此，如出现皮疹等过敏反应，应立即停药并就医。', { seeds: 2 });
    expect(holding(leaflet, (t) => /不过，|所以，/u.test(t))).to.deep.equal([]);
    expect(some(leaflet, '但是，肝肾功能不全者')).to.equal(true);
    const chat = languageOutputs('zh', '很多人每天都背单词。然而，很多人忽视了复习这一步。', { seeds: 2 });
    expect(some(chat, '不过，很多人忽视了')).to.equal(true);
  });

  it('keeps "Así que" out of an application to a town hall, and still uses it in a chat answer', () => {
    const application = languageOutputs('es', 'Por medio del presente escrito, solicito licencia para la reforma del baño de mi vivienda. Además, adjunto el presupuesto de la obra.\n\nPor lo tanto, ruego que se tramite la presente solicitud a la mayor brevedad posible.', { seeds: 2 });
    expect(holding(application, (t) => t.includes('Así que'))).to.deep.equal([]);
    expect(some(application, 'Por eso, ruego que')).to.equal(true);
    const chat = languageOutputs('es', 'El MacBook Air ofrece más autonomía que el resto. Por lo tanto, es la mejor opción si estudias fuera de casa.', { seeds: 2 });
    expect(some(chat, 'Así que es la mejor opción')).to.equal(true);
  });

  it('reads "прошу" as a request of a formal application, and still uses "Так что" before a statement', () => {
    const application = languageOutputs('ru', 'Оборудование площадки находится в аварийном состоянии. Таким образом, прошу принять срочные меры. В заключение, прошу сообщить о принятом решении в письменной форме.', { seeds: 2 });
    expect(holding(application, (t) => /Так что|В итоге|Итак|Короче/u.test(t))).to.deep.equal([]);
    const chat = languageOutputs('ru', 'Сжатие картинок и кэширование почти ничего не стоят. Таким образом, даже простые меры могут сократить время загрузки вдвое.', { seeds: 2 });
    expect(some(chat, 'Так что даже простые меры')).to.equal(true);
  });

  it('puts no "Alles in allem" before a stipulation about termination, and still before a verdict', () => {
    const clause = languageOutputs('de', 'Darüber hinaus bedarf die Kündigung der Textform. Zusammenfassend gilt, dass eine mündliche Kündigung unwirksam ist.', { seeds: 2 });
    expect(holding(clause, (t) => t.includes('Alles in allem'))).to.deep.equal([]);
    const verdict = languageOutputs('de', 'Der Mond leuchtet nicht selbst. Zusammenfassend entstehen die Mondphasen durch die wechselnde Stellung von Sonne, Erde und Mond.', { seeds: 2 });
    expect(some(verdict, 'Alles in allem entstehen')).to.equal(true);
  });

  it('puts no connective that piles up a point into an item of a numbered list, and still into prose', () => {
    const ja = languageOutputs('ja', '1. 電源ボタンを3秒間長押しします。\n2. 画面の案内に従って言語を選択します。さらに、Wi-Fiに接続してください。\n3. 最後に再起動します。', { seeds: 2, tones: ['casual'] });
    expect(holding(ja, (t) => t.includes('それに、'))).to.deep.equal([]);
    expect(some(ja, 'また、Wi-Fiに接続してください')).to.equal(true);
    const zh = languageOutputs('zh', '1. 打开设置页面。\n2. 选择网络选项。此外，需要确认SIM卡已经插好。\n3. 重启手机。', { seeds: 2 });
    expect(holding(zh, (t) => t.includes('而且，'))).to.deep.equal([]);
    const review = languageOutputs('ja', 'この店のラーメンはスープが濃厚でおいしいです。さらに、チャーシューがとても柔らかいです。', { seeds: 2, tones: ['casual'] });
    expect(some(review, 'それに、チャーシュー')).to.equal(true);
  });

  it('reads the section labels of a leaflet or of minutes as labels, not speakers, and still leaves a transcript as said', () => {
    const leaflet = languageOutputs('es', 'Posología: la dosis recomendada es de 1 comprimido cada 8 horas. Además, los comprimidos deben tomarse con alimentos.\nAdvertencias: consulte a su médico si padece asma. Es importante destacar que el uso prolongado puede aumentar el riesgo de infarto.', { seeds: 2 });
    expect(some(leaflet, 'Advertencias: consulte a su médico si padece asma. Cabe señalar que el uso prolongado')).to.equal(true);
    const minutes = languageOutputs('ru', 'Присутствовали: Петров, Иванова, Сидоров.\nСлушали: отчёт о продажах за февраль. Продажи выросли на 12 %. Однако, число новых клиентов снизилось.\nПостановили: подготовить план кампании до 20 марта.', { seeds: 2 });
    expect(some(minutes, 'Слушали: отчёт о продажах за февраль. Продажи выросли на 12 %. Но число новых клиентов снизилось.')).to.equal(true);
    const transcript = 'Marta: Ya he enviado el informe al cliente esta mañana. Además, he preparado la presentación para el jueves.\nLuis: Perfecto, gracias. Sin embargo, todavía falta revisar el presupuesto final.';
    expect(holding(languageOutputs('es', transcript, { seeds: 2 }), (t) => t !== transcript)).to.deep.equal([]);
  });

  it('rewrites a Korean leaflet\'s part under a heading in lenticular brackets, and keeps the heading', () => {
    const leaflet = languageOutputs('ko', '【용법·용량】\n성인은 1회 1정, 1일 3회 식후에 복용합니다. 또한 복용 간격은 4시간 이상으로 합니다.', { seeds: 2 });
    expect(some(leaflet, '【용법·용량】\n성인은 1회 1정, 1일 3회 식후에 복용합니다. 아울러 복용 간격은')).to.equal(true);
    expect(holding(leaflet, (t) => !t.startsWith('【용법·용량】\n'))).to.deep.equal([]);
  });

  it('rewrites a Chinese post that ends in hashtags, and leaves a caption of hashtags as it is', () => {
    const post = languageOutputs('zh', '周末去了一趟杭州🌸西湖边的樱花全开了！此外，我们还在龙井村喝到了今年的明前茶🍵 #杭州 #西湖', { seeds: 2 });
    expect(some(post, '另外，我们还在龙井村')).to.equal(true);
    const caption = '西湖边的樱花全开了 #杭州 #西湖';
    expect(holding(languageOutputs('zh', caption, { seeds: 2 }), (t) => t !== caption)).to.deep.equal([]);
  });

  it('puts no bookish "아울러" into a casual post, and still into a formal one', () => {
    const post = '오늘 드디어 한라산 정상에 올랐다. 새벽 5시에 출발했는데 정말 힘들었다. 또한 정상에서 본 백록담은 매우 아름다웠다.';
    // The academic mode writes in a formal register whatever the tone.
    const casual = languageOutputs('ko', post, { seeds: 2, tones: ['casual'] }).filter(([where]) => !where.startsWith('academic/'));
    expect(holding(casual, (t) => t.includes('아울러'))).to.deep.equal([]);
    expect(some(casual, '그리고 정상에서')).to.equal(true);
    expect(some(languageOutputs('ko', post, { seeds: 2, tones: ['formal'] }), '아울러 정상에서')).to.equal(true);
  });
});
