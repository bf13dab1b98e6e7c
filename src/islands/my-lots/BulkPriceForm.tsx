import { useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { amount } from '~/features/lots/schemas';
import { priceDecimalsProblem } from '~/features/numbers/money';
import { localAmountText } from '~/features/numbers/text';
import type { Locale } from '~/i18n/config';
import { reloadWithSnack, showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { fieldAria, FieldError, FormAlert, SubmitButton } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { NumberReadingLine, readNumberInput } from '~/islands/lib/number-field';

export interface PricedLot {
  id: number;
  title: string;
  /** The current price per unit, in the lot's currency (major units). */
  price: number;
  currency: string;
  /** Digits the currency allows after the decimal point (0 for CFA francs, shillings of some countries). */
  decimals: number;
  unit: string;
}

interface Props {
  messages: Messages;
  /** The kind's API prefix: board-list, seeds-list… */
  apiPrefix: string;
  lots: PricedLot[];
  /** The page's language: prices are read and shown as it writes numbers. */
  locale: Locale;
}

const schemaOf = (locale: Locale) =>
  z.object({ prices: z.array(z.object({ price: amount(locale, { allowZero: true }) })) });
type Schema = ReturnType<typeof schemaOf>;
type Values = z.input<Schema>;
type Parsed = z.output<Schema>;

const fieldName = (index: number) => `prices.${index}.price` as Path<Values>;

/**
 * Bulk price update (silver and gold): one price input per active lot of the page; only the prices that changed
 * are sent (prices[n][id], prices[n][price]). The server answers all or nothing, so an error leaves every value
 * the user typed in place.
 */
export default function BulkPriceForm({ messages, apiPrefix, lots, locale }: Props) {
  const t = createClientTranslator(messages);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // One language per page: the schema is built once.
  const [resolver] = useState(() => zodFormResolver(schemaOf(locale), t, messages));
  const form = useForm<Values>({
    resolver: resolver as never,
    defaultValues: { prices: lots.map((lot) => ({ price: localAmountText(lot.price, locale) })) },
  });
  const { errors, isSubmitting } = form.formState;
  const typed = useWatch({ control: form.control, name: 'prices' }) as { price?: unknown }[] | undefined;

  const submit = form.handleSubmit(async (raw) => {
    setProblem(null);
    const values = raw as unknown as Parsed;
    const changed = lots
      .map((lot, index) => ({ lot, index, price: values.prices[index].price }))
      .filter(({ lot, price }) => Math.abs(price - lot.price) > 1e-9);
    // Each price in its lot's currency: no cents in shillings or francs (the server says the same).
    const tooPrecise = changed
      .map((row) => ({
        ...row,
        wrong: priceDecimalsProblem(row.price, { code: row.lot.currency, decimals: row.lot.decimals }),
      }))
      .filter((row) => row.wrong !== null);
    for (const { index, wrong } of tooPrecise)
      form.setError(fieldName(index), { type: 'decimals', message: t(wrong!.key, wrong!.vars) });
    if (tooPrecise.length > 0) return form.setFocus(fieldName(tooPrecise[0].index));
    if (changed.length === 0) return showSnack('info', t('my_lots.bulk_nothing_changed'));

    const prices = Object.fromEntries(changed.map(({ lot, price }, n) => [String(n), { id: lot.id, price }]));
    const result = await apiPost<{ updated: number }>(`/${apiPrefix}/update-prices`, { prices });
    if (result.ok) return reloadWithSnack(t('my_lots.prices_updated'));

    // Field errors name the position in what was sent (prices.0.price): put them back on the right row.
    const unplaced: string[] = [];
    let first: number | undefined;
    for (const [name, texts] of Object.entries(result.error.errors ?? {})) {
      const match = /^prices\.(\d+)\.price$/.exec(name);
      const row = match ? changed[Number(match[1])] : undefined;
      if (!row) {
        unplaced.push(...texts);
        continue;
      }
      form.setError(fieldName(row.index), { type: 'server', message: texts[0] });
      first = first === undefined ? row.index : Math.min(first, row.index);
    }
    if (first !== undefined) form.setFocus(fieldName(first));
    if (!result.error.errors) setProblem(problemOf(result, t));
    else if (unplaced.length > 0) setProblem({ message: unplaced });
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert problem={problem} onRetry={() => void submit()} retryLabel={t('auth.form_retry')} />
      <ul className="flex flex-col divide-y divide-base-300">
        {lots.map((lot, index) => {
          const id = `bulk-price-${lot.id}`;
          const error = errors.prices?.[index]?.price?.message;
          const reading = readNumberInput(
            String(typed?.[index]?.price ?? ''),
            { locale, meaning: { money: { code: lot.currency, decimals: lot.decimals } } },
            t,
          );
          return (
            <li key={lot.id} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-start sm:gap-4">
              <label htmlFor={id} className="font-medium sm:pt-2">
                {lot.title}
              </label>
              <div className="flex flex-col gap-1">
                <div className={`input w-full ${error ? 'input-error' : ''}`}>
                  <input
                    {...fieldAria(id, { hint: true, error })}
                    aria-describedby={[fieldAria(id, { hint: true, error })['aria-describedby'], `${id}-reading`].join(
                      ' ',
                    )}
                    id={id}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    className="grow"
                    {...form.register(fieldName(index))}
                  />
                  <span id={`${id}-hint`} className="whitespace-nowrap text-sm opacity-75">
                    {t('my_lots.bulk_price_hint', { currency: lot.currency, unit: lot.unit })}
                  </span>
                </div>
                <NumberReadingLine id={`${id}-reading`} reading={reading} error={error} t={t} />
                <FieldError id={id} message={error} />
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <SubmitButton busy={isSubmitting} className="w-full sm:w-auto">
          {t('my_lots.bulk_save')}
        </SubmitButton>
      </div>
    </form>
  );
}
