import { expect } from 'chai';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import type { Language } from '../domain/options.js';
import { letterFrame, parseLines } from '../workers/engines/local/humanizer/document.js';
import { BUILTIN, languageOutputs, outputs } from './support/humanizer-settings.js';

/**
 * A paragraph right under a title, a salutation or a line ending in a colon, with no blank line between: the line above
 * ends in no final mark, so the paragraph was read as the rest of its sentence and came back unchanged in every setting
 * ("Benefits of Remote Work" over "Furthermore, it is important to note …"; "Dear Ms. Thompson," over a cover letter).
 */
describe('local humanizer: paragraphs under a title, a salutation or a colon', function () {
  this.timeout(120_000);

  const BODY = 'Furthermore, it is important to note that remote work offers numerous benefits for employees and employers alike.';

  it('rewrites the paragraph and keeps the line above it as it was', () => {
    const texts = [
      `Benefits of Remote Work\n${BODY}`,
      `Introduction\n${BODY}`,
      `**Why it matters**\n${BODY}`,
      `Here is what we found:\n${BODY}`,
      `Dear Ms. Thompson,\nI am writing to express my interest in the position. ${BODY}\nBest regards,\nJohn Miller`,
      `Hi team!\n${BODY}\nThanks,\nPriya`,
    ];
    for (const text of texts) {
      const all = outputs(text, BUILTIN, { seeds: 1 });
      expect(all.filter((o) => o.out !== text).length, text).to.be.greaterThan(all.length / 2);
      const frame = text.split('\n').filter((l) => !l.includes('remote work offers'));
      for (const { out, where } of all) {
        expect(checkRewrite(text, out, { freezeWords: [], language: 'en' }), `${where}: ${out}`).to.deep.equal([]);
        expect(out.split('\n').filter((l) => frame.includes(l)), where).to.deep.equal(frame);
      }
    }
  });

  it('reads salutations and closings in other languages', () => {
    const de = 'Sehr geehrte Damen und Herren,\nich schreibe Ihnen wegen meiner Bestellung. Darüber hinaus möchte ich Sie bitten, die Rechnung zu prüfen.\nMit freundlichen Grüßen\nAnna Schmidt';
    expect(parseLines(de).map((l) => l.prose)).to.deep.equal([false, true, false, false]);
    const es = 'Estimado Sr. García:\nLe escribo en relación con su pedido. Además, es importante destacar que el envío saldrá mañana.\nAtentamente,\nLaura Gómez';
    expect(parseLines(es).map((l) => l.prose)).to.deep.equal([false, true, false, false]);
    const outs = languageOutputs('es', es, { seeds: 1 });
    expect(outs.some(([, o]) => o !== es)).to.equal(true);
    for (const [, o] of outs) expect(o.startsWith('Estimado Sr. García:\n') && o.endsWith('\nAtentamente,\nLaura Gómez')).to.equal(true);
  });

  it('still reads a line that runs on as the rest of its sentence', () => {
    for (const text of [
      // the line above ends in a word that runs on
      'We will meet with the\nMicrosoft team next week to discuss the terms of the deal.',
      // about as long as the line under it: a narrow wrap, not a title
      'We met our partners\nJohn and Mary today.',
      // the line under it goes on in lower case
      'Benefits of remote work\ninclude flexibility and fewer commutes for everyone involved.',
      // a comma at its end
      'After the meeting ended,\nThe team went home.',
    ]) {
      expect(parseLines(text)[1]!.prose, text).to.equal(false);
      for (const { out } of outputs(text, BUILTIN, { seeds: 1 })) expect(out.split('\n')[1]).to.equal(text.split('\n')[1]);
    }
  });

  it('reads the salutations and closings of other languages the lists missed, and never rewrites one', () => {
    const texts: Array<[Language, string]> = [
      ['pt', 'Caros colegas,\nGostaria de lembrar que a reunião mensal acontecerá na próxima segunda-feira. Além disso, peço que todos enviem suas sugestões até sexta.\nUm abraço,\nRicardo'],
      ['es', '¡Hola a todos!\nLes escribo para recordarles que la reunión será el jueves a las diez. Además, les pido que traigan sus informes actualizados.\nUn abrazo,\nCarmen'],
      ['ru', 'Уважаемые коллеги!\nНапоминаем, что в пятницу состоится общее собрание. Кроме того, просим всех подготовить краткие отчёты.\nВсего доброго,\nОтдел кадров'],
      ['fr', "Coucou,\nJe voulais te dire que la fête est prévue samedi soir. De plus, n'oublie pas d'apporter les boissons.\nBises,\nJulie"],
      ['it', 'Salve,\nvorrei avere informazioni sui vostri corsi di lingua. Inoltre, desidero sapere se sono previsti sconti per studenti.\nGrazie mille,\nLuca'],
      ['tr', "Sevgili Ayşe,\nUzun zamandır haber alamadım, umarım her şey yolundadır. Ayrıca, gelecek ay İstanbul'a geleceğimi haber vermek istedim.\nSevgiler,\nElif"],
      ['de', 'Hallo zusammen,\nanbei findet ihr das Protokoll der letzten Sitzung. Außerdem möchte ich euch daran erinnern, die Urlaubsanträge bis Freitag einzureichen.\nLiebe Grüsse\nSandra'],
    ];
    for (const [language, text] of texts) {
      expect(parseLines(text).map((l) => l.prose), text).to.deep.equal([false, true, false, false]);
      const [salutation, , closing, name] = text.split('\n');
      for (const [where, out] of languageOutputs(language, text, { seeds: 1 })) {
        expect(checkRewrite(text, out, { freezeWords: [], language }), `${where}: ${out}`).to.deep.equal([]);
        const lines = out.split('\n');
        expect([lines[0], lines[2], lines[3]], where).to.deep.equal([salutation, closing, name]);
      }
    }
    // "İ" has no simple case folding: "İyi günler" once missed the list's "iyi günler".
    for (const line of ['İyi günler,', 'İyi çalışmalar,', 'Mit freundlichen Grüssen', 'Cordiales saludos,', 'Salutations distinguées,', 'С уважением,']) {
      expect(letterFrame(line), line).to.equal(true);
    }
    // A sentence that opens with such a word is no closing.
    for (const line of ['Gracias por su paciencia durante estos días.', 'Saluti dalla Sicilia e dal mare', 'Danke für Ihre Geduld,']) {
      expect(letterFrame(line), line).to.equal(false);
    }
  });

  it('still reads a line ending in an article or a preposition of another language as running on', () => {
    for (const [language, text] of [
      ['es', 'Ayer hablamos con el director de\nRecursos Humanos sobre los nuevos contratos del próximo año.'],
      ['de', 'Morgen sprechen wir mit der\nGeschäftsführung über die neuen Verträge und die Planung für das nächste Jahr.'],
      ['pt', 'Ontem falamos com o diretor de\nRecursos Humanos sobre os novos contratos do próximo ano.'],
      ['tr', 'Dün İnsan Kaynakları müdürü ile\nAnkara şubesindeki yeni sözleşmeler hakkında konuştuk.'],
      ['fr', 'Hier, nous avons parlé avec le directeur des\nRessources Humaines au sujet des nouveaux contrats.'],
    ] as Array<[Language, string]>) {
      expect(parseLines(text)[1]!.prose, text).to.equal(false);
      for (const [, out] of languageOutputs(language, text, { seeds: 1 })) expect(out, text).to.equal(text);
    }
    // A title that ends in a noun still heads its paragraph.
    for (const text of [
      'Vorteile der Digitalisierung\nDie Digitalisierung bietet Unternehmen zahlreiche Möglichkeiten. Darüber hinaus ermöglicht sie neue Geschäftsmodelle.',
      'Pasos a seguir\nPrimero, descargue la aplicación desde la tienda oficial. Además, cree una cuenta con su correo electrónico.',
    ]) expect(parseLines(text).map((l) => l.prose), text).to.deep.equal([false, true]);
  });
});

