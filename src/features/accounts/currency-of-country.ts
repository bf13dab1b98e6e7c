/**
 * The everyday currency of the countries whose currency Mavuno trades in (ISO 3166 alpha-2 → ISO 4217). Any
 * other country keeps the default currency, the US dollar, the common reference of cross-border trade.
 */
const CURRENCY_OF_COUNTRY: Record<string, string> = {
  KE: 'KES',
  UG: 'UGX',
  TZ: 'TZS',
  RW: 'RWF',
  NG: 'NGN',
  GH: 'GHS',
  // West African CFA franc (UEMOA)
  BJ: 'XOF',
  BF: 'XOF',
  CI: 'XOF',
  GW: 'XOF',
  ML: 'XOF',
  NE: 'XOF',
  SN: 'XOF',
  TG: 'XOF',
  // Central African CFA franc (CEMAC)
  CM: 'XAF',
  CF: 'XAF',
  TD: 'XAF',
  CG: 'XAF',
  GQ: 'XAF',
  GA: 'XAF',
  // Euro: the euro area, the states that use it by agreement, and France's overseas regions (Mayotte, Réunion…)
  ...Object.fromEntries(
    'AT BE HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES AD MC SM VA ME RE YT GP MQ GF PM BL MF'
      .split(' ')
      .map((country) => [country, 'EUR']),
  ),
  GB: 'GBP',
  GG: 'GBP',
  JE: 'GBP',
  IM: 'GBP',
};

export function currencyOfCountry(country: string | undefined): string | undefined {
  return country ? CURRENCY_OF_COUNTRY[country.toUpperCase()] : undefined;
}

/** The countries whose everyday currency `currency` is (XOF: the eight UEMOA states), in the table's order. */
export function countriesOfCurrency(currency: string): string[] {
  const code = currency.trim().toUpperCase();
  return Object.keys(CURRENCY_OF_COUNTRY).filter((country) => CURRENCY_OF_COUNTRY[country] === code);
}
