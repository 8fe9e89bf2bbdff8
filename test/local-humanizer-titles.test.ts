import { expect } from 'chai';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { parseLines } from '../workers/engines/local/humanizer/document.js';
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
});
