import type { MessageKey } from '~/i18n/t';
import type { ReceiptKind } from './receipts';
import type { TransactionCause } from './schemas';

/** How the wallet pages name a money event, a cause, a method and a status (docs/wallet.md "Screens"). */
export const RECEIPT_KIND_LABEL: Record<ReceiptKind, MessageKey> = {
  deal_payment: 'wallet_page.kind_deal_payment',
  deal_release: 'wallet_page.kind_deal_release',
  deal_return: 'wallet_page.kind_deal_return',
  deal_split: 'wallet_page.kind_deal_split',
  top_up: 'wallet_page.kind_top_up',
  payout: 'wallet_page.kind_payout',
  refund: 'wallet_page.kind_refund',
  fee: 'wallet_page.kind_fee',
  dispute_decision: 'wallet_page.kind_dispute_decision',
  correction: 'wallet_page.kind_correction',
};

export const CAUSE_LABEL: Record<TransactionCause, MessageKey> = {
  deal: 'wallet_page.cause_deal',
  top_up: 'wallet_page.cause_top_up',
  payout: 'wallet_page.cause_payout',
  refund: 'wallet_page.cause_refund',
  fee: 'wallet_page.cause_fee',
  dispute_decision: 'wallet_page.cause_dispute_decision',
  correction: 'wallet_page.cause_correction',
};

export const METHOD_LABEL: Record<string, MessageKey> = {
  card: 'wallet_page.method_card',
  mobile_money: 'wallet_page.method_mobile_money',
  wallet: 'wallet_page.method_wallet',
  payout: 'wallet_page.method_payout',
  ledger: 'wallet_page.method_ledger',
};

export const STATUS_LABEL: Record<string, MessageKey> = {
  completed: 'wallet_page.status_completed',
  held: 'wallet_page.status_held',
  released: 'wallet_page.status_released',
  returned: 'wallet_page.status_returned',
};

export const DIRECTION_LABEL: Record<string, MessageKey> = {
  in: 'wallet_page.direction_in',
  out: 'wallet_page.direction_out',
};
