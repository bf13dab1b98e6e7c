import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldText } from './fold';

describe('foldText', () => {
  it('drops case and accents of French, Swahili and West African place names', () => {
    expect(foldText('Ferkessédougou')).toBe('ferkessedougou');
    expect(foldText('  KÉDOUGOU ')).toBe('kedougou');
    expect(foldText('Côte d’Ivoire')).toBe("cote d'ivoire");
    expect(foldText('Garoua-Boulaï')).toBe('garoua-boulai');
    expect(foldText('Ross   Béthio')).toBe('ross bethio');
    expect(foldText('Mto wa Mbu')).toBe('mto wa mbu');
  });

  it('has one plain letter for each folded one, so SQL translate() folds the same way', () => {
    expect([...FOLD_TO]).toHaveLength([...FOLD_FROM].length);
    for (const [i, ch] of [...FOLD_FROM].entries()) expect(foldText(ch)).toBe(FOLD_TO[i]);
  });
});
