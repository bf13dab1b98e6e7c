import type { MessageKey } from '~/i18n/t';
import { type LotKind, PRICE_TYPES, RENT_PER } from './constants';

/**
 * The one description of each kind's own fields (stored in lots.details, flattened in the API). The zod shapes
 * (schemas.ts `DETAILS`, `DETAIL_FIELDS`), the lot form's inputs (islands/lot-form/detail-inputs.ts) and the lot
 * page's rows (components/lot-page/lot-details.ts) are all derived from it.
 *
 * Order: the form's order. The form shows the text, date and number inputs under the title in this order; it
 * places the selects (technic price kind and rent unit) with the price and the ticks in its last section itself.
 * The lot page lists the fields in this order with long text last.
 *
 * Labels are literal dictionary keys (so the i18n checker sees them used). `label` names the field on both the
 * form and the page; where the two say it differently on purpose (a question or a first-person tick in the form,
 * a statement on the page), `formLabel` and `pageLabel` replace it.
 */

/**
 * What the form asks with, and how the lot page shows the value: text (`long` keeps its own lines on the page),
 * a calendar date, a year, a whole number (`km`: "within N km"), a tick, or one value of a list (named on the
 * page by the list's labels in labels.ts).
 */
type DetailInputSpec =
  /** `max`: the longest value, in characters. */
  | { input: 'text'; max: number; format: 'text' | 'long' }
  | { input: 'date'; format: 'date' }
  | { input: 'year'; format: 'year' }
  | { input: 'number'; min: number; max: number; format: 'km' }
  | { input: 'flag'; format: 'flag' }
  /** `fallback`: the value taken when none is given (without one the field may be left out). */
  | { input: 'select'; options: readonly [string, ...string[]]; fallback?: string; format: 'price_type' | 'rent_per' };

export type DetailInputKind = DetailInputSpec['input'];
export type DetailFormat = DetailInputSpec['format'];

type Labels =
  | { label: MessageKey; formLabel?: never; pageLabel?: never }
  | { label?: never; formLabel: MessageKey; pageLabel: MessageKey };

export type DetailField = Labels &
  DetailInputSpec & {
    field: string;
    /** Form: a line of help under the input. */
    hint?: MessageKey;
  };

/** The earliest year of manufacture a machine may have; the latest is next year. */
export const FIRST_YEAR_OF_MANUFACTURE = 1950;

export const DETAIL_FIELD_TABLE: Record<LotKind, readonly DetailField[]> = {
  board: [
    { field: 'crop_name', input: 'text', max: 120, label: 'lot_form.crop_name', format: 'text' },
    { field: 'crop_variety', input: 'text', max: 120, label: 'lot_form.variety', format: 'text' },
  ],
  seed: [
    { field: 'seed_name', input: 'text', max: 120, label: 'lot_form.seed_name', format: 'text' },
    { field: 'seed_variety', input: 'text', max: 120, label: 'lot_form.variety', format: 'text' },
    {
      field: 'generation',
      input: 'text',
      max: 60,
      formLabel: 'lot_form.generation',
      pageLabel: 'lot_page.generation',
      format: 'text',
    },
    { field: 'available_from', input: 'date', label: 'lot_form.available_from', format: 'date' },
    { field: 'available_to', input: 'date', label: 'lot_form.available_to', format: 'date' },
  ],
  fertilizer: [
    {
      field: 'fertilizer_name',
      input: 'text',
      max: 120,
      formLabel: 'lot_form.fertilizer_name',
      pageLabel: 'lot_page.fertilizer_name',
      format: 'text',
    },
    { field: 'fertilizer_type', input: 'text', max: 120, label: 'lot_form.fertilizer_type', format: 'text' },
    {
      field: 'applied_to',
      input: 'text',
      max: 200,
      formLabel: 'lot_form.applied_to',
      pageLabel: 'lot_page.applied_to',
      format: 'text',
    },
    {
      field: 'chemical_specification',
      input: 'text',
      max: 500,
      label: 'lot_form.chemical_specification',
      hint: 'lot_form.chemical_specification_hint',
      format: 'long',
    },
  ],
  technic: [
    {
      field: 'maker',
      input: 'text',
      max: 80,
      formLabel: 'lot_form.maker',
      pageLabel: 'lot_page.maker',
      format: 'text',
    },
    { field: 'model', input: 'text', max: 80, label: 'lot_form.model', format: 'text' },
    {
      field: 'year_of_manufacture',
      input: 'year',
      formLabel: 'lot_form.year_of_manufacture',
      pageLabel: 'lot_page.year_of_manufacture',
      format: 'year',
    },
    {
      field: 'price_type',
      input: 'select',
      options: PRICE_TYPES,
      fallback: 'fixed',
      formLabel: 'lot_form.price_type',
      pageLabel: 'lot_page.price_type',
      format: 'price_type',
    },
    {
      field: 'rent_per',
      input: 'select',
      options: RENT_PER,
      formLabel: 'lot_form.rent_per',
      pageLabel: 'lot_page.rent_per',
      format: 'rent_per',
    },
    {
      field: 'working_radius_km',
      input: 'number',
      min: 0,
      max: 5000,
      formLabel: 'lot_form.working_radius_km',
      pageLabel: 'lot_page.working_radius',
      format: 'km',
    },
    {
      field: 'location_description',
      input: 'text',
      max: 300,
      formLabel: 'lot_form.location_description',
      pageLabel: 'lot_page.location_description',
      format: 'long',
    },
    {
      field: 'is_owner',
      input: 'flag',
      formLabel: 'lot_form.is_owner',
      pageLabel: 'lot_page.is_owner',
      format: 'flag',
    },
    {
      field: 'has_insurance',
      input: 'flag',
      formLabel: 'lot_form.has_insurance',
      pageLabel: 'lot_page.has_insurance',
      format: 'flag',
    },
    {
      field: 'maintained_on_time',
      input: 'flag',
      formLabel: 'lot_form.maintained_on_time',
      pageLabel: 'lot_page.maintained_on_time',
      format: 'flag',
    },
    {
      field: 'can_deliver_or_pickup',
      input: 'flag',
      formLabel: 'lot_form.can_deliver_or_pickup',
      pageLabel: 'lot_page.can_deliver_or_pickup',
      format: 'flag',
    },
    {
      field: 'rate_includes_extras',
      input: 'flag',
      formLabel: 'lot_form.rate_includes_extras',
      pageLabel: 'lot_page.rate_includes_extras',
      format: 'flag',
    },
  ],
};

/** The label the form shows for a field. */
export const formLabelOf = (field: DetailField): MessageKey =>
  field.label !== undefined ? field.label : field.formLabel;
/** The label the lot page shows for a field. */
export const pageLabelOf = (field: DetailField): MessageKey =>
  field.label !== undefined ? field.label : field.pageLabel;
