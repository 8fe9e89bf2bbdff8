import { expect } from 'chai';
import { LANGUAGES, MODES, READABILITY_LEVELS, type Language, type Mode, type Readability } from '../domain/options.js';
import { countWords } from '../domain/words.js';
import { OPENERS } from '../workers/engines/local/humanizer/english-phrases.js';
import { LANGUAGE_RULES } from '../workers/engines/local/humanizer/languages.js';
import { wordChunks } from '../workers/engines/local/humanizer/humanizer.js';
import { createLocalDetector, createLocalHumanizer } from '../workers/engines/local/index.js';
import { contentOverlap, fleschKincaidGrade } from '../workers/engines/local/text/measures.js';
import type { HumanizeRequest } from '../workers/engines/types.js';
import type { ToneSpec } from '../domain/options.js';
import { AI_BOILERPLATE } from './support/local-samples.js';

const live = (): AbortSignal => new AbortController().signal;
const detector = createLocalDetector();
const humanizer = createLocalHumanizer(detector);

/** Longer machine-style text with names, numbers, negations, a quotation and repeated structure. */
const REPORT = 'The city council approved the new transit plan on Tuesday, and the mayor said the project would begin in 2025. ' +
  'Furthermore, it is important to note that the plan does not include new highways, because officials want to reduce traffic. ' +
  'The plan will utilize electric buses, which are expected to cut emissions by 40 percent over the next decade. ' +
  'Moreover, the council will leverage federal grants to cover a significant portion of the cost. ' +
  'Residents have expressed various concerns about construction noise, but the council has promised to limit work to daytime hours. ' +
  'Maria Lopez, who leads the neighborhood association, said "we are cautiously optimistic" about the changes. ' +
  'In conclusion, the plan plays a crucial role in the city\'s long-term strategy, and it is essential to monitor its progress. ' +
  'It is clear that the project will not be easy, and it is likely that delays will happen.';

function request(overrides: Partial<HumanizeRequest> = {}): HumanizeRequest {
  return {
    text: REPORT, mode: 'standard', tone: { kind: 'builtin', name: 'casual' }, readability: 'college', language: 'en',
    freezeWords: [], seed: 7, ...overrides,
  };
}

