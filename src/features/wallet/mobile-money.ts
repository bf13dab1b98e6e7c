import { countriesOfCurrency } from '~/features/accounts/currency-of-country';
import { LOCALE_META, type Locale } from '~/i18n/config';

/**
 * The mobile-money networks a payment can be made with (docs/payments.md "Mobile-money networks"): each provider
 * adapter declares the ones it supports per country (`PaymentProvider.mobileMoneyNetworks`), and the payment
 * screens name those of the provider that would take the payment. Only these four are named; a provider's other
 * networks (Tigo Pesa, Telecel Cash, Wave…) are not claimed.
 */
export const MOBILE_MONEY_NETWORKS = ['mpesa', 'mtn_momo', 'orange_money', 'airtel_money'] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/** Brand names, the same in every language. */
export const NETWORK_NAME: Record<MobileMoneyNetwork, string> = {
  mpesa: 'M-Pesa',
  mtn_momo: 'MTN MoMo',
  orange_money: 'Orange Money',
  airtel_money: 'Airtel Money',
};

/** Networks per country (ISO 3166 alpha-2). */
export type MobileMoneyCoverage = Readonly<Partial<Record<string, readonly MobileMoneyNetwork[]>>>;

/**
 * The networks a payment in `currency` accepts through a provider of this `coverage`: those of the member's country
 * when it uses that currency (an Ivorian paying in XOF: Côte d'Ivoire's), else those of every country of the
 * currency (a Kenyan paying in XOF); in MOBILE_MONEY_NETWORKS' order, each once.
 */
export function networksFor(
  coverage: MobileMoneyCoverage,
  currency: string,
  country?: string | null,
): MobileMoneyNetwork[] {
  const countries = countriesOfCurrency(currency);
  const member = country?.toUpperCase();
  const where = member && countries.includes(member) ? [member] : countries;
  const found = new Set(where.flatMap((code) => coverage[code] ?? []));
  return MOBILE_MONEY_NETWORKS.filter((network) => found.has(network));
}

const lists = new Map<Locale, Intl.ListFormat>();

/** "M-Pesa and Airtel Money", "MTN MoMo et Orange Money": the names joined as the language joins a list. */
export function networkNames(networks: readonly MobileMoneyNetwork[], locale: Locale): string {
  let list = lists.get(locale);
  if (!list) {
    list = new Intl.ListFormat(LOCALE_META[locale].intl, { style: 'long', type: 'conjunction' });
    lists.set(locale, list);
  }
  return list.format(networks.map((network) => NETWORK_NAME[network]));
}
