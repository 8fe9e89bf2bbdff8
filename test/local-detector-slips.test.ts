import { expect } from 'chai';
import { countSlips } from '../workers/engines/local/detector/slips.js';
import { createLocalDetector } from '../workers/engines/local/index.js';
import { loadWordRanks } from '../workers/engines/local/detector/word-ranks.js';
import { analyze } from '../workers/engines/local/detector/features.js';
import { splitSentences } from '../workers/engines/local/text/segment.js';
import { countSlipsReference } from './support/slips-reference.js';
import { AI_BOILERPLATE, HUMAN_PROSE } from './support/local-samples.js';

const slips = (text: string): string[] => {
  const found: string[] = [];
  countSlips(text, found);
  return found.map((f) => f.trim().toLowerCase());
};

describe('local detector: writing slips', () => {
  it('finds the grammar, usage and spelling slips people make', () => {
    const cases: Array<[string, string]> = [
      ['Education is important because it help people to get a job.', 'because it help'],
      ['Every morning my mother go to the market.', 'my mother go'],
      ['I called many times but nobody answer the phone.', 'nobody answer'],
      ['He have a lot of friends in the city.', 'he have'],
      ['They goes to school by bus.', 'they goes'],
      ['Yesterday I didn\'t went to class.', 'didn\'t went'],
      ['People use smartphones for communicate with their family.', 'for communicate'],
      ['Public transport is more cheaper than a car.', 'more cheaper'],
      ['Walking is better then driving.', 'better then'],
      ['Climate change is one of the biggest problem in the world.', 'one of the biggest problem'],
      ['There are many reason for this.', 'many reason'],
      ['Some people agree, while other think the opposite.', 'other think'],
      ['Some families can not pay for it.', 'can not'],
      ['The teacher gave us some informations about the test.', 'informations'],
      ['Its a good idea to travel.', 'its a'],
      ['We should of left earlier.', 'should of'],
      ['Your a good friend.', 'your a'],
      ['They do it there own way.', 'there own'],
      ['I learned alot from this class.', 'alot'],
      ['I recieved the letter becuase of you.', 'recieved'],
      ['She ate a apple for lunch.', 'a apple'],
      ['It was an terrible mistake.', 'an terrible'],
      ['We went to the the park.', 'the the'],
      ['In the future every country take its own decisions.', 'every country take'],
      ['Each student have a locker.', 'each student have'],
      ['Pollution is one of the most serious problem in the world.', 'one of the most serious problem'],
      ['In my point of view, the plan is good.', 'in my point of view'],
    ];
    for (const [text, slip] of cases) expect(slips(text), text).to.include(slip);
  });

  it('does not count correct English that looks like a slip', () => {
    const correct = [
      'Does it work? Let it go, and make it happen.',
      'Those who try it find that it helps.',
      'The book I gave you is on the table, and helping people makes me happy.',
      'It is essential that everyone have access to clean water.',
      'World War I has shaped the century.',
      'You can not only read but also write.',
      'Its own members voted, and its true cost is unknown.',
      'Your welcome message and your right to vote matter.',
      'The will was read; the can was empty.',
      'An hour later, a university student, a one-time winner and a European team met an honest man.',
      'She had had enough, and that that was true surprised him.',
      'Plan A or plan B; vitamin a is one of them.',
      'We logged in in the morning. Of course we could, of course.',
      'These kind words meant a lot, and their popular use grew.',
      'He and she went; does he go? Did she have it? Let him go.',
      'There is a lot of room for growth and for improvement.',
      'Many people say many things.',
      'The guide suggested he follow the river; it need not be long.',
      'Someone like you would know. When it read the file, it cost us a day. An mri was done.',
      'Let every student have a say; we help each child learn, and every country takes part each year.',
      'People in every country take part in it, and fans from each city go there.',
      'From my point of view, and in my view, one of the most serious problems is noise; each other think so.',
    ];
    for (const text of correct) expect(slips(text), text).to.deep.equal([]);
  });

  it('measures slips per word as a feature, and a learner\'s slips pull the score toward human', async () => {
    const ranks = loadWordRanks();
    // The same essay twice: as a learner wrote it, and with its slips corrected.
    const learner = [
      'Nowadays, technology is very important in our life. Firstly, many people use smartphone every day for communicate with their family and friends.',
      'In my country, almost everyone have a smartphone, even old people. Moreover, it help students to find informations quickly.',
      'However, technology also has some disadvantages. Secondly, people spend too much time on social media and they don\'t talk with each other face to face.',
      'Children play games on phone and they don\'t study hard, because it is more easier than homework.',
      'On the other hand, I learn English by watching videos on internet and I learned alot.',
      'In conclusion, technology has both advantages and disadvantages, so we should use it in a good way.',
    ].join(' ');
    const corrected = learner.replace('for communicate', 'to communicate').replace('everyone have', 'everyone has')
      .replace('it help', 'it helps').replace('informations', 'information').replace('more easier', 'easier').replace('alot', 'a lot');
    expect(analyze(corrected, ranks).features.writing_slip_rate).to.equal(0);
    expect(analyze(learner, ranks).features.writing_slip_rate).to.be.greaterThan(0.05);
    const detector = createLocalDetector();
    const signal = new AbortController().signal;
    const a = await detector.detect(corrected, { signal });
    const b = await detector.detect(learner, { signal });
    expect(b.ai_score).to.be.lessThan(a.ai_score - 5);
    expect(b.verdict).to.equal('likely_human');
    const slipSignal = b.signals.find((s) => s.signal === 'writing_slip_rate');
    // A clean text is never told that its lack of slips reads as machine-written.
    expect(a.signals.map((s) => s.signal)).to.not.include('writing_slip_rate');
    expect(slipSignal?.detail).to.match(/slips of the kind people make \(\d+\.\d per 100 words: "for communicate", "everyone have", "it help"\)/u);
  });

  it('counts the same slips as the regular-expression reference', () => {
    const sentences = [
      ...[HUMAN_PROSE, AI_BOILERPLATE].flatMap((t) => splitSentences(t).map((x) => x.text)),
      'Its a fact that he have many friend, and my father go to work; they goes there, I has it, it help.',
      'The The the end. with with you. An apple, a orange, an banana, an mri, a university, an hour, a one-off.',
      'She can not only sing; he can not sing. They didn\'t went, did not had, can makes it, for be happy.',
      'One of the best way to learn, one of the problem areas, one of my friend is here, many reason, several day.',
      'We should of known, could of course, your the best, there own way, other think so, each other think.',
      'I learned alot, recieved informations and homeworks; it was more easier, the most biggest, better then before.',
      '"It help," he said. Because it need not work, when it come to it, so it make sense, but it work-ed.',
      'Does it work? Let it go. He suggested she follow it. If everyone have it, then nobody answer it.',
      'Every country take part; each student have it; let each child go. One of the most serious problem, one of the very best way.',
      'In my point of view it is, in my view it is; each other think, every country takes it, each year go.',
      'People in every country take part; fans from each city go; Every country take it.',
    ];
    for (const text of sentences) {
      const a: string[] = [];
      const b: string[] = [];
      expect(countSlips(text, a), text).to.equal(countSlipsReference(text, b));
      expect(a.map((x) => x.toLowerCase()).sort(), text).to.deep.equal(b.map((x) => x.toLowerCase().replace(/\s+/gu, ' ')).sort());
    }
  });
});

