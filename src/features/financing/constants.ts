/**
 * What financing products are for, the states of a loan application and the documents a product may ask for
 * (docs/financing.md). Pure data shared by the server, the pages and the API.
 */
export const FINANCE_PURPOSES = ['inputs', 'machinery', 'warehouse_receipt', 'working_capital'] as const;
export type FinancePurpose = (typeof FINANCE_PURPOSES)[number];

export const LOAN_STATUSES = ['sent', 'in_review', 'approved', 'declined'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** The statuses a provider's contact or an administrator may set (an application starts as `sent`). */
export const LOAN_DECISIONS = ['in_review', 'approved', 'declined'] as const;
export type LoanDecision = (typeof LOAN_DECISIONS)[number];

/** Who changed an application's status: the member (sending it), an administrator, or the provider's signed link. */
export const LOAN_ACTORS = ['member', 'admin', 'provider_link'] as const;
export type LoanActor = (typeof LOAN_ACTORS)[number];

/** A text in the three interface languages (English always there; the others fall back to it). */
export interface LocalizedText {
  en: string;
  sw?: string;
  fr?: string;
}

/** One document a product needs: a stable key (the application's attachment names it) and its label. */
export interface ProductDocument {
  key: string;
  label: LocalizedText;
}

/** Documents attached to an application: at most this many, each at most DOCUMENT_MAX_BYTES (20 MB). */
export const MAX_APPLICATION_DOCUMENTS = 10;
/** A short plan: at most this many characters. */
export const PLAN_MAX_LENGTH = 2000;
