import { expect } from 'chai';
import { narrativeText } from '../workers/engines/local/humanizer/english-rules.js';
import { echoes } from '../workers/engines/local/humanizer/english-plain.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';
import { ESSAY, REPORT } from './support/reading29-texts.js';

/**
 * A reading of narrative and creative English (58 texts, 38–155 words: short stories in the first and third person and
 * the past tense, bedtime stories and a lullaby, two fables with their morals, fan-fiction scenes of dialogue, flash
 * fiction in the present tense, travel writing, memoirs, song lyrics, free, rhymed and prose verse, limericks, a
 * role-playing campaign, game items and two quests, horror, a ghost story, romance, a historical and a war vignette, two
 * logs, a children's science story, a mystery; 21 of them with "very" and "extremely" for the creative tone's
 * vivid words; three written by a person and one stock-register control; 11,600 rewrites over every mode, tone,
 * readability level and two seeds, 555 distinct changed sentences read). 23 damaged (4.1%). An additive connective of the
 * machine's story said another way (17): "Beyond this, the door of the lighthouse was open" (read as a place), "Beyond
 * this, I called my aunt", "Plus, the computer added, "They are sending us a message."": a story's events follow one
 * another and add no point to an argument, so in a story (a tale's opening, dialogue with its tags, or the past tense in
 * two sentences of three) the connective is dropped. A connective that adds before a clause that adds by itself (3):
 * "Plus, the pigeon doesn't move either", "Beyond this, the pigeon does not move either". Left: "Arguably, they are
 * wrong." in a present-tense story under the academic tone, "Beyond this, the lair is guarded by kobolds" (2) in a
 * campaign's description. Verse, lyrics and limericks kept their lines and rhymes in every setting, no dialogue or its
 * tags moved, no tense or person changed, and the vivid words fit ("very tired" → "exhausted", "a very small mouse" → "a
 * tiny mouse", "extremely clever" → "brilliant").
 */

const STORY = 'Elara had always believed that the old lighthouse was empty. Every evening, she watched it from her window. One stormy night, a faint light flickered at the top of the tower. She grabbed her coat and slipped out the back door. Moreover, the door of the lighthouse was open. "I\'ve been waiting for you," the old man said softly.';
const ESSAY_TEXT = "In today's fast-paced world, storytelling is more important than ever. Moreover, it is a testament to the human spirit that we continue to share stories. Furthermore, stories help us understand ourselves and others. In conclusion, storytelling is a powerful tool that we should all embrace.";
const bad = (text: string, test: (out: string) => boolean): string[] => outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => test(out)).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
const some = (text: string, test: (out: string) => boolean): boolean => outputs(text, BUILTIN, { seeds: 2 }).some(({ out }) => test(out));

describe('local humanizer: a reading of stories, verse and game writing', function () {
  this.timeout(120_000);

  it("a story's additive connective is dropped, not said another way ('Beyond this, the door of the lighthouse was open')", () => {
    expect(narrativeText(STORY)).to.equal(true);
    expect(narrativeText('Once upon a time, there lived a small bunny named Pip. He loved to play.')).to.equal(true);
    expect(narrativeText('Tom had worked at the diner for twenty years. He knew every regular by name. One Tuesday, a young woman came in. She sat in the corner booth.')).to.equal(true);
    expect(bad(STORY, (out) => /(?:Beyond this|Beyond that|Plus|On top of that|Also|What's more), the door of the lighthouse/u.test(out))).to.deep.equal([]);
    expect(some(STORY, (out) => out.includes(' The door of the lighthouse was open.'))).to.equal(true);
    // control: an essay, a report and a text of claims are no story, and their connectives are still said another way
    expect(narrativeText(ESSAY)).to.equal(false);
    expect(narrativeText(REPORT)).to.equal(false);
    expect(narrativeText(ESSAY_TEXT)).to.equal(false);
    expect(some(ESSAY_TEXT, (out) => /(?:Beyond this|Plus), stories help us/u.test(out))).to.equal(true);
  });

  it("no connective that adds before a clause that adds by itself ('Plus, the pigeon doesn't move either')", () => {
    const text = 'The train arrives. The doors slide open. She does not move. Moreover, the pigeon does not move either. For a moment, they are two small creatures.';
    expect(bad(text, (out) => /(?:Beyond this|Beyond that|Plus|On top of that|Also|What's more), the pigeon/u.test(out))).to.deep.equal([]);
    expect(echoes('Plus,', 'the app also syncs your notes.')).to.equal(true);
    expect(echoes('Beyond this,', 'the hotel has a pool as well.')).to.equal(true);
    // control: "too" of degree is no addition, and a clause without one still takes the connective
    expect(echoes('Plus,', 'the room was too small for four.')).to.equal(false);
    expect(some('The hotel was cheap. Moreover, the pool was open all night.', (out) => /(?:Plus|On top of that|Beyond this), the pool/u.test(out))).to.equal(true);
  });
});
