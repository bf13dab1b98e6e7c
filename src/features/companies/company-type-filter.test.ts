import { describe, expect, it } from 'vitest';
import { COMPANY_TYPE_FILTERS, splitCompanyTypeFilter } from './company-type-filter';

describe('the company_type[] filter values', () => {
  it('reads trader statuses, company type keys and ids; cooperative is both', () => {
    expect(splitCompanyTypeFilter(['farmer', 'trading_company', '3', 'cooperative'])).toEqual({
      statuses: ['farmer', 'cooperative'],
      typeIds: [1, 2, 3],
    });
    expect(splitCompanyTypeFilter([])).toEqual({ statuses: [], typeIds: [] });
    expect(COMPANY_TYPE_FILTERS).toContain('input_seller');
    expect(COMPANY_TYPE_FILTERS).toContain('financial_institution');
    expect(COMPANY_TYPE_FILTERS).toContain('7');
    expect(COMPANY_TYPE_FILTERS).not.toContain('8');
  });
});
