import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, toGsm7 } from './gsm7';

describe('toGsm7', () => {
  it('keeps what the alphabet has and writes the rest plain', () => {
    expect(toGsm7('Maïs, blé, côte, garçon, œuf')).toBe('Mais, blé, cote, garcon, oeuf');
    expect(toGsm7('Prix : 3\u202f500 ?')).toBe('Prix : 3 500 ?');
    expect(toGsm7('n° 12 — l’offre')).toBe("no 12 - l'offre");
    expect(toGsm7('Bei ya Mahindi: KES 3,500 (é è à ù)')).toBe('Bei ya Mahindi: KES 3,500 (é è à ù)');
  });

  it('drops what has no plain writing, and every answer is GSM-7', () => {
    const text = toGsm7('Karibu 🌽 ₦500 ✓');
    expect(text).toBe('Karibu  500 ');
    expect(isGsm7(text)).toBe(true);
  });

  it('counts the extension characters twice', () => {
    expect(gsm7Length('abc')).toBe(3);
    expect(gsm7Length('€[]')).toBe(6);
  });
});
