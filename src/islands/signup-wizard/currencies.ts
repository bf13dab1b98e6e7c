import { cachedList } from '~/islands/address/places';
import { apiGet } from '~/stores/api';

export interface CurrencyOption {
  id: number;
  code: string;
  symbol: string;
  name: string;
}

export const loadCurrencies = () =>
  cachedList<CurrencyOption>('user-currencies', () => apiGet('/bank-currency/user-currency-dropdown'));
