import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of the first two words, in capitals', () => {
    expect(initialsOf('Amina W.')).toBe('AW');
    expect(initialsOf('  juma   hassan  mwinyi ')).toBe('JH');
    expect(initialsOf('amina')).toBe('A');
  });

  it('keeps a letter outside the basic plane whole and capitalises accented letters', () => {
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('𝒜mina Wanjiru')).toBe('𝒜W');
  });

  it('answers a question mark for a blank name, never an empty avatar', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
  });
});
