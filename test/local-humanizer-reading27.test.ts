import { expect } from 'chai';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { unwrapParagraphs } from '../workers/engines/local/humanizer/document.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * The twenty-seventh reading (English, 54 texts of kinds earlier readings used little: football, tennis and cricket
 * reports; an obituary and a tribute; PTA and board minutes; press releases; opinion columns and letters to the editor;
 * a graduation speech, a best man's toast and a retirement speech; travel diaries in the past tense; history-textbook
 * passages; science for children; troubleshooting guides with error messages and a numbered list; a changelog and
 * release notes; quarterly results full of figures and percentages; museum labels; horoscopes; a wedding invitation;
 * apology letters; school reports; job adverts; safety instructions; a poem in lines and a prose poem; six human-written
 * controls: forum comments, text messages, diary entries; 10,800 rewrites, 502 distinct changed sentences read): 43
 * damaged, of seven kinds. A poem whose lines each end on a comma or a full stop was taken for a hard-wrapped paragraph and
 * wrapped again ("…in the grey of the morning, when the" / "gulls were still sleeping …"; 31); tone openers before
 * someone's health ("Arguably, his knee is still bad", "Look, …"; 5); "it is worth noting that" after an opening condition
 * was dropped, so that the condition governed the fact ("If you see the message "Incorrect password" even though the
 * password is correct, passwords are case-sensitive"); "So many observers considered …" for "Consequently, many
 * observers …"; "That's why if you can't reach your work safely, use a taller ladder" (and "Because of this, …"; 2);
 * "Many of you've been here" (2); "he is taken credit for my work" for "he's taken credit". A probe of 15 more texts after
 * the fixes (3,000 rewrites, 100 changed sentences) found two more: "Consequently, so much of your weekend …" lost its
 * link ("So much of your weekend …"), and two instructions were joined by ", so"; a second probe of 15 (115 changed
 * sentences) found none. Each defect must not come back under any built-in setting, and each rule still
 * fires where it is right.
 */

const POEM = `I went down to the sea in the grey of the morning,
when the gulls were still sleeping and the tide had gone out.
The sand held the shape of a thousand small footprints,
and none of them mine, and none of them yours.
Furthermore, the wind said nothing, and I said nothing back.
It is worth noting that the sea does not remember us.
It keeps what it wants and returns what it must.`;
/** A mail client's hard-wrapped paragraph: still joined for the rewrite and wrapped again. */
const MAIL = `Hi all,

Just a quick note about the office move next week. Furthermore, the removal
company will arrive on Monday at 8 a.m., so please make sure your desks are
cleared and your boxes are labelled with your name and new room number by
Friday afternoon. It is important to note that the lifts will be out of use.

Thanks,
Dave`;
const WIFI = 'If you see the message "Incorrect password" even though the password is correct, it is worth noting that passwords are case-sensitive. Moreover, some routers only accept connections on the 2.4 GHz band. Although the fix is simple, it is worth noting that it requires an administrator account.';
/** A past event under a time clause: it goes bare, as an instruction ("…, note that the pool was closed") would not fit. */
const HOTEL = 'We reached Kyoto late on the third day. When we arrived at the hotel, it is worth noting that the pool was closed. Furthermore, we swam in the river instead.';
const TENNIS = "In a thrilling final that lasted nearly four hours, Carlos Alcaraz defeated Novak Djokovic 6-4, 3-6, 7-6 (7-5), 6-7 (3-7), 6-3 to claim his second Wimbledon title. The 21-year-old Spaniard saved three break points in the decisive set. Moreover, he hit 54 winners, compared with Djokovic's 38. It is important to note that Djokovic was playing only five weeks after knee surgery. Consequently, many observers considered his run to the final a remarkable achievement in its own right.";
const BOARD = 'The Board discussed the proposed acquisition of Lumen Analytics at length. It is important to note that two directors expressed concerns about the valuation. Consequently, the Board resolved to defer a decision until an independent review has been completed.';
const LADDER = 'Always place the ladder on firm, level ground. Do not stand on the top three rungs. Consequently, if you cannot reach your work safely, use a taller ladder or a scaffold. Maximum load: 150 kg.';
const SPEECH = 'Thank you all for coming this evening. It is worth noting that many of you have been here for more than twenty years. You have been a wonderful team to work with. I will miss the work, but I will miss all of you more.';
const DIARY = "Couldn't sleep. Kept going over what Mark said at the meeting. But it's the third time this month he's taken credit for my work and I'm tired of pretending I don't notice. It's only a job.";
const KNEE = 'Tuesday 14th. Rained all day again. Rang Dad in the evening; his knee is still bad but he sounded cheerful. The new lifeguard is great with the kids. Must remember to post Ellie\'s birthday card tomorrow.';
const HOROSCOPE = "Leo: A financial matter that has been worrying you is finally resolved this week. Moreover, a younger relative needs your advice. Consequently, so much of your weekend may be spent on other people's problems. Make time for yourself on Sunday.";
const ALARM = 'The alarm is tested every Tuesday at 10 a.m. Therefore, if the alarm sounds at any other time, leave the building immediately. Consequently, when you hear a continuous tone, go to the nearest exit. It is crucial to note that visitors must be escorted at all times.';

const bad = (text: string, test: (out: string) => boolean): string[] => outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => test(out)).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
const some = (text: string, test: (out: string) => boolean): boolean => outputs(text, BUILTIN, { seeds: 2 }).some(({ out }) => test(out));

