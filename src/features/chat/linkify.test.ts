import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as one part', () => {
    expect(linkify('Habari, mahindi bado yapo?')).toEqual([{ text: 'Habari, mahindi bado yapo?' }]);
  });

  it('makes http(s) and www addresses links, leaving the sentence punctuation out', () => {
    expect(linkify('See https://mavuno.test/board/12. Or www.example.org, thanks')).toEqual([
      { text: 'See ' },
      { href: 'https://mavuno.test/board/12', text: 'https://mavuno.test/board/12' },
      { text: '. Or ' },
      { href: 'https://www.example.org', text: 'www.example.org' },
      { text: ', thanks' },
    ]);
  });

  it('never makes a link of other schemes or markup', () => {
    const parts = linkify('javascript:alert(1) <a href="x">y</a>');
    expect(parts).toEqual([{ text: 'javascript:alert(1) <a href="x">y</a>' }]);
  });
});
