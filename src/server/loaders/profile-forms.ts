import type { ProfileFormKind } from '~/features/companies/constants';
import {
  type MemberProfileData,
  PROFILE_FORM_FIELDS,
  PROFILE_FORM_PATHS,
  profileFormSchema,
} from '~/features/companies/profile-forms';
import { localNumberText } from '~/features/numbers/text';
import { parseId } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { findUserById } from '~/server/services/accounts/users';
import { readMemberProfile } from '~/server/services/profiles/read-member-profile';
import { saveMemberProfile } from '~/server/services/profiles/save-member-profile';
import { listCategoriesFlat } from '~/server/services/reference/list-categories';
import { listCountryRegions } from '~/server/services/reference/list-regions';
import {
  type FormPageRequest,
  handleFormPost,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  readForm,
} from './form-post';

/** The fields of a form that take several values (checkboxes `name[]`). */
const LIST_FIELDS = ['crops', 'commodities', 'seasons', 'regions'] as const;

export interface ProfileFormView {
  view: 'form';
  kind: ProfileFormKind;
  form: FormState;
  /** The ticked values of the list fields (crops[], seasons[]…). */
  ticked: Record<string, string[]>;
  /** Whether the member has saved this profile before (the page then says "edit"). */
  exists: boolean;
  /** Just saved (after the redirect of a successful post). */
  saved: boolean;
  crops: { id: number; name: string }[];
  regions: { id: number; name: string }[];
  /** The member's public profile, where the saved profile shows. */
  publicHref: string;
}

/** Saved data as the form's text values: numbers written the page's way ("1,250.5"), lists one per line. */
function valuesOf(data: MemberProfileData | undefined, locale: FormPageRequest['locale']) {
  const values: Record<string, string> = {};
  const ticked: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(data ?? {})) {
    if ((LIST_FIELDS as readonly string[]).includes(field)) ticked[field] = (value as unknown[]).map(String);
    else if (Array.isArray(value)) values[field] = value.join('\n');
    else if (typeof value === 'number') values[field] = localNumberText(value, locale);
    else values[field] = String(value);
  }
  return { values, ticked };
}

/**
 * A profile form page (/farmer-profile-form, /trader-profile-form, /cooperative-form, and `/{id}` to edit; docs/
 * companies.md "Profiles"): the signed-in member's own profile of the kind, a plain form that posts to its page.
 * `{id}` is the member's own user id: any other id is the 404 page (nobody edits another member's profile). A
 * saved form redirects (303) to the same page with `?saved=1`.
 */
export async function loadProfileFormPage(
  request: FormPageRequest,
  user: SessionUser,
  kind: ProfileFormKind,
  rawId: string | undefined,
): Promise<PageOutcome<ProfileFormView | { view: 'not_found' }>> {
  if (rawId !== undefined && parseId(rawId) !== user.id)
    return { view: { view: 'not_found' }, status: 404, headers: PRIVATE_PAGE };
  const { locale } = request;
  const db = await getDb();
  const path = rawId === undefined ? PROFILE_FORM_PATHS[kind] : `${PROFILE_FORM_PATHS[kind]}/${user.id}`;
  const action = localizePath(path, locale);
  const [stored, account, crops] = await Promise.all([
    readMemberProfile(db, user.id, kind),
    findUserById(db, user.id),
    listCategoriesFlat(db, 'board', locale),
  ]);
  const regions = account?.countryId ? await listCountryRegions(db, account.countryId, locale) : [];
  const view = (form: FormState, ticked: Record<string, string[]>, saved = false): ProfileFormView => ({
    view: 'form',
    kind,
    form,
    ticked,
    exists: stored !== null,
    saved,
    crops: crops.map((c) => ({ id: c.id, name: c.name })),
    regions: regions.map((r) => ({ id: r.id, name: r.name })),
    publicHref: localizePath(`/public-profile/${user.id}`, locale),
  });

  if (request.request.method !== 'POST') {
    const { values, ticked } = valuesOf(stored?.data, locale);
    const saved = request.url.searchParams.get('saved') === '1' && stored !== null;
    return { view: view(blankForm(request, action, values), ticked, saved), status: 200, headers: PRIVATE_PAGE };
  }

  const ticked: Record<string, string[]> = {};
  return handleFormPost(request, {
    action,
    shownFields: PROFILE_FORM_FIELDS[kind],
    read: async (posting) => {
      const copy = posting.clone();
      const fields = await readForm(posting);
      // readForm keeps the first value of each name; the checkbox lists need them all.
      const all = await copy.formData().catch((cause) => {
        throw new AppError('bad_request', 'errors.malformed_body', { cause });
      });
      for (const field of LIST_FIELDS)
        ticked[field] = all.getAll(`${field}[]`).filter((value): value is string => typeof value === 'string');
      return fields;
    },
    run: async (fields) => {
      const data = parseInput(profileFormSchema(kind, locale), { ...fields, ...ticked }) as MemberProfileData;
      await saveMemberProfile(db, user.id, kind, data);
      return `${action}?saved=1`;
    },
    view: (form) => view(form, ticked),
  });
}
