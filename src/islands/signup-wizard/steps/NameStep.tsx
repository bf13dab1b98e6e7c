import { useFormContext } from 'react-hook-form';
import { TextField } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { type WizardValues, fieldId } from '../wizard-model';

export default function NameStep({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField id={fieldId('first_name')} label={t('auth.field_first_name')} autoComplete="given-name" registration={register('first_name')} error={errors.first_name?.message} />
      <TextField
        id={fieldId('last_name')}
        label={t('auth.field_last_name')}
        optional={t('auth.field_optional')}
        autoComplete="family-name"
        registration={register('last_name')}
        error={errors.last_name?.message}
      />
    </div>
  );
}
