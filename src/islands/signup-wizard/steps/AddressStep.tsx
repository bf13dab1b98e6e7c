import { type FieldError, useController } from 'react-hook-form';
import AddressFields from '~/islands/address/AddressFields';
import type { AddressErrors } from '~/features/accounts/address-value';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { ADDRESS_ID_PREFIX, type WizardValues } from '~/islands/signup-wizard/wizard-model';

export default function AddressStep({ t }: { t: ClientTranslate }) {
  const { field, fieldState } = useController<WizardValues, 'address'>({ name: 'address' });
  const nested = (fieldState.error ?? {}) as unknown as Record<string, FieldError | undefined>;
  const errors: AddressErrors = Object.fromEntries(
    Object.entries(nested).flatMap(([name, error]) => (error?.message ? [[name, error.message]] : [])),
  );
  return (
    <AddressFields value={field.value} onChange={field.onChange} errors={errors} t={t} idPrefix={ADDRESS_ID_PREFIX} />
  );
}
