import { expect } from 'chai';
import { solemnRegister } from '../workers/engines/local/humanizer/english-rules.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * A reading of English texts on sensitive subjects, in a chat model's style ("Additionally,", "Furthermore,", "It is
 * important to note that", "In conclusion,"): crisis-line and mental-health pages, sympathy letters and a grief guide,
 * letters to a patient's family, accessibility statements, news of a derailment, a shooting, an earthquake, a crash
 * outside a school and floods (with their casualty figures), an abuse inquiry, a discrimination survey, a hate crime,
 * a sermon's summary and a guide to Ramadan, apologies after a data breach, an injury and a faulty insulin pump, two
 * layoff announcements, two letters declining an applicant, end-of-life guides, addiction stories, refugee and asylum
 * guidance, charity appeals, an obituary, and four human-written controls; 45 texts, 9,000 rewrites, 457 distinct
 * changed sentences, 75 damaged (16%), 74 of them of two kinds. A casual tone's "Plus,", "On top of that," and
 * "What's more," (67) where the text reports a harm or helps its reader through one but names no death ("Plus, police said the motive
 * remains unclear" after a gunman killed five, "Plus, the report concluded that senior managers failed to act" in an
 * abuse inquiry, "On top of that, malnutrition rates among children under five …", "Plus, some mothers experience
 * intrusive thoughts", "Plus, his dedication to the community garden will be remembered" in a letter on "the passing
 * of your husband", "Plus, we'll begin a formal consultation period" beside 84 roles made redundant); and "kids" for
 * "children" (9) where children died, survive the dead or go hungry ("Two kids died …", "She's survived by her three
 * kids", "thousands of kids are living without enough food"). The casualty figures, hedges ("It is believed …",
 * "may rise"), euphemisms ("passed away") and person-first wording ("people with disabilities") stayed as written. The
 * last one: a control's short last line joined to the one before ("… how Everton had done; they lost."). A probe of 12
 * more texts (2,400 rewrites, 96 changed sentences) found a third kind: the academic tone's hedge put a doubt in the
 * police's mouth ("It is clear that the fire was started deliberately, police said" → "It seems that …"); and one
 * more of five one-line probes, a tone opener before a report of one's own depression ("Arguably, my depression is worse
 * in the winter", "Honestly, …", "You see, …").
 */

const bad = (text: string, test: (out: string) => boolean): string[] => outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => test(out)).map(({ out, where }) => `${where}: ${out}`).slice(0, 3);
const some = (text: string, test: (out: string) => boolean): boolean => outputs(text, BUILTIN, { seeds: 2 }).some(({ out }) => test(out));
const CHATTY = /(?:^|[.;]\s+)(?:Plus|On top of that|What's more|what's more),/u;

const SHOOTING = 'A gunman opened fire at a shopping center in Riverside on Saturday afternoon, killing five people and wounding eight others, according to police. The suspect, a 24-year-old man, was taken into custody at the scene. Additionally, police said the motive remains unclear. Witnesses described scenes of panic as shoppers fled the building. Moreover, the city\'s mayor called the attack a senseless act of violence and urged residents to support one another. A vigil is planned for Sunday evening.';
const INQUIRY = 'The independent inquiry found that at least 112 children were abused at the care home between 1978 and 2003. Many victims reported that their complaints were ignored or dismissed by staff. Additionally, the report concluded that senior managers failed to act on repeated warnings. Furthermore, records suggest that some allegations were never passed to the police. The inquiry made 23 recommendations.';
const POSTPARTUM = 'Postpartum depression affects as many as one in seven new mothers. Symptoms may include persistent sadness, difficulty bonding with the baby, and feelings of worthlessness. Additionally, some mothers experience intrusive thoughts that can be frightening. Furthermore, with treatment, most women recover fully.';
const CONDOLENCE = 'Dear Margaret, I was deeply saddened to hear of the passing of your husband, Robert. He was a kind and generous man who touched the lives of everyone he met. Additionally, his dedication to the community garden will be remembered for years to come. Please know that you and your family are in my thoughts during this difficult time.';
const PLANT = 'Due to the ongoing decline in orders, the Harlow plant will close on 30 June. Regrettably, this means that all 84 roles at the site will be made redundant. Additionally, we will begin a formal consultation period with staff representatives next week. Moreover, we are exploring opportunities for redeployment to our other sites.';
const APPEAL = 'In the refugee camps of northern Uganda, thousands of children are living without enough food or clean water. Many have fled violence and have been separated from their families. Additionally, malnutrition rates among children under five have reached emergency levels. Moreover, the rainy season has increased the risk of cholera. Together, we can help these children survive and recover.';
const CRASH = 'Two children died and a third was seriously injured after a car struck a group of pedestrians outside a primary school in Leeds on Thursday. The driver, a 67-year-old woman, stopped at the scene and is cooperating with police. Additionally, police are appealing for witnesses.';
const OBITUARY = 'Eleanor Grace Whitfield, 89, of Portland, passed away peacefully on October 12 surrounded by her family. She worked as a nurse for more than forty years. She is survived by her three children, eight grandchildren, and two great-grandchildren. A memorial service will be held on Saturday at 11 a.m.';
// Controls: a museum's access guide and a note on a playground, which report no harm.
const ACCESS = "Wheelchair users can enter the museum through the accessible entrance on Elm Street. Additionally, lifts are available to all floors, and accessible toilets are located on the ground and second floors. Moreover, assistance dogs are welcome throughout the building. Visitors who are deaf or hard of hearing can request a British Sign Language interpreter for guided tours with two weeks' notice.";
const PLAYGROUND = 'The new playground opened on Saturday. The children loved the climbing frame and the long slide. Additionally, parents can buy coffee at the kiosk by the gate. Moreover, the park is open until eight in the evening during the summer.';

describe('local humanizer: a reading of texts on sensitive subjects', function () {
  this.timeout(120_000);

  it("a text that reports a harm or helps its reader through one takes no 'Plus,' or 'On top of that,' ('Plus, police said the motive remains unclear')", () => {
    for (const text of [SHOOTING, INQUIRY, POSTPARTUM, CONDOLENCE, PLANT, APPEAL]) expect(bad(text, (out) => CHATTY.test(out)), text.slice(0, 40)).to.deep.equal([]);
    // The connectives are still rewritten, in the neutral register.
    expect(some(SHOOTING, (out) => out.includes('Police said the motive remains unclear.'))).to.equal(true);
    // (A report told mostly in the past reads as a narrative, whose additive connectives are dropped: narrativeText.)
    expect(some(INQUIRY, (out) => /(?:(?:Also|Beyond this|Beyond that), records|\. Records) suggest/u.test(out))).to.equal(true);
    expect(bad(INQUIRY, (out) => /Furthermore, records/u.test(out))).to.deep.equal([]);
    // control: an access guide and a note on a playground still take the casual connectives
    expect(some(ACCESS, (out) => CHATTY.test(out))).to.equal(true);
    expect(some(PLAYGROUND, (out) => CHATTY.test(out))).to.equal(true);
    // control: words that only look grave
    for (const text of ['Shooting in RAW gives you more room to fix the exposure later.', 'The spare server is redundant, so a failure costs nothing.', 'Weight loss is slow at first.', 'She is killing it at her new job.']) {
      expect(solemnRegister(text), text).to.equal(false);
    }
  });

  it("'children' stays where children died, survive the dead or go hungry ('Two kids died …', 'survived by her three kids')", () => {
    for (const text of [CRASH, OBITUARY, APPEAL]) expect(bad(text, (out) => /(?<![\p{L}])[Kk]ids(?![\p{L}])/u.test(out)), text.slice(0, 40)).to.deep.equal([]);
    // The rest of the text is still rewritten in the casual tone.
    expect(some(OBITUARY, (out) => out.includes("She's survived by her three children"))).to.equal(true);
    // control: the children of a playground are still kids in the casual tone
    expect(some(PLAYGROUND, (out) => out.includes('The kids loved the climbing frame'))).to.equal(true);
  });

  it("a certainty someone else states is not hedged ('It seems that the fire was started deliberately, police said')", () => {
    const text = 'It is clear that the fire was started deliberately, police said. It is important to remember that the victims were children. Moreover, the building\'s owner has been arrested.';
    expect(bad(text, (out) => /(?:seems|appears) that the fire/u.test(out))).to.deep.equal([]);
    // control: the writer's own certainty is still hedged in the academic tone
    expect(some('It is clear that the new policy reduced waiting times. Moreover, staff reported fewer complaints.', (out) => out.startsWith('It appears that the new policy'))).to.equal(true);
  });

  it("no tone opener before how someone's mind is ('Arguably, my depression is worse in the winter')", () => {
    const text = 'My depression is worse in the winter. I sleep a lot and I stop answering messages.';
    expect(bad(text, (out) => !out.startsWith('My depression'))).to.deep.equal([]);
    expect(bad('His anxiety is much better since he started the course. He goes out most days now.', (out) => !out.startsWith('His anxiety'))).to.deep.equal([]);
    // control: a rating of a thing still takes one
    expect(some('The new timetable is worse in the winter. The buses stop running at nine and the trains are slow.', (out) => out.startsWith('Arguably, the new timetable'))).to.equal(true);
  });
});

