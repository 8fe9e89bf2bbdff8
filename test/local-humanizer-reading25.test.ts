import { expect } from 'chai';
import { isInstruction } from '../workers/engines/local/humanizer/instruction.js';
import { BUILTIN, has, outputs } from './support/humanizer-settings.js';

/**
 * The twenty-fourth reading (English: students' and non-native writers' texts with their slips, texts dense with names,
 * titles and acronyms, stock-register grant proposals, cover letters, LinkedIn posts, abstracts, case summaries,
 * discharge notes, incident reports, sales e-mails, speeches and blurbs, and long sentences with brackets, semicolons,
 * lists and questions): "a quick 15-minute call" became "a fast 15-minute call", "It is worth noting that" became "Keep in
 * mind that" before thanks and before a reported event, and two instructions behind additive connectives were joined
 * ("Plus, eat soft foods …; what's more, avoid using a straw"). Each defect must not come back under any built-in
 * setting, and each rule still fires where it is right.
 */

const SALES = 'Hi Sarah, I hope this email finds you well. Our platform helps companies like yours streamline their logistics and reduce shipping costs by up to 30%. Moreover, we integrate seamlessly with Shopify and SAP. Would you be open to a quick 15-minute call next week?';
const LINKEDIN = "I'm thrilled to announce that I have started a new position as Senior Product Manager at Nimbus Health! Over the past five years at Atlas, I have learned so much from an incredible team. It is worth noting that none of this would have been possible without the mentors who believed in me. Let's connect!";
const INCIDENT = 'On March 4 at 14:20 UTC, the payment service experienced elevated error rates for approximately 47 minutes. The root cause was an expired TLS certificate on an internal load balancer. Moreover, the alert that should have fired was misconfigured. It is worth noting that no customer data was exposed.';
const SURVEY = 'Key Findings From The 2024 Stack Overflow Developer Survey\n\nJavaScript remained the most used language for the twelfth year in a row. Rust, meanwhile, was once again the most admired language. It is worth noting that PostgreSQL overtook MySQL as the most popular database.';
const CASE_SUMMARY = 'In Smith v. Jones, the court held that the landlord had breached the implied warranty of habitability. The tenant had reported mold and a broken heater on several occasions. It is worth noting that the court declined to award punitive damages.';
const AFTERCARE = 'After the extraction, rest for the remainder of the day. Additionally, eat soft foods for at least 48 hours. Furthermore, avoid using a straw, as suction can dislodge the clot. Moreover, do not smoke for a week.';
const INTERVIEW = 'Choose a quiet room for the interview and test your camera in advance. Moreover, prepare two or three questions for the panel. Furthermore, dress as you would for an in-person interview. Additionally, have a copy of your CV within reach.';
const PRIVACY = 'Under HIPAA, covered entities such as hospitals and health plans must protect patients\' health information. The GDPR, by contrast, applies to any organisation that processes the personal data of people in the EU. It is worth noting that both laws require organisations to report certain data breaches.';
const LIBRARY = 'The new library opened in March after three years of building work. It holds more than 200,000 books and a large archive of local newspapers. Furthermore, the reading rooms stay open until ten every evening. Moreover, the café on the ground floor serves local produce.';
const COURIER = 'Our courier service is reliable and affordable. Delivery is quick, and every parcel is tracked from door to door. We also offer same-day collection in most cities.';

interface Case { what: string; text: string; never: Array<string | RegExp> }

const CASES: Case[] = [
  {
    what: "'quick' before a number that measures it stays ('a quick 15-minute call' is no 'a fast 15-minute call')",
    text: SALES,
    never: ['fast 15-minute'],
  },
  {
    what: "thanks take neither 'keep in mind that' nor 'note that' ('Keep in mind that none of this would have been possible without …')",
    text: LINKEDIN,
    never: [/(?:keep in mind|note) that none of this/i],
  },
  {
    what: "a reported event takes no 'keep in mind that' ('Keep in mind that no customer data was exposed')",
    text: INCIDENT,
    never: [/keep in mind that no customer data/i],
  },
  {
    what: "nor a finding reported after a name ('Keep in mind that PostgreSQL overtook MySQL')",
    text: SURVEY,
    never: [/keep in mind that PostgreSQL/i],
  },
  {
    what: "nor a ruling ('Keep in mind that the court declined to award punitive damages')",
    text: CASE_SUMMARY,
    never: [/keep in mind that the court/i],
  },
  {
    what: "two instructions behind additive connectives stay apart, and 'what's more' opens none ('Plus, eat soft foods …; what's more, avoid …')",
    text: AFTERCARE,
    never: [/hours[;,] /, /what['’]s more, (?:eat|avoid|do not|don['’]t)/i],
  },
  {
    what: "'what's more' opens no instruction the tagger reads as a noun ('What's more, dress as you would …')",
    text: INTERVIEW,
    never: [/what['’]s more, (?:dress|prepare|have)/i, /panel[;,] /],
  },
];

describe('local humanizer: twenty-fifth reading (English)', function () {
  this.timeout(120000);
  for (const c of CASES) {
    it(c.what, () => {
      for (const { out, where } of outputs(c.text, BUILTIN)) {
        for (const p of c.never) expect(has(out, p), `${where}: ${out}`).to.equal(false);
      }
    });
  }

  describe('controls: each rule still fires where it is right', () => {
    it("'quick' said of a thing may still be 'fast'", () => {
      expect(outputs(COURIER, BUILTIN).some(({ out }) => out.includes('Delivery is fast,'))).to.equal(true);
    });

    it("'keep in mind that' still opens a rule that holds now", () => {
      expect(outputs(PRIVACY, BUILTIN).some(({ out }) => out.includes('Keep in mind that both laws require'))).to.equal(true);
    });

    it("'what's more' still opens a statement, and a statement behind a connective may still be joined", () => {
      const outs = outputs(LIBRARY, BUILTIN).map((o) => o.out);
      expect(outs.some((o) => o.includes("What's more, the reading rooms"))).to.equal(true);
      expect(outs.some((o) => o.includes("newspapers; what's more, the reading rooms"))).to.equal(true);
    });

    it('an instruction is still seen behind an additive connective, a statement is not', () => {
      expect(isInstruction('Additionally, eat soft foods for at least 48 hours.')).to.equal(true);
      expect(isInstruction('Finally, check whether Best Buy offers a student discount.')).to.equal(true);
      expect(isInstruction('Furthermore, the reading rooms stay open until ten.')).to.equal(false);
      expect(isInstruction('Moreover, the effect appears to diminish over time.')).to.equal(false);
    });
  });
});
