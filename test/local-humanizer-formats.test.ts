import { expect } from 'chai';
import { normaliseText } from '../domain/sanitize.js';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { BUILTIN, custom, has, outputs } from './support/humanizer-settings.js';

/**
 * The reading of forms (English documents whose form is at risk: Markdown tables, code, lists, quotes, headings, rules,
 * footnotes, links, CRLF, tabs, no-break and trailing spaces, abbreviations, numbers, paths, dialogue): a tab or two
 * spaces between sentences became one space, "In conclusion," became a "So," that made the sentence follow from the one
 * before, the checker read a heading's title-case words as names, and the API dropped Markdown's hard line break before
 * the engine saw the text. Each defect must not come back under any setting, and each rule still works where it is right.
 */

/** Lines whose form a rewrite keeps as it is: fences and what they hold, indented code, tables, headings, rules, quotes, footnotes, blank lines. */
function verbatimLines(text: string): boolean[] {
  let fence = false;
  return text.split('\n').map((line) => {
    const marker = /^\s*(?:```|~~~)/u.test(line);
    if (marker) fence = !fence;
    return marker || fence || /^(?: {4}|\t)|^\s*(?:\||#|>|\[\^\d+\]:)|^\s*(?:={3,}|-{3,}|\*{3,}|_{3,})\s*$|^\s*$/u.test(line);
  });
}

/** What is wrong with the form of `out` as a rewrite of `text`, read byte by byte. */
function formDamage(text: string, out: string): string[] {
  const a = text.split('\n');
  const b = out.split('\n');
  if (a.length !== b.length) return [`${a.length} lines in, ${b.length} out`];
  const found: string[] = [];
  const keep = verbatimLines(text);
  const PREFIX = /^[ \t]*(?:>[ \t]?)*(?:[-*+][ \t]+\[[ xX]\][ \t]+|[-*+][ \t]+|\d+[.)][ \t]+|[a-zA-Z][.)][ \t]+)?/u;
  a.forEach((line, i) => {
    const o = b[i]!;
    if (keep[i] && line !== o) found.push(`line ${i + 1} changed`);
    if (PREFIX.exec(line)![0] !== PREFIX.exec(o)![0]) found.push(`line ${i + 1}: prefix`);
    if (/[ \t\u00a0\r]*$/u.exec(line)![0] !== /[ \t\u00a0\r]*$/u.exec(o)![0]) found.push(`line ${i + 1}: line end`);
    for (const gap of [/\t/u, /\u00a0/u, /(?<=\S) {2,}(?=\S)/u]) if (gap.test(line) && !gap.test(o)) found.push(`line ${i + 1}: ${String(gap)} lost`);
  });
  const tokens = (t: string): string => [...t.matchAll(/`[^`\n]+`|https?:\/\/\S+|\d+(?:[.,:/-]\d+)*|\[\^\d+\]|\]\([^)]*\)/gu)].map((m) => m[0]).sort().join(' ');
  if (tokens(text) !== tokens(out)) found.push('code, URLs, numbers, footnotes or link targets changed');
  return found;
}

const TABLE = `## Pricing Overview

It is important to note that all plans can be cancelled at any time. Additionally, you can utilize the free tier for as long as you need.

| Plan | Price | Words per month |
|------|------:|----------------:|
| Free | $0 | 1,000 |
| Pro | $12.99 | 50,000 |

Furthermore, annual billing saves 20%. In conclusion, the Pro plan is the best choice for most users.`;
const CODE = 'To install the CLI, it is important to note that you need Node.js 18 or later. Additionally, you should utilize a package manager such as npm.\n\n```bash\nnpm install -g humanize-cli@2.3.1\nhumanize --mode standard ./docs/README.md\n```\n\nFurthermore, the command above will utilize your default configuration. In conclusion, always check `git status` before you push.\n\n    server:\n      port: 8080';
const LISTS = 'Here are the key steps to follow:\n\n- First, it is important to note that you should back up your data.\n  - Additionally, you should utilize an external drive.\n* In addition, it is crucial to check the warranty.\n3) Furthermore, remove the back panel very carefully.\na) Moreover, disconnect the battery first.\n- [ ] It is important to note that the DNS records must be updated.\n- [x] Additionally, we have utilized the staging server for testing.';
const QUOTES = 'As the manual states:\n\n> It is important to note that the warranty does not cover water damage.\n>\n> > Furthermore, third-party repairs will void the warranty.\n\nIt is important to note that the study involved 1,204 participants.[^1] Additionally, the results were very consistent.[^2] Furthermore, see [the guide](https://example.com/guide?ref=docs#setup) and ![diagram](./img/flow-v2.png).\n\n[^1]: Data collected between March and June 2023.\n[^2]: See Table 4.';
const SETEXT = 'Quarterly Report\n================\n\nIt is important to note that revenue grew by 14.5% in Q3. Additionally, operating costs fell by $1.2M.\n\nKey Risks\n---------\n\nFurthermore, supply chain delays remain a very significant concern. In conclusion, the outlook is positive.\n\n---\n\nThank you.';
const LETTER = 'Dear Customer,\r\n\r\nIt is important to note that your subscription will renew on 1 March 2025. Additionally, you can utilize your account page to change your plan.\r\n\r\nFurthermore, the new price will be €9.99 per month. In conclusion, we value your loyalty.\r\n\r\nKind regards,\r\nThe Billing Team\r\n';
const SPACES = 'It is important to note that the event starts at 9:00 a.m.  \nAdditionally, you should utilize the north entrance.  \nFurthermore, Mr.\u00a0Brown will utilize the express service and the package weighs 2\u00a0kg.\n\nIn conclusion, arrive early.  ';
const TABS = 'Name:\tQuarterly review\nOwner:\tJ. Smith\n\nIt is important to note that the review is due on Friday.\tAdditionally, you should utilize the shared template. Furthermore, the deadline is very firm.\n\tIn conclusion, please submit on time.';
const TWO_SPACES = 'It is important to note that the store will close early.  Additionally, staff will utilize the time for inventory.  Furthermore, online orders are not affected.  In conclusion, thank you for your patience.';

