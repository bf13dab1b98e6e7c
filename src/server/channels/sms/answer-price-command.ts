import type { Locale } from '~/i18n/config';
import { phonePercent } from '~/features/channels/phone-text';
import { formatMoney } from '~/i18n/format';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { matchCrop } from '~/server/services/reference/match-crop';
import { matchPlace } from '~/server/services/reference/match-place';
import { type CropPrice, readCropPriceFor } from '~/server/services/statistics/read-crop-price';

/** Who asks: their language, the currency prices are given in, and the region a question without a place means. */
export interface PriceAsker {
  locale: Locale;
  currencyId: number;
  regionId: number | null;
}

/** Words read as a crop and a place at most: more is not a question this command answers. */
const MAX_WORDS = 8;

/** The reply's text from a crop's price (no number written by hand: the language's Intl formats). */
function priceText(price: CropPrice, locale: Locale): string {
  const t = createTranslator(locale);
  const place = price.region?.name ?? t('sms.all_markets');
  const unit = price.unit.short;
  const change = (value: number | null) =>
    value === null ? '' : ` ${t('sms.price_change', { change: phonePercent(value, locale) })}`;
  const parts: string[] = [];
  if (price.traded !== null)
    parts.push(
      t('sms.price_deals', { price: formatMoney(price.traded, price.currency, locale), unit }) +
        change(price.tradedChangePercent),
    );
  if (price.asked !== null)
    parts.push(
      t('sms.price_asking', { price: formatMoney(price.asked, price.currency, locale), unit }) +
        change(price.askedChangePercent),
    );
  if (parts.length === 0) return t('sms.price_none', { crop: price.category.name, place });
  return t('sms.price', { crop: price.category.name, place, prices: parts.join('; ') });
}

/**
 * The reply to `PRICE <crop> [<place>]` (`BEI`, `PRIX`; docs/feature-phones.md "SMS commands"). The words are split
 * into a crop and a place, the longest crop first ("MAIZE BRAN NAKURU" is Maize bran in Nakuru, "MAIZE NAKURU" Maize
 * in Nakuru), each matched loosely (matchCrop, matchPlace); no place means the asker's own region, or the whole
 * market when they have none. The price is readCropPrice's — the one the charts and alerts read — in the asker's
 * currency (US dollars when theirs has no rate). A crop or place not found is said so, with an example.
 */
export async function answerPriceCommand(db: Executor, words: readonly string[], asker: PriceAsker): Promise<string> {
  const { locale } = asker;
  const t = createTranslator(locale);
  if (words.length === 0) return t('sms.price_usage');
  const typed = words.slice(0, MAX_WORDS);
  let unknownPlace: string | undefined;
  for (let cropWords = typed.length; cropWords >= 1; cropWords--) {
    const crop = await matchCrop(db, typed.slice(0, cropWords).join(' '), locale);
    if (!crop) continue;
    const placeText = typed.slice(cropWords).join(' ');
    let regionId = asker.regionId;
    if (placeText) {
      const place = await matchPlace(db, placeText, locale);
      if (!place) {
        // The longest crop's leftover is what the asker most likely meant as the place.
        unknownPlace ??= placeText;
        continue;
      }
      regionId = place.regionId;
    }
    return priceText(
      await readCropPriceFor(db, { categoryId: crop.id, regionId, currencyId: asker.currencyId, locale }),
      locale,
    );
  }
  return unknownPlace === undefined
    ? t('sms.unknown_crop', { text: typed.join(' ') })
    : t('sms.unknown_place', { text: unknownPlace });
}
