/**
 * Regression check of the local humanizer's output: runs it over a varied corpus (the property
 * test's inputs, texts of the detection data, and long multi-paragraph texts made of them) in every
 * mode, several tones and readability levels, seeds 1 and 2, best_of 1 and 3, and hashes every
 * output together with its rule-checker verdict and the detector scores best_of chose by. A change
 * that is meant to leave the output as it is (a speed-up) must leave the hash as it is.
 *
 *   npx tsx bench/humanizer/golden.ts            compare with bench/humanizer/golden.sha256 (exit 1 on a difference)
 *   npx tsx bench/humanizer/golden.ts --update   record the current hash (after a deliberate change of the rules)
 *   GOLDEN_DUMP=/tmp/out.jsonl ...               also write every case's output, to find where two versions differ
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILTIN_TONES, LANGUAGES, MODES, READABILITY_LEVELS, type Mode, type Readability, type ToneSpec } from '../../domain/options.js';
import { identifyLanguage } from '../../domain/language.js';
import { bestOf } from '../../workers/engines/best-of.js';
import { createLocalDetector, createLocalHumanizer } from '../../workers/engines/local/index.js';
import { checkRewrite } from '../../workers/engines/local/humanizer/checker.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { createRandom } from '../../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../../workers/engines/local/humanizer/rewrite.js';
import type { HumanizeRequest } from '../../workers/engines/types.js';
import { REPO_ROOT } from './lib/data.js';

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

const CUSTOM: ToneSpec = { kind: 'custom', id: '00000000-0000-4000-8000-000000000000', name: 'Support', instructions: 'Warm, friendly and concise.', description: null, example: null };
const TONES: ToneSpec[] = [...BUILTIN_TONES.map((name): ToneSpec => ({ kind: 'builtin', name })), CUSTOM];

/** Every k-th text of the detection data's training file (about 100), in file order. */
export function dataTexts(count = 100): string[] {
  const path = resolve(REPO_ROOT, '../shared/data/detect/train.jsonl');
  const texts = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((l) => (JSON.parse(l) as { text: string }).text);
  const step = texts.length / count;
  return Array.from({ length: Math.min(count, texts.length) }, (_, i) => texts[Math.floor(i * step)]!);
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

const hash = createHash('sha256');
const dumpPath = process.env['GOLDEN_DUMP'];
const dump: string[] = [];
let cases = 0;
function record(kind: string, input: string, params: unknown, result: unknown): void {
  const line = JSON.stringify({ kind, params, input: createHash('sha256').update(input).digest('hex').slice(0, 16), result });
  hash.update(line).update('\n');
  if (dumpPath) dump.push(line);
  cases++;
}

const started = performance.now();
const cpu0 = process.cpuUsage();

// 1. The property test's sweep: one seeded candidate per request, every mode and readability level,
//    random tones, requested languages and freeze words, with the rule checker's verdict.
{
  const rng = createRandom(2026);
  for (const [name, text] of Object.entries(PROPERTY_CORPUS)) {
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
          record('once', text, { name, mode, readability, k }, { out, defects: checkRewrite(text, out, { freezeWords, language }) });
        }
      }
    }
  }
}

// 2. The engine as the service calls it: best_of 1 (the humanizer's own candidates, picked by the
//    detector's score) and best_of 3 (three seeds, each scored by the detector's report).
const detector = createLocalDetector();
const humanizer = createLocalHumanizer(detector);
const signal = new AbortController().signal;
const data = dataTexts(100);
const inputs = [...Object.values(PROPERTY_CORPUS), ...data, ...longTexts(data, 4)];
const readabilities: Readability[] = ['college', 'high-school', 'graduate', 'doctorate'];
const tones: ToneSpec[] = [TONES[0]!, TONES[1]!, TONES[3]!, CUSTOM];
for (let i = 0; i < inputs.length; i++) {
  const text = inputs[i]!;
  const language = identifyLanguage(text);
  const words = text.split(/\s+/u);
  for (let m = 0; m < MODES.length; m++) {
    const mode: Mode = MODES[m]!;
    const readability = readabilities[(i + m) % readabilities.length]!;
    const tone = tones[(i * 3 + m) % tones.length]!;
    const freezeWords = (i + m) % 3 === 0 && words.length > 6 ? [words[(i * 7 + m) % (words.length - 1)]!] : [];
    for (const seed of [1, 2]) {
      const request: HumanizeRequest = { text, mode, tone, readability, language: 'en', freezeWords, seed };
      const { text: out, score } = bestCandidate(request, detector);
      const served = await humanizer.humanize(request, { signal });
      if (served !== out) throw new Error(`humanize() and bestCandidate() disagree on input ${i}, ${mode}, seed ${seed}`);
      record('best_of_1', text, { i, mode, readability, tone: tone.kind === 'builtin' ? tone.name : 'custom', seed, freezeWords }, {
        out, score, defects: checkRewrite(text, out, { freezeWords, language }),
      });
    }
    // best_of 3 on every fourth input (a third of the long ones), so the check stays quick.
    if ((i + m) % 4 === 0) {
      const request: HumanizeRequest = { text, mode, tone, readability, language: 'en', freezeWords, seed: 1 };
      const r = await bestOf({ humanizer, detector, request, n: 3, signal });
      record('best_of_3', text, { i, mode, readability, seed: 1 }, r);
    }
  }
}

const digest = hash.digest('hex');
const cpu = process.cpuUsage(cpu0);
if (dumpPath) writeFileSync(dumpPath, dump.join('\n') + '\n');
const file = resolve(REPO_ROOT, 'bench/humanizer/golden.sha256');
console.log(`${cases} cases, ${inputs.length} inputs; ${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
console.log(`sha256 ${digest}`);
if (process.argv.includes('--update')) {
  writeFileSync(file, `${digest}\n`);
  console.log(`recorded in ${file}`);
} else {
  let expected = '';
  try { expected = readFileSync(file, 'utf8').trim(); } catch { /* none recorded yet */ }
  if (expected !== digest) {
    console.error(expected ? `DIFFERENT from the recorded ${expected}` : 'no recorded hash: run with --update');
    process.exit(1);
  }
  console.log('same as recorded');
}
