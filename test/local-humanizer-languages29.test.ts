import { expect } from 'chai';
import type { Language } from '../domain/options.js';
import { holding, languageOutputs, some } from './support/humanizer-settings.js';

/** Every output of a text over the modes, the tones (or those given), the readability levels and seeds 1–3, with its setting. */
const outputs = (language: Language, text: string, options: Parameters<typeof languageOutputs>[2] = {}): Array<[string, string]> => languageOutputs(language, text, options);

describe('local humanizer in German and French: letters, clauses and instructions', function () {
  this.timeout(120_000);

  it('keeps a German clause\'s "Darüber hinaus" (beyond that) and "Darüber hinaus, dass", and replaces the additive one', () => {
    const clause = outputs('de', '(1) Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit. Darüber hinaus ist die Haftung ausgeschlossen. (2) Darüber hinaus haften wir nur bei Verletzung wesentlicher Vertragspflichten.');
    expect(holding(clause, (t) => /(?:Außerdem|Zudem) (?:ist die Haftung|haften)/u.test(t))).to.deep.equal([]);
    expect(holding(outputs('de', 'Darüber hinaus, dass die Preise steigen, fehlt es an Personal.'), (t) => !t.startsWith('Darüber hinaus, dass'))).to.deep.equal([]);
    const additive = outputs('de', 'Die Rücksendung ist kostenlos. Darüber hinaus erstatten wir die Versandkosten in Höhe von 4,95 €.');
    expect(some(additive, 'Außerdem erstatten wir') && some(additive, 'Zudem erstatten wir')).to.equal(true);
  });

  it('opens no German letter\'s last words with "Alles in allem", never says "Im Ganzen" for the bare "Zusammenfassend", and sums up with it elsewhere', () => {
    for (const text of ['Derzeit versenden Betrüger gefälschte E-Mails. Zusammenfassend bitten wir Sie, verdächtige Nachrichten sofort weiterzuleiten.',
      'Die Haltestelle bleibt in Betrieb. Zusammenfassend danken wir Ihnen für Ihr Verständnis.',
      'Zusammenfassend möchten wir betonen, dass wir uns sehr über eine Zusammenarbeit freuen würden.']) {
      expect(holding(outputs('de', text), (t) => /Alles in allem|Im Ganzen/u.test(t)), text).to.deep.equal([]);
    }
    for (const text of ['Nicht mehr als 3 Tabletten pro Tag einnehmen. Zusammenfassend gilt: Halten Sie sich genau an die Dosierung.',
      'Samstag um 16 Uhr bei mir! Zusammenfassend: Essen gibt\'s, Getränke bringt ihr.',
      'Zusammenfassend bin ich überzeugt, dass ich Ihr Team bereichern kann.']) {
      const all = outputs('de', text);
      expect(holding(all, (t) => t.includes('Im Ganzen')), text).to.deep.equal([]);
      expect(some(all, 'Alles in allem'), text).to.equal(true);
    }
    // "Im Ganzen zeigt sich" reports a finding: not what the writers say of themselves.
    expect(holding(outputs('de', 'Zusammenfassend lässt sich sagen, dass wir uns auf Ihre Mithilfe verlassen.'), (t) => t.includes('Im Ganzen'))).to.deep.equal([]);
    expect(some(outputs('de', 'Zusammenfassend lässt sich sagen, dass die Debatte noch lange nicht beendet ist.'), 'Im Ganzen zeigt sich, dass die Debatte')).to.equal(true);
  });

  it('keeps "Man sollte wissen" out of a German letter or notice to "Sie", and uses it in a casual essay', () => {
    const bank = outputs('de', 'Derzeit erhalten Kunden vermehrt Anrufe von angeblichen Bankmitarbeitern. Es ist wichtig zu beachten, dass wir Sie niemals nach Ihrer PIN fragen.');
    expect(holding(bank, (t) => t.includes('Man sollte wissen'))).to.deep.equal([]);
    expect(some(bank, 'Zu beachten ist, dass wir Sie')).to.equal(true);
    // A letter: its salutation and closing are paragraphs away from the sentence.
    const letter = outputs('de', 'Sehr geehrte Frau Dr. Krämer,\n\nwir haben Ihre Anfrage erhalten. Das Angebot liegt bei. Die Preise verstehen sich netto.\n\nDie Preise gelten für zwölf Monate. Es ist wichtig zu beachten, dass das Angebot bis zum 30. April gilt. Die Lieferung erfolgt ab Lager.\n\nMit freundlichen Grüßen\nThomas Becker', { tones: ['casual', 'creative'] });
    expect(holding(letter, (t) => t.includes('Man sollte wissen'))).to.deep.equal([]);
    expect(some(outputs('de', 'Es ist wichtig zu beachten, dass auch im Homeoffice Pausen notwendig sind.'), 'Man sollte wissen, dass auch')).to.equal(true);
  });

  it('opens no French letter\'s last words with "Bref," or "Au final,", and sums up an essay with them', () => {
    for (const text of ['En conclusion, nous vous remercions par avance de l\'attention que vous porterez à notre demande.',
      'En conclusion, je serais ravie de vous rencontrer afin de vous exposer mes motivations.', 'En conclusion, merci à tous pour votre participation !',
      'En conclusion, nous comptons sur votre collaboration pour garder notre commune propre.']) {
      expect(holding(outputs('fr', text), (t) => /Bref|Au final/u.test(t)), text).to.deep.equal([]);
    }
    const essay = outputs('fr', 'En conclusion, la transition écologique nécessite l\'engagement de tous.');
    expect(some(essay, 'Bref, la transition') && some(essay, 'Au final, la transition')).to.equal(true);
  });

  it('keeps "Du coup," and "En plus," out of a French letter, a notice\'s formulas and an infinitive instruction, and uses them in chat', () => {
    for (const text of ['Les travaux doivent être terminés en juin. Par conséquent, nous vous serions reconnaissants de bien vouloir nous transmettre votre proposition.',
      'Votre commande a été remboursée. Par conséquent, veuillez conserver ce message comme justificatif.',
      'Ne jamais ouvrir le couvercle pendant la cuisson. Par conséquent, débrancher l\'appareil avant tout nettoyage.',
      'Placer la cuve dans l\'appareil. De plus, vérifier que le pétrin est bien fixé.']) {
      expect(holding(outputs('fr', text), (t) => /Du coup|En plus/u.test(t)), text).to.deep.equal([]);
    }
    // A cover letter: "Madame, Monsieur," and "agréer" are paragraphs away from the sentence.
    const letter = outputs('fr', 'Madame, Monsieur,\n\nJe termine mon master à Bordeaux. Je cherche un stage de six mois. Votre agence a retenu mon attention. De plus, votre approche correspond à mon projet professionnel. J\'ai géré plusieurs campagnes.\n\nJe vous prie d\'agréer, Madame, Monsieur, l\'expression de mes salutations distinguées.', { tones: ['casual', 'creative'] });
    expect(holding(letter, (t) => t.includes('En plus'))).to.deep.equal([]);
    expect(some(letter, 'Par ailleurs, votre approche')).to.equal(true);
    expect(some(outputs('fr', 'Coucou tout le monde, rendez-vous à 20 h chez moi ! Par conséquent, pas besoin de manger avant 😉 En conclusion, ramenez juste de quoi boire.'), 'Du coup, pas besoin')).to.equal(true);
    expect(some(outputs('fr', 'Allez, viens ! De plus, Léa a préparé son fameux tiramisu.'), 'En plus, Léa')).to.equal(true);
    // Before a noun that ends like an infinitive, "Du coup," still comes.
    expect(some(outputs('fr', 'Les stocks sont arrivés. Par conséquent, votre commande sera expédiée lundi.'), 'Du coup, votre commande')).to.equal(true);
  });

  it('keeps the spoken "En plus," out of French terms of sale (a right of withdrawal)', () => {
    const terms = outputs('fr', 'Le Client dispose d\'un délai de quatorze jours pour exercer son droit de rétractation. De plus, le Client n\'a pas à justifier de motifs.');
    expect(holding(terms, (t) => t.includes('En plus'))).to.deep.equal([]);
    expect(some(terms, 'Par ailleurs, le Client')).to.equal(true);
  });
});
