import type { Locale } from '~/i18n/config';
import type { MessageKey, Translate } from '~/i18n/t';
import type { LotItem } from '~/server/services/lots/lot-item';
import type { RentPer } from '~/features/lots/constants';
import { lotAvailableText, lotPlaceText, lotPriceText, lotRentPer } from '~/features/lots/lot-format';
import { offerVolumeLimits } from '~/features/deals/figures';

/** schema.org's eligibleQuantity: the offers the lot takes now, as the offers service bounds them (offerVolumeLimits). */
function offerLimits(lot: LotItem): { minValue?: number; maxValue: number } {
  const { min, max } = offerVolumeLimits({
    volume: lot.volume,
    reserved: lot.reserved_volume,
    min: lot.min_volume,
    max: lot.max_volume,
  });
  return { minValue: lot.min_volume === null ? undefined : min, maxValue: max };
}

const DESCRIPTION_LENGTH = 155;

/** "White maize · Maize · Mbeya": what a search result or a shared link shows first. */
export function lotPageTitle(lot: LotItem): string {
  return [lot.title, lot.category, lot.region].filter(Boolean).join(' · ');
}

export function placeOf(lot: LotItem): string {
  return [lot.village, lot.region, lot.country].filter(Boolean).join(', ');
}

const META_SENTENCE: Record<LotItem['type'], MessageKey> = {
  sell: 'lot_page.meta_sell',
  buy: 'lot_page.meta_buy',
  rent: 'lot_page.meta_rent',
};

/**
 * The meta description: the seller's own words cut at a word near 155 characters (what search engines show),
 * or, for a lot without a description, a sentence made of its facts.
 */
export function lotMetaDescription(lot: LotItem, t: Translate, locale: Locale): string {
  const text = (lot.description ?? '').replace(/\s+/g, ' ').trim();
  if (text) {
    if (text.length <= DESCRIPTION_LENGTH) return text;
    const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
  }
  return t(META_SENTENCE[lot.type], {
    title: lot.title,
    volume: lotAvailableText(lot, t, locale),
    price: lotPriceText(lot, t, locale),
    place: placeOf(lot),
  });
}

const absolute = (url: string, site: string) => (/^https?:\/\//.test(url) ? url : `${site}${url}`);

/** og:image: the first photo, as an absolute URL (link previews fetch it from elsewhere). */
export function lotImageUrl(lot: LotItem, site: string): string | undefined {
  return lot.photos[0] ? absolute(lot.photos[0].url, site) : undefined;
}

/** UN/CEFACT common codes of a rent rate's unit, as schema.org's unitCode takes them. */
const RENT_UNIT_CODE: Record<RentPer, string> = { hour: 'HUR', day: 'DAY', acre: 'ACR', hectare: 'HAR' };

const AVAILABILITY: Record<LotItem['status'], string> = {
  active: 'https://schema.org/InStock',
  in_process: 'https://schema.org/LimitedAvailability',
  not_active: 'https://schema.org/OutOfStock',
  success: 'https://schema.org/SoldOut',
  closed: 'https://schema.org/Discontinued',
};

/**
 * schema.org data of the lot for search engines: a Product with its Offer (a rented machine is offered with
 * the GoodRelations LeaseOut function). A buy request offers nothing: it is a Demand for the product, so it
 * never shows up as an item for sale in search results.
 */
export function lotJsonLd(lot: LotItem, pageUrl: string, site: string, description: string): Record<string, unknown> {
  const price = (lot.price_minor / 10 ** lot.decimals).toFixed(lot.decimals);
  const party = { '@type': lot.user.trader_status === 'cooperative' ? 'Organization' : 'Person', name: lot.user.name };
  const areaServed = { '@type': 'AdministrativeArea', name: lotPlaceText(lot) };
  const product = {
    '@type': 'Product',
    name: lot.title,
    description,
    category: lot.category,
    ...(lot.photos.length > 0 ? { image: lot.photos.map((photo) => absolute(photo.url, site)) } : {}),
    url: pageUrl,
  };
  const rentPer = lotRentPer(lot);
  const terms = {
    url: pageUrl,
    price,
    priceCurrency: lot.currency,
    availability: AVAILABILITY[lot.status],
    areaServed,
    ...(rentPer
      ? // A rented machine's price is a rate: its unit as a UN/CEFACT code, and no stock to count.
        {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: lot.currency,
            unitCode: RENT_UNIT_CODE[rentPer],
          },
        }
      : {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: lot.currency,
            unitText: lot.unit,
          },
          inventoryLevel: { '@type': 'QuantitativeValue', value: lot.available_volume, unitText: lot.unit },
          // The smallest and largest offer the lot accepts now: never more than what remains.
          eligibleQuantity: {
            '@type': 'QuantitativeValue',
            ...offerLimits(lot),
            unitText: lot.unit,
          },
        }),
  };
  if (lot.type === 'buy')
    return { '@context': 'https://schema.org', '@type': 'Demand', ...terms, itemOffered: product };
  return {
    '@context': 'https://schema.org',
    ...product,
    offers: {
      '@type': 'Offer',
      ...terms,
      seller: party,
      ...(lot.type === 'rent' ? { businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut' } : {}),
    },
  };
}

/** JSON for an inline <script>: `<` escaped so no text of the lot can close the script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
