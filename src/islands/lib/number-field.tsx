import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { numberProblemMessage } from '~/features/numbers/messages';
import { localNumberText } from '~/features/numbers/text';
import { type MoneyCurrency, priceDecimalsProblem } from '~/features/numbers/money';
import { parseNumber } from '~/features/numbers/parse';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import { Field } from './fields';
import type { ClientTranslate } from './i18n';

/**
 * How a field's number is said back: money in a currency, a number and its unit symbol ("12.5 km"), a quantity
 * the caller writes (a lot's "300 × 90 kg bag"), a bare number, or a year (never grouped: "2019", not "2,019").
 */
export type NumberMeaning =
  | { money: MoneyCurrency }
  | { unit: string }
  | { quantity: (value: number) => string }
  | { plain: true }
  | { year: true };

export interface NumberReadingOptions {
  locale: Locale;
  meaning: NumberMeaning;
  /** Digits the field takes after the decimal mark: 2 by default, 0 for whole numbers. */
  decimals?: number;
}

export interface NumberReading {
  /** The number understood, or null while the text is blank or not a number the field takes. */
  value: number | null;
  /** What was understood, in the page's language ("TZS 72,000", "1,100,000 kg"). */
  understood: string | null;
  /** Why the text is refused (the message the server would give), or null. */
  problem: string | null;
}

/**
 * Reads a number input's text as the server will (src/features/numbers/parse.ts, the same rules and messages),
 * and says what it understood or why it cannot. Money also meets its currency's decimals (no cents in shillings).
 */
export function readNumberInput(
  text: string | undefined,
  { locale, meaning, decimals = 2 }: NumberReadingOptions,
  t: ClientTranslate,
): NumberReading {
  const result = parseNumber(text ?? '', { locale, decimals });
  if (!result.ok) {
    if (result.reason === 'empty') return { value: null, understood: null, problem: null };
    const { key, vars } = numberProblemMessage(result, locale);
    return { value: null, understood: null, problem: t(key, vars) };
  }
  const { value } = result;
  if ('money' in meaning) {
    const wrong = priceDecimalsProblem(value, meaning.money);
    if (wrong) return { value: null, understood: null, problem: t(wrong.key, wrong.vars) };
    const minor = Math.round(value * 10 ** meaning.money.decimals);
    return { value, understood: formatMoney(minor, meaning.money, locale), problem: null };
  }
  if ('year' in meaning) return { value, understood: String(value), problem: null };
  if ('quantity' in meaning) return { value, understood: meaning.quantity(value), problem: null };
  const number = localNumberText(value, locale);
  return { value, understood: 'unit' in meaning && meaning.unit ? `${number} ${meaning.unit}` : number, problem: null };
}

/**
 * The line under a number input that says what it understood ("= TZS 72,000", announced as "Understood as
 * TZS 72,000") or why it cannot read it. A polite live region: give the input `aria-describedby` its id.
 *
 * One problem is said once. Before a submit, a text the field cannot read is the field's error, said here (in the
 * error's colour). After a submit the form's error for the field (`error`, shown by the field's FieldError) says it:
 * it is the same parser's message for the same text, so this line then keeps to what it understood, if anything.
 */
export function NumberReadingLine({
  id,
  reading,
  error,
  t,
}: {
  id: string;
  reading: NumberReading;
  /** The form's error for the field, shown beside it by FieldError. */
  error?: string;
  t: ClientTranslate;
}) {
  const problem = error ? null : reading.problem;
  return (
    <p
      id={id}
      aria-live="polite"
      className={`min-h-5 text-sm ${problem ? 'font-medium text-error' : 'font-semibold'}`}
      data-testid={id}
    >
      {reading.understood && (
        <>
          <span className="sr-only">{t('validation.number_read_as')} </span>
          <span aria-hidden="true">= </span>
          <span className="tabular-nums">{reading.understood}</span>
        </>
      )}
      {problem}
    </p>
  );
}

type NumberFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'inputMode'> & {
  id: string;
  label: string;
  optional?: string;
  required?: boolean;
  hint?: string;
  error?: string;
  compact?: boolean;
  registration?: UseFormRegisterReturn;
  /** Ids of other texts that describe the input too (a rule shared by two inputs). */
  describedBy?: string;
  /** The input's current text (watched by the form). */
  text: string | undefined;
  reading: NumberReadingOptions;
  t: ClientTranslate;
};

/**
 * A text input for a number, with what it understood said beside it before submit ("= TZS 72,000") or why it
 * cannot read it, in a polite live region tied to the input. The field error (after submit) stays the form's, and
 * then the reading line does not repeat it (NumberReadingLine).
 * Read-only fields (a fixed price) say nothing back: there is nothing to check.
 */
export function NumberField({
  id,
  label,
  optional,
  required,
  hint,
  error,
  compact,
  registration,
  describedBy,
  text,
  reading: options,
  t,
  className,
  ...input
}: NumberFieldProps) {
  const reading = readNumberInput(text, options, t);
  const readingId = `${id}-reading`;
  const silent = input.readOnly === true;
  return (
    <Field id={id} label={label} optional={optional} required={required} hint={hint} error={error} compact={compact}>
      {(control) => (
        <>
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], describedBy, silent ? '' : readingId]
              .filter(Boolean)
              .join(' ')}
            type="text"
            inputMode={options.decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            className={[
              'input w-full',
              compact ? '' : 'input-lg text-base',
              error ? 'input-error' : '',
              className ?? '',
            ]
              .filter(Boolean)
              .join(' ')}
            {...input}
            {...registration}
          />
          {!silent && <NumberReadingLine id={readingId} reading={reading} error={error} t={t} />}
        </>
      )}
    </Field>
  );
}
