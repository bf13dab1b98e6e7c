import { describe, expect, it } from 'vitest';
import { chatWarnings } from './safety';

describe('chatWarnings', () => {
  it('flags phone numbers however they are written', () => {
    for (const text of ['call me 0712 345 678', 'namba yangu +255 (0)754-123-456', 'mon numéro 07.12.34.56.78']) {
      expect(chatWarnings(text), text).toContain('phone_number');
    }
  });

  it('flags requests to pay outside the escrow in the three languages', () => {
    for (const text of [
      'Please send the money by M-Pesa',
      'tuma pesa kwanza',
      'lipa kabla ya mzigo',
      'envoyez l’argent d’abord',
      'payez directement',
    ]) {
      expect(chatWarnings(text), text).toContain('outside_payment');
    }
  });

  it('leaves ordinary trade talk alone, prices and volumes included', () => {
    for (const text of [
      'Is the maize dry? 12% moisture?',
      'I can take 20 tonnes at 72,000 TZS',
      'Bei ni 1,100,000 kwa tani 15',
      'Livraison le 12/03',
    ]) {
      expect(chatWarnings(text), text).toEqual([]);
    }
  });
});
