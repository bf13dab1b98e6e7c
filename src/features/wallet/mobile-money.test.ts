import { describe, expect, it } from 'vitest';
import { networkNames, networksFor } from './mobile-money';

describe('networksFor', () => {
  const coverage = { KE: ['mpesa'], CI: ['orange_money', 'mtn_momo'], SN: ['orange_money'] } as const;
  it('takes the member’s country when it uses the currency, else every country of the currency, each network once', () => {
    expect(networksFor(coverage, 'XOF', 'sn')).toEqual(['orange_money']);
    expect(networksFor(coverage, 'XOF', 'KE')).toEqual(['mtn_momo', 'orange_money']);
    expect(networksFor(coverage, 'xof')).toEqual(['mtn_momo', 'orange_money']);
    expect(networksFor(coverage, 'KES', 'CI')).toEqual(['mpesa']);
    expect(networksFor(coverage, 'NGN', 'NG')).toEqual([]);
  });
});

describe('networkNames', () => {
  it('joins the brand names as each language joins a list', () => {
    expect(networkNames(['mtn_momo', 'orange_money'], 'fr')).toBe('MTN MoMo et Orange Money');
    expect(networkNames(['mpesa', 'airtel_money'], 'en')).toBe('M-Pesa and Airtel Money');
    expect(networkNames(['mpesa', 'mtn_momo', 'airtel_money'], 'sw')).toBe('M-Pesa, MTN MoMo na Airtel Money');
  });
});
