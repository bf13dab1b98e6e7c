import type { MessageKey } from '~/i18n/t';
import type { CompanyPermission, CompanyTypeKey, InterestKind } from './constants';

// Verification types are named in ./verification-labels.ts.

/** Dictionary keys of the companies vocabulary (./constants.ts): pages and the API name the values through these. */
export const COMPANY_TYPE_LABEL: Record<CompanyTypeKey, MessageKey> = {
  cooperative: 'companies.type_cooperative',
  trading_company: 'companies.type_trading_company',
  processor: 'companies.type_processor',
  farm: 'companies.type_farm',
  input_supplier: 'companies.type_input_supplier',
  transporter: 'companies.type_transporter',
  financial_institution: 'companies.type_financial_institution',
};

export const COMPANY_PERMISSION_LABEL: Record<CompanyPermission, MessageKey> = {
  administrator: 'companies.permission_administrator',
  manager: 'companies.permission_manager',
};

export const INTEREST_KIND_LABEL: Record<InterestKind, MessageKey> = {
  sell: 'companies.interest_sell',
  buy: 'companies.interest_buy',
};
