import { useFormContext } from 'react-hook-form';
import { type WizardValues, fieldId } from './wizard-model';

/** What a step's fields need from the wizard's form (shared through FormProvider), with the wizard's control ids. */
export function useStepFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  return { register, errors, idOf: fieldId };
}
