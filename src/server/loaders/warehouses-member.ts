import { LOT_KIND_LABEL } from '~/features/lots/labels';
import { lotQuantityText } from '~/features/lots/lot-format';
import { parseNumber } from '~/features/numbers/parse';
import { parseId } from '~/features/validation/fields';
import { type MapCenter, mapCenterOf } from '~/features/accounts/address-value';
import {
  warehouseCreateSchema,
  warehouseFromPublicSchema,
  warehouseIdSchema,
  warehouseProductSchema,
  warehouseUpdateSchema,
} from '~/features/warehouses/schemas';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, type Translate, createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { type Executor, getDb } from '~/server/db';
import type { PageMeta } from '~/server/db/pagination';
import { AppError } from '~/server/errors';
import { findMembership } from '~/server/services/companies/access';
import { listCountries } from '~/server/services/reference/list-countries';
import { loadPlaceLists } from './place-lists';
import { listUnits } from '~/server/services/reference/list-units';
import { addWarehouseProduct } from '~/server/services/warehouses/add-warehouse-product';
import { createMemberWarehouse } from '~/server/services/warehouses/create-member-warehouse';
import { createWarehouseFromPublic } from '~/server/services/warehouses/create-warehouse-from-public';
import { deleteMemberWarehouse } from '~/server/services/warehouses/delete-member-warehouse';
import { deleteWarehouseProduct } from '~/server/services/warehouses/delete-warehouse-product';
import { listMemberWarehouses } from '~/server/services/warehouses/list-member-warehouses';
import { listPublicWarehouses } from '~/server/services/warehouses/list-public-warehouses';
import { listStockCategories } from '~/server/services/warehouses/list-stock-categories';
import { readMemberWarehouse } from '~/server/services/warehouses/read-member-warehouse';
import { updateMemberWarehouse } from '~/server/services/warehouses/update-member-warehouse';
import { updateWarehouseProduct } from '~/server/services/warehouses/update-warehouse-product';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  handleFormPost,
  guardFormPost,
  readForm,
} from './form-post';

/**
 * The member's warehouse pages (docs/warehouses.md "Members' pages"), every form a plain HTML POST to its page
 * with an `action` field; a done step redirects (303) with `?done={action}`, a refused one shows the page again
 * with the errors beside their fields and the status the API answers the same failure with:
 * - /user/profile/warehouse: the member's warehouses (their own and their company's) with their stock;
 * - /user/profile/warehouse/new: a warehouse from scratch (`create`);
 * - /user/profile/warehouse/public: "I store at a public depot": a GET search over the public warehouses, then
 *   `create_from_public`;
 * - /user/profile/warehouse/{id}: edit (`update`), `delete` (with a ticked `confirm`), and the stock
 *   (`add_product`, `update_product`, `delete_product`).
 * The place fields post `refresh` (a second submit button) to show the regions of the chosen country and the
 * villages of the chosen region without saving: the lists a page without JavaScript cannot load on its own.
 */
export const WAREHOUSE_PATH = '/user/profile/warehouse';

export const WAREHOUSE_ACTIONS = [
  'create',
  'create_from_public',
  'update',
  'delete',
  'add_product',
  'update_product',
  'delete_product',
] as const;
export type WarehouseAction = (typeof WAREHOUSE_ACTIONS)[number];

/** The notice each done step shows after its redirect (`?done={action}`). */
export const WAREHOUSE_DONE: Record<WarehouseAction, MessageKey> = {
  create: 'warehouses.created',
  create_from_public: 'warehouses.created',
  update: 'warehouses.updated',
  delete: 'warehouses.deleted',
  add_product: 'warehouses.product_added',
  update_product: 'warehouses.product_updated',
  delete_product: 'warehouses.product_deleted',
};

/** Every field a warehouse form shows (errors of these sit beside the field; others join the alert). */
export const WAREHOUSE_FIELDS = [
  'description',
  'address',
  'phone',
  'email',
  'country_id',
  'region_id',
  'village_id',
  'latitude',
  'longitude',
  'company_id',
  'category',
  'quantity',
  'per_unit_id',
  'quality_notes',
  'confirm',
] as const;
export type WarehouseField = (typeof WAREHOUSE_FIELDS)[number];