/**
 * A reading of paragraphs under titles, salutations and colons (40 English texts: chat answers with bold headings,
 * numbered sections, cover letters and e-mails, FAQs, meeting notes, product features, READMEs; controls that run on).
 */
describe('local humanizer: the first sentence under a title', function () {
  this.timeout(120_000);

  it('drops an opener that only adds where no point stands before it, rather than saying it as "Plus,"', () => {
    for (const text of [
      '**Flexibility**\nAdditionally, remote work lets employees set their own hours and work from anywhere with an internet connection.',
      'Benefits of Meditation\nFurthermore, meditation reduces stress and improves focus. It also helps people sleep better at night.',
      'Dear Customer,\nIn addition, we would like to inform you that your subscription will renew automatically on June 1.\nBest,\nThe Acme Team',
      'Here is a summary of the main findings:\nAdditionally, the survey showed that most respondents prefer online shopping.',
      'Moreover, social media has transformed the way people communicate and share information with each other.',
    ]) {
      const all = outputs(text, BUILTIN);
      const first = (out: string): string => out.split('\n')[text.startsWith('Moreover') ? 0 : 1]!;
      expect(all.filter(({ out }) => /^(?:Plus|On top of that|Beyond this|Also|What's more),/u.test(first(out))).map((o) => `${o.where}: ${o.out}`), text).to.deep.equal([]);
      expect(all.some(({ out }) => !/^(?:Additionally|Furthermore|In addition|Moreover),/u.test(first(out))), text).to.equal(true);
    }
  });

  it('still says a second point as "Plus," after the paragraph before it', () => {
    for (const text of [
      '**Key Benefits**\nRemote work allows employees to save time on commuting. Additionally, it provides greater flexibility in managing daily schedules.',
      'Remote work is popular with employees.\n\nFurthermore, remote work offers numerous benefits for employers alike. It saves time.',
    ]) {
      expect(outputs(text, BUILTIN).some(({ out }) => /(?:^|\n|\. )(?:Plus|On top of that),/u.test(out)), text).to.equal(true);
    }
  });

  it('reads a name broken over a line break as one sentence, and a title that ends in a name as a title', () => {
    const broken = 'The report was written by Anna\nSmith and reviewed by the whole committee last week.';
    expect(parseLines(broken).map((l) => l.prose)).to.deep.equal([false, false]);
    for (const { out } of outputs(broken, BUILTIN, { seeds: 1 })) expect(out).to.equal(broken);
    expect(parseLines('Why we chose React\nReact gives us a fast way to build interfaces that our whole team understands.').map((l) => l.prose)).to.deep.equal([false, true]);
    expect(parseLines('Getting started with Python\nThis guide walks you through installing the language and writing your first script.').map((l) => l.prose)).to.deep.equal([false, true]);
  });
});
