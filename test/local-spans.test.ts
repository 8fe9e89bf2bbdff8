/**
 * The verbatim-token finder shared by protection and the rule checker returns exactly what matching
 * each pattern over the whole text returns, on ordinary and on adversarial text.
 */
import { expect } from 'chai';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { VERBATIM_KINDS, verbatimMatches } from '../workers/engines/local/text/spans.js';

function reference(text: string): Array<{ kind: string; matches: Array<{ start: number; end: number; text: string }> }> {
  return VERBATIM_KINDS.map(({ kind, re }) => ({
    kind, matches: [...text.matchAll(re)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] })),
  }));
}

const PIECES = [
  'a', 'b', 'Z', 'Q', 'é', 'É', 'ß', 'x', '7', '42', '3.5%', '$4', ' ', ' ', '  ', '\n', '\t', '\u00a0', '_', '(', ')', '()', '.', '..', '/', '~',
  '#', '@', '`', '-', ',', '"', '“', '”', '«', '»', 'http://', 'https://', 'www.', '.com', 'iPhone', 'McDonald', 'snake_case', 'f(x)',
  'config.json', '/etc/app', '~/x/y', '#tag', '@user', 'a@b.co', '𝒜', '😀', '中', '\uE000', 'word', 'Word', 'e.g.', 'U.S.',
];

describe('verbatim tokens', () => {
  it('are the matches of each pattern over the whole text, on 20,000 random texts', function () {
    this.timeout(120_000); // several seconds alone, far more on two cores busy with other work
    const rng = createRandom(99);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = Math.floor(rng.next() * 30);
      for (let i = 0; i < length; i++) text += rng.pick(PIECES);
      expect(verbatimMatches(text), JSON.stringify(text)).to.deep.equal(reference(text));
    }
  });

  it('are the matches of each pattern on prose, code and mail', () => {
    for (const text of [
      'To configure the service, edit `config.json` and set max_connections to 20. The helper getUserName() returns the user.',
      'Visit https://example.com/docs/setup or www.example.org, or email support@example.com. Files live in /etc/app/settings.',
      'In 2023, revenue grew by 12.5% to $4.2 million (see Fig. 3), e.g. in the U.S. and the #1 market; ask @ops.',
      '"Where are you going?" Anna asked. «Au revoir», she said. 「こんにちは」と言った。',
    ]) expect(verbatimMatches(text)).to.deep.equal(reference(text));
  });
});
