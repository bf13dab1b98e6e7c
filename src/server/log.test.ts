import { describe, expect, it } from 'vitest';
import { log, maskPhone, setLogDestination } from './log';

describe('the log', () => {
  it('masks a phone number to its country code and last three digits', () => {
    expect(maskPhone('+254712345678')).toBe('+254••••••678');
    expect(maskPhone('+2250701020304')).toBe('+225•••••••304');
    expect(maskPhone('0712345678')).toBe('•••••••678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('12')).toBe('••');
  });

  it('censors credentials wherever they stand in a logged object', () => {
    const lines: string[] = [];
    const previous = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      log.error(
        { password: 'harvest-2026', pin: '1234', headers: { authorization: 'Bearer abc', cookie: 'mavuno_session=s' } },
        'refused',
      );
    } finally {
      setLogDestination(previous);
    }
    expect(lines).toHaveLength(1);
    for (const secret of ['harvest-2026', '1234', 'Bearer abc', 'mavuno_session=s'])
      expect(lines[0]).not.toContain(secret);
    expect(JSON.parse(lines[0])).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]' } });
  });
});
