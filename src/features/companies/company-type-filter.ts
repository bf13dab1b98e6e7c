import { TRADER_STATUSES } from '~/features/accounts/constants';
import type { MessageKey } from '~/i18n/t';
import { COMPANY_TYPES, type CompanyTypeKey } from './constants';

/**
 * The values of the catalogues' `company_type[]` filter (docs/lots.md "Filters"): the seller's trader status, as
 * before companies existed, and the type of the company a lot is published for. `cooperative` is both: a member
 * who calls themselves a cooperative, and a lot published for a cooperative company. A company type's id (`1`…`7`) is read as its key.
 */
export const COMPANY_TYPE_FILTERS = [
  ...new Set<string>([
    ...TRADER_STATUSES,
    ...COMPANY_TYPES.map((type) => type.key),
    ...COMPANY_TYPES.map((type) => String(type.id)),
  ]),
] as [string, ...string[]];

/** Which trader statuses and which company type ids a `company_type[]` filter names. */
export function splitCompanyTypeFilter(values: readonly string[]): { statuses: string[]; typeIds: number[] } {
  return {
    statuses: values.filter((value) => (TRADER_STATUSES as readonly string[]).includes(value)),
    typeIds: COMPANY_TYPES.filter((type) => values.includes(type.key) || values.includes(String(type.id))).map(
      (type) => type.id,
    ),
  };
}

/** The catalogue filter panel's label of each company type. */
export const COMPANY_TYPE_FILTER_LABEL: Record<CompanyTypeKey, MessageKey> = {
  cooperative: 'catalogue.company_type_cooperative',
  trading_company: 'catalogue.company_type_trading_company',
  processor: 'catalogue.company_type_processor',
  farm: 'catalogue.company_type_farm',
  input_supplier: 'catalogue.company_type_input_supplier',
  transporter: 'catalogue.company_type_transporter',
  financial_institution: 'catalogue.company_type_financial_institution',
};
