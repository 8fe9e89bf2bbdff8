import { expect } from 'chai';
import { BUILTIN_TONES, MODES, READABILITY_LEVELS, LANGUAGES, type ToneSpec } from '../domain/options.js';
import { identifyLanguage } from '../domain/language.js';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';
import { createLocalHumanizer } from '../workers/engines/local/index.js';
import type { HumanizeRequest } from '../workers/engines/types.js';

/** Varied inputs: prose full of machine phrasing, lists, headings, Q&A labels, dialogue, numbers, code, other languages. */
const CORPUS: Record<string, string> = {
  prose: 'Furthermore, it is important to note that the comprehensive landscape of artificial intelligence plays a crucial role in how organizations approach complex problems. Additionally, these systems utilize vast amounts of data with remarkable efficiency. Organizations must leverage them to enhance outcomes, and it is essential to ensure that various stakeholders are involved. In conclusion, a holistic approach is key.',
  list: 'Here are the main points to remember.\n- It is essential to utilize clear goals for every team.\n- Additionally, leaders should foster open communication.\n* Moreover, it is crucial to review progress every week.\n1. First, gather the data.\n2. Second, analyze it carefully and share the results.',
  headings: '# Why testing matters\n\nTesting plays a vital role in software quality. It helps teams find problems early, and it ensures that users get a reliable product.\n\n## How to start\n\nBegin with small unit tests. Then add integration tests that cover the most important paths through the system.',
  qa: 'Question: Do preoperative statins reduce atrial fibrillation after surgery?\nAnswer: Our study indicated that preoperative statin therapy seems to reduce atrial fibrillation. However, it is important to note that further trials are needed.\nQ: Is it safe?\nA: Yes. The results showed no significant increase in adverse events.',
  dialogue: '"Where are you going?" Anna asked. "To the market," he said, and he picked up his bag. She watched him leave; the door closed slowly behind him. "Don\'t be late," she called after him, but he did not answer.',
  numbers: 'In 2023, revenue grew by 12.5% to $4.2 million, while costs rose 3% to $1,950,000. The company hired 45 new staff between January 3 and March 15. Furthermore, the board expects growth of 8-10% in the 2024-2025 period, and it will meet at 9:30 on the 3rd of May.',
  technical: 'To configure the service, edit `config.json` and set max_connections to 20. Additionally, the helper getUserName() returns the current user. Visit https://example.com/docs/setup for details, or email support@example.com. It is important to note that the file lives in /etc/app/settings and that parseInt handles the values.',
  wrapped: 'This paragraph was wrapped by an old mail client, so its sentences\ncontinue across lines. Furthermore, the wrapping must survive any rewrite\nthat the service applies.\n\nA second paragraph follows. It is short.',
  lowercase: 'the meeting starts at noon. moreover, everyone should bring their notes and a laptop. it is important to arrive on time because the room is small.',
  names: 'An honest review of the iPhone shows a useful device. A unique design and an hour of battery tests revealed a European standard. Apple leveraged its supply chain, and Tim Cook said the launch was a testament to the team.',
  es: 'Las organizaciones deben adaptarse rápidamente a este entorno cambiante. Además, es importante destacar que las nuevas tecnologías ofrecen muchas oportunidades. Sin embargo, también presentan riesgos que no podemos ignorar.',
  fr: "Les entreprises doivent s'adapter rapidement à cet environnement. De plus, il est important de noter que les nouvelles technologies offrent de nombreuses possibilités. Cependant, elles présentent aussi des risques.",
  de: 'Die Unternehmen müssen sich schnell an diese Umgebung anpassen. Darüber hinaus bieten neue Technologien viele Möglichkeiten. Jedoch gibt es auch Risiken, die wir nicht ignorieren dürfen.',
  it: 'Le aziende devono adattarsi rapidamente a questo ambiente. Inoltre, le nuove tecnologie offrono molte opportunità. Tuttavia, presentano anche dei rischi che non possiamo ignorare.',
  pt: 'As empresas precisam se adaptar rapidamente a este ambiente. Além disso, as novas tecnologias oferecem muitas oportunidades. No entanto, também apresentam riscos que não podemos ignorar.',
  ru: 'Компании должны быстро адаптироваться к этой среде. Кроме того, новые технологии открывают много возможностей. Однако они также несут риски, которые нельзя игнорировать.',
  zh: '企业必须迅速适应这种环境。此外，新技术提供了许多机会。然而，它们也带来了我们不能忽视的风险。',
  ja: '企業はこの環境に素早く適応しなければなりません。さらに、新しい技術は多くの機会を提供します。しかし、無視できないリスクもあります。',
  ko: '기업은 이 환경에 빠르게 적응해야 합니다. 또한 새로운 기술은 많은 기회를 제공합니다. 그러나 무시할 수 없는 위험도 있습니다.',
  tr: 'Şirketler bu ortama hızla uyum sağlamalıdır. Ayrıca yeni teknolojiler birçok fırsat sunuyor. Ancak göz ardı edemeyeceğimiz riskler de var.',
  ar: 'يجب على الشركات أن تتكيف بسرعة مع هذه البيئة. بالإضافة إلى ذلك، توفر التقنيات الجديدة فرصًا كثيرة. ومع ذلك، فإنها تحمل أيضًا مخاطر لا يمكننا تجاهلها.',
  nl: 'Organisaties moeten zich snel aanpassen aan deze veranderende omgeving. Bovendien bieden nieuwe technologieën veel kansen. Toch zijn er ook risico\'s die we niet mogen negeren.',
};

