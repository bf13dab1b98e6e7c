import { describe, expect, it } from 'vitest';
import { frenchSpacing } from './typography';

const shown = (text: string) => text.replace(/\u00a0/g, '⍽').replace(/\u202f/g, '·');

describe('frenchSpacing', () => {
  it('puts the no-break spaces French needs before : ; ! ? and inside « »', () => {
    expect(shown(frenchSpacing('Livraison : à la ferme ; paiement ? Oui ! « Maïs »'))).toBe(
      'Livraison⍽: à la ferme·; paiement·? Oui·! «·Maïs·»',
    );
    expect(shown(frenchSpacing('Vérifiez l’humidité : le grain doit casser.'))).toBe(
      'Vérifiez l’humidité⍽: le grain doit casser.',
    );
    // At the end of the text, and before a closing quote or bracket.
    expect(shown(frenchSpacing('Pourquoi ?'))).toBe('Pourquoi·?');
    expect(shown(frenchSpacing('(voir ci-dessous :)'))).toBe('(voir ci-dessous⍽:)');
  });

  it('leaves addresses, times, queries, marks without a space and other text alone', () => {
    for (const text of ['https://mavuno.example/board?id=3', 'Ouvert de 8:30 à 17:00', 'a:b', 'Note: English', '']) {
      expect(frenchSpacing(text)).toBe(text);
    }
    const right = 'Déjà juste\u00a0: rien\u202f!';
    expect(frenchSpacing(right)).toBe(right);
  });
});
