import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { SelectField, useHydrated } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { LotFormValues } from '~/features/lots/form-values';
import type { CategoryChoice } from '~/features/lots/lot-form-types';

interface Props {
  control: Control<LotFormValues>;
  categories: CategoryChoice[];
  t: ClientTranslate;
  disabled?: boolean;
}

/**
 * Category then subcategory (the two levels of getCategoryTree). A category without subcategories is the
 * lot's category itself; otherwise the subcategory is. The error of category_id goes on whichever select
 * decides it. Before the island runs (and without JavaScript) it is one named select, the subcategories grouped
 * under their category, so the browser's own post carries `category_id`.
 */
export default function CategoryField({ control, categories, t, disabled }: Props) {
  const { field, fieldState } = useController({ control, name: 'category_id' });
  const [rootId, setRootId] = useState(() => rootOf(categories, field.value));
  const root = categories.find((c) => String(c.id) === rootId);
  const hasChildren = (root?.children.length ?? 0) > 0;
  const error = fieldState.error?.message;
  const hydrated = useHydrated();

  if (!hydrated)
    return (
      <SelectField
        id="lot-category_id"
        name={field.name}
        label={t('lot_form.category')}
        required
        error={error}
        disabled={disabled}
      >
        {/* The chosen option is marked on the option itself: the server's renderer does not carry a select's value
            into an optgroup. */}
        <option value="">{t('lot_form.choose_category')}</option>
        {categories.map((c) =>
          c.children.length === 0 ? (
            <option key={c.id} value={c.id} selected={String(c.id) === field.value}>
              {c.name}
            </option>
          ) : (
            <optgroup key={c.id} label={c.name}>
              {c.children.map((child) => (
                <option key={child.id} value={child.id} selected={String(child.id) === field.value}>
                  {child.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </SelectField>
    );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={hasChildren ? 'lot-category_root' : 'lot-category_id'}
        label={t('lot_form.category')}
        required
        error={hasChildren ? undefined : error}
        value={rootId}
        ref={hasChildren ? undefined : field.ref}
        disabled={disabled}
        onBlur={hasChildren ? undefined : field.onBlur}
        onChange={(e) => {
          const next = categories.find((c) => String(c.id) === e.target.value);
          setRootId(e.target.value);
          field.onChange(next && next.children.length === 0 ? e.target.value : '');
        }}
      >
        <option value="">{t('lot_form.choose_category')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {hasChildren && (
        <SelectField
          id="lot-category_id"
          label={t('lot_form.subcategory')}
          required
          error={error}
          value={field.value}
          ref={field.ref}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.target.value)}
        >
          <option value="">{t('lot_form.choose_subcategory')}</option>
          {root!.children.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}

function rootOf(categories: CategoryChoice[], categoryId: string): string {
  if (!categoryId) return '';
  const root = categories.find(
    (c) => String(c.id) === categoryId || c.children.some((child) => String(child.id) === categoryId),
  );
  return root ? String(root.id) : '';
}
