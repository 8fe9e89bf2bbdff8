import { expect } from 'chai';
import { parseLines } from '../workers/engines/local/humanizer/document.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * A reading of texts whose layout carries meaning (English): e-mail threads with quoted replies and forwarded headers,
 * interview, podcast and meeting transcripts (with time codes, "Q:"/"A:", speakers in capitals), a deposition, screenplays
 * and a play, SRT and WebVTT subtitles, tables without rules, key: value blocks and front matter, APA, MLA and numbered
 * reference lists, tables of contents, legal sub-clauses, checklists, signatures and addresses, chat logs, each with
 * paragraphs in a chat model's style between the blocks, and three controls of plain prose: 65 texts, 13,000 rewrites,
 * 390 distinct changed sentences, 96 damaged (25%), all by layout: what someone said, a caption or a citation was
 * rewritten as prose (28 in interviews and a deposition, 27 in transcripts, 17 in subtitles, 14 in plays and screenplays,
 * 7 in chat logs, 3 in references). Speech after a time code or under a titled name ("[00:00:11] Raj Patel: I don't think …", "DR.
 * OKONKWO: We don't have …"), an interviewee's or a witness's answers after "A:" or "A." ("A. I've known him …", "A: It's
 * surprisingly easy. Urban bees … That's because …"), a play's speeches ("LADY ASHCOMBE. You're late again"), a
 * screenplay's dialogue under its cue, subtitles' cue text ("I saw you." for "It is important to note that I saw you."),
 * chat logs' messages ("[09:16] <dana> Ok. I am going to use the rollback script.") and an APA entry's title ("It isn't
 * what you think: Utilizing data to improve results …"). Quoted lines ("> "), forwarded headers, time codes, cue numbers,
 * tables' spacing, dotted leaders and "[ ]" boxes all came back byte for byte, and the prose between the blocks read
 * well. Each line kind must come back as written; the prose around it, a FAQ's answers and a screenplay's action are
 * still rewritten.
 */

const changed = (text: string): string[] => outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => out !== text).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
/** Whether some output no longer holds `line` as it was. */
const touches = (text: string, line: string): string[] => outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => !out.split('\n').includes(line)).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
const rewritten = (text: string, line: string): boolean => touches(text, line).length > 0;

