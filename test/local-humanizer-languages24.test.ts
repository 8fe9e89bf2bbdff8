import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/** Every output of a text over the modes, the tones, the readability levels and seeds 1–3, with its setting. */
const outputs = (language: Language, text: string): Array<[string, string]> => languageOutputs(language, text);

describe('local humanizer in Korean and Japanese: an alternative its sentence rules out, and letters in honorific register', function () {
  this.timeout(120_000);

  it('puts no "눈여겨볼 점은" before "…점입니다" or 반말, nor "정리하면" before another conditional', () => {
    const ko = outputs('ko', '중요한 것은 쿠폰의 유효기간이 30일이라는 점입니다. 결론적으로 5분만 투자하면 소중한 문서를 안전하게 지킬 수 있습니다.');
    expect(holding(ko, (t) => t.includes('눈여겨볼 점은') || t.includes('정리하면 5분'))).to.deep.equal([]);
    expect(some(ko, '핵심은 쿠폰의') && some(ko, '요컨대 5분만')).to.equal(true);
    expect(holding(outputs('ko', '민수야, 잘 지내? 중요한 것은 네가 혼자가 아니라는 거야.'), (t) => t.includes('눈여겨볼'))).to.deep.equal([]);
    // Elsewhere "정리하면" still comes; "눈여겨볼 점은" is no longer an alternative ("눈여겨볼 점은 물을 너무 많이 넣지 않는 것입니다"
    // made advice a thing to watch: test/local-humanizer-languages27.test.ts).
    const plain = outputs('ko', '중요한 것은 물을 너무 많이 넣지 않는 것입니다. 결론적으로 좋은 재료가 맛을 결정합니다.');
    expect(some(plain, '핵심은 물을') && some(plain, '정리하면 좋은 재료가')).to.equal(true);
  });

  it('keeps "그래서", "아주" and "무척" out of a Korean letter\'s honorific formulas, and uses them in plain polite text', () => {
    const letter = outputs('ko', '좌석이 한정되어 있습니다. 따라서 11월 8일까지 참석 여부를 회신해 주시기 바랍니다. 결론적으로 귀하의 참석은 저희에게 매우 큰 의미가 있습니다.');
    expect(holding(letter, (t) => /그래서|아주|무척/u.test(t))).to.deep.equal([]);
    const apology = outputs('ko', '그러나 많은 분들이 불편을 겪으셨다는 사실을 매우 무겁게 받아들이고 있습니다.');
    expect(holding(apology, (t) => /아주|무척/u.test(t))).to.deep.equal([]);
    const recipe = outputs('ko', '물을 너무 많이 넣으면 싱거워집니다. 따라서 물은 재료가 잠길 정도만 붓는 것이 좋습니다. 그러면 매우 맛있는 찌개가 됩니다.');
    expect(some(recipe, '그래서 물은') && some(recipe, '아주 맛있는')).to.equal(true);
  });

  it('puts no "つまり、" before a request, a wish or an apology, and keeps chat out of humble Japanese', () => {
    for (const text of ['結論として、皆様のご出席を心よりお待ち申し上げております。', '結論として、ご家庭でもお子様の登校準備にご協力をお願いします。',
      '結論として、このつらい時期に、私の気持ちはいつもそばにあることを覚えていてください。']) {
      expect(holding(outputs('ja', text), (t) => t.startsWith('つまり、')), text).to.deep.equal([]);
    }
    expect(some(outputs('ja', '結論として、人を中心にした都市は政治的な選択の問題である。'), 'つまり、人を')).to.equal(true);
    const humble = outputs('ja', 'しかし、多くの方にご不便をおかけした事実を非常に重く受け止めております。したがって、車を二台お持ちの場合は近隣の駐車場をご利用ください。');
    expect(holding(humble, (t) => /でも、|だから、|とても/u.test(t))).to.deep.equal([]);
    const plain = outputs('ja', 'しかし、二回目以降は変更されたファイルだけが保存されます。したがって、作業は非常に速くなります。');
    expect(some(plain, 'でも、二回目') && some(plain, 'だから、作業') && some(plain, 'とても速く')).to.equal(true);
  });
});
