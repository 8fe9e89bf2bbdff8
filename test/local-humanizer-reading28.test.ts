import { expect } from 'chai';
import { applyContractions } from '../workers/engines/local/humanizer/english-rules.js';
import { splitSentence } from '../workers/engines/local/humanizer/structure.js';
import { BUILTIN, builtin, outputs } from './support/humanizer-settings.js';

/**
 * The twenty-eighth reading (English, the formats customers paste most: answers written by chat assistants. 45 texts:
 * bold lead-ins ("**Cost:** The plan costs …", "1. **Research the company** – Start by …"), emoji section headers,
 * "Here's a breakdown:" before a list, numbered steps with sub-bullets, pros and cons, Markdown tables with prose
 * around them, "### Heading" sections, a closing "**In summary,**" or "**Bottom line:**", e-mails, a resignation, a
 * complaint and cover letters with subject lines and sign-offs, LinkedIn posts in one-sentence lines with hashtags,
 * threads numbered "1/5", Q&A with "**Q:**", inline links, footnote markers, bold and italics inside sentences ("**never**
 * share your password", "*really* important"), a quoted reply inside a quote; five human-written controls; 9,000
 * rewrites, every one passing the checker, 341 distinct changed sentences read): no bold or italic marker, list marker,
 * number, emoji, link, footnote or table cell was lost or moved, and 4 sentences were damaged, of two kinds. A list
 * item's lead-in before a dash was split off as a sentence of its own ("3. **Prepare your own questions**. Interviewers
 * appreciate …"), and the formal tones spelt out set phrases whose contraction is the phrase ("That's it!" → "That is
 * it!", "You've got this." → "You have got this."). Four probes after the fixes (60 texts aimed at emphasis around stock
 * phrases, emoji and keycap lines, links and footnotes inside sentences, Q&A, nested lists, "Do/Don't" lists, a P.S.,
 * tables with a verdict, chat openers such as "Certainly!" and "That being said,"; 12,000 rewrites, 496 changed
 * sentences) found 7 more, of three kinds: one more lead-in ("2. Better for the environment – EVs produce …" → "Better
 * for the environment."), leave made a request ("You don't need to return the damaged item – please feel free to recycle
 * it" → "… – please recycle it"; 5), and a "which" after a list split off as "They" for the whole list ("… a faster chip,
 * a dedicated Camera Control button and Apple Intelligence features. They are **not** available on the iPhone 14").
 * Each defect must not come back under any built-in setting, and each rule still fires where it is right.
 */

const INTERVIEW = `Here are some tips to help you prepare for a job interview:

1. **Research the company** – Start by reading the company's website, recent news and LinkedIn page. This will help you understand their mission and values.
2. **Prepare your own questions** – Interviewers appreciate candidates who ask thoughtful questions. Furthermore, it shows that you are genuinely interested in the role.
3. **Arrive early** – Aim to arrive 10–15 minutes before the interview. Additionally, bring extra copies of your résumé.`;
const EV = `Should you buy an electric car? Here's a breakdown:

**Pros**
1. Lower running costs – Electricity is generally cheaper than petrol. Additionally, EVs need less maintenance, as they have fewer moving parts.
2. Better for the environment – EVs produce zero tailpipe emissions.

Overall, an EV is a great choice if you can charge at home.`;
/** A dash inside a sentence, after a clause and before one in lower case: still split where a sentence runs long. */
const LISBON = "**Day 2: Belém**\nTake tram 15 to Belém and visit the stunning Jerónimos Monastery. Don't miss the famous *pastéis de Belém* – it is widely considered the best custard tart in the world.";
const VENV = "4. **Install packages**\n   - It is important to note that packages installed now will only be available inside this environment.\n\nThat's it! You now have an isolated environment for your project.";
const POST = "Last month, I accepted an offer from my dream company. 🎉\n\nIf you're job hunting right now, keep going. You've got this. 💪\n\n#CareerGrowth #JobSearch";
/** Leave to do something, which "please" alone would turn into a request; and an invitation to get in touch, which it would not. */
const DAMAGED = "Thank you for reaching out. Additionally, you don't need to return the damaged item – please feel free to recycle it.";
const IGNORE = 'Please feel free to ignore this email if you have already renewed. Additionally, your card will be charged on 1 May.';
const CONTACT = 'If you have any questions, please feel free to contact us at any time. Furthermore, our team is available on weekends.';
const IPHONE = 'For most people, probably not. That said, the iPhone 16 does offer a few meaningful improvements: a faster chip, a dedicated Camera Control button and Apple Intelligence features, which are **not** available on the iPhone 14.';
const README = "## Install\n\nThen add `\"extends\": \"@jk\"` to your config. That's it.\n\nIt's opinionated. If you don't like the rules, fork it.";

