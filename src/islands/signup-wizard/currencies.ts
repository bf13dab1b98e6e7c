import { cachedList } from '../address/places';
import { apiGet } from '../lib/api';

export interface CurrencyOption {
  id: number;
  code: string;
  symbol: string;
  name: string;
}

export const loadCurrencies = () => cachedList<CurrencyOption>('user-currencies', () => apiGet('/bank-currency/user-currency-dropdown'));
