import type { MessageKey, Translate } from '~/i18n/t';
import type { VerificationType } from './constants';

/** The name of each verification type, as badges and records show it. */
export const VERIFICATION_TYPE_LABEL: Record<VerificationType, MessageKey> = {
  identity: 'verification.type_identity',
  phone: 'verification.type_phone',
  email: 'verification.type_email',
  company_registration: 'verification.type_company_registration',
  farm_visit: 'verification.type_farm_visit',
  warehouse: 'verification.type_warehouse',
};

/** Where a unit's verification record is shown: its public profile, at the record's anchor. */
export const verificationRecordPath = (unit: { userId?: number; companyId?: number }, recordId: number) =>
  `${unit.userId !== undefined ? `/public-profile/${unit.userId}` : `/companies/${unit.companyId}`}#verification-${recordId}`;

/**
 * "Identity verified by Mavuno", one whole sentence per type: the participle agrees with the thing verified (French
 * "identité vérifiée", "téléphone vérifié"; Swahili by noun class, "utambulisho umethibitishwa", "ghala
 * limethibitishwa"), which a `{{type}} verified` template cannot do (docs/architecture.md "Message rules").
 */
const VERIFIED_BY_PLATFORM: Record<VerificationType, MessageKey> = {
  identity: 'verification.verified_by_platform_identity',
  phone: 'verification.verified_by_platform_phone',
  email: 'verification.verified_by_platform_email',
  company_registration: 'verification.verified_by_platform_company_registration',
  farm_visit: 'verification.verified_by_platform_farm_visit',
  warehouse: 'verification.verified_by_platform_warehouse',
};
const VERIFIED_BY_COMPANY: Record<VerificationType, MessageKey> = {
  identity: 'verification.verified_by_company_identity',
  phone: 'verification.verified_by_company_phone',
  email: 'verification.verified_by_company_email',
  company_registration: 'verification.verified_by_company_company_registration',
  farm_visit: 'verification.verified_by_company_farm_visit',
  warehouse: 'verification.verified_by_company_warehouse',
};
/** The decision mail's "your identity is now verified on your profile", per type for the same reason. */
export const VERIFICATION_APPROVED_MAIL: Record<VerificationType, MessageKey> = {
  identity: 'mail.verification_approved_identity',
  phone: 'mail.verification_approved_phone',
  email: 'mail.verification_approved_email',
  company_registration: 'mail.verification_approved_company_registration',
  farm_visit: 'mail.verification_approved_farm_visit',
  warehouse: 'mail.verification_approved_warehouse',
};

/** What a verification says: "Identity verified by Mavuno", or by the company that verified it. */
export function verifiedText(t: Translate, type: VerificationType, company?: string | null): string {
  return company ? t(VERIFIED_BY_COMPANY[type], { company }) : t(VERIFIED_BY_PLATFORM[type]);
}
