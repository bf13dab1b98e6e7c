/**
 * A receipt's number (docs/wallet.md "Screens"): `MV-` and the ledger transfer's id, zero-padded to eight digits
 * (`MV-00000042`). One transfer, one receipt; the number says nothing a reader of the receipt does not see anyway.
 */
export const RECEIPT_PREFIX = 'MV-';

export const receiptNumber = (transferId: number) => `${RECEIPT_PREFIX}${String(transferId).padStart(8, '0')}`;

/** The transfer id a receipt number names, or undefined for anything that is not one (the page then is a 404). */
export function parseReceiptNumber(text: string): number | undefined {
  const match = /^MV-(\d{1,10})$/i.exec(text.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** What a money event was, as a member reads it (a transfer's cause and, for a deal, its step and direction). */
export const RECEIPT_KINDS = [
  'deal_payment',
  'deal_release',
  'deal_return',
  'deal_split',
  'top_up',
  'payout',
  'refund',
  'fee',
  'dispute_decision',
  'correction',
] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export function receiptKind(cause: string, step: string | null): ReceiptKind {
  if (cause === 'deal') {
    if (step === 'freeze') return 'deal_payment';
    if (step === 'release') return 'deal_release';
    if (step === 'return') return 'deal_return';
    return 'deal_split';
  }
  return (RECEIPT_KINDS as readonly string[]).includes(cause) ? (cause as ReceiptKind) : 'correction';
}

/** An amount in minor units as a decimal string in major units, exactly (integers only, no floating point). */
export function minorToDecimal(amountMinor: number, decimals: number): string {
  if (decimals === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
