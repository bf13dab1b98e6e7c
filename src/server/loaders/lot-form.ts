import { notFoundAsUndefined } from './not-found';
import type { AstroGlobal } from 'astro';
import { isInDeal, mayChangeTerms } from '~/features/lots/owner-actions';
import { PERMISSIONS } from '~/features/accounts/constants';
import { KINDS, type LotKind, type LotType } from '~/features/lots/constants';
import { type LotFormValues, emptyLotValues, lotFormValuesFrom } from '~/features/lots/form-values';
import { getDb } from '~/server/db';
import { signInRedirect } from '~/server/http/guards';
import { listAddresses } from '~/server/services/accounts/addresses';
import { type SessionUser, findUserById } from '~/server/services/accounts/users';
import type { LotItem } from '~/server/services/lots/lot-item';
import { getCategoryTree } from '~/server/services/reference/list-categories';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { listUnits } from '~/server/services/reference/list-units';
import { parseId } from '~/features/validation/fields';
import { getLot } from '~/server/services/lots/get-lot';
import { findMembership } from '~/server/services/companies/access';
import type {
  CategoryChoice,
  CurrencyChoice,
  ExistingPhoto,
  PlainLotForm,
  UnitOption,
  WarehouseChoice,
} from '~/features/lots/lot-form-types';
import { LOT_PHOTO_MAX_BYTES, MAX_LOT_PHOTOS } from '~/features/lots/constants';
import { dropStrayRentUnit, fieldOrder } from '~/features/lots/form-values';
import { lotSchema } from '~/features/lots/schemas';
import { parseNumber } from '~/features/numbers/parse';
import { localizePath, splitLocale } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { AppError, isAppError } from '~/server/errors';
import { FORM_TOKEN_FIELD, formTokenFor } from '~/server/http/form-token';
import { photoView } from '~/server/services/lots/lot-item';
import { uploadLotPhoto } from '~/server/services/lots/lot-photos';
import { createLot, updateLot } from '~/server/services/lots/save-lot';
import { loadPlaceLists } from './place-lists';
import {
  type FormPageRequest,
  PRIVATE_PAGE,
  type PageOutcome,
  failedForm,
  formPageRequest,
  guardFormPost,
  redirectResponse,
} from './form-post';
import { loginUrl } from '~/server/http/guards';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { listMemberWarehouses } from '~/server/services/warehouses/list-member-warehouses';
import type { MemberWarehouse } from '~/server/services/warehouses/member-warehouse-fields';

/** The warehouses the place select offers (the newest first: a member keeps a few). */
const WAREHOUSE_CHOICES = 100;

/** A warehouse as the select names it: its description, else its public depot, with where it is. */
function warehouseName(w: MemberWarehouse): string {
  const name = w.description ?? w.system_warehouse_title ?? `#${w.id}`;
  const place = w.village_name ?? w.region_name ?? w.country_name;
  return place ? `${name} (${place})` : name;
}

export interface LotFormData {
  view: 'form';
  kind: LotKind;
  /** The signed-in member the form belongs to (its photo uploads and offline drafts are theirs). */
  userId: number;
  types: LotType[];
  lot?: Pick<LotItem, 'id' | 'title'>;
  initial: LotFormValues;
  photos: ExistingPhoto[];
  categories: CategoryChoice[];
  units: UnitOption[];
  currencies: CurrencyChoice[];
  /** The member's company, when they belong to one: "publish for my company" (docs/companies.md "Company lots"). */
  company?: { id: number; name: string };
  /** The member's (and their company's) warehouses the lot may be placed at (docs/warehouses.md). */
  warehouses: WarehouseChoice[];
  /** The same form as a plain HTML form post, for a browser without JavaScript. */
  plain: PlainLotForm;
}

/** What a lot form page shows: the form, the tier explanation, a lot in a deal that cannot change, or a 404. */
export type LotFormView =
  | LotFormData
  | { view: 'upgrade'; kind: LotKind; tier: SessionUser['tier'] }
  | { view: 'locked'; kind: LotKind; lot: Pick<LotItem, 'id' | 'title'>; reason: 'in_deal' | 'sold_out' }
  | { view: 'not_found'; kind: LotKind };

