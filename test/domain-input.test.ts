import { expect } from 'chai';
import fc from 'fast-check';
import { normaliseInput, normaliseInputString } from '../domain/input.js';

describe('input normalisation', () => {
  it('turns C1 controls into the Windows-1252 characters they stand for', () => {
    expect(normaliseInputString('it\u0092s \u0093quoted\u0094 \u0080 5 \u0096 6\u0085')).to.equal('it\u2019s \u201Cquoted\u201D \u20AC 5 \u2013 6\u2026');
    expect(normaliseInputString('\u008A\u009A\u009F\u0099')).to.equal('\u0160\u0161\u0178\u2122');
  });
  it('keeps the five positions Windows-1252 leaves undefined, as browsers do', () => {
    expect(normaliseInputString('\u0081\u008D\u008F\u0090\u009D')).to.equal('\u0081\u008D\u008F\u0090\u009D');
  });
  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(normaliseInputString('a\uD800b\uDC00c\uD83D\uDE00d\uDBFF')).to.equal('a\uFFFDb\uFFFDc\uD83D\uDE00d\uFFFD');
    expect(normaliseInputString('\uDE00\uD83D')).to.equal('\uFFFD\uFFFD');
  });
  it('leaves other text untouched', () => {
    const text = 'Plain text, café, 東京, emoji \u{1F600}, tab\tand\nline \u0000 control.';
    expect(normaliseInputString(text)).to.equal(text);
  });
  it('normalises every string of a body, member names included', () => {
    const body = { text: 'x\uD800', tone: 'it\u0092s', freeze_words: ['a\u0093', 1, null, { 'k\uDC00': ['\u0080'] }], n: 3 };
    expect(normaliseInput(body)).to.deep.equal({ text: 'x\uFFFD', tone: 'it\u2019s', freeze_words: ['a\u201C', 1, null, { 'k\uFFFD': ['\u20AC'] }], n: 3 });
    expect(normaliseInput('\u0092')).to.equal('\u2019');
    expect(normaliseInput(null)).to.equal(null);
  });
  it('copes with a deeply nested body without exhausting the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"\\ud800"' + ']'.repeat(100_000)) as unknown;
    let node = normaliseInput(deep);
    for (let i = 0; i < 100_000; i++) node = (node as unknown[])[0];
    expect(node).to.equal('\uFFFD');
  });
  it('always yields well-formed strings free of C1 characters Windows-1252 defines (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (s) => {
      const out = normaliseInputString(s);
      expect(() => encodeURIComponent(out)).not.to.throw();
      expect(/[\u0080\u0082-\u008C\u008E\u0091-\u009C\u009E\u009F]/.test(out)).to.equal(false);
    }), { numRuns: 1000 });
  });
});
