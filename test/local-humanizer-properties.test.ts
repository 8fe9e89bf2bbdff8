import { expect } from 'chai';
import { BUILTIN_TONES, MODES, READABILITY_LEVELS, LANGUAGES, type ToneSpec } from '../domain/options.js';
import { identifyLanguage } from '../domain/language.js';
import { checkRewrite } from '../workers/engines/local/humanizer/checker.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';
import { createLocalHumanizer } from '../workers/engines/local/index.js';
import type { HumanizeRequest } from '../workers/engines/types.js';
import { HUMANIZER_CORPUS as CORPUS } from './support/humanizer-corpus.js';

const CUSTOM: ToneSpec = { kind: 'custom', id: '00000000-0000-4000-8000-000000000000', name: 'Support', instructions: 'Warm, friendly and concise.', description: null, example: null };
const TONES: ToneSpec[] = [...BUILTIN_TONES.map((name): ToneSpec => ({ kind: 'builtin', name })), CUSTOM];

describe('local humanizer: never damages the text (rule checker over a varied corpus)', function () {
  this.timeout(60_000);

  it('passes every rule on over 1,000 outputs across inputs, modes, tones, readability levels and languages', () => {
    const rng = createRandom(2026);
    const defects: string[] = [];
    let outputs = 0;
    for (const [name, text] of Object.entries(CORPUS)) {
      const language = identifyLanguage(text);
      const words = text.split(/\s+/u);
      for (const mode of MODES) {
        for (const readability of READABILITY_LEVELS) {
          for (let k = 0; k < 3; k++) {
            const at = Math.floor(rng.next() * words.length);
            const freezeWords = rng.chance(0.5) ? [words.slice(at, at + 1 + Math.floor(rng.next() * 3)).join(' ')] : [];
            const request: HumanizeRequest = {
              text, mode, readability, freezeWords, tone: rng.pick(TONES), language: rng.pick(LANGUAGES), seed: Math.floor(rng.next() * 1e9),
            };
            const out = rewriteOnce(request, request.seed);
            outputs++;
            for (const d of checkRewrite(text, out, { freezeWords, language })) defects.push(`${name}/${mode}/${readability}: ${d.rule} ${d.detail}\n${out}`);
          }
        }
      }
    }
    expect(outputs).to.be.at.least(1000);
    expect(defects.slice(0, 5)).to.deep.equal([]);
  });

  it('the checker catches each kind of damage it guards against', () => {
    const input = 'Answer: The plan costs $5.00 at https://a.example.com.\n- It is an honest and useful plan.\n\nSee "the memo" from ops@example.com about `run()`.';
    const cases: Array<[string, string]> = [
      ['line-breaks', input.replace('\n- ', ' - ')],
      ['prefix', input.replace('Answer: ', 'Honestly, Answer: ')],
      ['number', input.replace('$5.00', '$5')],
      ['url', input.replace('https://a.example.com', 'a.example.com')],
      ['email', input.replace('ops@example.com', 'ops at example.com')],
      ['quote', input.replace('"the memo"', 'the memo')],
      ['code', input.replace('`run()`', 'run')],
      ['capital', input.replace('See "the', 'see "the')],
      ['stacked-connectives', input.replace('See "the', 'Honestly, however, see "the')],
      ['doubled-word', input.replace('useful plan', 'useful useful plan')],
      ['doubled-punctuation', input.replace('plan.\n', 'plan,.\n')],
      ['article', input.replace('an honest', 'a honest')],
      ['freeze-word', input.replace('useful', 'handy')],
    ];
    for (const [rule, output] of cases) {
      const found = checkRewrite(input, output, { freezeWords: ['useful'], language: 'en' }).map((d) => d.rule);
      expect(found, rule).to.include(rule);
    }
    expect(checkRewrite(input, input, { freezeWords: ['useful'], language: 'en' })).to.deep.equal([]);
    expect(checkRewrite('El plan es bueno y barato.', 'In fact, el plan es bueno and barato.', { freezeWords: [], language: 'es' }).map((d) => d.rule)).to.include('foreign-rules');
    // A sentence joined after a semicolon keeps its capital only when it opens with a name (used inside a sentence) or "I".
    const two = 'Time management is a key skill. Effective planning helps students, says Anna. Anna agrees.';
    const capitals = (out: string): string[] => checkRewrite(two, out, { freezeWords: [], language: 'en' }).map((d) => d.rule);
    expect(capitals('Time management is a key skill; Effective planning helps students, says Anna. Anna agrees.')).to.include('capital');
    expect(capitals('Time management is a key skill; effective planning helps students, says Anna. Anna agrees.')).to.not.include('capital');
    expect(capitals('Time management is a key skill. Effective planning helps students, says Anna; Anna agrees.')).to.not.include('capital');
    // A sentence left starting lower-case after a full stop (a dropped connective before a frozen term) is caught too.
    expect(capitals('Time management is a key skill. effective planning helps students, says Anna. Anna agrees.')).to.include('capital');
    // Dialogue: nothing is put in front of a quotation that opened a sentence.
    const dialogue = 'He ran in. "What is it? Speak!" The men froze.';
    expect(checkRewrite(dialogue, 'He ran in. Honestly, "What is it? Speak!" The men froze.', { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('quotation');
    expect(checkRewrite(dialogue, 'He ran in. "What is it? Speak!" Honestly, the men froze.', { freezeWords: [], language: 'en' })).to.deep.equal([]);
    // A full stop set off by spaces is notation or code: "find . -name" is not "find. -name".
    const command = 'To list them, run find . -name "*.html" in the folder. It is quick.';
    expect(checkRewrite(command, command.replace('find .', 'find.'), { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('spacing');
    // A block quote is quoted text: it comes back as it was.
    const quoted = '> It is important to note that quotes matter.\n\nThe author utilizes many examples.';
    expect(checkRewrite(quoted, quoted.replace('It is important to note that quotes', 'Keep in mind that quotes'), { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('structure');
    // "a unanimous", "an uninhabitable", "a university", "an unusual": the sound, not the letter, picks the article.
    const articles = 'It was a unanimous vote on an uninhabitable island near a university, an unusual place.';
    expect(checkRewrite(articles, articles, { freezeWords: [], language: 'en' })).to.deep.equal([]);
    expect(checkRewrite(articles, articles.replace('a unanimous', 'an unanimous'), { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('article');
    expect(checkRewrite(articles, articles.replace('an uninhabitable', 'a uninhabitable'), { freezeWords: [], language: 'en' }).map((d) => d.rule)).to.include('article');
    // A modal before "are", an inverted negative expanded, a space left after an opening bracket.
    const grammar = "Governments must play a vital role. The design is clean, isn't it? Why don't we ship it? (Also, it is optional.)";
    const rules = (out: string): string[] => checkRewrite(grammar, out, { freezeWords: [], language: 'en' }).map((d) => d.rule);
    expect(rules(grammar.replace('must play a vital role', 'must are central'))).to.include('grammar');
    expect(rules(grammar.replace("isn't it?", 'is not it?'))).to.include('grammar');
    expect(rules(grammar.replace("Why don't we", 'Why do not we'))).to.include('grammar');
    expect(rules(grammar.replace('(Also, it', '( It'))).to.include('spacing');
    expect(rules(grammar)).to.deep.equal([]);
  });

  it('best-of candidates through the engine pass the checker too', async () => {
    const humanizer = createLocalHumanizer();
    for (const name of ['prose', 'list', 'qa', 'numbers', 'es']) {
      const text = CORPUS[name]!;
      for (const mode of MODES) {
        const out = await humanizer.humanize({ text, mode, readability: 'college', freezeWords: [], tone: TONES[0]!, language: 'en', seed: 11 }, { signal: new AbortController().signal });
        expect(checkRewrite(text, out, { freezeWords: [], language: identifyLanguage(text) }), `${name}/${mode}\n${out}`).to.deep.equal([]);
      }
    }
  });
});
