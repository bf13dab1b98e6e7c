import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { Locale } from '~/i18n/config';
import { SelectField, TextField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { NumberField } from '~/islands/lib/number-field';
import BookingCalendarPicker from './BookingCalendarPicker';
import {
  bookedHours,
  bookingProblem,
  bookingWindow,
  formatDay,
  formatHour,
  formatHours,
} from '~/features/deals/booking-days';
import { type OfferField, type OfferFormValues, bookingChoice } from './offer-form';
import type { OfferLot } from '~/features/deals/offer-lot';
import type { useBookedRanges } from './use-booked-ranges';

interface Props {
  form: UseFormReturn<OfferFormValues>;
  lot: OfferLot;
  booked: ReturnType<typeof useBookedRanges>;
  today: string;
  intlLocale: string;
  locale: Locale;
  t: ClientTranslate;
}

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

/**
 * When the machine is wanted: the calendar (taken days marked) and the same choice as date inputs, the hours of
 * the day for a rate per hour, and the area to work for a rate per acre or hectare. A choice that overlaps a
 * booking is said at once, and the dialog will not send it.
 */
export default function BookingFields({ form, lot, booked, today, intlLocale, locale, t }: Props) {
  const {
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const [dateFrom, dateTo, hourFrom, hourTo, area] = useWatch({
    control: form.control,
    name: ['date_from', 'date_to', 'hour_from', 'hour_to', 'volume'],
  });
  const byHour = lot.rentPer === 'hour';
  const limits = bookingWindow(today);
  const choice = bookingChoice(lot, { date_from: dateFrom, date_to: dateTo, hour_from: hourFrom, hour_to: hourTo });
  const complete =
    choice &&
    (!byHour || (choice.hour_from !== undefined && choice.hour_to !== undefined && choice.hour_to > choice.hour_from));
  const liveProblem =
    complete && choice.date_to >= choice.date_from ? bookingProblem(choice, booked.items, today) : undefined;
  const field = (name: OfferField) => ({
    id: `offer-${name}`,
    registration: register(name),
    error: errors[name]?.message,
  });
  const set = (name: OfferField, value: string) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const takenHours = byHour && dateFrom ? bookedHours(dateFrom, booked.items) : [];
  // The calendar's own error: the date fields show theirs; an overlap is said under the calendar as it happens.
  const calendarError =
    liveProblem && !errors.date_from && !errors.date_to ? t(liveProblem.key, liveProblem.vars) : undefined;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">{t(byHour ? 'make_offer.when_hour' : 'make_offer.when_days')}</legend>
      <BookedStatus booked={booked} t={t} />
      <BookingCalendarPicker
        booked={booked.items}
        today={today}
        from={dateFrom}
        to={byHour ? dateFrom : dateTo}
        singleDay={byHour}
        intlLocale={intlLocale}
        t={t}
        describedBy={calendarError ? 'offer-calendar-error' : undefined}
        onChange={(from, to) => {
          set('date_from', from);
          if (!byHour) set('date_to', to);
        }}
      />
      {calendarError && (
        <p id="offer-calendar-error" className="text-sm font-medium text-error" role="alert">
          {calendarError}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...field('date_from')}
          label={t(byHour ? 'make_offer.date' : 'make_offer.date_from')}
          type="date"
          min={limits.first}
          max={limits.lastStart}
          required
          compact
        />
        {!byHour && (
          <TextField
            {...field('date_to')}
            label={t('make_offer.date_to')}
            type="date"
            min={dateFrom || limits.first}
            max={limits.last}
            required
            compact
          />
        )}
      </div>
      {byHour && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <SelectField {...field('hour_from')} label={t('make_offer.hour_from')} required compact>
              <option value="">{t('make_offer.choose_hour')}</option>
              {HOURS.slice(0, 24).map((hour) => (
                <option key={hour} value={hour}>
                  {formatHour(hour)}
                </option>
              ))}
            </SelectField>
            <SelectField {...field('hour_to')} label={t('make_offer.hour_to')} required compact>
              <option value="">{t('make_offer.choose_hour')}</option>
              {HOURS.slice(1).map((hour) => (
                <option key={hour} value={hour}>
                  {formatHour(hour)}
                </option>
              ))}
            </SelectField>
          </div>
          {dateFrom && (
            <p className="text-sm" aria-live="polite">
              {takenHours.length === 0
                ? t('make_offer.day_free', { date: formatDay(dateFrom, intlLocale) })
                : t('make_offer.hours_taken', {
                    date: formatDay(dateFrom, intlLocale),
                    times: takenHours.map(([from, to]) => formatHours(from, to)).join(', '),
                  })}
            </p>
          )}
        </>
      )}
      {(lot.rentPer === 'acre' || lot.rentPer === 'hectare') && (
        <NumberField
          {...field('volume')}
          label={t(lot.rentPer === 'acre' ? 'make_offer.area_acres' : 'make_offer.area_hectares')}
          hint={t('make_offer.area_hint')}
          required
          compact
          text={area}
          reading={{ locale, meaning: { unit: lot.rentPer === 'acre' ? 'ac' : 'ha' } }}
          t={t}
        />
      )}
    </fieldset>
  );
}

/** Whether the taken days are known: while they load, and when they could not be read (with a retry). */
function BookedStatus({ booked, t }: { booked: ReturnType<typeof useBookedRanges>; t: ClientTranslate }) {
  if (booked.status === 'loading' && booked.items.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {t('make_offer.bookings_loading')}
      </p>
    );
  }
  if (booked.status === 'failed') {
    return (
      <div className="alert alert-warning alert-soft flex flex-wrap items-center" role="alert">
        <span className="flex-1">{t('make_offer.bookings_failed')}</span>
        <button type="button" className="btn btn-sm min-h-10" onClick={() => void booked.reload()}>
          {t('auth.form_retry')}
        </button>
      </div>
    );
  }
  return null;
}