const CUSTOM: ToneSpec = { kind: 'custom', id: '00000000-0000-4000-8000-000000000000', name: 'Support', instructions: 'Warm, friendly and concise.', description: null, example: null };
const TONES: ToneSpec[] = [...BUILTIN_TONES.map((name): ToneSpec => ({ kind: 'builtin', name })), CUSTOM];

describe('local humanizer: never damages the text (rule checker over a varied corpus)', function () {
  this.timeout(60_000);

  it('passes every rule on over 1,000 outputs across inputs, modes, tones, readability levels and languages', () => {
    const rng = createRandom(2026);
    const defects: string[] = [];
    let outputs = 0;
    for (const [name, text] of Object.entries(CORPUS)) {
      const language = identifyLanguage(text);
      const words = text.split(/\s+/u);
      for (const mode of MODES) {
        for (const readability of READABILITY_LEVELS) {
          for (let k = 0; k < 3; k++) {
            const at = Math.floor(rng.next() * words.length);
            const freezeWords = rng.chance(0.5) ? [words.slice(at, at + 1 + Math.floor(rng.next() * 3)).join(' ')] : [];
            const request: HumanizeRequest = {
              text, mode, readability, freezeWords, tone: rng.pick(TONES), language: rng.pick(LANGUAGES), seed: Math.floor(rng.next() * 1e9),
            };
            const out = rewriteOnce(request, request.seed);
            outputs++;
            for (const d of checkRewrite(text, out, { freezeWords, language })) defects.push(`${name}/${mode}/${readability}: ${d.rule} ${d.detail}\n${out}`);
          }
        }
      }
    }
    expect(outputs).to.be.at.least(1000);
    expect(defects.slice(0, 5)).to.deep.equal([]);
  });

  it('the checker catches each kind of damage it guards against', () => {
    const input = 'Answer: The plan costs $5.00 at https://a.example.com.\n- It is an honest and useful plan.\n\nSee "the memo" from ops@example.com about `run()`.';
    const cases: Array<[string, string]> = [
      ['line-breaks', input.replace('\n- ', ' - ')],
      ['prefix', input.replace('Answer: ', 'Honestly, Answer: ')],
      ['number', input.replace('$5.00', '$5')],
      ['url', input.replace('https://a.example.com', 'a.example.com')],
      ['email', input.replace('ops@example.com', 'ops at example.com')],
      ['quote', input.replace('"the memo"', 'the memo')],
      ['code', input.replace('`run()`', 'run')],
      ['capital', input.replace('See "the', 'see "the')],
      ['stacked-connectives', input.replace('See "the', 'Honestly, however, see "the')],
      ['doubled-word', input.replace('useful plan', 'useful useful plan')],
      ['doubled-punctuation', input.replace('plan.\n', 'plan,.\n')],
      ['article', input.replace('an honest', 'a honest')],
      ['freeze-word', input.replace('useful', 'handy')],
    ];
    for (const [rule, output] of cases) {
      const found = checkRewrite(input, output, { freezeWords: ['useful'], language: 'en' }).map((d) => d.rule);
      expect(found, rule).to.include(rule);
    }
    expect(checkRewrite(input, input, { freezeWords: ['useful'], language: 'en' })).to.deep.equal([]);
    expect(checkRewrite('El plan es bueno y barato.', 'In fact, el plan es bueno and barato.', { freezeWords: [], language: 'es' }).map((d) => d.rule)).to.include('foreign-rules');
  });

  it('best-of candidates through the engine pass the checker too', async () => {
    const humanizer = createLocalHumanizer();
    for (const name of ['prose', 'list', 'qa', 'numbers', 'es']) {
      const text = CORPUS[name]!;
      for (const mode of MODES) {
        const out = await humanizer.humanize({ text, mode, readability: 'college', freezeWords: [], tone: TONES[0]!, language: 'en', seed: 11 }, { signal: new AbortController().signal });
        expect(checkRewrite(text, out, { freezeWords: [], language: identifyLanguage(text) }), `${name}/${mode}\n${out}`).to.deep.equal([]);
      }
    }
  });
});
