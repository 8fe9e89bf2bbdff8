import { expect } from 'chai';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/**
 * A reading of the humanizer in Chinese, Japanese and Korean over kinds of text earlier readings used little: product
 * descriptions, app release notes, travel guides, recipes with steps, school notices to parents, press releases, FAQ
 * answers, a children's story, and social posts written by people as controls. 24 texts (8 a language), 4,800 outputs over
 * the modes, tones, readability levels and seeds 1–2, no checker defect; of the distinct changed sentences 1 of 25 Chinese,
 * 1 of 19 Japanese and 1 of 28 Korean were damaged: "而且，" ("what's more") and "게다가" ("on top of that") piled onto a
 * recipe's next step ("而且，番茄需要切成小块备用", "게다가, 팬에 기름을 두르고 중불로 달굽니다"), and "つまり、" ("that is")
 * before a press release's closing pledge ("つまり、当社は今後も…貢献してまいります"), which restates nothing.
 */
describe('local humanizer in Chinese, Japanese and Korean: steps of a recipe and a closing pledge', function () {
  this.timeout(120_000);

  it('puts no "而且，" between the steps of a Chinese recipe, and still uses it in a product description', () => {
    const recipe = languageOutputs('zh', '首先，将鸡蛋打入碗中，加入少许盐搅拌均匀。然后，在锅中倒入适量食用油，烧至七成热。此外，番茄需要切成小块备用。最后，将鸡蛋和番茄一起翻炒两分钟即可出锅。', { seeds: 2 });
    expect(holding(recipe, (t) => t.includes('而且，'))).to.deep.equal([]);
    expect(some(recipe, '另外，番茄需要切成小块备用')).to.equal(true);
    const product = languageOutputs('zh', '这款无线蓝牙耳机采用人体工学设计，佩戴舒适稳固。此外，它支持主动降噪功能，可有效隔绝外界噪音。', { seeds: 2 });
    expect(some(product, '而且，它支持主动降噪功能')).to.equal(true);
  });

  it('puts no "게다가" between the steps of a Korean recipe, and still uses it in a product description', () => {
    const recipe = languageOutputs('ko', '먼저 감자를 깨끗이 씻어 껍질을 벗깁니다. 그다음 감자를 얇게 썰어 물에 10분간 담가 둡니다. 또한, 팬에 기름을 두르고 중불로 달굽니다. 마지막으로 감자를 노릇하게 구워 소금을 뿌리면 완성입니다.', { seeds: 2 });
    expect(holding(recipe, (t) => t.includes('게다가'))).to.deep.equal([]);
    expect(some(recipe, '아울러, 팬에 기름을')).to.equal(true);
    const product = languageOutputs('ko', '이 무선 청소기는 강력한 흡입력을 자랑합니다. 또한, 가벼운 무게로 누구나 쉽게 사용할 수 있습니다. 따라서 바쁜 일상 속에서도 간편하게 청소할 수 있습니다.', { seeds: 2 });
    expect(some(product, '게다가, 가벼운 무게로')).to.equal(true);
  });

  it('puts no "つまり、" before a pledge of "…してまいります", and still sums up a plain conclusion with it', () => {
    const pledge = languageOutputs('ja', '株式会社サクラ電機は本日、新型の家庭用蓄電池を発表しました。さらに、本製品は従来品と比べて容量が30%増加しています。結論として、当社は今後も持続可能な社会の実現に貢献してまいります。', { seeds: 2 });
    expect(holding(pledge, (t) => t.includes('つまり、'))).to.deep.equal([]);
    expect(some(pledge, 'まとめると、当社は')).to.equal(true);
    const plain = languageOutputs('ja', '株式会社サクラ電機は本日、新型の家庭用蓄電池を発表しました。さらに、本製品は従来品と比べて容量が30%増加しています。結論として、本製品は災害への備えに役立つ製品です。', { seeds: 2 });
    expect(some(plain, 'つまり、本製品は')).to.equal(true);
  });
});