describe('local humanizer: texts whose layout carries meaning (threads, transcripts, scripts, subtitles, references)', function () {
  this.timeout(180_000);

  it("a transcript's speakers after a time code or under a title keep their words ('[00:00:11] Raj Patel:', 'DR. OKONKWO:')", () => {
    const timed = `[00:00:04] Maya Chen: Okay, it is time to get started. Additionally, we need to utilize the new dashboard.
[00:00:11] Raj Patel: I do not think the drop-off has changed. It is still around forty percent.
[00:12:31] SARA: We didn't have any customers for the first six months. Additionally, I was running out of savings.`;
    expect(changed(timed)).to.deep.equal([]);
    const titled = `INTERVIEWER: It is great to have you here. What is the main finding?
DR. OKONKWO: We do not have a supply problem. Additionally, it is important to note that access is what limits farmers.`;
    expect(changed(titled)).to.deep.equal([]);
    // control: the summary under the transcript is still rewritten
    const summary = 'Summary: The team agreed to run a second test on step three. Additionally, it is important to note that design will deliver new mock-ups by Friday.';
    expect(rewritten(`${timed}\n\n${summary}`, summary)).to.equal(true);
  });

  it("an interview's or a deposition's answers in the first person stay as said; a FAQ's answers are still rewritten", () => {
    const interview = `Q: What is it like to keep bees in a city?
A: It is surprisingly easy. Additionally, urban bees often do better than rural ones, because there are fewer pesticides.

Q: Do the neighbours complain?
A: They did at first. I don't think they do anymore, since I give them honey.`;
    expect(changed(interview)).to.deep.equal([]);
    const deposition = `Q. Did you see the defendant that evening?
A. I did not see him. I heard him, though, and it was definitely his voice.
Q. How can you be certain that it was his voice?
A. I have known him for twenty years. Additionally, he has a very distinctive laugh.`;
    expect(changed(deposition)).to.deep.equal([]);
    // control: a FAQ speaks for the company, and its answers are rewritten
    const faq = `Q: Can I cancel at any time?
A: Yes. You can cancel from the billing page and you will not be charged again.
Q: Do you offer refunds?
A: We offer a full refund within 14 days. Additionally, it is important to note that refunds take 5 business days.`;
    expect(rewritten(faq, 'A: We offer a full refund within 14 days. Additionally, it is important to note that refunds take 5 business days.')).to.equal(true);
  });

  it("a play's speeches and a screenplay's dialogue stay as written; its action lines are still rewritten", () => {
    const play = `LADY ASHCOMBE. You are late again, Edmund. It is the third time this week.
EDMUND. I do not control the weather, madam. Additionally, the roads were impassable.`;
    expect(changed(play)).to.deep.equal([]);
    const action = 'Ruth peels potatoes. Danny enters, soaked. It is clear that he has been walking for hours.';
    const screenplay = `INT. KITCHEN - NIGHT

${action}

RUTH
You are late. It is nearly midnight.

DANNY
(quietly)
I do not want to talk about it. Additionally, the bus broke down.`;
    expect(touches(screenplay, 'You are late. It is nearly midnight.')).to.deep.equal([]);
    expect(touches(screenplay, 'I do not want to talk about it. Additionally, the bus broke down.')).to.deep.equal([]);
    // control: the action is prose, and a heading in capitals over prose is no cue outside a screenplay
    expect(rewritten(screenplay, action)).to.equal(true);
    const notice = 'NOTICE\nIt is important to note that the office will be closed on Monday. Additionally, the car park will be locked.';
    expect(rewritten(notice, notice.split('\n')[1]!)).to.equal(true);
  });

  it("subtitles' cue text comes back as timed; the same sentences without cues are rewritten", () => {
    const srt = `1
00:00:01,000 --> 00:00:03,500
I do not know what you are talking about.

2
00:00:03,600 --> 00:00:06,200
You were there. It is important to note that I saw you.`;
    expect(changed(srt)).to.deep.equal([]);
    const vtt = `WEBVTT

00:00:00.000 --> 00:00:04.000
Welcome back. In this lesson, we are going to utilize loops.

00:00:04.500 --> 00:00:09.000
It is important to note that a loop does not stop on its own.`;
    expect(changed(vtt)).to.deep.equal([]);
    // control
    expect(changed('Welcome back. In this lesson, we are going to utilize loops.\n\nIt is important to note that a loop does not stop on its own.')).to.not.deep.equal([]);
  });

  it("chat logs' messages stay as typed ('[09:16] <dana> …', a message under 'Dana Kim  9:14 AM')", () => {
    const irc = `[09:14] <dana> it is down again. additionally the logs are empty
[09:15] <li_wei> I do not see anything in grafana either. It is weird.
[09:16] <dana> Ok. I'm going to utilize the rollback script.`;
    expect(changed(irc)).to.deep.equal([]);
    const slack = `Dana Kim  9:14 AM
It is down again. Additionally, the logs are empty.
Li Wei  9:15 AM
I do not see anything in Grafana either.`;
    expect(changed(slack)).to.deep.equal([]);
    // control: the summary after the log is rewritten
    const summary = 'Post-incident summary: The errors were caused by a misconfigured health check. Additionally, it is important to note that production was not affected.';
    expect(rewritten(`${irc}\n\n${summary}`, summary)).to.equal(true);
  });

  it("a reference list's entries come back as cited, the paragraph above them is rewritten", () => {
    const entry = 'Smith, J. A. (2020). It is not what you think: Utilizing data to improve outcomes in schools. Journal of Education Policy, 35(2), 101–120.';
    const paragraph = 'The evidence remains mixed. Additionally, it is important to note that most studies rely on self-reported data.';
    const text = `${paragraph}

References

Kahneman, D. (2011). Thinking, fast and slow. Farrar, Straus and Giroux.
${entry}`;
    expect(touches(text, entry)).to.deep.equal([]);
    expect(rewritten(text, paragraph)).to.equal(true);
    const lines = parseLines(`Works Cited\n\nSaid, Edward W. Orientalism. Pantheon Books, 1978.\nSpivak, Gayatri Chakravorty. "Can the Subaltern Speak?" Marxism and the Interpretation of Culture, edited by Cary Nelson and Lawrence Grossberg, U of Illinois P, 1988, pp. 271–313.\n[1] J. Doe, "It is not enough," in Proc. ICML, 2020, pp. 1–9.\n[2] R. Roe, "Trained models," Nature, vol. 580, pp. 200–204, 2020.\n[3] A. Lee, Deep Learning: A Practical Guide. Boston, MA, USA: Acme Press, 2019.`);
    expect(lines.filter((l) => l.prose).map((l) => l.body)).to.deep.equal([]);
  });

  it("a reply's attribution line and a table's rows without rules are no prose; a greeting's line that names a year still is", () => {
    const lines = parseLines(`Thanks, that works for me.

On Tue, 4 Mar 2025 at 10:02, Ana Ribeiro <ana@northwind.io> wrote:
> It is important to note that the venue does not allow outside catering.

Plan       Price    Notes
Basic      $9       It is important to note that it is not available in the EU.
Thanks, Tom. We shipped the first version in 2024 and it went well.
Sorry, Ana. The 2023 figures were wrong, and we have fixed them.`);
    expect(lines.filter((l) => l.prose).map((l) => l.body)).to.deep.equal(['Thanks, that works for me.', 'Thanks, Tom. We shipped the first version in 2024 and it went well.', 'Sorry, Ana. The 2023 figures were wrong, and we have fixed them.']);
  });
});
