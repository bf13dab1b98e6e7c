import { describe, expect, it } from 'vitest';
import { examplePhoneNumber, phoneExampleCountry } from './phone';

describe('the phone field’s example', () => {
  it('follows the member’s own number, whatever the page’s language', () => {
    expect(phoneExampleCountry({ phone: '+254712000001', acceptLanguage: 'sw-TZ,sw' })).toBe('KE');
    expect(phoneExampleCountry({ phone: '+225 07 00 00 00 01' })).toBe('CI');
  });

  it('follows the visitor’s browser region, else reads as Kenya does', () => {
    expect(phoneExampleCountry({ acceptLanguage: 'sw-TZ,sw;q=0.9,en;q=0.8' })).toBe('TZ');
    expect(phoneExampleCountry({ acceptLanguage: 'fr-CI,fr;q=0.9' })).toBe('CI');
    expect(phoneExampleCountry({ acceptLanguage: 'fr,en;q=0.5' })).toBe('KE');
    expect(phoneExampleCountry({ acceptLanguage: 'sw' })).toBe('KE');
    expect(phoneExampleCountry({ phone: null, acceptLanguage: null })).toBe('KE');
    expect(phoneExampleCountry({ acceptLanguage: 'en-419,en' })).toBe('KE');
  });

  it('writes a mobile number of the country with its code', () => {
    expect(examplePhoneNumber('KE')).toMatch(/^\+254 7/);
    expect(examplePhoneNumber('TZ')).toMatch(/^\+255 /);
    expect(examplePhoneNumber('CM')).toMatch(/^\+237 6/);
  });
});
