import { createHash, randomBytes } from 'node:crypto';
import { localizePath } from '~/i18n/paths';
import type { Locale } from '~/i18n/config';
import { getEnv } from '~/server/env';

/**
 * The provider's link to an application (docs/financing.md "The provider's link"), made as deal history shares
 * make theirs: 256 random bits, of which only the SHA-256 is stored, so the database cannot give a link back and a
 * guessed or altered token matches nothing.
 */
export const LOAN_LINK_PATH = '/loan-application';

export const hashLoanToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A well-formed token (43 base64url characters); anything else is not looked up. */
export const isLoanToken = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

export function newLoanToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLoanToken(token) };
}

export const loanLinkUrl = (token: string, locale: Locale) =>
  `${getEnv().publicUrl}${localizePath(`${LOAN_LINK_PATH}/${token}`, locale)}`;

/** Where a document is downloaded: by id for its applicant and administrators, with the token for the provider. */
export const loanDocumentUrl = (id: number, token?: string) =>
  `/api-v2/financing/document?id=${id}${token ? `&token=${token}` : ''}`;
