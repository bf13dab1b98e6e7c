import { COMPANY_TYPES } from '~/features/companies/constants';
import { COMPANY_TYPE_LABEL } from '~/features/companies/labels';
import type { Locale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';

/** `GET /company/company-type`: every company type, by id, named in the asked language. */
export function listCompanyTypes(locale: Locale) {
  const t = createTranslator(locale);
  return COMPANY_TYPES.map((type) => ({ id: type.id, key: type.key, name: t(COMPANY_TYPE_LABEL[type.key]) }));
}