type Db = Executor;
type MemberWarehouse = NonNullable<Awaited<ReturnType<typeof readMemberWarehouse>>>;

export interface ProductLine {
  id: number;
  /** `board:12`: the value of the category select. */
  category: string;
  categoryName: string;
  kindName: string;
  /** The quantity as the page writes it ("12 500 t"). */
  quantityText: string;
  /** The quantity as the edit form shows it (in the page's way of writing numbers). */
  quantity: string;
  per_unit_id: number;
  quality_notes: string;
}

export interface WarehouseCard {
  id: number;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** "Ahero, Kisumu, Kenya" (what is known of it). */
  place: string;
  latitude: number | null;
  longitude: number | null;
  /** The public warehouse it was made from, while that one is live. */
  publicId: number | null;
  publicTitle: string | null;
  /** Kept for the member's company (its team sees it). */
  isCompany: boolean;
  mayEdit: boolean;
  products: ProductLine[];
}

export interface PlaceLists {
  countries: { id: number; name: string }[];
  regions: { id: number; name: string }[];
  villages: { id: number; name: string }[];
  /** Where the map looks without a point: the chosen village, else the chosen region. */
  center: MapCenter | null;
}

export interface StockChoices {
  categories: { kind: string; name: string; items: { value: string; name: string; level: number }[] }[];
  units: { id: number; name: string; short: string }[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A stock quantity as the forms show it: the page's way of writing numbers, without grouping (parsed back as is). */
export function quantityFieldText(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-US', {
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
}

/**
 * What the page understood of a typed quantity, said back beside the field after a refused post ("= 12 500 t"),
 * or null when the text is no number (the field's error says why).
 */
export function understoodQuantity(
  typed: string | undefined,
  unit: { short: string } | undefined,
  t: Translate,
  locale: Locale,
): string | null {
  if (!typed?.trim()) return null;
  const read = parseNumber(typed, { locale });
  if (!read.ok) return null;
  return unit ? lotQuantityText({ unit: unit.short }, read.value, t, locale) : String(read.value);
}

function productLine(product: MemberWarehouse['products'][number], t: Translate, locale: Locale): ProductLine {
  const quantity = Number(product.quantity);
  return {
    id: product.id,
    category: `${product.category_kind}:${product.category_id}`,
    categoryName: product.category_name,
    kindName: t(LOT_KIND_LABEL[product.category_kind]),
    quantityText: lotQuantityText({ unit: product.unit_short }, quantity, t, locale),
    quantity: quantityFieldText(quantity, locale),
    per_unit_id: product.per_unit_id,
    quality_notes: product.quality_notes ?? '',
  };
}

function warehouseCard(warehouse: MemberWarehouse, t: Translate, locale: Locale): WarehouseCard {
  return {
    id: warehouse.id,
    description: warehouse.description,
    address: warehouse.address,
    phone: warehouse.phone,
    email: warehouse.email,
    place: [warehouse.village_name, warehouse.region_name, warehouse.country_name].filter(Boolean).join(', '),
    latitude: warehouse.latitude,
    longitude: warehouse.longitude,
    publicId: warehouse.system_warehouse_title ? warehouse.system_warehouse_id : null,
    publicTitle: warehouse.system_warehouse_title,
    isCompany: warehouse.company_id !== null,
    mayEdit: warehouse.may_edit,
    products: warehouse.products.map((product) => productLine(product, t, locale)),
  };
}

/** The warehouse's saved fields as the edit form shows them. */
function warehouseValues(warehouse: MemberWarehouse): Partial<Record<WarehouseField, string>> {
  return {
    description: text(warehouse.description),
    address: text(warehouse.address),
    phone: text(warehouse.phone),
    email: text(warehouse.email),
    country_id: text(warehouse.country_id),
    region_id: text(warehouse.region_id),
    village_id: text(warehouse.village_id),
    latitude: text(warehouse.latitude),
    longitude: text(warehouse.longitude),
    company_id: text(warehouse.company_id),
  };
}

/** The country, region and village lists the place fields show for the values given, and where the map opens. */
async function placeChoices(db: Db, locale: Locale, values: FormState['values']): Promise<PlaceLists> {
  const { countries, regions, villages, region, villageRows } = await loadPlaceLists(db, locale, values);
  return {
    countries,
    regions,
    villages,
    center: mapCenterOf(
      villageRows.find((v) => String(v.id) === values.village_id),
      region,
    ),
  };
}

async function loadStockChoices(db: Db, locale: Locale): Promise<StockChoices> {
  const [groups, units] = await Promise.all([listStockCategories(db, locale), listUnits(db, 'all', locale)]);
  return {
    categories: groups.map((group) => ({
      kind: group.category_kind,
      name: group.name,
      items: group.items.map((c) => ({ value: `${group.category_kind}:${c.id}`, name: c.name, level: c.level })),
    })),
    units: units.map((u) => ({ id: u.id, name: u.name, short: u.short })),
  };
}

const confirmMissing = () =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { confirm: [{ key: 'warehouse_page.confirm_required' }] },
  });

