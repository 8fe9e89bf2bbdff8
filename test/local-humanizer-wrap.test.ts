import { expect } from 'chai';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { rewrapParagraphs, unwrapParagraphs, wrapLine } from '../workers/engines/local/humanizer/document.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * Hard-wrapped paragraphs (a mail client's or a PDF's line breaks inside sentences): rewritten as one line each and
 * wrapped again to their width. Read line by line, every sentence running across a break stayed verbatim, and such a
 * text came back as it was in every setting.
 */

const EMAIL = `Dear team,

Furthermore, it is important to note that the quarterly results demonstrate a
significant improvement in customer retention. Additionally, the implementation
of the new onboarding process has facilitated a smoother experience for users,
and it is essential to ensure that we maintain this momentum going forward.

In conclusion, I would like to thank everyone for their hard work.

Best regards,
Maria`;

/** A report pasted from a PDF: wrapped at 60 columns, a list and a heading between its paragraphs. */
const PDF = `## Findings

The analysis demonstrates that remote work has a significant
impact on employee productivity. Moreover, participants who
utilized flexible schedules reported higher satisfaction, and
it is worth noting that absenteeism fell by 12% over the year.

- Utilize shared calendars for every team.
- Additionally, schedule a weekly check-in.

Consequently, organizations should consider hybrid models in
order to retain talent, particularly in competitive markets.`;

describe('local humanizer: hard-wrapped paragraphs', function () {
  this.timeout(120_000);

  it('joins a hard-wrapped paragraph into one line and wraps it back as it was', () => {
    for (const text of [EMAIL, PDF]) {
      const { text: joined, wraps } = unwrapParagraphs(text);
      expect(wraps.length).to.be.greaterThan(0);
      expect(joined.split('\n').length).to.be.lessThan(text.split('\n').length);
      expect(rewrapParagraphs(joined, wraps)).to.equal(text);
    }
    expect(unwrapParagraphs(EMAIL).wraps.map((w) => [w.line, w.width])).to.deep.equal([[2, 79]]);
    // A paragraph wrapped by hand (not greedily) comes back with its own breaks when the rewrite left it as it was.
    const byHand = 'The committee has reviewed every proposal submitted this spring\nand it will publish the shortlist on its website next Monday.';
    const { text: joined, wraps } = unwrapParagraphs(byHand);
    expect(joined).to.equal('The committee has reviewed every proposal submitted this spring and it will publish the shortlist on its website next Monday.');
    expect(rewrapParagraphs(joined, wraps)).to.equal(byHand);
  });

  it('leaves lines that are not a wrapped paragraph as they are', () => {
    const kept = [
      // verse, an address, a list without markers: short lines
      'The woods are lovely, dark and deep,\nBut I have promises to keep,\nAnd miles to go before I sleep.',
      'Maria Lopez\n1420 Sunset Boulevard, Apartment 7\nLos Angeles, CA 90026',
      'Milk\nEggs\nBread and butter for the weekend',
      // one sentence per line, however long
      'The quarterly results demonstrate a significant improvement in retention.\nThe new onboarding process has facilitated a much smoother experience.',
      // a Markdown hard break ends its line on purpose
      'The meeting starts at 9:00 a.m. in the main conference room on the  \nsecond floor, and the north entrance will be open from 8:30.',
      // Chinese or Japanese lines: joining them with a space would add one
      '此外，值得注意的是，本季度的业绩表明客户留存率有了显著的提高，这是我们全体员工共同努力\n的结果，我们应当继续保持这一良好的发展势头。',
      // indented, quoted, listed or fenced lines
      '    The analysis demonstrates that remote work has a significant\n    impact on employee productivity over the whole of the year.',
      '> The analysis demonstrates that remote work has a significant\n> impact on employee productivity over the whole of the year.',
      '- The analysis demonstrates that remote work has a significant\n- impact on employee productivity over the whole of the year.',
      '```\nThe analysis demonstrates that remote work has a significant\nimpact on employee productivity over the whole of the year.\n```',
    ];
    for (const text of kept) expect(unwrapParagraphs(text), text).to.deep.equal({ text, wraps: [] });
  });

  it('wraps greedily, a word longer than the width on its own line, and never breaks inside a wider gap', () => {
    expect(wrapLine('one two three four five six', 9)).to.deep.equal(['one two', 'three', 'four five', 'six']);
    expect(wrapLine('see https://example.com/a/very/long/path today', 10)).to.deep.equal(['see', 'https://example.com/a/very/long/path', 'today']);
    expect(wrapLine('It ends.  Then more.', 9)).to.deep.equal(['It ends.', 'Then', 'more.']);
  });

  it('rewrites such paragraphs in every setting, within their width and with every other line as it was', () => {
    for (const text of [EMAIL, PDF]) {
      const width = Math.max(...text.split('\n').map((l) => l.length));
      const all = outputs(text, BUILTIN, { seeds: 2 });
      const changed = all.filter(({ out }) => out !== text);
      expect(changed.length, 'rewritten').to.be.greaterThan(all.length / 2);
      const before = text.split('\n');
      for (const { out, where } of all) {
        expect(checkRewrite(text, out, { freezeWords: [], language: 'en' }), `${where}: ${out}`).to.deep.equal([]);
        const lines = out.split('\n');
        for (const l of lines) expect(l.length, `${where}: ${l}`).to.be.at.most(width);
        // The lines outside the wrapped paragraphs: blank lines, greeting, heading, list markers and signature.
        const frame = (ls: string[]): string[] => ls.filter((l) => l === '' || /^(?:##|- |Dear|Best|Maria$)/u.test(l)).map((l) => l.replace(/^(- ).*/u, '$1'));
        expect(frame(lines), where).to.deep.equal(frame(before));
      }
    }
    // What the rewrite does inside a joined paragraph: its connectives and stock phrases, across the old breaks.
    const outs = outputs(EMAIL, BUILTIN, { seeds: 1 }).map((o) => o.out.replace(/\n/gu, ' '));
    expect(outs.some((o) => !o.includes('it is important to note'))).to.equal(true);
    expect(outs.some((o) => !o.includes('Additionally, the implementation'))).to.equal(true);
  });
});
