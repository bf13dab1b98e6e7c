/**
 * Gentle warnings shown beside a chat message (docs/chat.md): a message that carries a phone number, or that asks
 * for payment outside Mavuno's escrow, in any of the three languages. Pure and shared: the server answers them in
 * every message item, islands compute them for a message being typed.
 */
export type ChatWarning = 'phone_number' | 'outside_payment';

/** Seven or more digits, allowing the spaces, dots, dashes and brackets people write between them. */
const PHONE = /(?:\+|\b)\d(?:[\s.\-()]*\d){6,}/;

/** Words that ask to pay directly: mobile-money brands, "send money", "pay first", in en, sw and fr. */
const OUTSIDE_PAYMENT = [
  /\bm-?pesa\b/i,
  /\b(tigo|airtel|mtn|orange|moov|wave)\s*(money|pesa|cash)\b/i,
  /\b(send|transfer|pay)\s+(the\s+)?(money|cash|deposit|advance)\b/i,
  /\bpay\s+(me\s+)?(first|directly|in\s+advance|outside)\b/i,
  /\bwestern\s+union\b/i,
  /\b(tuma|lipa)\s+(pesa|hela|kwanza|moja\s+kwa\s+moja)\b/i,
  /\blipa\s+kabla\b/i,
  /\b(envoye[rz]?|transf[eé]re[rz]?|paye[rz]?)\s+(l['’]\s*)?(argent|avance|acompte)\b/i,
  /\bpa(ie|ye)[rz]?\s+(d['’]abord|directement|en\s+avance)\b/i,
];

export function chatWarnings(text: string | null | undefined): ChatWarning[] {
  if (!text) return [];
  const warnings: ChatWarning[] = [];
  if (PHONE.test(text)) warnings.push('phone_number');
  if (OUTSIDE_PAYMENT.some((pattern) => pattern.test(text))) warnings.push('outside_payment');
  return warnings;
}

/** Limits of a message (docs/chat.md "Model"). */
export const CHAT_TEXT_MAX = 4000;
export const CHAT_CLIENT_ID_MAX = 64;
export const CHAT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
