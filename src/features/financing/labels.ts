import type { MessageKey } from '~/i18n/t';
import type { FinancePurpose, LoanStatus } from './constants';

/** The names of purposes and statuses in the interface languages. */
export const FINANCE_PURPOSE_LABEL: Record<FinancePurpose, MessageKey> = {
  inputs: 'financing.purpose_inputs',
  machinery: 'financing.purpose_machinery',
  warehouse_receipt: 'financing.purpose_warehouse_receipt',
  working_capital: 'financing.purpose_working_capital',
};

export const LOAN_STATUS_LABEL: Record<LoanStatus, MessageKey> = {
  sent: 'financing.status_sent',
  in_review: 'financing.status_in_review',
  approved: 'financing.status_approved',
  declined: 'financing.status_declined',
};

/** daisyUI badge per status. */
export const LOAN_STATUS_BADGE: Record<LoanStatus, string> = {
  sent: 'badge-info',
  in_review: 'badge-warning',
  approved: 'badge-success',
  declined: 'badge-error',
};