const bad = (text: string, test: (out: string) => boolean, tones = BUILTIN): string[] => outputs(text, tones, { seeds: 2 }).filter(({ out }) => test(out)).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
const some = (text: string, test: (out: string) => boolean, tones = BUILTIN): boolean => outputs(text, tones, { seeds: 2 }).some(({ out }) => test(out));

describe('local humanizer: the twenty-eighth reading (answers from chat assistants)', function () {
  this.timeout(120_000);

  it("a list item's lead-in before a dash stays the item's label ('**Prepare your own questions** – Interviewers …')", () => {
    expect(bad(INTERVIEW, (out) => /\*\*[^*\n]+\*\*\.|^\d\. \*\*[^*\n]+\*\*(?! – )/mu.test(out))).to.deep.equal([]);
    expect(bad(EV, (out) => /(?:running costs|environment)\.|^\d\. (?:Lower running costs|Better for the environment)(?! – )/mu.test(out))).to.deep.equal([]);
  });

  it('control: a dash between two clauses still ends a sentence where one runs long', () => {
    expect(some(LISBON, (out) => out.includes('*pastéis de Belém*. It'))).to.equal(true);
    const o = { maxWords: 12, casual: false, english: true, sentenceEnd: '.' };
    expect(splitSentence("Don't miss the famous pastries at the old bakery by the river – they are widely considered the best in the world.", o)).to.not.equal(null);
    expect(splitSentence('**Prepare your own questions** – Interviewers appreciate candidates who ask thoughtful questions about the team.', o)).to.equal(null);
    expect(splitSentence('Better for the environment and the people who live near busy roads – EVs produce zero tailpipe emissions.', o)).to.equal(null);
  });

  it("the formal tones keep set phrases whose contraction is the phrase ('That's it!', 'You've got this.')", () => {
    const formal = builtin('formal', 'professional', 'academic');
    expect(bad(VENV, (out) => /That is it/u.test(out), formal)).to.deep.equal([]);
    expect(bad(POST, (out) => /You have got this/u.test(out), formal)).to.deep.equal([]);
    expect(bad(README, (out) => /That is it/u.test(out), formal)).to.deep.equal([]);
  });

  it("leave given by 'please feel free to' is no request ('please feel free to recycle it' is no 'please recycle it')", () => {
    expect(bad(DAMAGED, (out) => /please recycle it/iu.test(out))).to.deep.equal([]);
    expect(bad(IGNORE, (out) => /please ignore this/iu.test(out))).to.deep.equal([]);
    expect(some(CONTACT, (out) => out.includes('please contact us at any time'))).to.equal(true);
  });

  it("a 'which' after a list stays the last item's (no 'They are **not** available on the iPhone 14' for the whole list)", () => {
    expect(bad(IPHONE, (out) => /They are \*\*not\*\*|features\.\s/u.test(out))).to.deep.equal([]);
    const o = { maxWords: 12, casual: false, english: true, sentenceEnd: '.' };
    expect(splitSentence('The shop sells bread, cakes and pastries from the bakery next door, which are baked fresh every single morning.', o)).to.equal(null);
    // control: after a single noun the clause is still split off
    expect(splitSentence('The city council has opened two new public libraries in the north of the town, which are open every day until nine.', o)).to.deep.equal(['The city council has opened two new public libraries in the north of the town.', 'They are open every day until nine.']);
  });

  it('control: the formal tones still spell out other contractions, and "got" or "it" elsewhere', () => {
    const formal = builtin('formal');
    expect(some(README, (out) => out.includes('It is opinionated') && out.includes('do not like'), formal)).to.equal(true);
    expect(some(POST, (out) => out.includes('If you are job hunting'), formal)).to.equal(true);
    expect(applyContractions("You've got three options.", 'expand')).to.equal('You have got three options.');
    expect(applyContractions("That's its main job.", 'expand')).to.equal('That is its main job.');
    expect(applyContractions("That's it. We've got you covered.", 'expand')).to.equal("That's it. We've got you covered.");
  });
});