/** The lot of an update page's `[id]`, as getLot shows it to this member; undefined when there is none to show. */
async function findLotToEdit(kind: LotKind, rawId: string, { user, locale }: Pick<FormPageRequest, 'user' | 'locale'>) {
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  return notFoundAsUndefined(getLot(await getDb(), kind, id, user, locale));
}

interface Options {
  kind: LotKind;
  /** The type of an add page that fixes it (board sell lot, buy request); absent where the member chooses. */
  presetType?: LotType;
  /** The `[id]` param of an update page; absent on an add page. */
  lotId?: string;
}

/**
 * Everything a lot form page needs, loaded once in the page's frontmatter (a component cannot answer a
 * redirect) and handed to LotFormPage: the sign-in guard, the tier rule, the lot of an update page (the
 * member's own, else 404), and the lists. Amounts of an edited lot are written the page's way ("72,000",
 * "72 000"). Returns the redirect Response when the visitor must sign in first, or after a plain form post
 * published the lot (postLotForm).
 */
export async function loadLotFormPage(Astro: AstroGlobal, options: Options): Promise<Response | LotFormView> {
  if (!Astro.locals.user) return signInRedirect(Astro);
  const outcome = await loadLotForm(formPageRequest(Astro), options);
  if ('redirect' in outcome) return redirectResponse(outcome);
  Astro.response.status = outcome.status;
  for (const [name, value] of Object.entries(outcome.headers)) Astro.response.headers.set(name, value);
  return outcome.view;
}

/**
 * loadLotFormPage's work on the request as every form page's loader reads it (FormPageRequest): the view with its
 * status, or where the browser goes (sign in first; the lot's page once a plain post saved it).
 */
