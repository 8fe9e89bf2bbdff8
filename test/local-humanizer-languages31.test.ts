import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/**
 * A reading of the humanizer in German, French, Spanish, Chinese, Japanese, Korean and Arabic over kinds of text the
 * earlier readings used little: support replies, product pages, news, numbered steps, forum posts, abstracts, stories with
 * dialogue („…“, « … », em-dash lines, 「」), figures, dates, currencies, units and abbreviations ("z. B.", "p. ex.",
 * "EE. UU."), Chinese numerals and "、", Arabic with vowel marks and Latin names. 56 texts (8 a language), 11,200 outputs
 * (modes × tones × levels × seeds 1–2), 277 distinct changed sentences read; 17 damaged (French 3, Chinese 1, Japanese 4,
 * Arabic 9; German, Spanish and Korean none): a vowel mark left on an alternative ("ولهذاَ", "باختصارِ"), "يجب أن نتذكر"
 * before news to the reader, "باختصار" before a report or a recommendation, "Qui plus est," before an instruction, "Du
 * coup," in a story told in the passé simple, "而且" before "建议", the typhoon class "非常に強い勢力" made "大変強い", a
 * spoken connective in a disaster warning, "つまり、" before a verdict given first, and a split leaving a sentence that
 * opens with a figure.
 */
const outputs = (language: Language, text: string, options: Parameters<typeof languageOutputs>[2] = {}): Array<[string, string]> => languageOutputs(language, text, options);
const casual = { tones: ['casual', 'creative'] } as const;

