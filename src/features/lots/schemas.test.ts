import { describe, expect, it } from 'vitest';
import { lotSchema } from './schemas';

describe('a lot with an unreadable number', () => {
  it('says why on that field only, without comparing it with the others', () => {
    const result = lotSchema('board', 'fr').safeParse({
      type: 'sell',
      category_id: '3',
      title: 'Maïs blanc',
      volume: '200',
      min_volume: '1,500',
      max_volume: '100',
      per_unit_id: '4',
      price: '72 000',
      currency_id: '4',
      country_id: '1',
      village_id: '1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['min_volume', 'validation.number_ambiguous'],
    ]);
  });
});
