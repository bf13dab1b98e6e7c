import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiResult } from '~/stores/api';
import { type FormProblem, problemOf } from './form-problem';
import { applyServerErrors } from './forms';
import type { ClientTranslate } from './i18n';

interface Options<V extends FieldValues, R> {
  /** The fields the server may find wrong, in the order they appear: the first one with an error gets the focus. */
  fields: readonly Path<V>[];
  t: ClientTranslate;
  /** Sends the checked values; answers a problem instead of a result when the request cannot be sent (the bot check failed). */
  send: (values: V) => Promise<ApiResult<R> | FormProblem>;
  onSuccess: (data: R) => void;
  /** Told when the server refused the values with field errors (after they are on the fields). */
  onRefused?: () => void;
}

/**
 * The submit of a form that posts to the API. A refused request puts the server's field errors on the fields
 * (focusing the first) and the rest in the form's alert; a lost network says so and offers a retry.
 * `problem` goes to FormAlert, whose retry calls `submit` again.
 */
export function useApiSubmit<V extends FieldValues, R>(
  form: UseFormReturn<V>,
  { fields, t, send, onSuccess, onRefused }: Options<V, R>,
) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const result = await send(values);
    if (!('ok' in result)) return setProblem(result);
    if (result.ok) return onSuccess(result.data);
    const fieldErrors = result.error.errors;
    if (!fieldErrors) return setProblem(problemOf(result, t));
    const unplaced = applyServerErrors(result.error, form.setError, fields);
    const first = fields.find((field) => fieldErrors[field]);
    if (first) form.setFocus(first);
    onRefused?.();
    if (unplaced.length > 0) setProblem({ message: unplaced.join(' ') });
  });
  return { problem, submit };
}
