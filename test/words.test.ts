import { expect } from 'chai';
import { countWords } from '../domain/words.js';

describe('countWords', () => {
  it('counts runs of non-space characters holding a letter or digit', () => {
    expect(countWords('state-of-the-art design — really 42 !')).to.equal(4);
    expect(countWords('  ')).to.equal(0);
    expect(countWords('— … !!')).to.equal(0);
  });
  it('segments scripts written without spaces', () => {
    expect(countWords('我喜欢学习中文')).to.be.greaterThan(1);
    expect(countWords('hello 世界')).to.equal(2);
  });
});
