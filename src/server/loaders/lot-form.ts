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
  UnitOption,
  WarehouseChoice,
} from '~/features/lots/lot-form-types';
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
}

/** What a lot form page shows: the form, the tier explanation, a lot in a deal that cannot change, or a 404. */
export type LotFormView =
  | LotFormData
  | { view: 'upgrade'; kind: LotKind; tier: SessionUser['tier'] }
  | { view: 'locked'; kind: LotKind; lot: Pick<LotItem, 'id' | 'title'>; reason: 'in_deal' | 'sold_out' }
  | { view: 'not_found'; kind: LotKind };

/** The lot of an update page's `[id]`, as getLot shows it to this member; undefined when there is none to show. */
async function findLotToEdit(kind: LotKind, rawId: string, { user, locale }: App.Locals) {
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
 * "72 000"). Returns the redirect Response when the visitor must sign in first.
 */
export async function loadLotFormPage(
  Astro: AstroGlobal,
  { kind, presetType, lotId }: Options,
): Promise<Response | LotFormView> {
  const { user, locale } = Astro.locals;
  if (!user) return signInRedirect(Astro);
  const db = await getDb();
  const meta = KINDS[kind];

  let lot: LotItem | undefined;
  if (lotId !== undefined) {
    lot = await findLotToEdit(kind, lotId, Astro.locals);
    // Someone else's lot is none of this member's business here: the same answer as a missing one.
    if (!lot?.is_own) {
      Astro.response.status = 404;
      return { view: 'not_found', kind };
    }
    // The one rule of what an owner may do (a lot in a deal, a booked machine included, keeps its terms; a
    // sold-out lot has nothing left to change).
    if (lot.owner_state && !mayChangeTerms(lot.owner_state))
      return {
        view: 'locked',
        kind,
        lot: { id: lot.id, title: lot.title },
        reason: isInDeal(lot.owner_state) ? 'in_deal' : 'sold_out',
      };
  } else if (kind !== 'technic' && !user.scope.includes(PERMISSIONS.createTradeLots)) {
    // Only adding is tiered: the API lets an owner edit a lot whatever their tier is now.
    return { view: 'upgrade', kind, tier: user.tier };
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

  if (lot) {
    const photos = lot.photos.map((photo) => ({ key: photo.key, url: photo.url, srcset: photo.srcset }));
    return {
      ...common,
      types: [...meta.types],
      lot: { id: lot.id, title: lot.title },
      initial: lotFormValuesFrom(
        lot as unknown as Record<string, unknown>,
        kind,
        photos.map((p) => p.key),
        locale,
      ),
      photos,
    };
  }

  // A new lot starts in the member's currency and at their farm (or first) address: most lots are sold from home.
  const [account, addresses] = await Promise.all([findUserById(db, user.id), listAddresses(db, user.id, locale)]);
  const home = addresses.find((a) => a.label === 'farm' || a.label === 'warehouse') ?? addresses[0];
  const currencyId =
    currencies.find((c) => c.id === account?.currencyId)?.id ?? currencies.find((c) => c.is_default)?.id;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const type = presetType ?? meta.types[0];
  return {
    ...common,
    types: presetType ? [presetType] : [...meta.types],
    initial: emptyLotValues(type, {
      currency_id: text(currencyId),
      country_id: text(home?.country_id),
      region_id: text(home?.region_id),
      village_id: text(home?.village_id),
      latitude: text(home?.latitude),
      longitude: text(home?.longitude),
    }),
    photos: [],
  };
}
