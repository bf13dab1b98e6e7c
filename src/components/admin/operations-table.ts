import { formatDate, formatNumber } from '~/i18n/format';
import type { Locale } from '~/i18n/config';

/**
 * What the Operations pages (src/pages/admin/operations/) share: how a run's time and duration read, and the classes
 * that turn their tables into labelled rows on a phone (the header row hidden, each cell showing its label; a screen
 * reader has the header already).
 */
export const opsTable = {
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3',
  cell: 'max-sm:p-0',
  label: 'block text-xs opacity-80 sm:hidden',
} as const;

export function opsFormat(locale: Locale) {
  return {
    when: (value: string | null) =>
      value ? formatDate(new Date(value), locale, { dateStyle: 'medium', timeStyle: 'medium' }) : '—',
    duration: (ms: number | null) =>
      ms === null ? '—' : formatNumber(ms, locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }),
  };
}