describe('local humanizer: the twenty-seventh reading', function () {
  this.timeout(120_000);

  it('a poem whose lines each end on a mark keeps its lines in every setting; a hard-wrapped paragraph is still wrapped again', () => {
    const lines = POEM.split('\n');
    // Every output keeps the poem's seven lines, each opening with its own first word.
    expect(bad(POEM, (out) => {
      const got = out.split('\n');
      return got.length !== lines.length || got.some((l, k) => l.split(' ')[0]!.toLowerCase() !== lines[k]!.split(' ')[0]!.toLowerCase() && k !== 4 && k !== 5);
    })).to.deep.equal([]);
    expect(unwrapParagraphs(POEM).wraps).to.deep.equal([]);
    // Control: the e-mail's paragraph is one hard-wrapped paragraph, and its rewrites are wrapped to new breaks.
    expect(unwrapParagraphs(MAIL).wraps.map((w) => w.lines.length)).to.deep.equal([4]);
    expect(some(MAIL, (out) => out.includes('The removal company will\n'))).to.equal(true);
  });

  it("'it is worth noting that' after an opening condition is not dropped ('If you see …, passwords are case-sensitive')", () => {
    expect(bad(WIFI, (out) => /correct, passwords are/u.test(out))).to.deep.equal([]);
    // It is said as an instruction in a casual tone, and after a concession it is still dropped.
    expect(some(WIFI, (out) => out.includes('correct, keep in mind that passwords are case-sensitive'))).to.equal(true);
    expect(some(WIFI, (out) => out.includes('Although the fix is simple, it requires an administrator account'))).to.equal(true);
    expect(bad(HOTEL, (out) => /(?:note|mind) that the pool/u.test(out))).to.deep.equal([]);
    expect(some(HOTEL, (out) => out.includes('When we arrived at the hotel, the pool was closed'))).to.equal(true);
  });

  it("no 'So' before a word of degree ('So many observers considered …'); 'So' still opens other sentences", () => {
    expect(bad(TENNIS, (out) => /(?:^|[.!?]\s+)So many observers/u.test(out))).to.deep.equal([]);
    expect(some(BOARD, (out) => out.includes('So the Board resolved'))).to.equal(true);
  });

  it("a causal connective before 'so much' keeps a link ('Consequently, so much of your weekend …' is no 'So much of your weekend …')", () => {
    expect(bad(HOROSCOPE, (out) => /(?:^|[.!?]\s+)So much of your weekend/u.test(out))).to.deep.equal([]);
    expect(some(HOROSCOPE, (out) => out.includes("That's why so much of your weekend"))).to.equal(true);
  });

  it("an instruction after a causal connective takes 'So', not 'That's why' or 'Because of this,', and joins no statement", () => {
    expect(bad(LADDER, (out) => /(?:That['’]s why|Because of this,) if you/u.test(out))).to.deep.equal([]);
    expect(some(LADDER, (out) => /So if you can['’]t reach your work safely, use a taller ladder/u.test(out))).to.equal(true);
    expect(bad(ALARM, (out) => /immediately, so when you hear/u.test(out))).to.deep.equal([]);
    expect(some(ALARM, (out) => out.includes('So when you hear a continuous tone, go to the nearest exit'))).to.equal(true);
  });

  it("a pronoun after 'of' keeps its verb whole ('Many of you've been here'); a subject pronoun still contracts", () => {
    expect(bad(SPEECH, (out) => /of you['’](?:ve|re)/u.test(out))).to.deep.equal([]);
    expect(some(SPEECH, (out) => out.includes("You've been a wonderful team"))).to.equal(true);
  });

  it("'he's taken credit' is expanded to 'he has taken', never 'he is taken'; ''s' is still 'is' elsewhere", () => {
    expect(bad(DIARY, (out) => /he is taken credit/u.test(out))).to.deep.equal([]);
    const all = outputs(DIARY, BUILTIN, { seeds: 1 }).filter(({ where }) => where.includes('/formal/'));
    expect(all.some(({ out }) => out.includes('he has taken credit for my work'))).to.equal(true);
    expect(all.some(({ out }) => out.includes('It is only a job.'))).to.equal(true);
  });

  it("someone's health takes no tone opener ('Arguably, his knee is still bad'); a rating still may", () => {
    expect(bad(KNEE, (out) => /(?:Arguably|Look|Truth be told|You see|The thing is|Honestly|Frankly|To be honest|You know), his knee/u.test(out))).to.deep.equal([]);
    expect(some(KNEE, (out) => /(?:Arguably|Look|Truth be told|You see|The thing is|Honestly|Frankly|To be honest|You know), the new lifeguard is great/u.test(out))).to.equal(true);
  });

  it("the checker takes no title's small word for a name ('Forget This Network' and then 'Beyond this,'); a lowered name is still flagged", () => {
    const input = 'Go to Settings, tap the network name and choose "Forget This Network". Moreover, some routers only accept the 2.4 GHz band.';
    const output = 'Go to Settings, tap the network name and choose "Forget This Network". Beyond this, some routers only accept the 2.4 GHz band.';
    expect(checkRewrite(input, output, { freezeWords: [], language: 'en' }).filter((d) => d.rule === 'capital')).to.deep.equal([]);
    const named = checkRewrite('We met Anna at noon. Moreover, she was late.', 'We met anna at noon. Beyond this, she was late.', { freezeWords: [], language: 'en' });
    expect(named.some((d) => d.rule === 'capital')).to.equal(true);
  });
});