/** A blank optional field clears it (the edit form sends every field). */
function warehouseInput(fields: Record<string, string>) {
  const picked: Record<string, string> = {};
  for (const name of [
    'description',
    'address',
    'phone',
    'email',
    'country_id',
    'region_id',
    'village_id',
    'latitude',
    'longitude',
    'company_id',
  ])
    picked[name] = fields[name] ?? '';
  return picked;
}

/** The product form's fields: one select names the lot kind and the category (`board:12`). */
function productInput(fields: Record<string, string>) {
  const [categoryKind, categoryId] = (fields.category ?? '').split(':');
  return {
    category_kind: categoryKind ?? '',
    category_id: categoryId ?? '',
    quantity: fields.quantity ?? '',
    per_unit_id: fields.per_unit_id ?? '',
    quality_notes: fields.quality_notes ?? '',
  };
}

/** The product schema's and service's category fields are one select on the page: their errors go beside it. */
function onCategorySelect(error: unknown): never {
  if (error instanceof AppError && error.fields && ('category_kind' in error.fields || 'category_id' in error.fields))
    throw new AppError(error.code, error.messageKey, {
      fields: { ...error.fields, category: error.fields.category_id ?? error.fields.category_kind },
      status: error.status,
    });
  throw error;
}

/** The posted `action`, one of `allowed` (else a 400, as the API answers an unknown step). */
function postedAction(fields: Record<string, string>, allowed: readonly WarehouseAction[]): WarehouseAction {
  const action = fields.action as WarehouseAction;
  if (!allowed.includes(action)) throw new AppError('bad_request', 'errors.bad_request');
  return action;
}

/**
 * The values of a place form posted with "Show the regions and villages" (`refresh=1`) from this browser, or
 * undefined for any other post (handleFormPost then runs it, and refuses it when its guard fails). The body is read
 * from a copy so that handleFormPost still reads it.
 */
async function refreshedValues(request: FormPageRequest) {
  const fields = await readForm(request.request.clone()).catch(() => undefined);
  if (fields?.refresh !== '1') return undefined;
  try {
    guardFormPost(request, fields);
  } catch {
    return undefined;
  }
  return { action: fields.action, values: postedValues(fields) };
}

/** The values a refused or refreshed form shows again (not its token, action or confirmation). */
function postedValues(fields: Record<string, string>): FormState<WarehouseField>['values'] {
  const { form_token: _token, action: _action, id: _id, confirm: _confirm, refresh: _refresh, ...values } = fields;
  return values as FormState<WarehouseField>['values'];
}

function doneNotice(url: URL, t: Translate): string | null {
  const done = url.searchParams.get('done');
  return done && (WAREHOUSE_ACTIONS as readonly string[]).includes(done)
    ? t(WAREHOUSE_DONE[done as WarehouseAction])
    : null;
}

// ---------------------------------------------------------------------------------------------------------------
// /user/profile/warehouse

export interface WarehouseListView {
  warehouses: WarehouseCard[];
  meta: PageMeta;
  done: string | null;
}

/** Warehouses a page of the list shows (a member keeps a few; a large company pages through them). */
export const WAREHOUSES_PER_PAGE = 20;

