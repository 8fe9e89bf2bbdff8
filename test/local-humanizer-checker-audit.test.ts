import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';

/**
 * An audit of the rule checker itself: each case is a damaged rewrite the checker must name (a false negative before the
 * audit) or a correct rewrite it must accept (a false positive before it).
 */
const rules = (input: string, output: string, freezeWords: string[] = [], language: Language = 'en'): string[] =>
  checkRewrite(input, output, { freezeWords, language }).map((d) => d.rule);

describe('local humanizer: rule checker audit', () => {
  describe('damage it names', () => {
    const cases: Array<[rule: string, input: string, output: string, freezeWords?: string[], language?: Language]> = [
      // verbatim tokens are counted whole: a number, code or address that grew is changed
      ['number', 'It costs 5 dollars.', 'It costs 15 dollars.'],
      ['number', 'Call at 3 today.', 'Call at 3.5 today.'],
      ['number', 'It grew by 12.5% in 2023.', 'It grew by 12.5% in 20234.'],
      ['number', 'It costs $5.', 'It costs $5.00.'],
      ['number', 'There are 3 cats.', 'There are 3rd cats.'],
      ['number', 'There are cats.', 'There are 3 cats.'],
      ['code', 'Call getUserName() now.', 'Call getUserNames() now.'],
      ['code', 'Edit config.json first.', 'Edit config.json.bak first.'],
      ['url', 'See https://a.example.com for it.', 'See https://a.example.com/x for it.'],
      ['freeze-word', 'The plan is good.', 'The plans are good.', ['plan']],
      // a line that lost its text, a sentence running on to the next line that changed, a lost final mark
      ['paragraph-breaks', 'A is good here.\nB is bad there.', 'A is good here.\n'],
      ['structure', 'Wrapped by an old mail client, its\nsentences continue across lines.', 'Wrapped by an old mail client, its\nsentence continue across lines.'],
      // a hard-wrapped paragraph (read as one line) wrapped again wider than it was, or not a paragraph any more
      ['line-breaks', 'This paragraph was wrapped by an old mail client, so its sentences\ncontinue across lines.', 'This paragraph was wrapped by an old mail client, so its sentences continue\nacross lines.'],
      ['line-breaks', 'This paragraph was wrapped by an old mail client, so its sentences\ncontinue across lines.\n\nThanks.', 'This paragraph was wrapped by an old mail client, so its sentences\n\ncontinue across lines.\n\nThanks.'],
      ['punctuation', 'The plan works well.', 'The plan works well'],
      // doubled words with an apostrophe, doubled phrases, across a line break
      ['doubled-word', "I don't know it.", "I don't don't know it."],
      ['doubled-word', 'It is in the box.', 'It is in the in the box.'],
      ['doubled-word', 'It is in the\nbox.', 'It is in the\nthe box.'],
      // marks that do not go together
      ['doubled-punctuation', 'Is it good?', 'Is it good?.'],
      ['doubled-punctuation', 'It is good.', 'It is good.?'],
      // spaces a deletion leaves
      ['spacing', 'The plan is good, and cheap.', 'The plan is good , and cheap.'],
      ['spacing', 'The plan is good.', 'The plan is good .'],
      ['spacing', 'The plan is good.', 'The plan  is good.'],
      ['spacing', 'The plan (a good one) works.', 'The plan (a good one ) works.'],
      ['spacing', 'He said “it works” today.', 'He said “ it works” today.'],
      // meaning: a question made a statement, a negation lost
      ['question', 'Is it good? Yes.', 'It is good. Yes.'],
      ['question', '¿Es bueno? Sí.', 'Es bueno. Sí.', [], 'es'],
      ['negation', 'It is not good.', 'It is good.'],
      ['negation', "We can't go.", 'We can go.'],
      ['negation', "It isn't just cheap; it is not good.", "It isn't just cheap; it is good."],
      ['negation', 'El plan no es bueno.', 'El plan es bueno.', [], 'es'],
      ['negation', 'Das ist nicht gut.', 'Das ist gut.', [], 'de'],
      ['negation', 'Это не хорошо.', 'Это хорошо.', [], 'ru'],
      ['negation', 'Bu tarih uygun değilse bizi arayın.', 'Bu tarih uygunsa bizi arayın.', [], 'tr'],
      // a Turkish percentage writes its sign first; a line of dialogue opens with its dash
      ['number', "Bütçe %5'ten fazla artırılamaz.", "Bütçe 5'ten fazla artırılamaz.", [], 'tr'],
      ['prefix', '— Помню. Там цифры не сходятся.', 'Помню. Там цифры не сходятся.', [], 'ru'],
      // brackets, quotes and markup
      ['brackets', 'The plan (a good one) works.', 'The plan (a good one works.'],
      ['quote', 'He said “yes” twice.', 'He said “yes twice.'],
      ['quote', 'He said "yes" twice.', 'He said "yes twice.'],
      ['markup', 'The plan is **very** good.', 'The plan is very good.'],
      ['markup', 'See [the docs](./docs.md) first.', 'See the docs first.'],
      ['placeholder', 'The plan is good.', 'The plan \uE000\uE010\uE001 is good.'],
      // a name, "I" or a German noun written lower-case
      ['capital', 'We met Tim Cook there.', 'We met tim cook there.'],
      ['capital', 'Then I left, and I slept.', 'Then i left, and I slept.'],
      ['capital', 'Die Firma ist gut und die Firma wächst.', 'Die firma ist gut und die Firma wächst.', [], 'de'],
      ['capital', 'The meeting starts. Everyone came.', 'The meeting starts. “everyone came.”'],
      // English connectives in another language; dialogue in single curly quotes
      ['foreign-rules', 'Die Firma ist gut und billig.', 'Die Firma ist gut und billig. Moreover, sie wächst.', [], 'de'],
      ['quotation', 'He ran in. ‘What is it?’ The men froze.', 'He ran in. Honestly, ‘What is it?’ The men froze.'],
      // a tab, two spaces or a no-break space that set sentences or words apart inside a line, all lost
      ['spacing', 'The review is due on Friday.\tAdditionally, use the template.', 'The review is due on Friday. Use the template.'],
      ['spacing', 'The store will close early.  Staff will use the time.  Orders are safe.', 'The store will close early. Staff will use the time. Orders are safe.'],
      ['spacing', 'The package weighs 2\u00a0kg. Additionally, it ships today.', 'The package weighs 2 kg. It ships today.'],
      // Chinese and Arabic: negations beyond 不 and لا, marks of the wrong script or doubled, a lost direction mark
      ['negation', '服药期间请勿饮酒。', '服药期间请饮酒。', [], 'zh'],
      ['negation', '未按期通知的，视为不再续租。', '按期通知的，视为不再续租。', [], 'zh'],
      ['negation', 'يُنصح بعدم قيادة السيارات.', 'يُنصح بقيادة السيارات.', [], 'ar'],
      ['negation', 'ولا يجوز تجاوز الجرعة.', 'ويجوز تجاوز الجرعة.', [], 'ar'],
      ['punctuation', '此外，我们可以提供折扣。', '此外,我们可以提供折扣。', [], 'zh'],
      ['punctuation', 'لذلك، نرجو التأكيد.', 'لذلك, نرجو التأكيد.', [], 'ar'],
      ['doubled-punctuation', '此外，酒店提供接送。', '此外，，酒店提供接送。', [], 'zh'],
      ['doubled-punctuation', '此外，酒店提供接送。', '此外，酒店提供接送。.', [], 'zh'],
      ['doubled-punctuation', 'لذلك، نرجو التأكيد.', 'لذلك،، نرجو التأكيد.', [], 'ar'],
      ['format-marks', 'السعر \u200f349 ريالًا.', 'السعر 349 ريالًا.', [], 'ar'],
    ];
    for (const [rule, input, output, freezeWords = [], language = 'en'] of cases) {
      it(`${rule}: ${JSON.stringify(output)}`, () => {
        expect(rules(input, output, freezeWords, language)).to.include(rule);
      });
    }
  });

  describe('correct rewrites it accepts', () => {
    const cases: Array<[input: string, output: string, freezeWords?: string[], language?: Language]> = [
      // grammatical doubles
      ['He had already had lunch.', 'He had had lunch.'],
      ['Note that the idea works.', 'Note that that idea works.'],
      ['Nous sommes partis.', 'Nous nous sommes partis.', [], 'fr'],
      ['Die Frau, die Kinder liebt, wohnt hier.', 'Die Frau, die die Kinder liebt, wohnt hier.', [], 'de'],
      // initialisms take the article of their letters; "eu" sounds like "you"
      ['It is a firm.', 'It is a US firm with a URL.'],
      ['It is an agent.', 'It is an FBI agent, an SQL user.'],
      ['It is the European way.', 'It is a European way.'],
      // German "also" is German; abbreviations end in a full stop before a comma
      ['Also, die Firma ist gut.', 'Also, die Firma ist gut. Also gut.', [], 'de'],
      ['Use tools, for example hammers.', 'Use tools, e.g., hammers.'],
      ['It is good and fine.', 'It is good, etc., and fine.'],
      ['It is in the U.S. today.', 'It is in the U.S., today.'],
      // "not only / isn't just" is no negation; contractions expanded keep it
      ['It is not only cheap but also good.', 'It is cheap and good.'],
      ["It isn't just cheap.", 'It is not just cheap.'],
      ["We don't go.", 'We do not go.'],
      // French spaces before ; : ! ?
      ['Le plan est bon.', 'Le plan est bon !', [], 'fr'],
      // a number, code and an address kept whole at a sentence's end; a name at a sentence's start
      ['In 2023, revenue grew 5%.', 'Revenue grew 5% in 2023.'],
      ['Edit config.json now.', 'Now edit config.json.'],
      ['See https://a.example.com today.', 'Today, see https://a.example.com.'],
      ['Apple leveraged it, said Tim Cook.', 'Tim Cook said Apple used it.'],
      // a connective replaced after a dialogue dash and before a Turkish percentage
      ['— Кроме того, не забудь приложить акт сверки.', '— К тому же не забудь приложить акт сверки.', [], 'ru'],
      ["Bütçe %5'ten fazla artırılamaz. Ayrıca süre kısa.", "Bütçe %5'ten fazla artırılamaz. Bunun yanında süre kısa.", [], 'tr'],
      // words in capitals and initials are not names
      ['IT IS NOT A TEST, said T Smith.', 'It is not a test, said T Smith.'],
      // a heading's capitals are its title style, not names: "## Why Use It?" does not forbid "use" in a sentence
      ['## Why Use It?\n\nAdditionally, you can utilize single sign-on.', '## Why Use It?\n\nYou can use single sign-on.'],
      ['Key Risks That Matter\n\nAdditionally, you can utilize single sign-on.', 'Key Risks That Matter\n\nYou can use single sign-on.'],
      ['Why Use It\n----------\n\nAdditionally, you can utilize single sign-on.', 'Why Use It\n----------\n\nYou can use single sign-on.'],
      // a join may take one of the gaps of two spaces away, not every one
      ['The store will close early.  Staff will use the time.  Orders are safe.', 'The store will close early; staff will use the time.  Orders are safe.'],
      // a Chinese split at "；", "因而" without its comma, "非常" added; an Arabic connective that keeps its "،"
      ['此外，我们提供折扣；付款可分两期支付。', '另外，我们提供折扣。付款可分两期支付。', [], 'zh'],
      ['因此，建议双方召开会议。', '因而建议双方召开会议。', [], 'zh'],
      ['睡眠对健康起着至关重要的作用。', '睡眠对健康非常关键。', [], 'zh'],
      ['ومع ذلك، لا يمكن إرجاع الملابس الداخلية.', 'مع هذا، لا يمكن إرجاع الملابس الداخلية.', [], 'ar'],
      ['售价为5,999元，版本为iOS 17.0.3。此外，它支持USB-C。', '售价为5,999元，版本为iOS 17.0.3。另外，它支持USB-C。', [], 'zh'],
    ];
    for (const [input, output, freezeWords = [], language = 'en'] of cases) {
      it(JSON.stringify(output), () => {
        expect(checkRewrite(input, output, { freezeWords, language })).to.deep.equal([]);
      });
    }
  });
});
