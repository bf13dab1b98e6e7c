import { z } from 'zod';
import {
  REFERENCE_CATEGORY_KINDS,
  categoryAddSchema,
  rateSetSchema,
  ratesImportSchema,
  regionAddSchema,
  regionSchema,
  threeNamesSchema,
  unitAddSchema,
  unitSchema,
  villageAddSchema,
  villageSchema,
} from '~/features/admin/reference';
import { parseNumber } from '~/features/numbers/parse';
import { numberProblemMessage } from '~/features/numbers/messages';
import { WAREHOUSE_SERVICES } from '~/features/warehouses/constants';
import { parseId, requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { CategoryKind } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { addCategory } from '~/server/services/reference/add-category';
import { addUnit } from '~/server/services/reference/add-unit';
import { deleteCategory } from '~/server/services/reference/delete-category';
import { deleteUnit } from '~/server/services/reference/delete-unit';
import { importExchangeRates } from '~/server/services/reference/import-exchange-rates';
import { listAdminCategories } from '~/server/services/reference/list-admin-categories';
import { listAdminCurrencies } from '~/server/services/reference/list-admin-currencies';
import { listAdminPlaces } from '~/server/services/reference/list-admin-places';
import { listAdminUnits } from '~/server/services/reference/list-admin-units';
import { renameCategory } from '~/server/services/reference/rename-category';
import { saveRegion } from '~/server/services/reference/save-region';
import { saveVillage } from '~/server/services/reference/save-village';
import { setCategoryRetired } from '~/server/services/reference/set-category-retired';
import { setCurrencyActive } from '~/server/services/reference/set-currency-active';
import { setExchangeRate } from '~/server/services/reference/set-exchange-rate';
import { setUnitRetired } from '~/server/services/reference/set-unit-retired';
import { updateUnit } from '~/server/services/reference/update-unit';
import { listAdminPublicWarehouses } from '~/server/services/warehouses/list-admin-public-warehouses';
import { savePublicWarehouseAsStaff } from '~/server/services/warehouses/save-public-warehouse-as-staff';
import { setPublicWarehouseRetired } from '~/server/services/warehouses/set-public-warehouse-retired';
import type { AdminGate } from './admin';
import {
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
  blankForm,
  handleFormPost,
  readMultipartForm,
} from './form-post';

/**
 * The reference data pages (docs/backoffice.md "Reference data"), administrators only: each page lists its data
 * and takes its forms' posts (field `action` names the change), then goes back to itself with `done=1`.
 */

const idOf = (fields: Record<string, string>) => parseInput(z.object({ id: requiredInt() }), fields).id;
const confirmed = (fields: Record<string, string>) => {
  if (fields.confirm !== '1')
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { confirm: [{ key: 'validation.required' }] },
    });
};