export async function loadLotForm(
  request: FormPageRequest,
  { kind, presetType, lotId }: Options,
): Promise<PageOutcome<LotFormView>> {
  const { user, locale } = request;
  if (!user)
    return {
      redirect: loginUrl(locale, request.url.pathname + request.url.search),
      status: 302,
      headers: PRIVATE_PAGE,
    };
  const isPost = request.request.method === 'POST';
  const answer = (view: LotFormView, status = 200) => ({ view, status, headers: PRIVATE_PAGE });
  const db = await getDb();
  const meta = KINDS[kind];

  let lot: LotItem | undefined;
  if (lotId !== undefined) {
    lot = await findLotToEdit(kind, lotId, request);
    // Someone else's lot is none of this member's business here: the same answer as a missing one.
    if (!lot?.is_own) return answer({ view: 'not_found', kind }, 404);
    // The one rule of what an owner may do (a lot in a deal, a booked machine included, keeps its terms; a
    // sold-out lot has nothing left to change).
    if (lot.owner_state && !mayChangeTerms(lot.owner_state))
      return answer(
        {
          view: 'locked',
          kind,
          lot: { id: lot.id, title: lot.title },
          reason: isInDeal(lot.owner_state) ? 'in_deal' : 'sold_out',
        },
        isPost ? 409 : 200,
      );
  } else if (kind !== 'technic' && !user.scope.includes(PERMISSIONS.createTradeLots)) {
    // Only adding is tiered: the API lets an owner edit a lot whatever their tier is now (a post is refused as
    // the API refuses it, save-lot.ts assertMayPublish: 403).
    return answer({ view: 'upgrade', kind, tier: user.tier }, isPost ? 403 : 200);
  }

  const [tree, units, currencies, company, warehouses] = await Promise.all([
    getCategoryTree(db, kind, locale),
    listUnits(db, meta.unitCategory, locale),
    listCurrencies(db, locale),
    findMembership(db, user.id),
    listMemberWarehouses(db, user.id, { page: 1, perPage: WAREHOUSE_CHOICES }, locale),
  ]);
  const categories = tree.map((root) => ({
    id: root.id,
    name: root.name,
    children: (root.children ?? []).map((child) => ({ id: child.id, name: child.name })),
  }));
  // The page itself in its language (the page may be handed its URL without the language prefix).
  const action = localizePath(splitLocale(request.url.pathname).path, locale);
  const common = {
    view: 'form' as const,
    kind,
    userId: user.id,
    categories,
    units: units.map((u) => ({ id: u.id, name: u.name, short: u.short })),
    currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name, decimals: c.decimals })),
    company: company ? { id: company.companyId, name: company.companyTitle } : undefined,
    warehouses: warehouses.items.map((w) => ({
      id: w.id,
      name: warehouseName(w),
      country_id: w.country_id,
      region_id: w.region_id,
      village_id: w.village_id,
      latitude: w.latitude,
      longitude: w.longitude,
    })),
  };
  const plainForm = async (values: LotFormValues, refused: Partial<PlainLotForm> = {}): Promise<PlainLotForm> => ({
    action,
    token: formTokenFor(request.cookies),
    errors: {},
    ...refused,
    places: await placeChoices(db, locale, values),
  });

  let shown: LotFormData;
  if (lot) {
    const photos = lot.photos.map((photo) => ({ key: photo.key, url: photo.url, srcset: photo.srcset }));
    const initial = lotFormValuesFrom(
      lot as unknown as Record<string, unknown>,
      kind,
      photos.map((p) => p.key),
      locale,
    );
    shown = {
      ...common,
      types: [...meta.types],
      lot: { id: lot.id, title: lot.title },
      initial,
      photos,
      plain: await plainForm(initial),
    };
  } else {
    // A new lot starts in the member's currency and at their farm (or first) address: most lots are sold from home.
    const [account, addresses] = await Promise.all([findUserById(db, user.id), listAddresses(db, user.id, locale)]);
    const home = addresses.find((a) => a.label === 'farm' || a.label === 'warehouse') ?? addresses[0];
    const currencyId =
      currencies.find((c) => c.id === account?.currencyId)?.id ?? currencies.find((c) => c.is_default)?.id;
    const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
    const type = presetType ?? meta.types[0];
    const initial = emptyLotValues(type, {
      currency_id: text(currencyId),
      country_id: text(home?.country_id),
      region_id: text(home?.region_id),
      village_id: text(home?.village_id),
      latitude: text(home?.latitude),
      longitude: text(home?.longitude),
    });
    shown = {
      ...common,
      types: presetType ? [presetType] : [...meta.types],
      initial,
      photos: [],
      plain: await plainForm(initial),
    };
  }
  if (!isPost) return answer(shown);

  const outcome = await postLotForm(request, db, { kind, user, locale, lotId: lot?.id, types: shown.types });
  if ('redirect' in outcome) return outcome;
  const view: LotFormData = {
    ...shown,
    initial: outcome.values,
    photos: outcome.values.photos.map((key) => {
      const { url, srcset } =
        shown.photos.find((p) => p.key === key) ?? photoView({ storageKey: key, width: 0, height: 0 });
      return { key, url, srcset };
    }),
    plain: await plainForm(outcome.values, outcome.refused),
  };
  return { view, status: outcome.status, headers: outcome.headers };
}

/** The most a plain lot form post may carry: its photos at their largest, and the text beside them. */
const MAX_LOT_POST_BYTES = MAX_LOT_PHOTOS * LOT_PHOTO_MAX_BYTES + 1024 * 1024;

/**
 * A posted lot form (URL-encoded or multipart): its text fields (the first of each name), the photo keys it keeps
 * (`photos`, every one in order) and the photo files it brings (`photo_files`, empty file parts left out).
 */
async function readLotPost(request: Request) {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
    throw new AppError('unsupported_media_type', 'errors.unsupported_media_type');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_LOT_POST_BYTES)
    throw new AppError('payload_too_large', 'errors.payload_too_large');
  const form = await request.formData().catch((cause) => {
    throw new AppError('bad_request', 'errors.malformed_body', { cause });
  });
  const fields: Record<string, string> = {};
  const photoKeys: string[] = [];
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      if (name === 'photo_files' && value.size > 0) files.push(value);
    } else if (name === 'photos') {
      if (value !== '') photoKeys.push(value);
    } else fields[name] ??= value;
  }
  return { fields, photoKeys, files };
}