/** The member's warehouses with their stock (their own and their company's), and the notice of a step just done. */
export async function loadWarehouseList(
  request: FormPageRequest,
  page: number,
): Promise<WarehouseListView | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const t = createTranslator(locale);
  const result = await listMemberWarehouses(await getDb(), user.id, { page, perPage: WAREHOUSES_PER_PAGE }, locale);
  return {
    warehouses: result.items.map((w) => warehouseCard(w, t, locale)),
    meta: result._meta,
    done: doneNotice(request.url, t),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// /user/profile/warehouse/new

export interface WarehouseFormView {
  form: FormState<WarehouseField>;
  places: PlaceLists;
  /** The member's company, when they belong to one: "keep it for my company". */
  company: { id: number; name: string } | null;
}

export async function loadNewWarehouse(request: FormPageRequest): Promise<PageOutcome<WarehouseFormView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const db = await getDb();
  const action = localizePath(`${WAREHOUSE_PATH}/new`, locale);
  const membership = await findMembership(db, user.id);
  const company = membership ? { id: membership.companyId, name: membership.companyTitle } : null;
  const view = async (form: FormState<WarehouseField>): Promise<WarehouseFormView> => ({
    form,
    places: await placeChoices(db, locale, form.values),
    company,
  });

  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };

  const refreshed = await refreshedValues(request);
  if (refreshed)
    return { view: await view(blankForm(request, action, refreshed.values)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost<WarehouseField, WarehouseFormView>(request, {
    action,
    shownFields: WAREHOUSE_FIELDS,
    keep: postedValues,
    run: async (fields) => {
      postedAction(fields, ['create']);
      const input = parseInput(warehouseCreateSchema, warehouseInput(fields));
      const created = await createMemberWarehouse(db, user.id, input);
      return `${localizePath(`${WAREHOUSE_PATH}/${created.id}`, locale)}?done=create`;
    },
    view: (state) => view(state),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// /user/profile/warehouse/public

const DEPOTS_PER_PAGE = 12;

export interface PublicDepotView {
  query: { q: string; country_id: string; page: number };
  countries: { id: number; name: string }[];
  result: Awaited<ReturnType<typeof listPublicWarehouses>>;
  form: FormState<WarehouseField>;
  company: { id: number; name: string } | null;
}

/** "I store at a public depot": search the public warehouses by name and country, then make one the member's. */
export async function loadPublicDepotPicker(
  request: FormPageRequest,
): Promise<PageOutcome<PublicDepotView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale, url } = request;
  const db = await getDb();
  // A refused post shows the same search again.
  const action = localizePath(`${WAREHOUSE_PATH}/public`, locale) + url.search;
  // What no person types (a NUL byte, a broken surrogate) searches for nothing rather than reaching the database.
  const typed = url.searchParams.get('q') ?? '';
  const q = typed.includes('\u0000') || !typed.isWellFormed() ? '' : typed.trim().slice(0, 100);
  const countryId = parseId(url.searchParams.get('country_id'));
  const page = parseId(url.searchParams.get('page')) ?? 1;
  const membership = await findMembership(db, user.id);
  const view = async (form: FormState<WarehouseField>): Promise<PublicDepotView> => {
    const [countries, result] = await Promise.all([
      listCountries(db, locale),
      listPublicWarehouses(db, { q: q || undefined, countryId }, { page, perPage: DEPOTS_PER_PAGE }, locale),
    ]);
    return {
      query: { q, country_id: text(countryId), page },
      countries: countries.map((c) => ({ id: c.id, name: c.name })),
      result,
      form,
      company: membership ? { id: membership.companyId, name: membership.companyTitle } : null,
    };
  };

  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };

  return handleFormPost<WarehouseField, PublicDepotView>(request, {
    action,
    shownFields: WAREHOUSE_FIELDS,
    keep: postedValues,
    run: async (fields) => {
      postedAction(fields, ['create_from_public']);
      const input = parseInput(warehouseFromPublicSchema, {
        system_warehouse_id: fields.system_warehouse_id ?? '',
        company_id: fields.company_id ?? '',
      });
      const created = await createWarehouseFromPublic(db, user.id, input);
      return `${localizePath(`${WAREHOUSE_PATH}/${created.id}`, locale)}?done=create_from_public`;
    },
    view: (state) => view(state),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// /user/profile/warehouse/{id}

export interface WarehouseEditView extends WarehouseFormView, StockChoices {
  warehouse: WarehouseCard;
  /** Which form `form` belongs to, when a post was refused (with the product's id for `update_product`). */
  failedAction: WarehouseAction | null;
  failedProductId: number | null;
  /** What the page understood of the refused product form's quantity. */
  understood: string | null;
  done: string | null;
}

/**
 * One warehouse's page: undefined for a visitor (the page sends them to sign in), `not_found` for a warehouse that
 * is none of the member's or their company's (a 404, as the API answers).
 */
export async function loadWarehouseEdit(
  request: FormPageRequest,
  rawId: string | undefined,
): Promise<PageOutcome<WarehouseEditView> | 'not_found' | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const id = parseId(rawId);
  if (id === undefined) return 'not_found';
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const action = localizePath(`${WAREHOUSE_PATH}/${id}`, locale);
  const [found, stock, membership] = await Promise.all([
    readMemberWarehouse(db, user.id, id, locale),
    loadStockChoices(db, locale),
    findMembership(db, user.id),
  ]);
  if (!found) return 'not_found';
  const company = membership ? { id: membership.companyId, name: membership.companyTitle } : null;

  const view = async (
    form: FormState<WarehouseField>,
    failedAction: WarehouseAction | null,
    failedProductId: number | null = null,
  ): Promise<WarehouseEditView> => {
    // A refused post changed nothing: the warehouse read above is the one to show.
    const warehouse = found;
    // The edit form shows what was posted after a refusal (or a refresh), else the warehouse's saved fields.
    const values = failedAction === 'update' ? form.values : { ...warehouseValues(warehouse), ...form.values };
    const productForm = failedAction === 'add_product' || failedAction === 'update_product';
    const unit = stock.units.find((u) => String(u.id) === form.values.per_unit_id);
    return {
      warehouse: warehouseCard(warehouse, t, locale),
      form: { ...form, values },
      places: await placeChoices(db, locale, values),
      company,
      ...stock,
      failedAction,
      failedProductId,
      understood: productForm ? understoodQuantity(form.values.quantity, unit, t, locale) : null,
      done: doneNotice(request.url, t),
    };
  };

  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action), null), status: 200, headers: PRIVATE_PAGE };

  const refreshed = await refreshedValues(request);
  if (refreshed?.action === 'update')
    return {
      view: await view(blankForm(request, action, refreshed.values), 'update'),
      status: 200,
      headers: PRIVATE_PAGE,
    };

  const stockInput = (fields: Record<string, string>) => {
    try {
      return parseInput(warehouseProductSchema(locale), productInput(fields));
    } catch (error) {
      return onCategorySelect(error);
    }
  };
  return handleFormPost<WarehouseField, WarehouseEditView>(request, {
    action,
    shownFields: WAREHOUSE_FIELDS,
    keep: postedValues,
    run: async (fields) => {
      const posted = postedAction(fields, ['update', 'delete', 'add_product', 'update_product', 'delete_product']);
      const productId = () => parseInput(warehouseIdSchema, { id: fields.id }).id;
      switch (posted) {
        case 'update':
          await updateMemberWarehouse(
            db,
            user.id,
            parseInput(warehouseUpdateSchema, { id, ...warehouseInput(fields) }),
          );
          break;
        case 'delete':
          if (fields.confirm !== '1') throw confirmMissing();
          await deleteMemberWarehouse(db, user.id, id);
          return `${localizePath(WAREHOUSE_PATH, locale)}?done=delete`;
        case 'add_product':
          await addWarehouseProduct(db, user.id, id, stockInput(fields)).catch(onCategorySelect);
          break;
        case 'update_product':
          await updateWarehouseProduct(db, user.id, productId(), stockInput(fields)).catch(onCategorySelect);
          break;
        case 'delete_product':
          await deleteWarehouseProduct(db, user.id, productId());
          break;
      }
      return `${action}?done=${posted}`;
    },
    view: (state, _error, fields) => {
      const posted = (WAREHOUSE_ACTIONS as readonly string[]).includes(fields.action ?? '')
        ? (fields.action as WarehouseAction)
        : null;
      return view(state, posted, posted === 'update_product' ? (parseId(fields.id) ?? null) : null);
    },
  });
}
