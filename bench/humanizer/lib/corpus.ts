/** Inputs of the humanizer's golden check (golden.ts) and speed bench (speed.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './data.js';

/** The inputs of test/local-humanizer-properties.test.ts. */
export const PROPERTY_CORPUS: Record<string, string> = {
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

/** Every k-th text of the detection data's training file, `count` of them (all when there are fewer), in file order. */
export function dataTexts(count = 100): string[] {
  const path = resolve(REPO_ROOT, '../shared/data/detect/train.jsonl');
  const texts = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((l) => (JSON.parse(l) as { text: string }).text);
  const n = Math.min(count, texts.length);
  const step = texts.length / n;
  return Array.from({ length: n }, (_, i) => texts[Math.floor(i * step)]!);
}

/** Multi-paragraph texts of about 1,000 words made of consecutive data texts. */
export function longTexts(texts: readonly string[], count: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    let words = 0;
    while (words < 1000) { const t = texts[at++ % texts.length]!; parts.push(t); words += t.split(/\s+/u).length; }
    out.push(parts.join('\n\n'));
  }
  return out;
}
