/**
 * The currencies Mavuno trades in. Ids are stable: id 3 (US dollar) is the default currency (docs/decisions.md),
 * the common reference for cross-border trade. `perUsd` are indicative rates compiled on `RATES_AS_OF`;
 * they are reference data for showing approximate conversions, not a price feed.
 */
export const RATES_AS_OF = '2026-11-01';

export const CURRENCIES = [
  { id: 1, code: 'KES', symbol: 'KSh', decimals: 2, sortOrder: 1, perUsd: '129.200000' },
  { id: 2, code: 'UGX', symbol: 'USh', decimals: 0, sortOrder: 3, perUsd: '3650.000000' },
  { id: 3, code: 'USD', symbol: '$', decimals: 2, sortOrder: 0, perUsd: '1.000000' },
  { id: 4, code: 'TZS', symbol: 'TSh', decimals: 2, sortOrder: 2, perUsd: '2460.000000' },
  { id: 5, code: 'RWF', symbol: 'FRw', decimals: 0, sortOrder: 4, perUsd: '1450.000000' },
  { id: 6, code: 'NGN', symbol: '₦', decimals: 2, sortOrder: 5, perUsd: '1480.000000' },
  { id: 7, code: 'GHS', symbol: 'GH₵', decimals: 2, sortOrder: 6, perUsd: '11.900000' },
  { id: 8, code: 'XOF', symbol: 'FCFA', decimals: 0, sortOrder: 7, perUsd: '565.000000' },
  { id: 9, code: 'XAF', symbol: 'FCFA', decimals: 0, sortOrder: 8, perUsd: '565.000000' },
  { id: 10, code: 'EUR', symbol: '€', decimals: 2, sortOrder: 9, perUsd: '0.861000' },
  { id: 11, code: 'GBP', symbol: '£', decimals: 2, sortOrder: 10, perUsd: '0.758000' },
] as const;
