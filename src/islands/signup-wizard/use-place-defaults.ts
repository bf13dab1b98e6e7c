import { useCallback, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DEFAULT_CURRENCY_ID } from '~/features/accounts/constants';
import { countryOfPhone } from '~/features/accounts/phone';
import { defaultsOfCountry } from '~/features/accounts/place-defaults';
import { loadCountries } from '~/islands/address/places';
import { loadCurrencies } from './currencies';
import type { WizardValues } from './wizard-model';

/**
 * The address's country and the currency follow the phone number (+255 → Tanzania, TZS) until the person picks
 * them: a value still equal to the last suggestion was not picked, anything else was. Answers the function to
 * call with each new phone number.
 */
export function usePlaceDefaults(form: UseFormReturn<WizardValues>) {
  const suggested = useRef({ country: '', currency: String(DEFAULT_CURRENCY_ID) });
  const latest = useRef('');
  return useCallback(
    async (phone: string) => {
      latest.current = phone;
      const code = countryOfPhone(phone);
      const [countries, currencies] = await Promise.all([loadCountries(), loadCurrencies()]);
      // A later number was typed meanwhile, or a list could not load (the person then chooses by hand).
      if (latest.current !== phone || !countries.ok || !currencies.ok) return;
      const defaults = defaultsOfCountry(code, countries.data.items, currencies.data.items);
      const next = {
        country: code && defaults.countryId ? String(defaults.countryId) : '',
        currency: String(defaults.currencyId),
      };
      const address = form.getValues('address');
      const isPlaceOpen = address.region_id === '' && address.village_id === '' && address.city === '';
      if (address.country_id === suggested.current.country && isPlaceOpen)
        form.setValue('address', { ...address, country_id: next.country });
      if (form.getValues('currency_id') === suggested.current.currency) form.setValue('currency_id', next.currency);
      suggested.current = next;
    },
    [form],
  );
}