describe('local humanizer in seven languages: vowel marks, verdicts given first, warnings, stories and instructions', function () {
  this.timeout(180_000);

  it('leaves an Arabic phrase written with vowel marks as it is, and still varies the bare one', () => {
    const vowelled = 'العِلْمُ نُورٌ يُضِيءُ طَرِيقَ الإِنْسَانِ. ومع ذلكَ، لا يَنْفَعُ العِلْمُ إِذَا لَمْ يُصَاحِبْهُ عَمَلٌ. لذلكَ، يَنْبَغِي لِلطَّالِبِ أَنْ يَجْمَعَ بَيْنَ المَعْرِفَةِ وَالتَّطْبِيقِ. في الختامِ، العِلْمُ كَنْزٌ لا يَفْنَى.';
    const all = outputs('ar', vowelled);
    expect(holding(all, (t) => /هذاَ|السببَ|باختصارِ|النهايةِ/u.test(t))).to.deep.equal([]);
    expect(holding(all, (t) => !t.includes('لذلكَ، يَنْبَغِي') || !t.includes('في الختامِ، العِلْمُ'))).to.deep.equal([]);
    const bare = outputs('ar', 'العلم نور يضيء طريق الإنسان. ومع ذلك، لا ينفع العلم إذا لم يصاحبه عمل. لذلك، ينبغي للطالب أن يجمع بين المعرفة والتطبيق.');
    expect(some(bare, 'مع هذا، لا ينفع') && some(bare, 'لهذا السبب، ينبغي')).to.equal(true);
  });

  it('stresses a fact for the reader with "من الجدير بالذكر", never "يجب أن نتذكر"', () => {
    for (const text of ['لذلك، قمنا بإضافة رصيد إلى حسابك. من المهم أن نلاحظ أن الرصيد صالح لمدة 90 يومًا.',
      'من المهم أن نلاحظ أن الهاتف يدعم التحديثات لمدة سبع سنوات.']) {
      const all = outputs('ar', text);
      expect(holding(all, (t) => t.includes('نتذكر')), text).to.deep.equal([]);
      expect(some(all, 'من الجدير بالذكر أن'), text).to.equal(true);
    }
  });

  it('puts no Arabic "باختصار" before a report of what was said last or a recommendation, and still sums up with it', () => {
    for (const text of ['ومع ذلك، حذّر الخبراء من المعلومات المضللة. في الختام، أكدت الوزارة أن اللقاح آمن وفعّال.',
      'لذلك، دعت الوكالة المتابعين إلى متابعة البث. في الختام، أكّد مدير الوكالة أن التعاون الدولي أساس النجاح.',
      'ومع ذلك، لم تظهر النتائج فروقًا بين المدارس. في الختام، تقترح الدراسة إجراء أبحاث مماثلة في المرحلة الأساسية.']) {
      const all = outputs('ar', text);
      expect(holding(all, (t) => t.includes('باختصار')), text).to.deep.equal([]);
      expect(some(all, 'في النهاية،'), text).to.equal(true);
    }
    expect(some(outputs('ar', 'ارتفعت تكاليف التشغيل بسبب زيادة أسعار الشحن. في الختام، تبدو المؤشرات العامة إيجابية.'), 'باختصار، تبدو')).to.equal(true);
  });

  it('puts no French "Qui plus est," before an instruction, and still before a claim', () => {
    const steps = outputs('fr', "Il est important de noter que tous vos réglages seront effacés. En outre, si le problème persiste, contactez le 3900.");
    expect(holding(steps, (t) => t.includes('Qui plus est'))).to.deep.equal([]);
    expect(some(steps, 'De plus, si le problème')).to.equal(true);
    expect(holding(outputs('fr', 'Le bol se démonte facilement. En outre, vérifier que le couvercle est bien verrouillé avant chaque utilisation.'), (t) => t.includes('Qui plus est'))).to.deep.equal([]);
    expect(some(outputs('fr', 'Le bol se démonte facilement. En outre, toutes les pièces amovibles passent au lave-vaisselle.', { seeds: 6 }), 'Qui plus est, toutes')).to.equal(true);
    // "vous pouvez" states what is possible: no instruction.
    expect(some(outputs('fr', "L'abonnement est sans engagement. En outre, vous pouvez le suspendre à tout moment depuis l'application."), 'Qui plus est, vous pouvez')).to.equal(true);
  });

  it('keeps spoken connectives out of a French story told in the passé simple, and uses them in one told in the present', () => {
    const story = outputs('fr', "Ils étaient déjà à mi-chemin de la gare. De plus, le train partait à 18 h 42 ; ils n'avaient pas le temps de revenir. Cependant, Claire ne pouvait s'empêcher d'y penser. « Si quelqu'un entre, dit-elle, on perd tout. » Paul haussa les épaules. Par conséquent, ils continuèrent à marcher en silence jusqu'au quai numéro 7.", casual);
    expect(holding(story, (t) => /Du coup|Bref|Au final|En plus/u.test(t))).to.deep.equal([]);
    expect(some(story, 'De ce fait, ils continuèrent')).to.equal(true);
    expect(some(outputs('fr', "On est déjà à mi-chemin de la gare et le train part dans dix minutes. Par conséquent, on continue à marcher jusqu'au quai.", casual), 'Du coup, on continue')).to.equal(true);
  });

  it('puts no Chinese "而且" before advice, and still before a claim', () => {
    const advice = outputs('zh', '接通电源后指示灯会闪烁。此外，首次使用前建议先将固件升级至最新版本。');
    expect(holding(advice, (t) => t.includes('而且'))).to.deep.equal([]);
    expect(some(outputs('zh', '它支持煮饭、煮粥、煲汤等十二种烹饪模式。此外，内胆采用三层不粘涂层，清洗非常方便。', { seeds: 6 }), '而且，内胆')).to.equal(true);
  });

  it('keeps the typhoon class "非常に強い勢力" and keeps a disaster warning in the written register', () => {
    const typhoon = outputs('ja', '台風10号は北へ進んでいます。最大風速は45メートルで、非常に強い勢力を保っています。');
    expect(holding(typhoon, (t) => !t.includes('非常に強い勢力'))).to.deep.equal([]);
    const warning = outputs('ja', '30日にかけて九州南部では非常に激しい雨が降るおそれがあります。したがって、気象庁は土砂災害や河川の氾濫に厳重な警戒を呼びかけています。しかし、進路にはまだ不確実性があります。', casual);
    expect(holding(warning, (t) => /だから|でも、|ただ、/u.test(t))).to.deep.equal([]);
    expect(some(warning, 'そのため、気象庁は')).to.equal(true);
    const zh = outputs('zh', '气象台发布暴雨橙色预警。因此，请沿河低洼地区居民做好撤离准备。此外，山区可能发生地质灾害。', casual);
    expect(holding(zh, (t) => /所以|而且/u.test(t))).to.deep.equal([]);
    const ko = outputs('ko', '내일 오전까지 시간당 50mm 이상의 폭우가 예상되어 호우경보가 발령되었습니다. 따라서 하천 주변 주민은 대피 준비를 해 두시기 바랍니다.', casual);
    expect(holding(ko, (t) => t.includes('그래서'))).to.deep.equal([]);
    // Without the warning the same connectives come.
    expect(some(outputs('ja', '健太は終電に乗り遅れた。したがって、健太が家に着いたのは午前1時を過ぎていた。', casual), 'だから、健太が')).to.equal(true);
    expect(some(outputs('zh', '这款电饭煲容量为四升。此外，内胆清洗非常方便。', casual), '而且，内胆')).to.equal(true);
  });

  it('sums nothing up before a verdict given first, and still sums up at the end', () => {
    const review = outputs('ja', '先月購入したロボット掃除機のレビューです。結論として、買ってよかったと思います。吸引力は非常に強く、カーペットの髪の毛もしっかり取れます。さらに、アプリで部屋を指定できるのが便利です。');
    expect(holding(review, (t) => /(?:つまり|まとめると)、買って/u.test(t))).to.deep.equal([]);
    const es = outputs('es', 'Probé la freidora durante un mes. En conclusión, la recomiendo sin dudas. Cocina rápido y gasta poco. Además, se limpia en un minuto.');
    expect(holding(es, (t) => /En (?:resumen|definitiva), la recomiendo/u.test(t))).to.deep.equal([]);
    const ko = outputs('ko', '지난달에 산 무선 청소기 후기입니다. 결론적으로 정말 만족스럽습니다. 흡입력이 매우 좋습니다. 또한 무게도 가볍습니다.');
    expect(holding(ko, (t) => /(?:요컨대|정리하면) 정말/u.test(t))).to.deep.equal([]);
    // At the end of a review the verdict is summed up.
    expect(some(outputs('ja', '吸引力は非常に強いです。さらに、アプリで部屋を指定できます。しかし、段差は苦手です。結論として、買ってよかったと思います。'), 'まとめると、買って')).to.equal(true);
  });

  it('splits no sentence before a figure in a language with capitals, and still before a word', () => {
    const fr = outputs('fr', "Les données ont été recueillies entre janvier et juin 2023 au moyen d'un questionnaire en ligne très détaillé ; 38 entretiens semi-directifs les complètent.");
    expect(holding(fr, (t) => /\. 38 entretiens/u.test(t))).to.deep.equal([]);
    expect(some(outputs('fr', "Le bol de ce robot culinaire chauffe jusqu'à cent vingt degrés pendant la cuisson ; il faut donc utiliser les maniques fournies."), '. Il faut donc')).to.equal(true);
  });

  it('the checker names a lost enumeration comma, Han numeral or vowelled word', () => {
    const rules = (language: Language, input: string, output: string): string[] => checkRewrite(input, output, { freezeWords: [], language }).map((d) => d.rule);
    const zh = '它支持煮饭、煮粥、煲汤等十二种烹饪模式，优惠券有效期为三十天。';
    expect(rules('zh', zh, zh.replace(/、/gu, '，'))).to.include('punctuation');
    expect(rules('zh', zh, zh.replace('三十天', '30天'))).to.include('number');
    expect(rules('zh', zh, zh.replace('此外', '另外'))).to.deep.equal([]);
    const ja = '煮物、焼き物、揚げ物の三つのモードがあります。';
    expect(rules('ja', ja, ja.replace('、焼き物、', '，焼き物，'))).to.include('punctuation');
    const ar = 'العِلْمُ نُورٌ يُضِيءُ طَرِيقَ الإِنْسَانِ. لذلكَ، يَنْبَغِي لِلطَّالِبِ أَنْ يَجْمَعَ بَيْنَ المَعْرِفَةِ وَالتَّطْبِيقِ.';
    expect(rules('ar', ar, ar.replace('لذلكَ', 'ولهذاَ'))).to.include('vowel-marks');
    expect(rules('ar', ar, ar.replace('العِلْمُ', 'العلم'))).to.include('vowel-marks');
    expect(rules('ar', ar, ar)).to.deep.equal([]);
  });
});
