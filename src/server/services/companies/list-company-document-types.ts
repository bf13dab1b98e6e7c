import type { Locale } from '~/i18n/config';
import { createTranslator, type MessageKey } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { listDocumentTypes } from '../accounts/documents';

/** The names of the document types' categories (type_category_id). */
const CATEGORY_NAME: Record<number, MessageKey> = {
  1: 'companies.document_category_1',
  2: 'companies.document_category_2',
  3: 'companies.document_category_3',
  4: 'companies.document_category_4',
};

/** The kinds of documents a company uploads (the same list as members' documents). */
export const listCompanyDocumentTypes = listDocumentTypes;

/** The document types grouped by their type category (identity, business, land and farm, trade), named. */
export async function listCompanyDocumentTypesByCategory(db: Executor, locale: Locale) {
  const t = createTranslator(locale);
  const groups = new Map<number, { type_category_id: number; name: string; items: { id: number; name: string }[] }>();
  for (const type of await listDocumentTypes(db, locale)) {
    let group = groups.get(type.type_category_id);
    if (!group) {
      group = {
        type_category_id: type.type_category_id,
        name: CATEGORY_NAME[type.type_category_id] ? t(CATEGORY_NAME[type.type_category_id]) : '',
        items: [],
      };
      groups.set(type.type_category_id, group);
    }
    group.items.push({ id: type.id, name: type.name });
  }
  return [...groups.values()];
}
