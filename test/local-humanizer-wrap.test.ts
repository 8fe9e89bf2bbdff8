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

/** Instructions whose list items run on under their text, and a history whose paragraphs open with an indented line. */
const STEPS = `Before the workshop, please complete the following steps:

- Install the latest version of the software on your laptop, and it is
  important to ensure that you can sign in with your company account.
- Read the two case studies in the shared folder. Additionally, prepare
  three questions that you would like to discuss with the group.
10. It is important to note that the alarm must be set by the last person to
    leave the building, and the code must never be shared with visitors.

See you on Thursday!`;

const HISTORY = `   The history of the town dates back to the twelfth century, when a small
community of farmers settled on the banks of the river. Over the following
centuries, it is worth noting that the town grew into an important market
centre, and by 1850 it had a population of more than 20,000 people.

   Today, the town is known for its well-preserved architecture and its
annual music festival, which attracts thousands of visitors every summer.`;

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

  it('leaves verse, lists without markers, logs, tables, clauses, greetings and broken words line by line', () => {
    const kept = [
      // verse and lyrics: a capital opens every line, or the last line ends without a final mark
      'I celebrate myself, and sing myself, and what I assume you shall assume,\nFor every atom belonging to me as good belongs to you, and the grass as well,\nI loafe and invite my soul, I lean and loafe at my ease observing a spear of summer grass.',
      'We were both young when I first saw you on the balcony that night\nI close my eyes and the flashback starts and I am standing there\nOn a balcony in summer air and I see the lights and see the party',
      'the rain falls soft upon the roofs of the sleeping town tonight\nand every window holds a light that no one ever sees',
      // lists without markers, one item a line, long or lower-case, after a colon or ending in semicolons
      'Review the quarterly budget with the finance team before the end of the month\nSchedule the onboarding sessions for the new hires who start in April\nUpdate the customer contact list and remove the duplicate entries',
      'Please bring the following documents to your appointment at the consulate:\nyour passport or national identity card, valid for at least six months\nproof of address dated within the last three months, such as a bill.',
      'The tenant agrees to the following obligations during the term of the lease;\nto pay the rent in full on the first working day of every month;\nto keep the property clean and in good repair at all times;\nto allow the landlord access for inspections with notice.',
      '2 cups of all-purpose flour, sifted twice to remove any lumps from it\n1 teaspoon of baking soda and a pinch of fine sea salt for the dough\n3 large ripe bananas, mashed with a fork until they are almost smooth',
      // logs, bibliography entries ending in a link, configuration
      '2024-03-01 12:00:01 INFO Starting service on port 8080 with config /etc/app/config.yaml\n2024-03-01 12:00:02 WARN Cache directory /var/cache/app is not writable, using memory',
      'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory\nnpm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\nadded 312 packages, and audited 313 packages in 14s',
      'Smith, J. (2020). The effects of remote work on productivity. https://doi.org/10.1037/apl0000123\nJones, K., & Lee, M. (2019). Flexible schedules and employee wellbeing. https://doi.org/10.1000/hbr.2019',
      // tables without pipes and signatures: text in columns
      'name              type        default     description\nretries           integer     3           how many times a failed job is retried\ntimeout_ms        integer     30000       how long a single attempt may run.',
      'product\tunit price\tquantity in stock\twarehouse location code\nwidget\t4.99\t1200\tnorth-east building, aisle 4.',
      'Kind regards, and thank you again for all of your help with this matter\nmaria.lopez@northwind.example.com | direct line +44 20 7946 0958.',
      // clauses numbered in brackets, whatever follows the number
      '(a) the Licensee shall not sublicense the Software to any third party without consent;\n(b) the Licensee shall not reverse engineer, decompile or disassemble the Software.',
      // a word broken by a hyphen at a line end: "employ- ment" or "well- known" once joined
      'The report examines the effects of automation on employ-\nment in the manufacturing sector. It is important to note\nthat the findings vary considerably between regions.',
      'The committee invited several well-\nknown experts to review the proposal before the final vote\nwas held at the end of the month.',
    ];
    for (const text of kept) expect(unwrapParagraphs(text).wraps, text).to.deep.equal([]);
    // A greeting that ends in a comma is no line of the paragraph under it, which is joined on its own.
    const letter = 'Dear Mr. Richardson and members of the selection committee,\nThank you for the opportunity to present our proposal for the renovation\nof the community library. We believe that our plan meets every requirement.\nKind regards,\nAna Costa';
    const { text: joined, wraps } = unwrapParagraphs(letter);
    expect(wraps.map((w) => w.line)).to.deep.equal([1]);
    expect(joined.split('\n')).to.have.length(4);
    expect(rewrapParagraphs(joined, wraps)).to.equal(letter);
  });

  it('joins a paragraph with an indented first line, a list item with the lines under its text, and other languages', () => {
    const joined: Array<[string, string]> = [
      ['  Our team has completed the migration of the customer database to the\nnew cluster, and no data was lost during the process.',
        '  Our team has completed the migration of the customer database to the new cluster, and no data was lost during the process.'],
      ['- Utilize shared calendars for every team, so that meetings can be\n  planned without endless back-and-forth e-mails between the offices.\n- Schedule a weekly check-in.',
        '- Utilize shared calendars for every team, so that meetings can be planned without endless back-and-forth e-mails between the offices.\n- Schedule a weekly check-in.'],
      ['10. It is important to note that the alarm must be set by the last person to\n    leave the building, and the code must never be shared with visitors.',
        '10. It is important to note that the alarm must be set by the last person to leave the building, and the code must never be shared with visitors.'],
      // trailing spaces at the breaks go
      ['Our team has completed the migration of the customer database to the \nnew cluster, and no data was lost during the process.',
        'Our team has completed the migration of the customer database to the new cluster, and no data was lost during the process.'],
      // a screenplay's action line between its indented dialogue
      ['Sarah sits alone at a corner table, staring at her phone while her coffee\ngoes cold.\n\n                    SARAH',
        'Sarah sits alone at a corner table, staring at her phone while her coffee goes cold.\n\n                    SARAH'],
      // Russian and Korean (written with spaces: a line break between words is one)
      ['Кроме того, важно отметить, что результаты квартала демонстрируют\nзначительное улучшение удержания клиентов.',
        'Кроме того, важно отметить, что результаты квартала демонстрируют значительное улучшение удержания клиентов.'],
      ['또한 이번 분기의 실적은 고객 유지율이 크게 향상되었음을 보여 주며, 이는 모든 직원이\n함께 노력한 결과입니다.',
        '또한 이번 분기의 실적은 고객 유지율이 크게 향상되었음을 보여 주며, 이는 모든 직원이 함께 노력한 결과입니다.'],
    ];
    for (const [text, one] of joined) {
      const { text: out, wraps } = unwrapParagraphs(text);
      expect(out, text).to.equal(one);
      expect(rewrapParagraphs(out, wraps), text).to.equal(text);
    }
    const item = unwrapParagraphs('- Utilize shared calendars for every team, so that meetings can be\n  planned without endless back-and-forth e-mails between the offices.');
    const rewritten = rewrapParagraphs(item.text.replace('Utilize shared calendars for every team', 'Use one shared calendar for each of the teams'), item.wraps).split('\n');
    expect(rewritten).to.deep.equal(['- Use one shared calendar for each of the teams, so that meetings can', '  be planned without endless back-and-forth e-mails between the', '  offices.']);
  });

  it('wraps greedily, a word longer than the width on its own line, and never breaks inside a wider gap', () => {
    expect(wrapLine('one two three four five six', 9)).to.deep.equal(['one two', 'three', 'four five', 'six']);
    expect(wrapLine('see https://example.com/a/very/long/path today', 10)).to.deep.equal(['see', 'https://example.com/a/very/long/path', 'today']);
    expect(wrapLine('It ends.  Then more.', 9)).to.deep.equal(['It ends.', 'Then', 'more.']);
    // No line opens with what would read as a list item or a label: the word before goes down with it.
    expect(wrapLine('The new warehouse - which opened in March - has already reduced delivery times by two days.', 41))
      .to.deep.equal(['The new warehouse - which opened in', 'March - has already reduced delivery', 'times by two days.']);
    expect(wrapLine('It is described in chapter 3. The report is available to all staff.', 26))
      .to.deep.equal(['It is described in', 'chapter 3. The report is', 'available to all staff.']);
    expect(wrapLine('Please complete every section of the form, including Part B: the declaration must be signed.', 52))
      .to.deep.equal(['Please complete every section of the form,', 'including Part B: the declaration must be signed.']);
    // A list item's lines go on under its text.
    expect(wrapLine('one two three four five six', 9, '  ')).to.deep.equal(['one two', '  three', '  four', '  five', '  six']);
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

  it('rewrites list items and indented paragraphs in every setting, their lines under their text and within their width', () => {
    for (const text of [STEPS, HISTORY]) {
      const width = Math.max(...text.split('\n').map((l) => l.length));
      const all = outputs(text, BUILTIN, { seeds: 1 });
      expect(all.filter(({ out }) => out !== text).length, 'rewritten').to.be.greaterThan(all.length / 2);
      for (const { out, where } of all) {
        expect(checkRewrite(text, out, { freezeWords: [], language: 'en' }), `${where}: ${out}`).to.deep.equal([]);
        const lines = out.split('\n');
        for (const l of lines) expect(l.length, `${where}: ${l}`).to.be.at.most(width);
        // Each line is a list item, a line under an item's text, an indented first line, a line from the first column or blank.
        for (const l of lines) expect(/^(?:$|- \S|\p{N}+\. \S| {2}\S| {3}\S| {4}\S|\S)/u.test(l), `${where}: ${JSON.stringify(l)}`).to.equal(true);
        expect(lines.filter((l) => /^(?:- |10\. |   \S)/u.test(l)).length, where).to.equal(text.split('\n').filter((l) => /^(?:- |10\. |   \S)/u.test(l)).length);
        for (const n of text.match(/\d[\d,]*\d|\d/gu) ?? []) expect(out, where).to.include(n);
      }
    }
  });
});
