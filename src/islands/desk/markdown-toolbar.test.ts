import { describe, expect, it } from 'vitest';
import { applyCommand, insertBlock, TABLE_MARKDOWN } from './markdown-toolbar';

describe('applyCommand', () => {
  it('wraps the selection in bold, italic and link marks', () => {
    expect(applyCommand('say hello now', 4, 9, 'bold').text).toBe('say **hello** now');
    expect(applyCommand('say hello now', 4, 9, 'italic').text).toBe('say _hello_ now');
    expect(applyCommand('see docs', 4, 8, 'link', 'https://example.org').text).toBe('see [docs](https://example.org)');
  });

  it('prefixes whole lines for headings and lists, replacing an earlier prefix', () => {
    expect(applyCommand('one\ntwo', 0, 7, 'numbers').text).toBe('1. one\n2. two');
    expect(applyCommand('- one', 2, 2, 'h2').text).toBe('## one');
  });

  it('puts a table on lines of its own', () => {
    expect(applyCommand('text', 4, 4, 'table').text).toBe(`text\n\n${TABLE_MARKDOWN}`);
    expect(insertBlock('a\n\nb', 1, 'X').text).toBe('a\n\nX\n\nb');
  });
});
