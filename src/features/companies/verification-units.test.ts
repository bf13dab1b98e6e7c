import { describe, expect, it } from 'vitest';
import { VERIFICATION_TYPES, typeFitsUnit, verificationTypesFor } from './constants';

describe('verification types and their units', () => {
  it('a registration is a company’s, an identity a person’s; the rest fit both', () => {
    expect(typeFitsUnit('company_registration', 'company')).toBe(true);
    expect(typeFitsUnit('company_registration', 'user')).toBe(false);
    expect(typeFitsUnit('identity', 'user')).toBe(true);
    expect(typeFitsUnit('identity', 'company')).toBe(false);
    expect(verificationTypesFor('user')).toEqual(['identity', 'phone', 'email', 'farm_visit', 'warehouse']);
    expect(verificationTypesFor('company')).toEqual([
      'phone',
      'email',
      'company_registration',
      'farm_visit',
      'warehouse',
    ]);
  });

  it('every type fits at least one unit', () => {
    for (const type of VERIFICATION_TYPES)
      expect(verificationTypesFor('user').includes(type) || verificationTypesFor('company').includes(type)).toBe(true);
  });
});
