import type { AstroGlobal } from 'astro';
import { isInDeal } from '~/features/lots/owner-actions';
import { PERMISSIONS } from '~/features/accounts/constants';
import { KINDS, type LotKind, type LotType } from '~/features/lots/constants';
import { LOCALE_META } from '~/i18n/config';
import type { CategoryChoice } from '~/islands/lot-form/CategoryField';
import type { CurrencyChoice, UnitOption } from '~/islands/lot-form/LotForm';
import { type LotFormValues, emptyLotValues, lotFormValuesFrom } from '~/islands/lot-form/lot-form-values';
import type { ExistingPhoto } from '~/islands/lot-form/use-lot-photos';
import { getDb } from '~/server/db';
import { requireSignedIn } from '~/server/http/guards';
import { listAddresses } from '~/server/services/accounts/addresses';
import { findUserById } from '~/server/services/accounts/users';
import type { LotItem } from '~/server/services/lots/lot-item';
import { getCategoryTree } from '~/server/services/reference/list-categories';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { listUnits } from '~/server/services/reference/list-units';
import { findLot } from '~/components/lot-page/load-lot';

export interface LotFormData {
  view: 'form';
  kind: LotKind;
  types: LotType[];
  lot?: Pick<LotItem, 'id' | 'title'>;
  initial: LotFormValues;
  photos: ExistingPhoto[];
  categories: CategoryChoice[];
  units: UnitOption[];
  currencies: CurrencyChoice[];
  intlLocale: string;
}

/** What a lot form page shows: the form, the tier explanation, a lot in a deal that cannot change, or a 404. */
export type LotFormView =
  | LotFormData
  | { view: 'upgrade'; kind: LotKind }
  | { view: 'locked'; kind: LotKind; lot: Pick<LotItem, 'id' | 'title'> }
  | { view: 'not_found'; kind: LotKind };

interface Options {
  kind: LotKind;
  /** The type of an add page that fixes it (board sell lot, buy request); absent where the member chooses. */
  presetType?: LotType;
  /** The `[id]` param of an update page; absent on an add page. */
  lotId?: string;
}

/**
 * Everything a lot form page needs, read in the page's frontmatter (a component cannot answer a redirect):
 * the sign-in guard, the tier rule, the lot of an update page (the member's own, else 404), and the lists.
 * Returns the redirect Response when the visitor must sign in first.
 */
export async function loadLotForm(
  Astro: AstroGlobal,
  { kind, presetType, lotId }: Options,
): Promise<Response | LotFormView> {
  const redirect = requireSignedIn(Astro);
  if (redirect) return redirect;
  const user = Astro.locals.user!;
  const { locale } = Astro.locals;
  const db = await getDb();
  const meta = KINDS[kind];

  let lot: LotItem | undefined;
  if (lotId !== undefined) {
    lot = await findLot(kind, lotId, Astro.locals);
    // Someone else's lot is none of this member's business here: the same answer as a missing one.
    if (!lot?.is_own) {
      Astro.response.status = 404;
      return { view: 'not_found', kind };
    }
    // The one rule of what an owner may do (a lot in a deal, a booked machine included, keeps its terms).
    if (lot.owner_state && isInDeal(lot.owner_state))
      return { view: 'locked', kind, lot: { id: lot.id, title: lot.title } };
  } else if (kind !== 'technic' && !user.scope.includes(PERMISSIONS.createTradeLots)) {
    // Only adding is tiered: the API lets an owner edit a lot whatever their tier is now.
    return { view: 'upgrade', kind };
  }

  const [tree, units, currencies] = await Promise.all([
    getCategoryTree(db, kind, locale),
    listUnits(db, meta.unitCategory, locale),
    listCurrencies(db, locale),
  ]);
  const categories = tree.map((root) => ({
    id: root.id,
    name: root.name,
    children: (root.children ?? []).map((child) => ({ id: child.id, name: child.name })),
  }));
  const common = {
    view: 'form' as const,
    kind,
    categories,
    units: units.map((u) => ({ id: u.id, name: u.name, short: u.short })),
    currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name, decimals: c.decimals })),
    intlLocale: LOCALE_META[locale].intl,
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