async function page<View>(
  gate: AdminGate,
  path: string,
  load: () => Promise<View>,
  run: (fields: Record<string, string>) => Promise<void>,
  read?: (request: Request) => Promise<Record<string, string>>,
): Promise<PageOutcome<View & { form: FormState; done: boolean }>> {
  const action = localizePath(path, gate.request.locale) + gate.request.url.search.replace(/([?&])done=1&?/, '$1');
  const view = async (form: FormState) => ({
    ...(await load()),
    form,
    done: gate.request.url.searchParams.get('done') === '1',
  });
  if (gate.request.request.method !== 'POST')
    return { view: await view(blankForm(gate.request, action)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost(gate.request, {
    action,
    shownFields: [],
    read,
    run: async (fields) => {
      await run(fields);
      return `${action}${action.includes('?') ? '&' : '?'}done=1`;
    },
    view: (form) => view(form),
  });
}

/** /admin/reference/categories?kind=: a kind's tree with add, rename, retire, restore and delete. */
export async function loadCategoriesPage(gate: AdminGate) {
  const db = await getDb();
  const raw = gate.request.url.searchParams.get('kind') ?? 'board';
  const kind: CategoryKind = (REFERENCE_CATEGORY_KINDS as readonly string[]).includes(raw)
    ? (raw as CategoryKind)
    : 'board';
  return page(
    gate,
    '/admin/reference/categories',
    async () => ({ kind, items: await listAdminCategories(db, gate.actor, kind) }),
    async (fields) => {
      if (fields.action === 'add')
        await addCategory(db, gate.actor, parseInput(categoryAddSchema, { ...fields, kind }));
      else if (fields.action === 'rename')
        await renameCategory(db, gate.actor, kind, idOf(fields), parseInput(threeNamesSchema, fields));
      else if (fields.action === 'retire' || fields.action === 'restore')
        await setCategoryRetired(db, gate.actor, kind, idOf(fields), fields.action === 'retire');
      else if (fields.action === 'delete') {
        confirmed(fields);
        await deleteCategory(db, gate.actor, kind, idOf(fields));
      } else throw new AppError('bad_request', 'errors.bad_request');
    },
  );
}

/** /admin/reference/units: every unit with add, change, retire, restore and delete. */
export async function loadUnitsPage(gate: AdminGate) {
  const db = await getDb();
  const { locale } = gate.request;
  return page(
    gate,
    '/admin/reference/units',
    async () => ({ items: await listAdminUnits(db, gate.actor) }),
    async (fields) => {
      if (fields.action === 'add') await addUnit(db, gate.actor, parseInput(unitAddSchema(locale), fields));
      else if (fields.action === 'update')
        await updateUnit(db, gate.actor, idOf(fields), parseInput(unitSchema(locale), fields));
      else if (fields.action === 'retire' || fields.action === 'restore')
        await setUnitRetired(db, gate.actor, idOf(fields), fields.action === 'retire');
      else if (fields.action === 'delete') {
        confirmed(fields);
        await deleteUnit(db, gate.actor, idOf(fields));
      } else throw new AppError('bad_request', 'errors.bad_request');
    },
  );
}

/** /admin/reference/currencies: currencies with their latest rate; offer or not, set a rate, import a CSV. */
export async function loadCurrenciesPage(gate: AdminGate) {
  const db = await getDb();
  const { locale } = gate.request;
  return page(
    gate,
    '/admin/reference/currencies',
    async () => ({ items: await listAdminCurrencies(db, gate.actor) }),
    async (fields) => {
      if (fields.action === 'activate' || fields.action === 'deactivate')
        await setCurrencyActive(db, gate.actor, idOf(fields), fields.action === 'activate');
      else if (fields.action === 'rate')
        await setExchangeRate(db, gate.actor, parseInput(rateSetSchema(locale), fields));
      else if (fields.action === 'import')
        await importExchangeRates(db, gate.actor, parseInput(ratesImportSchema, fields).csv);
      else throw new AppError('bad_request', 'errors.bad_request');
    },
    // The CSV comes as a file (multipart) or pasted in the text box.
    async (request) => {
      const { fields, files } = await readMultipartForm(request, 300 * 1024);
      const file = files.csv_file;
      if (file && file.size > 0) fields.csv = await file.text();
      return fields;
    },
  );
}

/** /admin/reference/places?country_id=&region_id=: a country's regions and a region's villages, added and renamed. */
export async function loadPlacesPage(gate: AdminGate) {
  const db = await getDb();
  const { locale } = gate.request;
  const countryId = parseId(gate.request.url.searchParams.get('country_id'));
  const regionId = parseId(gate.request.url.searchParams.get('region_id'));
  return page(
    gate,
    '/admin/reference/places',
    async () => ({ countryId, regionId, ...(await listAdminPlaces(db, gate.actor, { countryId, regionId })) }),
    async (fields) => {
      if (fields.action === 'add_region') {
        const input = parseInput(regionAddSchema(locale), fields);
        await saveRegion(db, gate.actor, { countryId: input.country_id }, input);
      } else if (fields.action === 'update_region')
        await saveRegion(db, gate.actor, { id: idOf(fields) }, parseInput(regionSchema(locale), fields));
      else if (fields.action === 'add_village') {
        const input = parseInput(villageAddSchema(locale), fields);
        await saveVillage(db, gate.actor, { regionId: input.region_id }, input);
      } else if (fields.action === 'update_village')
        await saveVillage(db, gate.actor, { id: idOf(fields) }, parseInput(villageSchema(locale), fields));
      else throw new AppError('bad_request', 'errors.bad_request');
    },
  );
}

/**
 * A warehouse form's post as createPublicWarehouse / updatePublicWarehouse take it: services from the checkboxes,
 * capacity read in the page's language (src/features/numbers/parse.ts) and passed on as a plain numeral,
 * coordinates read the same way (a leading minus allowed).
 */
function warehouseFields(fields: Record<string, string>, locale: AdminGate['request']['locale']) {
  const out: Record<string, unknown> = {};
  for (const name of ['title', 'operator', 'kind', 'phone', 'email', 'note', 'country_code', 'region', 'village'])
    if (name in fields) out[name] = fields[name];
  out.services = WAREHOUSE_SERVICES.filter((s) => fields[`service_${s}`] === '1');
  const number = (name: string, decimals: number, signed: boolean) => {
    const text = (fields[name] ?? '').trim();
    if (text === '') return null;
    const negative = signed && /^[-\u2212]/.test(text);
    const result = parseNumber(negative ? text.slice(1) : text, { locale, decimals });
    if (!result.ok) {
      if (result.reason === 'empty') return null;
      const { key, vars } = numberProblemMessage(result, locale);
      throw new AppError('validation_failed', 'errors.validation_failed', { fields: { [name]: [{ key, vars }] } });
    }
    return negative ? -result.value : result.value;
  };
  const capacity = number('capacity_tonnes', 1, false);
  out.capacity_tonnes = capacity === null ? null : String(capacity);
  out.latitude = number('latitude', 6, true);
  out.longitude = number('longitude', 6, true);
  return out;
}

/** /admin/reference/warehouses: public warehouses with add, change, retire and restore. */
export async function loadWarehousesPage(gate: AdminGate) {
  const db = await getDb();
  const { locale } = gate.request;
  return page(
    gate,
    '/admin/reference/warehouses',
    async () => ({ items: await listAdminPublicWarehouses(db, gate.actor) }),
    async (fields) => {
      if (fields.action === 'save') {
        const id = parseId(fields.id);
        await savePublicWarehouseAsStaff(db, gate.actor, id, warehouseFields(fields, locale));
      } else if (fields.action === 'retire' || fields.action === 'restore')
        await setPublicWarehouseRetired(db, gate.actor, idOf(fields), fields.action === 'retire');
      else throw new AppError('bad_request', 'errors.bad_request');
    },
  );
}
