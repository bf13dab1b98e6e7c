import type { LotKind } from '~/features/lots/constants';
import { DETAIL_FIELD_TABLE, type DetailField, formLabelOf } from '~/features/lots/detail-fields';
import type { MessageKey } from '~/i18n/t';
import type { LotFormField } from '~/features/lots/form-values';

/** The lot form's kind-specific inputs and ticks, derived from the kind's DETAIL_FIELD_TABLE (labels and limits there). */
export interface DetailInput {
  name: LotFormField;
  label: MessageKey;
  hint?: MessageKey;
  type?: 'text' | 'date';
  /** A whole number, said back as a year ("2019") or a distance in km. */
  number?: 'year' | 'km';
  maxLength?: number;
}

function toInput(detail: DetailField): DetailInput {
  const input: DetailInput = { name: detail.field as LotFormField, label: formLabelOf(detail) };
  if (detail.hint) input.hint = detail.hint;
  if (detail.input === 'text') input.maxLength = detail.max;
  if (detail.input === 'date') input.type = 'date';
  if (detail.input === 'year') input.number = 'year';
  if (detail.input === 'number') input.number = detail.format;
  return input;
}

/** The kind's own text, date and number fields, shown under the title (the technic price kind, rent unit and ticks are placed elsewhere). */
export const DETAIL_INPUTS = Object.fromEntries(
  Object.entries(DETAIL_FIELD_TABLE).map(([kind, fields]) => [
    kind,
    fields.filter((detail) => detail.input !== 'flag' && detail.input !== 'select').map(toInput),
  ]),
) as Record<LotKind, DetailInput[]>;

/** The technic lot's ticks, in the last section of the form. */
export const TECHNIC_FLAGS: { name: LotFormField; label: MessageKey }[] = DETAIL_FIELD_TABLE.technic
  .filter((detail) => detail.input === 'flag')
  .map((detail) => ({ name: detail.field as LotFormField, label: formLabelOf(detail) }));