describe('local humanizer: the reading of forms (English)', function () {
  this.timeout(120000);

  it('every rewrite of a document keeps its form: lines, prefixes, code, tables, quotes, line ends, numbers and links', () => {
    for (const text of [TABLE, CODE, LISTS, QUOTES, SETEXT, LETTER, SPACES, TABS, TWO_SPACES]) {
      for (const { out, where } of [...outputs(text, BUILTIN), ...outputs(text, [custom('Friendly but concise, no jargon')], { seeds: 1 })]) {
        expect(formDamage(text, out), `${where}: ${JSON.stringify(out)}`).to.deep.equal([]);
        expect(checkRewrite(text, out, { freezeWords: [], language: 'en' }), `${where}: ${JSON.stringify(out)}`).to.deep.equal([]);
      }
    }
  });

  it("a tab between two sentences stays a tab ('Friday.\\tAdditionally, …' is no 'Friday. You should …')", () => {
    const outs = outputs(TABS, BUILTIN);
    for (const { out, where } of outs) expect(out.split('\n')[3], `${where}: ${out}`).to.include('Friday.\t');
    expect(outs.some(({ out }) => out.split('\n')[3] !== TABS.split('\n')[3]), 'the line is still rewritten').to.equal(true);
  });

  it('two spaces after every full stop stay two spaces', () => {
    for (const { out, where } of outputs(TWO_SPACES, BUILTIN)) expect(has(out, /[.!?] (?! )/u), `${where}: ${out}`).to.equal(false);
  });

  it("'In conclusion,' is no 'So,' (a summing-up is not a consequence of the sentence before)", () => {
    for (const text of [SETEXT, LETTER, TABLE]) {
      for (const { out, where } of outputs(text, BUILTIN)) expect(has(out, /(?:^|[.!?]\s+)So, /mu), `${where}: ${out}`).to.equal(false);
    }
  });

  describe('controls: each rule still works where it is right', () => {
    it("'In conclusion,' is still varied in a casual tone", () => {
      const outs = outputs(SETEXT, BUILTIN).map((o) => o.out);
      expect(outs.some((o) => o.includes('To wrap up, the outlook is positive.'))).to.equal(true);
      expect(outs.some((o) => o.includes('All in all, the outlook is positive.'))).to.equal(true);
    });

    it('sentences set apart by one space are still joined and the paragraph still rewritten as one', () => {
      const text = 'It is important to note that the bike weighs 9.8 kg and has a range of 120 km. Additionally, the battery utilizes 36 V and charges in 4–5 h. Furthermore, the motor delivers 250 W at 25 km/h. In conclusion, it is very efficient.';
      expect(outputs(text, BUILTIN).some(({ out }) => out.includes("4–5 h; what's more, the motor"))).to.equal(true);
    });

    it("the checker still names a name of a sentence written lower-case when the text also has headings", () => {
      const text = '## Why Use It?\n\nWe met Tim Cook there. Additionally, you can utilize single sign-on.';
      expect(checkRewrite(text, '## Why Use It?\n\nWe met tim cook there. You can use single sign-on.', { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('capital');
    });
  });

  describe('the API layer: what the engine is given keeps the form', () => {
    it("keeps Markdown's hard line break (two spaces ending a line before another line)", () => {
      expect(normaliseText('It starts at 9:00 a.m.  \nUse the north entrance.')).to.equal('It starts at 9:00 a.m.  \nUse the north entrance.');
      expect(normaliseText('It starts at 9:00 a.m.   \r\nUse the north entrance.')).to.equal('It starts at 9:00 a.m.  \nUse the north entrance.');
    });

    it('still drops a single trailing space, spaces before a blank line or the end, and a line of spaces', () => {
      expect(normaliseText('One. \nTwo.')).to.equal('One.\nTwo.');
      expect(normaliseText('One.  \n\nTwo.  ')).to.equal('One.\n\nTwo.');
      expect(normaliseText('One.  \n   \nTwo.')).to.equal('One.\n\nTwo.');
    });
  });
});