/** The values a posted form shows again: what was typed (ticks as ticked), the photos it now has. */
function postedValues(fields: Record<string, string>, photos: string[], type: LotType): LotFormValues {
  const values = emptyLotValues((fields.type as LotType) || type) as unknown as Record<string, unknown>;
  for (const name of Object.keys(values)) {
    if (name === 'photos' || name === 'type') continue;
    if (typeof values[name] === 'boolean') values[name] = fields[name] !== undefined && fields[name] !== '';
    else if (fields[name] !== undefined) values[name] = fields[name];
  }
  return { ...(values as unknown as LotFormValues), photos };
}

type PostOutcome =
  | { redirect: string; status: 303; headers: Record<string, string> }
  | { values: LotFormValues; refused: Partial<PlainLotForm>; status: number; headers: Record<string, string> };

/**
 * The lot form posted by a browser without JavaScript (docs/lots.md "The lot form without JavaScript"): the form
 * token first, then the photos through the upload endpoint's own checks (uploadLotPhoto: content sniffed, size,
 * rate), then the API's own schema (lotSchema, numbers read as the page's language writes them) and service
 * (createLot / updateLot). Saved, the browser goes to the lot's page (303); refused, the form comes back with
 * what was typed, the photos already taken, and each field's problem beside it, with the API's status.
 * `place_step` ("Show the regions and villages") only shows the form again with the lists of the chosen place.
 */
async function postLotForm(
  request: FormPageRequest,
  db: Executor,
  {
    kind,
    user,
    locale,
    lotId,
    types,
  }: { kind: LotKind; user: SessionUser; locale: Locale; lotId?: number; types: LotType[] },
): Promise<PostOutcome> {
  let fields: Record<string, string> = {};
  let photos: string[] = [];
  try {
    const posted = await readLotPost(request.request);
    fields = posted.fields;
    photos = posted.photoKeys;
    guardFormPost(request, fields);
    if (fields.place_step) {
      // Another country or region was chosen: the point of the old place is no longer the lot's.
      fields = { ...fields, latitude: '', longitude: '' };
      return { values: postedValues(fields, photos, types[0]), refused: {}, status: 200, headers: PRIVATE_PAGE };
    }
    if (photos.length + posted.files.length > MAX_LOT_PHOTOS)
      throw new AppError('validation_failed', 'errors.validation_failed', {
        fields: { photos: [{ key: 'lots.too_many_photos' }] },
      });
    for (const file of posted.files) {
      const uploaded = await uploadLotPhoto(db, user.id, file).catch((error: unknown) => {
        if (!isAppError(error) || !error.fields?.photo) throw error;
        throw new AppError(error.code, error.messageKey, {
          fields: { photos: error.fields.photo },
          status: error.status,
        });
      });
      photos.push(uploaded.key);
    }
    const { [FORM_TOKEN_FIELD]: _token, ...body } = fields;
    const input = parseInput(
      lotSchema(kind, locale),
      dropStrayRentUnit(kind, { ...body, type: body.type ?? types[0], photos }),
    );
    const id = lotId ?? (await createLot(db, user, kind, input, locale)).id;
    if (lotId !== undefined) await updateLot(db, user, kind, lotId, input, locale);
    return { redirect: localizePath(`${KINDS[kind].sitePath}/${id}`, locale), status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    const values = postedValues(fields, photos, types[0]);
    const failed = failedForm(error, request, { action: '', shownFields: fieldOrder(kind), values: {} });
    const refused: Partial<PlainLotForm> = { errors: failed.state.errors, problem: failed.state.problem };
    if (isAppError(error) && error.code === 'price_unusual') {
      const price = parseNumber(fields.price ?? '', { locale });
      if (price.ok) refused.unusual = { message: failed.state.problem ?? '', price: price.value };
    }
    return { values, refused, status: failed.status, headers: failed.headers };
  }
}

/** The country, region and village lists the plain form shows for the values given. */
async function placeChoices(db: Executor, locale: Locale, values: LotFormValues): Promise<PlainLotForm['places']> {
  const { countries, regions, villages } = await loadPlaceLists(db, locale, values);
  return { countries, regions, villages };
}
