import { expect } from 'chai';
import fc from 'fast-check';
import { countWords } from '../domain/words.js';
import { normaliseText } from '../domain/sanitize.js';

/** Characters that look like nothing or like a space, which the counter must treat as spaces. */
const BLANKS = [
  ' ', '\t', '\n', '\u00A0', '\u1680', '\u2000', '\u2003', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\u0085',
  '\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u200B', '\u2060', '\uFEFF', '\u034F', '\u2061', '\u{E0020}', '\u{E0041}',
];
const ZERO_WIDTH = ['\u200B', '\u2060', '\uFEFF'];
const JOINERS = ['/', '\\', '|', '_', '—', '–', '…', '+', '=', '&', '@', '#', '~', '*', '•', '·', ';', '!', '?', '(', ')'];

describe('countWords', () => {
  describe('the design rule for ordinary text', () => {
    it('counts runs of non-space characters holding a letter or digit', () => {
      expect(countWords('state-of-the-art design — really 42 !')).to.equal(4);
      expect(countWords('  ')).to.equal(0);
      expect(countWords('— … !!')).to.equal(0);
    });
    it('keeps hyphenated compounds, contractions, numbers and abbreviations one word', () => {
      expect(countWords('state-of-the-art well-known jack-in-the-box mother-in-law\'s')).to.equal(4);
      expect(countWords('don\'t it\u2019s rock\'n\'roll O\'Neil y\'all')).to.equal(5);
      expect(countWords('3.5% 1,000,000 10:30 v2 v1.2.3 $4.99 2024-01-31')).to.equal(7);
      expect(countWords('U.S. e.g. i.e., (quoted) "word." «mot»')).to.equal(6);
    });
    it('segments scripts written without spaces', () => {
      expect(countWords('我喜欢学习中文')).to.be.greaterThan(1);
      expect(countWords('hello 世界')).to.equal(2);
      expect(countWords('東京タワー')).to.be.at.least(1);
      // A long unbroken run is segmented in slices; it still counts its words, not one.
      const long = '我喜欢学习中文'.repeat(300);
      expect(countWords(long)).to.be.within(long.length / 4, long.length);
    });
  });

  describe('packing several words into one run', () => {
    it('counts words joined by blank-looking characters one by one', () => {
      for (const blank of BLANKS) {
        expect(countWords(['alpha', 'beta', 'gamma', 'delta'].join(blank)), `U+${blank.codePointAt(0)!.toString(16)}`).to.equal(4);
      }
    });
    it('counts words joined by slashes and other non-word joiners one by one', () => {
      for (const joiner of JOINERS) expect(countWords(['alpha', 'beta', 'gamma'].join(joiner)), joiner).to.equal(3);
      expect(countWords('and/or either/or')).to.equal(4);
      expect(countWords('snake_case_name')).to.equal(3);
      expect(countWords('word--word')).to.equal(2);
    });
    it('counts every part of a chain of more than four hyphenated or apostrophe-joined parts, or of more than two long ones', () => {
      expect(countWords('a-b-c-d')).to.equal(1);
      expect(countWords('three-year-old peer-to-peer over-the-counter 555-123-4567 black-and-white')).to.equal(5);
      expect(countWords('systems-analyze-data important-to-note-that')).to.equal(3 + 4);
      expect(countWords('twenty-three-year-old')).to.equal(4);
      expect(countWords('a-b-c-d-e')).to.equal(5);
      expect(countWords(Array.from({ length: 600 }, (_, i) => `w${i}`).join('-'))).to.equal(600);
      expect(countWords(['it', 'is', 'an', 'ox', 'to', 'go', 'far'].join('\''))).to.equal(7);
    });
    it('counts a web or e-mail address as one word, brackets and final punctuation aside', () => {
      expect(countWords('Visit https://www.example.com/docs/getting-started?lang=en#intro for details.')).to.equal(4);
      expect(countWords('(see www.example.org/a/b), or write to jane.doe@example.co.uk.')).to.equal(6);
      expect(countWords('"https://example.com/x"')).to.equal(1);
      // Not an address: a bare domain, or text glued before one, is counted by the other rules.
      expect(countWords('example.com')).to.equal(2);
      expect(countWords('see:https://example.com')).to.equal(4);
    });
    it('counts every stretch of an address that packs more than 16 of them', () => {
      const packed = 'https://example.com/' + Array.from({ length: 40 }, (_, i) => `word${i}`).join('/');
      expect(countWords(packed)).to.equal(3 + 40);
      expect(countWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join('.') + '@example.com')).to.equal(32);
    });
    it('reads a long run with address marks but no address (anchored matching: a quadratic search would take minutes)', () => {
      const long = 'a'.repeat(60_000) + '://' + 'b.'.repeat(30_000) + '@' + '.'.repeat(10_000);
      expect(countWords(long)).to.equal(2);
    });
    it('does not let digits glue words together', () => {
      expect(countWords('alpha1.1beta')).to.equal(2);
      expect(countWords('one.two.three')).to.equal(3);
    });
    it('treats zero-width joiners and variation selectors as part of the word', () => {
      expect(countWords('na\u200Dme\uFE0F word')).to.equal(2);
    });
    it('reproduces the braille-blank attack: 648 real words are counted as such', () => {
      const p = 'Furthermore, it is important to note that these systems can analyze vast amounts of data with remarkable efficiency. '.repeat(40).split(/\s+/).filter(Boolean);
      const text = 'Artificial intelligence has transformed the way organizations approach complex problems in many domains today. ' + p.join('\u2800');
      expect(countWords(normaliseText(text))).to.equal(14 + p.length);
      expect(countWords(normaliseText(p.join('/')))).to.equal(p.length);
    });
  });

  describe('properties', () => {
    const letters = fc.stringMatching(/^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0410-\u044F]{1,12}$/);
    it('never counts fewer words than letter runs joined by blanks or slashes', () => {
      fc.assert(fc.property(
        fc.array(letters, { minLength: 1, maxLength: 60 }),
        fc.array(fc.constantFrom(...BLANKS, '/', '\u2800/'), { minLength: 1, maxLength: 60 }),
        (words, seps) => {
          const sep = (i: number) => seps[i % seps.length]!;
          const text = words.map((w, i) => (i === 0 ? w : sep(i) + w)).join('');
          expect(countWords(text)).to.be.at.least(words.length);
          // normaliseText deletes zero-width characters, so the words on either side become one, for the engine too.
          const merged = words.filter((_, i) => i > 0 && ZERO_WIDTH.includes(sep(i))).length;
          expect(countWords(normaliseText(text))).to.be.at.least(words.length - merged);
        },
      ), { numRuns: 300 });
    });
    it('is total over any string: a non-negative integer, never a throw', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const n = countWords(s);
        expect(Number.isInteger(n) && n >= 0).to.equal(true);
      }), { numRuns: 500 });
    });
    it('adds up over text split at a space', () => {
      fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }), (a, b) => {
        expect(countWords(`${a} ${b}`)).to.equal(countWords(a) + countWords(b));
      }), { numRuns: 300 });
    });
  });
});
