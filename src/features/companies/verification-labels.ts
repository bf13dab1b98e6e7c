import type { MessageKey } from '~/i18n/t';
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
