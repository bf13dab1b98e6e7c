import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone';

describe('a masked phone number', () => {
  it('keeps the country code and the last three digits', () => {
    expect(maskPhone('+254712345678')).toBe('+254••••••678');
    expect(maskPhone('+254 712 345 678')).toBe('+254••••••678');
    expect(maskPhone('00254712345678')).toBe('+254••••••678');
    expect(maskPhone('+2250701020304')).toBe('+225•••••••304');
    expect(maskPhone('+14155550123')).toBe('+1•••••••123');
  });

  it('keeps the last three digits only of a number without its country code, and none of a short one', () => {
    expect(maskPhone('0712345678')).toBe('•••••••678');
    expect(maskPhone('+25412')).toBe('••412');
    expect(maskPhone('1234')).toBe('••••');
    expect(maskPhone('12')).toBe('••');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});