const run = (overrides: Partial<HumanizeRequest> = {}): Promise<string> => humanizer.humanize(request(overrides), { signal: live() });
const builtin = (name: 'casual' | 'formal' | 'professional' | 'academic' | 'creative'): ToneSpec => ({ kind: 'builtin', name });
/** Contractions proper, not possessives ("city's"). */
const contractions = (s: string): number =>
  (s.match(/\b(?:\p{L}+n['’]t|\p{L}+['’](?:re|ve|ll|m|d)|(?:it|that|there|what|who|he|she|let|here|where)['’]s)\b/giu) ?? []).length;
const negations = (s: string): number => (s.match(/\bnot\b|n['’]t\b|\bnever\b|\bno\b|\bcannot\b/giu) ?? []).length;

/** Share of input tokens no longer found at the same relative place: a rough measure of restructuring. */
function changeRatio(a: string, b: string): number {
  const x = a.split(/\s+/u);
  const y = b.split(/\s+/u);
  const dp = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = 1; i <= x.length; i++) for (let j = 1; j <= y.length; j++) {
    dp[i]![j] = x[i - 1] === y[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  }
  return 1 - dp[x.length]![y.length]! / x.length;
}

describe('local humanizer: determinism and streaming', () => {
  it('returns the same text for the same request and seed, and different texts for different seeds', async () => {
    expect(await run({ seed: 11 })).to.equal(await run({ seed: 11 }));
    const outs = new Set(await Promise.all([1, 2, 3, 4].map((seed) => run({ seed, mode: 'aggressive' }))));
    expect(outs.size).to.be.greaterThan(1);
  });

  it('streams word-sized chunks that add up to the returned text', async () => {
    const chunks: string[] = [];
    const out = await humanizer.humanize(request(), { signal: live(), onChunk: (c) => chunks.push(c) });
    expect(chunks.join('')).to.equal(out);
    expect(chunks.length).to.equal(out.trim().split(/\s+/u).length);
    for (const c of chunks) expect(c.trim()).to.not.match(/\s/u);
    expect(wordChunks('  a b  ')).to.deep.equal(['  a ', 'b  ']);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const ctl = new AbortController();
    ctl.abort(new Error('cancelled'));
    let caught: unknown;
    try { await humanizer.humanize(request(), { signal: ctl.signal }); } catch (err: unknown) { caught = err; }
    expect((caught as Error).message).to.equal('cancelled');
  });
});

describe('local humanizer: effect on the detector and on meaning', () => {
  it('removes machine-typical phrases and lowers the detector score', async () => {
    for (const text of [AI_BOILERPLATE, REPORT]) {
      const out = await run({ text });
      expect(out).to.not.match(/\b(?:delve|tapestry|furthermore|moreover|it is important to note|plays a crucial role)\b/iu);
      expect(detector.scoreText(out)).to.be.lessThan(detector.scoreText(text) - 10);
    }
  });

  it('keeps numbers, names, negations and quotations, and most content words', async () => {
    for (const mode of MODES) {
      const out = await run({ mode, tone: builtin('formal') });
      for (const kept of ['2025', '40', 'Maria Lopez', 'Tuesday', '"we are cautiously optimistic"']) expect(out, mode).to.include(kept);
      expect(negations(out), mode).to.equal(negations(REPORT));
      expect(contentOverlap(REPORT, out), mode).to.be.at.least(0.6);
      const ratio = countWords(out) / countWords(REPORT);
      expect(ratio, mode).to.be.within(0.7, 1.4);
    }
  });

  it('returns a block quote as it was: quoted text, like a quotation in a sentence', async () => {
    const quote = '> It is important to note that the committee will utilize the funds. Additionally, it is crucial to act.';
    const text = `${quote}\n\nFurthermore, it is important to note that the plan will utilize electric buses.`;
    for (const mode of MODES) {
      const out = await run({ text, mode });
      expect(out.split('\n')[0], mode).to.equal(quote);
      expect(out, mode).to.not.include('Furthermore, it is important');
    }
  });

  it('changes more in enhanced, aggressive and ultra modes than in standard', async () => {
    const texts = [REPORT, AI_BOILERPLATE];
    const mean = async (mode: Mode): Promise<number> => {
      let total = 0;
      // Six seeds: the winner among each request's candidates is the most human-scoring, not the most changed, so
      // a few requests say little about a mode (measured over 300 texts: npm run eval:humanizer).
      for (const text of texts) for (const seed of [1, 2, 3, 4, 5, 6]) total += changeRatio(text, await run({ text, mode, seed }));
      return total / (texts.length * 6);
    };
    const standard = await mean('standard');
    expect(await mean('enhanced')).to.be.greaterThan(standard);
    expect(await mean('aggressive')).to.be.greaterThan(standard);
    expect(await mean('ultra')).to.be.greaterThan(standard);
  });
});

describe('local humanizer: tone and readability', () => {
  it('uses contractions and varied openers for casual, neither for formal', async () => {
    const casualOpeners = [...OPENERS.casual, ...OPENERS.creative].map((o) => o.toLowerCase());
    const startsWithOpener = (s: string): number => s.split(/(?<=[.!?])\s+/u)
      .filter((x) => casualOpeners.some((o) => x.toLowerCase().startsWith(o))).length;
    let casualContractions = 0;
    let casualOpenerCount = 0;
    // Openers voice the writer's attitude: they go before what the writer thinks or tells the reader, never before a
    // plain report of fact.
    const opinion = 'The new transit plan is a good idea for the city. The old buses are terrible at night. ' +
      'I take the bus every day, and the routes are the worst part of it. My commute is an hour long. ' +
      'This plan is the best option the council has had in years.';
    for (const seed of [1, 2, 3]) {
      const casual = await run({ seed, tone: builtin('casual') });
      const formal = await run({ seed, tone: builtin('formal') });
      casualContractions += contractions(casual);
      casualOpenerCount += startsWithOpener(await run({ seed, text: opinion, tone: builtin('casual') }));
      expect(contractions(formal)).to.equal(0);
      expect(startsWithOpener(formal)).to.equal(0);
      expect(startsWithOpener(await run({ seed, text: opinion, tone: builtin('formal') }))).to.equal(0);
    }
    const facts = await run({ seed: 1, text: 'She was admitted to the hospital on Tuesday night. A normal fasting level is between 70 and 100 mg/dL. The clinic opens at nine.', tone: builtin('casual') });
    expect(startsWithOpener(facts)).to.equal(0);
    expect(casualContractions).to.be.greaterThan(3 * contractions(REPORT));
    expect(casualOpenerCount).to.be.greaterThan(0);
  });

  it('does not pile up openers when a rewrite is rewritten again', async () => {
    // Six passes: without the limit about 2 sentences in 5 ended up with an opener, with it under 1 in 4.
    let text = `${AI_BOILERPLATE} ${REPORT}`;
    for (let pass = 0; pass < 6; pass++) text = await run({ text, mode: 'aggressive', readability: 'college', seed: 40 + pass });
    const sentences = text.split(/(?<=[.!?])\s+/u);
    const withOpener = sentences.filter((x) => OPENERS.casual.some((o) => x.toLowerCase().startsWith(o))).length;
    expect(withOpener / sentences.length, text).to.be.at.most(0.3);
  });

  it('expands contractions in academic mode whatever the tone', async () => {
    const text = "We don't know yet, and it's hard to say. They can't agree on what the data show, and we won't guess. It isn't simple.";
    expect(contractions(await run({ text, mode: 'academic', tone: builtin('casual') }))).to.equal(0);
    // Its hedge is "Arguably,": "In general," and "Broadly speaking," made a specific claim a general one.
    const facts = 'The company lost five million dollars in the first quarter. Its chief executive resigned in May. The board named a successor in June. Shares fell by a third.';
    for (let seed = 1; seed <= 8; seed++) expect(await run({ text: facts, mode: 'academic', tone: builtin('academic'), seed })).to.not.match(/In general|Broadly speaking/u);
  });

  it('steers a custom tone by its keywords', async () => {
    const custom = (instructions: string): ToneSpec => ({ kind: 'custom', id: 'x', name: 'mine', instructions, description: null, example: null });
    expect(contractions(await run({ tone: custom('Relaxed and friendly, like a chat') }))).to.be.greaterThan(contractions(REPORT));
    expect(contractions(await run({ tone: custom('Strictly formal, for official letters') }))).to.equal(0);
  });

  it('orders Flesch–Kincaid grade high-school < college < graduate < doctorate on the same input', async () => {
    // Plain related sentences, which every level can split or join as it asks.
    const library = 'The town library opened in 1905 with a few hundred books donated by local families, and the building quickly became the busiest one on the main street. ' +
      'The library moved to a larger building in 1960 because the old reading room could no longer hold the growing number of visitors. ' +
      'Its collection grew steadily over the next decades. The collection now includes more than a million books, maps and recordings. ' +
      'Volunteers run a reading club for children every Saturday morning. ' +
      'They also teach older residents how to use the computers in the new study hall, which opened last spring after a long fundraising campaign.';
    for (const text of [library, REPORT, AI_BOILERPLATE]) {
      const grades: number[] = [];
      for (const readability of READABILITY_LEVELS) {
        let sum = 0;
        for (const seed of [1, 2, 3]) sum += fleschKincaidGrade(await run({ text, readability: readability as Readability, seed }));
        grades.push(sum / 3);
      }
      // The boilerplate sample has no clause boundary a high-school split could use (no ", and", ", which", "because"),
      // so there high-school and college differ only in a word or two: not above college is all it can promise. Nor has
      // it two related sentences a graduate or doctorate join could use (the one that could join sums up: "So, embracing
      // technology …"): above college, the levels differ there only in which words a dice roll swaps.
      // The report has no pair a graduate join may take (each candidate opens with a connective, differs in negation or
      // sums up): graduate is college there.
      for (let i = 1; i < grades.length; i++) {
        if (text === AI_BOILERPLATE && i === 1) expect(grades[0]!, 'high-school vs college').to.be.at.most(grades[1]! + 0.2);
        else if (text === AI_BOILERPLATE) expect(grades[i]!, `${READABILITY_LEVELS[i]} vs ${READABILITY_LEVELS[i - 1]}`).to.be.at.least(grades[i - 1]! - 0.1);
        else if (text === REPORT && i === 2) expect(grades[2]!, 'graduate vs college').to.be.at.least(grades[1]!);
        else expect(grades[i], `${READABILITY_LEVELS[i]} vs ${READABILITY_LEVELS[i - 1]}`).to.be.greaterThan(grades[i - 1]!);
      }
    }
  });
});

const OTHER_LANGUAGES: Record<Exclude<Language, 'en'>, string> = {
  es: 'El equipo terminó el informe ayer por la tarde. Los resultados muestran una mejora clara en todas las regiones del país.',
  fr: "L'équipe a terminé le rapport hier après-midi. Les résultats montrent une nette amélioration dans toutes les régions du pays.",
  de: 'Das Team hat den Bericht gestern Nachmittag fertiggestellt. Die Ergebnisse zeigen eine deutliche Verbesserung in allen Regionen des Landes.',
  it: 'Il gruppo ha finito il rapporto ieri pomeriggio. I risultati mostrano un netto miglioramento in tutte le regioni del paese.',
  pt: 'A equipe terminou o relatório ontem à tarde. Os resultados mostram uma melhora clara em todas as regiões do país inteiro.',
  ru: 'Команда закончила отчёт вчера днём. Результаты показывают явное улучшение во всех регионах страны за последний год работы.',
  zh: '团队昨天下午完成了报告。结果显示全国所有地区都有明显改善，这让大家都很高兴，也给了我们更多信心。',
  ja: 'チームは昨日の午後に報告書を完成させました。結果は国内のすべての地域で明らかな改善を示しています。',
  ko: '팀은 어제 오후에 보고서를 완성했습니다. 결과는 전국 모든 지역에서 뚜렷한 개선을 보여 줍니다 그리고 모두 기뻐했습니다.',
  tr: 'Ekip raporu dün öğleden sonra bitirdi. Sonuçlar ülkenin tüm bölgelerinde açık bir iyileşme olduğunu gösteriyor ve herkes memnun.',
  ar: 'أنهى الفريق التقرير بعد ظهر أمس. وتظهر النتائج تحسنًا واضحًا في جميع مناطق البلاد خلال العام الماضي كله.',
};

/** A text with a connective opening its second sentence (its first mark ends the first sentence). */
function withConnective(text: string, connective: string, language: Language): string {
  const spaceless = LANGUAGE_RULES[language as Exclude<Language, 'en'>]?.spaceless ?? false;
  const cut = text.search(/[.。]\s*/u) + 1;
  const first = text.slice(0, cut);
  const rest = text.slice(cut).trimStart();
  if (spaceless) return `${first}${connective}${rest}`;
  const lowered = /^\p{Lu}/u.test(rest) && !['de'].includes(language) ? rest[0]!.toLowerCase() + rest.slice(1) : rest;
  return `${first} ${connective} ${lowered}`;
}

describe('local humanizer: languages', () => {
  it('changes the text in each of the twelve languages, in every mode, at a reasonable length, and a text with nothing to change not at all', async () => {
    for (const language of LANGUAGES) {
      const plain = language === 'en' ? 'The team finished the report yesterday afternoon. The results show a clear improvement in every region of the country.' : OTHER_LANGUAGES[language];
      // The same text with one of the language's stock connectives opening its second sentence (English: "Furthermore,").
      const connective = language === 'en' ? 'Furthermore,' : LANGUAGE_RULES[language].replacements[0]![0];
      const text = withConnective(plain, connective, language);
      for (const mode of MODES) {
        const out = await run({ text, language, mode, tone: builtin('casual'), readability: 'high-school' });
        expect(out, `${language} ${mode}`).to.not.equal(text);
        expect(countWords(out) / countWords(text), `${language} ${mode}`).to.be.within(0.6, 1.6);
        // Plain enough to leave nothing to improve: only an opener could change it, and openers go only before what the
        // writer thinks (English; none at all in other languages: "Ehrlich gesagt:" landed in contracts), so a plain
        // report of fact comes back as it was, in every tone.
        for (const tone of ['casual', 'formal'] as const) expect(await run({ text: plain, language, mode, tone: builtin(tone), readability: 'high-school' }), `${language} ${mode} ${tone}`).to.equal(plain);
      }
    }
  });

  it('returns English with nothing to improve as it was in a tone without openers, never with a claim glued on', async () => {
    const text = 'The team finished the report yesterday afternoon. The results show a clear improvement in every region of the country.';
    for (const tone of ['formal', 'professional'] as const) {
      expect(await run({ text, language: 'en', mode: 'standard', tone: builtin(tone), readability: 'high-school' }), tone).to.equal(text);
    }
    const dialogue = 'The messenger ran into the room. "What is it? Speak!" "They have fallen in a shower of arrows." This sent shock waves through the ranks.';
    for (const mode of MODES) {
      const out = await run({ text: dialogue, language: 'en', mode, tone: builtin('casual'), readability: 'college' });
      expect(out, mode).to.not.match(/,\s*"/u);
      expect(out, mode).to.not.match(/In fact|Put simply|As it happens/u);
    }
  });

  it('applies language-specific connective replacements', async () => {
    const out = await run({ text: 'Además, el proyecto fue un éxito. Sin embargo, quedan muchas preguntas sobre el futuro del equipo y su financiación.', language: 'es' });
    expect(out).to.not.include('Además,');
    expect(out).to.not.include('Sin embargo,');
    // The stock phrase after a connective too, and the stock opening of an essay.
    const es = await run({ text: 'En el mundo actual, la tecnología avanza deprisa. Además, es importante destacar que estas herramientas pueden mejorar la productividad.', language: 'es' });
    expect(es).to.not.match(/En el mundo actual|es importante destacar/u);
    const fr = await run({ text: "Dans le monde d'aujourd'hui, la technologie avance vite. Cependant, il est important de noter que ces outils ont des limites.", language: 'fr' });
    expect(fr).to.not.match(/Dans le monde|il est important de noter/u);
    const de = await run({ text: 'In der heutigen Zeit spielt die Digitalisierung eine große Rolle. Viele Unternehmen investieren deshalb in neue Systeme.', language: 'de' });
    expect(de).to.match(/^(?:Heute|Heutzutage) spielt die Digitalisierung/u);
    // The usual variants of the stock phrase, after a connective (in German with the verb first).
    const it = await run({ text: "Inoltre, è importante sottolineare che l'intelligenza artificiale offre molte opportunità. Tuttavia, presenta anche dei rischi.", language: 'it' });
    expect(it).to.not.match(/importante sottolineare/u);
    const pt = await run({ text: 'Além disso, é importante destacar que a tecnologia oferece muitas oportunidades. No entanto, também apresenta riscos.', language: 'pt' });
    expect(pt).to.not.match(/importante destacar/u);
    const deAfter = await run({ text: 'Darüber hinaus ist es wichtig zu beachten, dass die Digitalisierung viele Vorteile bietet. Allerdings bringt sie auch Risiken mit sich.', language: 'de' });
    expect(deAfter).to.match(/^(?:Außerdem|Zudem) (?:ist zu beachten|sollte man wissen), dass die Digitalisierung/u);
    const zh = await run({ text: '此外，这个项目很成功。然而，关于团队的未来仍然存在很多疑问，我们需要继续努力。', language: 'zh' });
    expect(zh).to.not.include('此外，');
    // A connective inside an idiom goes with the idiom: never "Kurz gesagt lässt sich sagen".
    for (let seed = 1; seed <= 8; seed++) {
      const de = await run({ text: 'Es gibt viele Risiken beim Datenschutz. Zusammenfassend lässt sich sagen, dass eine ausgewogene Strategie notwendig ist.', language: 'de', seed });
      expect(de, `seed ${seed}`).to.not.match(/gesagt lässt sich sagen|Zusammenfassend/u);
    }
  });

  it('never puts an opener in front of a connective in another language', async () => {
    const { LANGUAGE_RULES } = await import('../workers/engines/local/humanizer/languages.js');
    const text = 'La inteligencia artificial está transformando la manera en que trabajamos. Además, es importante destacar que estas herramientas pueden mejorar la productividad. Sin embargo, también plantean desafíos éticos que debemos considerar; por ejemplo, la privacidad de los datos. En conclusión, debemos adoptar un enfoque equilibrado.';
    const rules = LANGUAGE_RULES.es;
    const connectives = rules.replacements.flatMap(([p, alts]) => [p, ...alts]).filter((c) => c.length > 0);
    for (const mode of MODES) {
      for (let seed = 1; seed <= 12; seed++) {
        const out = await run({ text, language: 'es', mode, seed, tone: builtin('formal'), readability: 'high-school' });
        for (const opener of rules.openers) {
          for (const c of connectives) expect(out.toLowerCase(), `${mode} ${seed}: ${out}`).to.not.include(`${opener} ${c}`.toLowerCase());
        }
      }
    }
  });
});
