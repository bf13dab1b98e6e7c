import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/i18n/t';
import { lotAvailableText, lotVolumeText } from './lot-format';

/** A 200-bag lot of which `reserved` bags are held by approved deals or sold (docs/lots.md "Volume on offer"). */
const lot = (reserved: number, unit = 'bags') => ({
  unit,
  volume: 200,
  reserved_volume: reserved,
  available_volume: 200 - reserved,
});

describe('what a lot card says of its volume', () => {
  it('says what remains of the whole once part of it is taken, in each language', () => {
    expect(lotVolumeText(lot(50), createTranslator('en'), 'en')).toBe('150 of 200 bags left');
    expect(lotVolumeText(lot(50, 'magunia'), createTranslator('sw'), 'sw')).toBe(
      'Kilichobaki: 150 kati ya magunia 200',
    );
    expect(lotVolumeText(lot(50, 'sacs'), createTranslator('fr'), 'fr')).toBe('Reste 150 sur 200 sacs');
    expect(lotVolumeText(lot(12.5, '90 kg bag'), createTranslator('en'), 'en')).toBe('187.5 of 200 × 90 kg bag left');
  });

  it('says the whole volume alone while nothing is taken, and nothing left once all is', () => {
    expect(lotVolumeText(lot(0), createTranslator('en'), 'en')).toBe('200 bags');
    expect(lotVolumeText(lot(200), createTranslator('en'), 'en')).toBe('0 of 200 bags left');
    expect(lotAvailableText(lot(50), createTranslator('en'), 'en')).toBe('150 bags');
  });
});
