import { describe, expect, it } from 'vitest';
import { isDeadLetterRetryable, smsExcerpt } from './operations';

describe('operations rules', () => {
  it('shows the first words of an SMS with its codes hidden', () => {
    expect(smsExcerpt('Your Mavuno code is 482913. It expires in 10 minutes.')).toBe(
      'Your Mavuno code is ••••••. It expires in 10 minutes.',
    );
    expect(smsExcerpt('a '.repeat(50), 10)).toBe('a a a a a…');
  });

  it('refuses to send again a message past its deadline, and only that', () => {
    const now = new Date('2026-12-03T12:00:00Z');
    expect(isDeadLetterRetryable(null, now)).toBe(true);
    expect(isDeadLetterRetryable(new Date('2026-12-03T12:05:00Z'), now)).toBe(true);
    expect(isDeadLetterRetryable(new Date('2026-12-03T12:00:00Z'), now)).toBe(false);
  });
});
