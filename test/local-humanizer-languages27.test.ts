import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/** Every output of a text over the modes, the tones (or those given), the readability levels and seeds 1–3, with its setting. */
const outputs = (language: Language, text: string, options: Parameters<typeof languageOutputs>[2] = {}): Array<[string, string]> => languageOutputs(language, text, options);

const casual = { tones: ['casual', 'creative'] } as const;

describe('local humanizer in Korean and Japanese: letters throughout, contracts, commands, further amounts and terms', function () {
  this.timeout(120_000);

  it('keeps a Korean letter or notice formal in every paragraph, not only next to its formulas', () => {
    const apology = outputs('ko', '11월 20일 오후 2시부터 약 3시간 동안 앱 로그인 장애가 발생했습니다. 이용에 불편을 드린 점 깊이 사과드립니다.\n\n'
      + '장애의 원인은 인증 서버의 설정 오류였습니다. 또한 장애 감지가 늦어져 복구에 예상보다 많은 시간이 걸렸습니다.', casual);
    expect(holding(apology, (t) => t.includes('게다가'))).to.deep.equal([]);
    expect(some(apology, '아울러 장애 감지가')).to.equal(true);
    const notice = outputs('ko', '내일 초미세먼지 농도가 높을 것으로 예보되었습니다. 따라서 서울시는 12일 06시부터 비상저감조치를 시행합니다.\n\n'
      + '시민 여러분께서는 외출 시 보건용 마스크를 착용해 주시기 바랍니다.', casual);
    expect(holding(notice, (t) => t.includes('그래서'))).to.deep.equal([]);
    const reply = outputs('ko', '고객님, 안녕하세요. 스마트홈 고객센터입니다.\n\n문의하신 오류는 배터리 전압이 낮을 때 발생합니다. 교체 후에도 같은 오류가 반복될 수 있습니다.\n\n'
      + '또한 보증 기간이 남아 있는 경우 무상으로 수리를 받으실 수 있습니다.', casual);
    expect(holding(reply, (t) => t.includes('게다가'))).to.deep.equal([]);
    // Without the formulas the same paragraphs take the casual tone's connectives.
    expect(some(outputs('ko', '장애의 원인은 인증 서버의 설정 오류였습니다. 또한 장애 감지가 늦어져 복구에 예상보다 많은 시간이 걸렸습니다.', casual), '게다가 장애')).to.equal(true);
    expect(some(outputs('ko', '내일 초미세먼지 농도가 높을 것으로 예보되었습니다. 따라서 서울시는 12일 06시부터 비상저감조치를 시행합니다.', casual), '그래서 서울시는')).to.equal(true);
  });

  it('keeps a Japanese letter or notice formal in every paragraph: "各位", "申し上げます", "ご覧ください"', () => {
    const school = outputs('ja', '保護者各位\n\n秋冷の候、ますますご清祥のこととお喜び申し上げます。\n\n本校では10月15日に校外学習を実施します。'
      + 'しかし、アレルギー等でお弁当の用意が難しい場合は、事前に担任に相談してください。したがって、参加同意書は10月8日までに提出してください。', casual);
    expect(holding(school, (t) => /でも、|だから、/u.test(t))).to.deep.equal([]);
    const city = outputs('ja', '明日は気温が上がる見込みです。したがって、外出の際はこまめに水分を補給してください。\n\n'
      + 'さらに、日中は日差しが強くなります。\n\n詳しくは市のホームページをご覧ください。', casual);
    expect(holding(city, (t) => /だから、|それに、/u.test(t))).to.deep.equal([]);
    expect(some(city, 'そのため、外出の際は')).to.equal(true);
    // A plain text takes them.
    const plain = outputs('ja', '明日は気温が上がる見込みです。したがって、外出の際はこまめに水分を補給してください。さらに、日中は日差しが強くなります。', casual);
    expect(some(plain, 'だから、外出') && some(plain, 'それに、日中')).to.equal(true);
  });

  it('leaves "결론적으로" and "結論として" before a letter\'s closing words, and still sums up an essay', () => {
    for (const text of ['결론적으로 이번 일을 매우 무겁게 받아들이며, 보상 내용은 별도로 안내해 드리겠습니다.', '결론적으로 귀사와의 협력은 당사에 매우 중요한 의미가 있습니다.']) {
      expect(holding(outputs('ko', text), (t) => !t.startsWith('결론적으로')), text).to.deep.equal([]);
    }
    for (const text of ['結論として、今回の事態を非常に重く受け止めており、補償内容については別途ご案内いたします。', '結論として、貴社とのお取引は弊社にとって非常に重要であると考えております。']) {
      expect(holding(outputs('ja', text), (t) => !t.startsWith('結論として、')), text).to.deep.equal([]);
    }
    expect(some(outputs('ko', '결론적으로 스마트폰은 도구일 뿐이며, 그것을 어떻게 쓰느냐는 우리에게 달려 있다.'), '요컨대 스마트폰은')).to.equal(true);
    expect(some(outputs('ja', '結論として、スマートフォンは道具にすぎない。'), 'まとめると、スマートフォン')).to.equal(true);
  });

  it('keeps plain-prose connectives out of terms of service: no "하지만", "그리고", "그래서", "ただ、" or "だから、" in a clause', () => {
    const ko = outputs('ko', '제7조(회원 탈퇴)\n\n① 회원은 언제든지 탈퇴를 요청할 수 있으며, 회사는 즉시 처리한다. 그러나 미결제 금액이 있는 경우 회사는 탈퇴 처리를 보류할 수 있다.\n\n'
      + '② 회원이 다음 각 호의 사유에 해당하는 경우, 회사는 회원 자격을 정지시킬 수 있다. 또한 회사는 이로 인하여 발생한 손해에 대하여 배상을 청구할 수 있다.\n\n'
      + '③ 회원 자격이 상실된 경우 적립금은 소멸한다. 따라서 회원은 탈퇴 전에 적립금을 사용하여야 한다.');
    expect(holding(ko, (t) => /하지만|그렇지만|그리고|그래서|게다가/u.test(t))).to.deep.equal([]);
    expect(some(ko, '아울러 회사는') && some(ko, '그러므로 회원은')).to.equal(true);
    const ja = outputs('ja', '第8条（退会）\n\n1. 会員は、いつでも退会することができる。しかし、未払いの料金がある場合、当社は退会手続を保留することができる。\n\n'
      + '2. 当社は、これにより生じた損害の賠償を請求することができる。\n\n3. 退会した場合、ポイントは消滅する。したがって、会員は退会前にポイントを使用しなければならない。');
    expect(holding(ja, (t) => /ただ、|でも、|だから、/u.test(t))).to.deep.equal([]);
    expect(some(ja, 'そのため、会員は')).to.equal(true);
    // Elsewhere they still come.
    expect(some(outputs('ko', '그러나 설명서가 너무 간단해서 처음 설정할 때는 좀 헤맸어요.'), '하지만 설명서가')).to.equal(true);
    expect(some(outputs('ja', 'しかし、コードが短いので延長コードが必要です。'), 'ただ、コードが')).to.equal(true);
  });

  it('puts no Korean "그래서" before a command or a request, and no "아울러" before 반말; both come elsewhere', () => {
    for (const text of ['스티커에 초기 비밀번호가 있습니다. 따라서 스티커를 떼어 내지 마십시오.', '나는 30분쯤 늦을 것 같아. 따라서 먼저 가서 자리 좀 잡아 줘.',
      '중요한 건 꾸준함이에요. 따라서 처음부터 무리하지 말고 하루 20분 정도로 시작해 보세요.']) {
      expect(holding(outputs('ko', text, casual), (t) => t.includes('그래서')), text).to.deep.equal([]);
    }
    expect(some(outputs('ko', '설명서가 너무 간단해요. 따라서 기계 다루는 게 서툰 분들은 영상을 같이 보시는 걸 추천해요.', casual), '그래서 기계')).to.equal(true);
    expect(holding(outputs('ko', '장소는 강남역 앞 카페야. 또한 시간은 저녁 7시로 바뀌었어.'), (t) => t.includes('아울러'))).to.deep.equal([]);
    expect(some(outputs('ko', '또한 이 기간에는 배출가스 5등급 차량의 운행이 제한됩니다.'), '아울러 이 기간')).to.equal(true);
  });

  it('has no "눈여겨볼 점은" for "중요한 것은": what matters is no thing to watch', () => {
    for (const text of ['중요한 것은 꾸준함이에요.', '중요한 것은 증상이 나타나면 즉시 복용을 중단하고 의사와 상담하는 것입니다.',
      '중요한 것은 스마트폰을 무조건 금지하는 것이 아니라 올바르게 사용하는 방법을 배우는 것이다.']) {
      const all = outputs('ko', text);
      expect(holding(all, (t) => t.includes('눈여겨볼')), text).to.deep.equal([]);
      expect(some(all, '핵심은'), text).to.equal(true);
    }
  });

  it('keeps "さらに、" before a further amount or time, and varies it before another point', () => {
    for (const text of ['鍋にだし汁を加えて15分煮る。さらに、火を弱めて10分ほど煮込みます。', 'さらに、砂糖を大さじ1加えます。']) {
      expect(holding(outputs('ja', text), (t) => !t.includes('さらに、')), text).to.deep.equal([]);
    }
    const point = outputs('ja', '音がとても静かです。さらに、掃除も簡単で助かっています。');
    expect(some(point, 'また、掃除も') && some(point, 'それに、掃除も')).to.equal(true);
  });

  it('keeps the grades and answers "매우 나쁨", "매우 만족", "非常にまれに", "非常に満足" and the pollen class, and varies "매우" and "非常に" elsewhere', () => {
    for (const text of ['내일 서울의 초미세먼지 농도는 매우 나쁨 수준이 예상됩니다.', '응답자의 42%가 매우 만족, 35%가 만족이라고 답했습니다.',
      '자외선 지수는 오후에 매우 높음 단계까지 오르겠습니다.', '1번 문항에 매우 그렇다고 답한 학생이 많았다.']) {
      expect(holding(outputs('ko', text, casual), (t) => !t.includes('매우')), text).to.deep.equal([]);
    }
    for (const text of ['非常にまれに、重い副作用があらわれることがあります。', '回答者の42%が非常に満足、35%が満足と答えました。',
      '待ち時間については非常に不満という回答が12%でした。', '明日のスギ花粉の飛散量は非常に多いと予想されます。']) {
      expect(holding(outputs('ja', text), (t) => !t.includes('非常に')), text).to.deep.equal([]);
    }
    expect(some(outputs('ko', '걷기는 매우 쉬운 운동이에요. 가격 대비 매우 만족스러운 제품이에요.', casual), '아주 만족스러운')).to.equal(true);
    expect(some(outputs('ja', '音が非常に静かでびっくりしました。'), '大変静か')).to.equal(true);
    expect(some(outputs('ja', '利用者の多くがこのサービスに非常に満足している。'), '大変満足している')).to.equal(true);
  });
});
