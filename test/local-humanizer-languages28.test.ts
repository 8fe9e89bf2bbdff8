import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/** Every output of a text over the modes, the tones, the readability levels and seeds 1–3, with its setting. */
const outputs = (language: Language, text: string): Array<[string, string]> => languageOutputs(language, text);

describe('local humanizer in Spanish, Portuguese and Italian: letters, stressed facts, instructions and dialogue', function () {
  this.timeout(120_000);

  it('keeps "En conclusión," "Em conclusão," and "In conclusione," before a letter\'s closing words, and sums up elsewhere', () => {
    const es = outputs('es', 'Los precios pueden variar hasta la firma. En conclusión, quedamos a su entera disposición para cualquier aclaración.');
    expect(holding(es, (t) => /En (?:resumen|definitiva), quedamos/u.test(t))).to.deep.equal([]);
    const pt = outputs('pt', 'O prazo termina a 30 de setembro. Em conclusão, agradecemos desde já a sua atenção.');
    expect(holding(pt, (t) => /(?:Em suma|Resumindo|Enfim), agradecemos/u.test(t))).to.deep.equal([]);
    for (const text of ['I prezzi sono IVA esclusa. In conclusione, Vi ringraziamo per la fiducia accordataci.', 'La consegna avverrà entro dieci giorni. In conclusione, resto a Sua disposizione per qualsiasi chiarimento.']) {
      expect(holding(outputs('it', text), (t) => /(?:Insomma|In definitiva), (?:Vi|resto)/u.test(t)), text).to.deep.equal([]);
    }
    // An essay's conclusion is still summed up.
    expect(some(outputs('es', 'Muchos jóvenes creen que no. En conclusión, la clave está en la educación y no en la prohibición.'), 'En resumen, la clave')).to.equal(true);
    expect(some(outputs('pt', 'Em conclusão, a solução passa pela educação e não pela proibição.'), 'Em suma, a solução')).to.equal(true);
    expect(some(outputs('it', 'In conclusione, la chiave è l\'educazione e non la proibizione.'), 'In definitiva, la chiave')).to.equal(true);
  });

  it('stresses a fact the reader is told without "it is worth remembering", and says one stock phrase once', () => {
    const facts: Array<[Language, string, RegExp, string[]]> = [
      ['es', 'Es importante destacar que el plazo de ejecución es de seis semanas.', /Conviene recordar/u, ['Cabe señalar que el plazo', 'Conviene subrayar que el plazo']],
      ['pt', 'É importante destacar que a proposta comercial tem validade de 30 dias.', /Convém lembrar/u, ['Vale ressaltar que a proposta', 'Convém sublinhar que a proposta']],
      ['it', 'È importante notare che riceverai una e-mail di conferma.', /Bisogna ricordare/u, ['Va detto che riceverai', 'Va notato che riceverai']],
      ['it', 'È importante sottolineare che la garanzia è di 24 mesi.', /Bisogna ricordare/u, ['Va sottolineato che la garanzia']],
    ];
    for (const [language, text, never, uses] of facts) {
      const all = outputs(language, text);
      expect(holding(all, (t) => never.test(t)), text).to.deep.equal([]);
      expect(uses.some((u) => some(all, u)), text).to.equal(true);
    }
    // "Cabe destacar que … Cabe señalar que …": the one stock phrase twice; another is taken.
    const es = outputs('es', 'Cabe destacar que la brecha digital sigue siendo una realidad. Es importante destacar que no todos los hogares cuentan con una conexión estable.');
    expect(holding(es, (t) => t.includes('Cabe señalar que no todos'))).to.deep.equal([]);
    expect(some(es, 'Conviene subrayar que no todos')).to.equal(true);
    const pt = outputs('pt', 'Vale lembrar que o programa custará R$ 18,7 milhões. É importante destacar que a obra começa em maio.');
    expect(holding(pt, (t) => t.includes('Vale ressaltar que a obra'))).to.deep.equal([]);
    expect(some(pt, 'Convém sublinhar que a obra')).to.equal(true);
    const it = outputs('it', 'Va ricordato che il progetto costerà 14 milioni. È importante notare che i lavori inizieranno a maggio.');
    expect(holding(it, (t) => /Va (?:detto|notato) che i lavori/u.test(t))).to.deep.equal([]);
    // Nor twice in a paragraph whose sentences between hold none ("Conviene subrayar que … Conviene subrayar que …").
    const apart = outputs('es', 'Es importante destacar que el plazo es de seis semanas. Los materiales se pagan por adelantado. Es importante destacar que la obra empieza en mayo.');
    expect(holding(apart, (t) => /(Cabe señalar|Conviene subrayar) que el plazo.*\1 que la obra/u.test(t))).to.deep.equal([]);
    expect(some(apart, 'Cabe señalar que la obra') || some(apart, 'Conviene subrayar que la obra')).to.equal(true);
    // The capital "Es importante señalar que" is varied as the lower-case one is.
    expect(holding(outputs('es', 'Los precios suben. Es importante señalar que la obra empieza en mayo.'), (t) => !t.includes('Es importante señalar'))).to.not.deep.equal([]);
  });

  it('puts no comma-less connective before an instruction behind "prima di", "antes de", two clitics or "pôr", and reads names and "qualquer" as no infinitive', () => {
    const instructions: Array<[Language, string, RegExp]> = [
      ['it', 'Pertanto, prima di assumere altri farmaci consultare il medico.', /(?:Quindi|Per questo) prima/u],
      ['it', 'Pertanto, farglielo sapere subito.', /(?:Quindi|Per questo) farglielo/u],
      ['es', 'Por lo tanto, antes de tomar otro medicamento consultar al médico.', /Así que antes/u],
      ['es', 'Por lo tanto, tomárselo siempre con un vaso de agua.', /Así que tomárselo/u],
      ['pt', 'Portanto, antes de usar o aparelho ler o manual.', /Então antes/u],
      ['pt', 'Portanto, pôr o aparelho a carregar durante a noite.', /Então pôr/u],
    ];
    for (const [language, text, never] of instructions) expect(holding(outputs(language, text), (t) => never.test(t)), text).to.deep.equal([]);
    // Elsewhere the comma-less connectives still come.
    expect(some(outputs('it', 'Pertanto, Cesare riceverà il nuovo listino entro luglio.'), 'Quindi Cesare')).to.equal(true);
    expect(some(outputs('pt', 'Muitos jovens acham que não. Portanto, qualquer escola deveria ensinar a usar a tecnologia com responsabilidade.'), 'Então qualquer')).to.equal(true);
    expect(some(outputs('es', 'Los precios cambian cada mes. Por lo tanto, cualquier cambio se avisará con una semana de margen.'), 'Así que cualquier')).to.equal(true);
  });

  it('keeps colloquial connectives out of a letter\'s formulas in Spanish, Portuguese and Italian, and uses them in casual text', () => {
    const letters: Array<[Language, string, RegExp]> = [
      ['es', 'Los precios se mantendrán hasta el 31 de diciembre. Por lo tanto, le sugerimos realizar su pedido con antelación.', /Así que/u],
      ['pt', 'A entrega deverá ser feita em Lisboa. Portanto, solicitamos que agende a sua deslocação com a devida antecedência.', /Então/u],
      ['it', 'I prezzi sono aggiornati. Tuttavia, Le ricordiamo che potrebbero variare entro la fine del mese.', /Però/u],
      ['it', 'La informiamo che il canone passerà a 3,50 €. Inoltre, i prelievi presso altre banche saranno gratuiti.', /In più/u],
    ];
    for (const [language, text, never] of letters) expect(holding(outputs(language, text), (t) => never.test(t)), text).to.deep.equal([]);
    // A formula in the letter's first lines counts for the whole letter, not only for the sentence next to it.
    const far = 'Exma. Senhora Dra. Marta Sousa,\n\nVimos por este meio agradecer a presença na conferência. Além disso, enviamos em anexo as apresentações. No entanto, alguns ficheiros ainda estão a ser revistos. Portanto, serão enviados na próxima semana.';
    expect(holding(outputs('pt', far), (t) => t.includes('Então serão'))).to.deep.equal([]);
    expect(some(outputs('es', 'Los precios suben en enero. Por lo tanto, las escuelas deben encontrar un equilibrio.'), 'Así que las escuelas')).to.equal(true);
    expect(some(outputs('pt', 'O sinal já foi normalizado. Portanto, reinicie o seu modem.'), 'Então reinicie')).to.equal(true);
    const casual = outputs('it', 'Tuttavia, sempre più persone decidono di cancellarsi. Inoltre, diversi studi collegano i social all\'ansia.');
    expect(some(casual, 'Però sempre') && some(casual, 'In più, diversi')).to.equal(true);
  });

  it('leaves a line of dialogue that opens with a dash as the character says it', () => {
    const es = '—No lo sé todavía. Además, tengo que terminar el informe —respondió Pablo.\n—Sin embargo, me dijiste que ya lo habías entregado.\n\nAdemás, Pablo llegó tarde.';
    const all = outputs('es', es);
    expect(holding(all, (t) => !t.startsWith('—No lo sé todavía. Además, tengo que terminar el informe —respondió Pablo.\n—Sin embargo, me dijiste'))).to.deep.equal([]);
    expect(some(all, 'Asimismo, Pablo llegó tarde.')).to.equal(true);
    const pt = outputs('pt', '— Não sei ainda. Além disso, tenho prova na segunda — respondeu Bia.\n— No entanto, você disse que já tinha estudado tudo.');
    expect(holding(pt, (t) => /Além do mais|Porém/u.test(t))).to.deep.equal([]);
  });
});
