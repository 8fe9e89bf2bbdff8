import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some, type BuiltinTone } from './support/humanizer-settings.js';

const outputs = (language: Language, text: string, tones?: readonly BuiltinTone[]): Array<[string, string]> => languageOutputs(language, text, { tones });
const FORMAL: BuiltinTone[] = ['formal', 'professional', 'academic'];

describe('local humanizer in Russian and Turkish: punctuation, warnings, requests and the register of letters and notices', function () {
  this.timeout(120_000);

  it('writes "К тому же" without a comma and keeps "Помимо этого," with one', () => {
    const all = outputs('ru', 'Кроме того, компания предоставляет полис ДМС и компенсацию питания.');
    expect(holding(all, (t) => t.includes('К тому же,'))).to.deep.equal([]);
    expect(some(all, 'К тому же компания') && some(all, 'Помимо этого, компания')).to.equal(true);
    // Before an inserted phrase only the alternative with its comma.
    expect(holding(outputs('ru', 'Кроме того, по словам экспертов, спрос на жильё растёт.'), (t) => t.includes('К тому же'))).to.deep.equal([]);
  });

  it('leaves "В заключение," before the last words of a letter, and still sums up an essay with "Итак,"', () => {
    for (const text of ['Все споры рассматриваются в суде. В заключение, напоминаем, что срок оплаты истекает 20 мая.',
      'В заключение, выражаем уверенность в плодотворном сотрудничестве.', 'В заключение, хотим поблагодарить всех участников конференции.']) {
      expect(holding(outputs('ru', text), (t) => /Итак,|Короче говоря,/u.test(t)), text).to.deep.equal([]);
    }
    expect(some(outputs('ru', 'В заключение, защита природы — это общая ответственность государства, компаний и граждан.'), 'Итак, защита')).to.equal(true);
  });

  it('puts no "В итоге" before a request or an instruction, and still before an outcome', () => {
    for (const text of ['Бюджет утверждён. Таким образом, просим Вас пересмотреть расценки на монтажные работы.',
      'Препарат раздражает желудок. Таким образом, перед применением обязательно ознакомьтесь с перечнем противопоказаний.',
      'Работа не заканчивается после собеседования. Таким образом, отправьте короткое письмо с благодарностью.']) {
      expect(holding(outputs('ru', text), (t) => t.includes('В итоге')), text).to.deep.equal([]);
    }
    expect(some(outputs('ru', 'Таким образом, настройка займёт не более 15 минут.'), 'В итоге настройка')).to.equal(true);
    // In casual text "Так что" still comes before an instruction.
    expect(some(outputs('ru', 'Работа не заканчивается после собеседования. Таким образом, отправьте короткое письмо с благодарностью.', ['casual']), 'Так что отправьте')).to.equal(true);
  });

  it('keeps "Важно отметить, что" before an obligation or a prohibition, and no "многое решает в решении"', () => {
    for (const text of ['Важно отметить, что препарат не следует принимать дольше 5 дней без консультации врача.',
      'Важно отметить, что пароль администратора по умолчанию нужно сразу изменить.', 'Важно отметить, что присутствие хотя бы одного из родителей обязательно.']) {
      expect(holding(outputs('ru', text), (t) => !t.startsWith('Важно отметить, что')), text).to.deep.equal([]);
    }
    expect(some(outputs('ru', 'Важно отметить, что технологии сами по себе не делают образование качественным.'), 'Заметим, что технологии')).to.equal(true);
    const role = outputs('ru', 'Экологическое просвещение играет ключевую роль в решении данной проблемы.', ['casual', 'creative']);
    expect(holding(role, (t) => t.includes('многое решает'))).to.deep.equal([]);
    expect(some(outputs('ru', 'Подготовка к собеседованию играет ключевую роль в успешном поиске работы.', ['casual']), 'многое решает в успешном')).to.equal(true);
  });

  it('keeps spoken Russian alternatives out of a letter or a notice whatever the tone, and uses them in plain casual text', () => {
    const letter = outputs('ru', 'Бюджет проекта утверждён советом директоров. Таким образом, просим Вас пересмотреть расценки. В заключение, работы начнутся в мае.', ['casual', 'creative']);
    expect(holding(letter, (t) => /Так что|Короче говоря/u.test(t))).to.deep.equal([]);
    const notice = outputs('ru', 'Обслуживание останется бесплатным. Важно отметить, что условия по вкладам не меняются. Таким образом, если Вы не согласны, Вы можете закрыть карту.', ['casual', 'creative']);
    expect(holding(notice, (t) => t.includes('Стоит сказать'))).to.deep.equal([]);
    // "Стоит сказать" is spoken: not in the formal tones either.
    expect(holding(outputs('ru', 'Важно отметить, что технологии сами по себе не делают образование качественным.', FORMAL), (t) => t.includes('Стоит сказать'))).to.deep.equal([]);
    const plain = outputs('ru', 'Погода была ужасной. Таким образом, мы остались дома. Важно отметить, что фильм нам понравился.', ['casual']);
    expect(some(plain, 'Так что мы') && some(plain, 'Стоит сказать, что фильм')).to.equal(true);
  });

  it('keeps "Üstelik" to arguments and pitches: not in formal tones, official notices, requests or instructions', () => {
    const notice = outputs('tr', 'Klasik Kart yıllık üyelik ücreti 450 TL olacaktır. Ayrıca nakit çekim komisyonu %1,5\'e yükselecektir.');
    expect(holding(notice, (t) => t.includes('Üstelik'))).to.deep.equal([]);
    expect(some(notice, 'Bunun yanında nakit')).to.equal(true);
    for (const text of ['— Ayrıca mutabakat yazısını da eklemeyi unutma.', 'Ayrıca cihazlarınız destekliyorsa WPA3 şifrelemeyi etkinleştirmeniz önerilir.']) {
      expect(holding(outputs('tr', text), (t) => t.includes('Üstelik')), text).to.deep.equal([]);
    }
    const essay = 'Çevrim içi kurslar daha ucuzdur. Ayrıca dijital platformlar önde gelen akademisyenlerin derslerine erişim sağlar.';
    expect(holding(outputs('tr', essay, FORMAL), (t) => t.includes('Üstelik'))).to.deep.equal([]);
    expect(some(outputs('tr', essay, ['casual']), 'Üstelik dijital')).to.equal(true);
  });

  it('puts no "Ne var ki" before a request and no "O yüzden" beside the formulas of a letter, and still uses both elsewhere', () => {
    for (const text of ['Ancak, bu tarih sizin için uygun değilse lütfen 27 Mayıs\'a kadar bizimle iletişime geçiniz.',
      'Ancak, tadilat nedeniyle spor salonu tarafındaki kapıyı kullanmanızı rica ederiz.']) {
      expect(holding(outputs('tr', text), (t) => t.includes('Ne var ki')), text).to.deep.equal([]);
    }
    expect(some(outputs('tr', 'Ancak, rakamlar arasında üç bin liralık fark var.'), 'Ne var ki rakamlar')).to.equal(true);
    const letter = outputs('tr', 'Toplantı pazartesi yapılacaktır. Bu nedenle katılım durumunuzu öğretmene bildirmenizi rica ederiz.', ['casual', 'creative']);
    expect(holding(letter, (t) => t.includes('O yüzden'))).to.deep.equal([]);
    expect(some(letter, 'Bu yüzden katılım')).to.equal(true);
    expect(some(outputs('tr', 'Yağmur yağıyordu. Bu nedenle evde kaldık ve film izledik.', ['casual']), 'O yüzden evde')).to.equal(true);
  });

  it('counts "Bunun yanı sıra" and "Bunun yanında" as one connective, and the sentences across a paragraph break as next to each other', () => {
    for (const text of ['Bunun yanı sıra, çevrim içi kurslar daha ucuzdur. Ayrıca dijital platformlar derslere erişim sağlar.',
      'Çevre kirliliği büyük bir sorundur. Bunun yanı sıra, plastik atıklar deniz canlılarını tehdit eder.\n\nAyrıca araç sayısındaki artış hava kirliliğini yükseltir.']) {
      expect(holding(outputs('tr', text), (t) => t.includes('Bunun yanında')), text).to.deep.equal([]);
    }
    const ru = outputs('ru', 'Кроме того, онлайн-курсы стоят дешевле очных программ.\n\nКроме того, платформы дают доступ к лекциям ведущих преподавателей.');
    expect(holding(ru, (t) => /(К тому же|Помимо этого)[^\n]*\n\n\1/u.test(t))).to.deep.equal([]);
    // A heading between them parts them.
    expect(some(outputs('tr', 'Bunun yanı sıra, kurslar ucuzdur.\n\n## Erişim\n\nAyrıca dijital platformlar derslere erişim sağlar.'), 'Bunun yanında dijital')).to.equal(true);
    expect(some(outputs('tr', 'Çevrim içi kurslar daha ucuzdur. Ayrıca dijital platformlar derslere erişim sağlar.'), 'Bunun yanında dijital')).to.equal(true);
  });
});
