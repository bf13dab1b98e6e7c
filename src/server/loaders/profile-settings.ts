import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { listAddresses } from '~/server/services/accounts/addresses';
import { listDocumentTypes } from '~/server/services/accounts/documents';
import { getProfileSettings } from '~/server/services/accounts/profile';
import type { SessionUser } from '~/server/services/accounts/users';
import { getCategoryTree } from '~/server/services/reference/list-categories';
import { listCurrencies } from '~/server/services/reference/list-currencies';

/**
 * The user's own profile page (/user/profile/user): what its sections edit — the settings the API's
 * profile-settings-data answers, the addresses — and the choices they offer (document types, currencies, the
 * board and machinery category trees), read at once.
 */
export async function loadProfileSettingsPage(user: SessionUser, locale: Locale) {
  const db = await getDb();
  const [settings, addresses, documentTypes, currencies, boardTree, technicTree] = await Promise.all([
    getProfileSettings(db, user.id, locale),
    listAddresses(db, user.id, locale),
    listDocumentTypes(db, locale),
    listCurrencies(db, locale),
    getCategoryTree(db, 'board', locale),
    getCategoryTree(db, 'technic', locale),
  ]);
  return { settings, addresses, documentTypes, currencies, boardTree, technicTree };
}
