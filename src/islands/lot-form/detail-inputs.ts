import type { LotKind } from '../../features/lots/constants';
import type { LotFormField } from './lot-form-values';

/** The lot form's kind-specific inputs and ticks (labels are literal dictionary keys, so the checker sees them used). */
export interface DetailInput {
  name: LotFormField;
  label: string;
  hint?: string;
  type?: 'text' | 'date';
  inputMode?: 'numeric';
  maxLength?: number;
}

/** The kind's own text fields, shown under the title (the technic price kind, rent unit and ticks are placed elsewhere). */
export const DETAIL_INPUTS: Record<LotKind, DetailInput[]> = {
  board: [
    { name: 'crop_name', label: 'lot_form.crop_name', maxLength: 120 },
    { name: 'crop_variety', label: 'lot_form.variety', maxLength: 120 },
  ],
  seed: [
    { name: 'seed_name', label: 'lot_form.seed_name', maxLength: 120 },
    { name: 'seed_variety', label: 'lot_form.variety', maxLength: 120 },
    { name: 'generation', label: 'lot_form.generation', maxLength: 60 },
    { name: 'available_from', label: 'lot_form.available_from', type: 'date' },
    { name: 'available_to', label: 'lot_form.available_to', type: 'date' },
  ],
  fertilizer: [
    { name: 'fertilizer_name', label: 'lot_form.fertilizer_name', maxLength: 120 },
    { name: 'fertilizer_type', label: 'lot_form.fertilizer_type', maxLength: 120 },
    { name: 'applied_to', label: 'lot_form.applied_to', maxLength: 200 },
    { name: 'chemical_specification', label: 'lot_form.chemical_specification', hint: 'lot_form.chemical_specification_hint', maxLength: 500 },
  ],
  technic: [
    { name: 'maker', label: 'lot_form.maker', maxLength: 80 },
    { name: 'model', label: 'lot_form.model', maxLength: 80 },
    { name: 'year_of_manufacture', label: 'lot_form.year_of_manufacture', inputMode: 'numeric', maxLength: 4 },
    { name: 'working_radius_km', label: 'lot_form.working_radius_km', inputMode: 'numeric', maxLength: 4 },
    { name: 'location_description', label: 'lot_form.location_description', maxLength: 300 },
  ],
};

export const TECHNIC_FLAGS: { name: LotFormField; label: string }[] = [
  { name: 'is_owner', label: 'lot_form.is_owner' },
  { name: 'has_insurance', label: 'lot_form.has_insurance' },
  { name: 'maintained_on_time', label: 'lot_form.maintained_on_time' },
  { name: 'can_deliver_or_pickup', label: 'lot_form.can_deliver_or_pickup' },
  { name: 'rate_includes_extras', label: 'lot_form.rate_includes_extras' },
];
