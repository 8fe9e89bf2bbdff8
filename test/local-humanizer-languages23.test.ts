import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some, type BuiltinTone as Tone } from './support/humanizer-settings.js';

const FORMAL: readonly Tone[] = ['formal', 'professional', 'academic'];


/** Every output of a text over the modes, the given tones, the readability levels and seeds 1–6, with its setting. */
const outputs = (language: Language, text: string, tones?: readonly Tone[]): Array<[string, string]> => languageOutputs(language, text, { tones, seeds: 6 });

describe('local humanizer in other languages: instructions, echoes, register by tone and by content', function () {
  this.timeout(120_000);

  it('puts no comma-less connective before an infinitive instruction, and still does before a finite clause', () => {
    const wrong: Array<[Language, string, string[]]> = [
      ['it', 'Pertanto, assumere il farmaco a stomaco pieno.', ['Per questo assumere', 'Quindi assumere']],
      ['it', 'Il farmaco irrita la mucosa. Pertanto, non assumere il farmaco a stomaco vuoto.', ['Per questo non', 'Quindi non']],
      ['es', 'El jarabe irrita el estómago. Por lo tanto, tomar el medicamento después de comer.', ['Así que tomar']],
      ['pt', 'O remédio irrita o estômago. Portanto, tomar o medicamento após as refeições.', ['Então tomar']],
      ['ru', 'Препарат раздражает желудок. Таким образом, принимать препарат во время еды.', ['Так что принимать', 'В итоге принимать']],
    ];
    for (const [language, text, never] of wrong) expect(holding(outputs(language, text), (t) => never.some((n) => t.includes(n))), text).to.deep.equal([]);
    // With its comma an alternative still goes there ("Por eso, tomar …", "Dès lors, prendre …").
    expect(some(outputs('es', wrong[2]![1]), 'Por eso, tomar')).to.equal(true);
    expect(some(outputs('fr', "Le comprimé irrite l'estomac. Par conséquent, prendre le médicament au cours du repas."), 'Dès lors, prendre')).to.equal(true);
    const it = outputs('it', "Le vendite sono calate. Pertanto, l'azienda ha ridotto i costi.");
    expect(some(it, "Per questo l'azienda") && some(it, "Quindi l'azienda")).to.equal(true);
    expect(some(outputs('es', 'Las ventas bajaron mucho. Por lo tanto, la empresa redujo sus gastos.'), 'Así que la empresa')).to.equal(true);
    expect(some(outputs('pt', 'As vendas caíram muito. Portanto, a empresa cortou custos.'), 'Então a empresa')).to.equal(true);
    expect(some(outputs('ru', 'Погода была ужасной. Таким образом, мы остались дома.'), 'В итоге мы')).to.equal(true);
  });

  it('counts connectives sharing their word as one when a neighbouring sentence holds one', () => {
    const count = (t: string, re: RegExp): number => t.match(re)?.length ?? 0;
    const plus = /(?:^|[.!?]\s+)(?:En plus|De plus|Qui plus est),/gu;
    for (const text of ['En outre, la ville a rénové la gare. De plus, elle a ouvert deux nouvelles lignes de bus.',
      'De plus, la ville a rénové la gare. En outre, elle a ouvert deux nouvelles lignes de bus.']) {
      expect(holding(outputs('fr', text), (t) => count(t, plus) > 1), text).to.deep.equal([]);
    }
    // The text's own repetition stays; none is added ("Além do mais, … Além disso, …", "Bu yüzden … O yüzden …").
    const alem = outputs('pt', 'Além disso, a cidade reformou a estação. Além disso, abriu duas novas linhas de ônibus.');
    expect(holding(alem, (t) => t.includes('Além do mais'))).to.deep.equal([]);
    const tr = outputs('tr', 'Bu nedenle proje ertelendi. Bu nedenle ekip yeniden planlama yaptı ve takvimi güncelledi.');
    expect(holding(tr, (t) => t.includes('Bu yüzden') && t.includes('O yüzden'))).to.deep.equal([]);
    const de = outputs('de', 'Zusammenfassend gesagt war das Projekt ein Erfolg. Kurz gesagt hat sich die Arbeit gelohnt.');
    expect(holding(de, (t) => t.startsWith('Kurz gesagt'))).to.deep.equal([]);
    // Alone, each is still replaced.
    const fr = outputs('fr', 'De plus, la ville a rénové la gare. Cependant, les bus restent rares.');
    expect(some(fr, 'En plus, la ville') && some(fr, 'Par ailleurs, la ville')).to.equal(true);
    expect(some(outputs('pt', 'Além disso, a cidade reformou a estação.'), 'Além do mais, a cidade')).to.equal(true);
    expect(some(tr, 'Bu yüzden proje')).to.equal(true);
  });

  it('keeps spoken alternatives out of formal, professional and academic text and uses them in casual text', () => {
    const cases: Array<[Language, string, string[]]> = [
      ['pt', 'Em conclusão, os resultados indicam uma melhora significativa no desempenho dos alunos.', ['Resumindo,', 'Enfim,']],
      ['zh', '因此，我们需要进一步研究这一问题。', ['所以，']],
      ['ja', '非常に重要な結果が得られた。', ['とても']],
      ['ko', '매우 중요한 결과가 나왔다.', ['아주', '무척']],
      ['fr', "Dans cette région, le tourisme joue un rôle crucial pour l'emploi.", ['compte beaucoup']],
      ['de', 'Es ist wichtig zu beachten, dass die Werte schwanken.', ['Man sollte wissen']],
    ];
    for (const [language, text, spoken] of cases) {
      expect(holding(outputs(language, text, FORMAL), (t) => spoken.some((w) => t.includes(w))), text).to.deep.equal([]);
      expect(spoken.some((w) => some(outputs(language, text, ['casual']), w)), `${text} (casual)`).to.equal(true);
    }
    // A written alternative is left for the formal tones.
    expect(some(outputs('pt', cases[0]![1], FORMAL), 'Em suma, os resultados')).to.equal(true);
  });

  it('keeps spoken alternatives out of a legal, medical or sombre paragraph whatever the tone', () => {
    const cases: Array<[Language, string, string[]]> = [
      ['fr', 'Le traitement est bien toléré par la plupart des patients. Par conséquent, la posologie peut être maintenue pendant trois mois.', ['Du coup']],
      ['ru', 'Арендатор обязан вносить плату до пятого числа каждого месяца. В заключение, договор может быть расторгнут по соглашению Сторон.', ['Короче говоря']],
      ['es', 'El arrendatario deberá pagar la renta antes del día cinco. Por lo tanto, el contrato podrá rescindirse si no paga.', ['Así que']],
      ['it', 'Il paziente ha ricevuto la diagnosi ieri. In conclusione, il trattamento inizierà lunedì.', ['Insomma']],
      ['pt', 'A morte do nosso pai foi repentina e ninguém estava preparado. Em conclusão, o luto ainda vai levar tempo.', ['Enfim', 'Resumindo']],
      ['ja', '患者には副作用が見られた。したがって、服用を中止した。', ['だから']],
      ['de', 'Es ist wichtig zu beachten, dass der Mieter die Kaution vor Vertragsbeginn zahlt.', ['Man sollte wissen']],
      ['tr', 'Kiracı kirayı her ayın beşine kadar ödemekle yükümlüdür. Bu nedenle sözleşme feshedilebilir.', ['O yüzden']],
      ['zh', '患者出现了严重的副作用。因此，医生决定停止服用该药物。', ['所以']],
    ];
    for (const [language, text, never] of cases) {
      const all = outputs(language, text, ['casual', 'creative']);
      expect(holding(all, (t) => never.some((n) => t.includes(n))), text).to.deep.equal([]);
      // With a written alternative ("Dès lors,", "Итак,", "Por eso,") it is still rewritten.
      expect(all.some(([, t]) => t !== text), `${text} is still rewritten`).to.equal(true);
    }
    // Korean "매우" has only spoken alternatives ("아주", "무척"): beside a patient it stays.
    const ko = '환자에게 매우 심한 부작용이 나타났다.';
    expect(holding(outputs('ko', ko, ['casual', 'creative']), (t) => t !== ko)).to.deep.equal([]);
    // The same connectives in everyday text keep their casual alternatives.
    const controls: Array<[Language, string, string]> = [
      ['fr', 'Les ventes ont chuté cet été. Par conséquent, on a réduit les dépenses.', 'Du coup,'],
      ['ru', 'Погода была ужасной. В заключение, мы решили остаться дома и посмотреть фильм.', 'Короче говоря,'],
      ['es', 'Las ventas bajaron mucho. Por lo tanto, la empresa redujo sus gastos.', 'Así que'],
      ['zh', '因此，我们周末去公园玩了。', '所以，'],
      ['ru', 'С другой стороны, погода была ужасной. Таким образом, мы остались дома.', 'Так что'],
    ];
    for (const [language, text, spoken] of controls) expect(some(outputs(language, text, ['casual']), spoken), text).to.equal(true);
  });
});
