import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/** Every output of a text over the modes, the tones (or those given), the readability levels and seeds 1–3, with its setting. */
const outputs = (language: Language, text: string, options: Parameters<typeof languageOutputs>[2] = {}): Array<[string, string]> => languageOutputs(language, text, options);

describe('local humanizer in Chinese, Arabic, Korean and Japanese: connectives before requests, closings and terms', function () {
  this.timeout(120_000);

  it('puts no "因而" nor "总的来说" before a Chinese request, and no "需要留意的是" before a report of what was done', () => {
    for (const text of ['本品不宜与抗酸药同时服用。因此，如需联合用药，请事先咨询医生或药师。', '因此，恳请您于8月31日前回复是否能够出席。',
      '重置后所有设置都将恢复为出厂状态。因此，建议您在操作前备份重要配置。']) {
      expect(holding(outputs('zh', text), (t) => t.includes('因而')), text).to.deep.equal([]);
    }
    for (const text of ['此外，山上风大。总之，有问题随时找我！', '总之，安全无小事，希望各位家长高度重视。']) {
      expect(holding(outputs('zh', text), (t) => t.includes('总的来说')), text).to.deep.equal([]);
    }
    expect(holding(outputs('zh', '值得注意的是，Apple随后通过iOS 17.0.3更新修复了这一问题。'), (t) => t.includes('需要留意'))).to.deep.equal([]);
    // Before a statement each still comes.
    expect(some(outputs('zh', '因此，业内人士认为，其市场表现总体符合预期。'), '因而业内人士')).to.equal(true);
    expect(some(outputs('zh', '总之，下季度我们将重点加强渠道管理。'), '总的来说，下季度')).to.equal(true);
    expect(some(outputs('zh', '值得注意的是，为了安全起见，请勿将优惠券转让他人。此外，优惠券不可与其他活动叠加使用。'), '需要留意的是，为了安全')).to.equal(true);
  });

  it('keeps the spoken "而且" and "所以" out of Chinese contracts, leaflets and letters, and uses them in plain text', () => {
    const contract = outputs('zh', '乙方应按时缴纳租金。此外，乙方应承担租期内的水、电、燃气费用。');
    expect(holding(contract, (t) => t.includes('而且'))).to.deep.equal([]);
    expect(some(contract, '另外，乙方应承担')).to.equal(true);
    const letter = outputs('zh', '会议将承担您的住宿费用。因此，恳请您于8月31日前回复是否能够出席。');
    expect(holding(letter, (t) => t.includes('所以'))).to.deep.equal([]);
    const chat = outputs('zh', '周六的爬山活动定在早上8点。此外，山上风大，记得多带一件外套。因此，我们下午三点就下山。');
    expect(some(chat, '而且，山上风大') && some(chat, '所以，我们下午')).to.equal(true);
    expect(holding(outputs('zh', '此外，山上风大，记得多带一件外套。', { tones: ['formal', 'professional', 'academic'] }), (t) => t.includes('而且'))).to.deep.equal([]);
    // Nor "而且" before another instruction, nor a spoken connective in a regulation.
    expect(holding(outputs('zh', '此外，外出时请遵守交通规则，注意饮食卫生。'), (t) => t.includes('而且'))).to.deep.equal([]);
    expect(holding(outputs('zh', '本规定自2024年7月1日起施行。然而，在此之前已批准的请假申请仍按原规定执行。'), (t) => t.includes('不过'))).to.deep.equal([]);
  });

  it('puts no Arabic "باختصار" before a closing formula, a wish or a prayer, and no "يجب أن نتذكر" in a sentence to "you" or before "يجب"', () => {
    for (const text of ['في الختام، نتطلع إلى التعاون معكم.', 'في الختام، تقبلوا منا خالص التحية والتقدير.',
      'في الختام، نسأل الله أن يتغمده بواسع رحمته وأن يلهم أهله الصبر والسلوان.', 'في الختام، أود أن أشكركم على وقتكم واهتمامكم.',
      'في الختام نود أن نشكركم على تعاونكم الدائم.']) {
      const all = outputs('ar', text);
      expect(holding(all, (t) => t.includes('باختصار')), text).to.deep.equal([]);
      expect(some(all, 'في النهاية'), text).to.equal(true);
    }
    expect(some(outputs('ar', 'ارتفعت تكاليف التشغيل بسبب زيادة أسعار الشحن. في الختام، تبدو المؤشرات العامة إيجابية.'), 'باختصار، تبدو')).to.equal(true);
    const bank = outputs('ar', 'من المهم أن نلاحظ أن البنك لن يطلب منكم أبدًا كلمة المرور أو رمز التحقق عبر الهاتف.');
    expect(holding(bank, (t) => t.includes('نتذكر'))).to.deep.equal([]);
    // Nor before another "يجب".
    expect(holding(outputs('ar', 'من المهم أن نلاحظ أن كمية الماء يجب أن تكون ضعف كمية الأرز تقريبًا.'), (t) => t.includes('نتذكر'))).to.deep.equal([]);
    // "يجب أن نتذكر" is no longer an alternative (test/local-humanizer-languages31.test.ts): "من الجدير بالذكر" takes its place.
    expect(some(outputs('ar', 'من المهم أن نلاحظ أن المسؤولية تقع على عاتق المستخدم نفسه.'), 'من الجدير بالذكر أن المسؤولية')).to.equal(true);
  });

  it('keeps Korean letters and notices formal ("…주시면 감사하겠습니다", no "게다가"), and "정리하면" off "-면 돼"', () => {
    const letter = outputs('ko', '그러나 도입 후에는 배송 오류율이 매우 크게 줄어들 것으로 기대됩니다. 따라서 다음 주 화요일까지 최종 승인 여부를 알려 주시면 감사하겠습니다.');
    expect(holding(letter, (t) => /그래서|무척|아주/u.test(t))).to.deep.equal([]);
    const notice = outputs('ko', '그러나 ATM은 정상적으로 이용하실 수 있습니다. 또한 점검 시간은 작업 상황에 따라 변경될 수 있습니다.', { tones: ['formal', 'professional', 'academic'] });
    expect(holding(notice, (t) => t.includes('게다가'))).to.deep.equal([]);
    expect(some(outputs('ko', '또한 잠들기 직전까지 화면을 보는 학생도 많습니다.', { tones: ['casual'] }), '게다가 잠들기')).to.equal(true);
    expect(holding(outputs('ko', '결론적으로 아침 8시에 우리 집 앞에서 만나면 돼!'), (t) => t.includes('정리하면'))).to.deep.equal([]);
    expect(some(outputs('ko', '결론적으로 올바른 사용 습관이 건강한 수면의 첫걸음입니다.'), '정리하면 올바른')).to.equal(true);
  });

  it('keeps the Japanese weather terms "非常に激しい雨" and "非常に強い風", and varies "非常に" elsewhere', () => {
    for (const text of ['週末には局地的に非常に激しい雨が降るおそれがある。', '沿岸部では非常に強い風が吹く見込みだ。', '非常に強い台風10号が接近している。']) {
      expect(holding(outputs('ja', text), (t) => !t.includes('非常に')), text).to.deep.equal([]);
    }
    expect(some(outputs('ja', 'インターネットは非常に重要な役割を果たしている。'), '大変重要な')).to.equal(true);
  });
});
