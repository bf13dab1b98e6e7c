import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Marks the label of a field the form needs (the control says so with aria-required). */
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A label, a control, an optional hint and the error in text. The control itself carries
 * `aria-describedby={describedBy(id, …)}` and `aria-invalid`, so screen readers read the error with the field.
 */
export default function FieldShell({ id, label, error, hint, required, className = '', children }: Props) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
        {required && (
          <span className="ml-1 text-error" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm opacity-75">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
