import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error (for screen readers). */
export interface ControlAria {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** A word shown in brackets after the label, e.g. "optional". */
  note?: string;
  hint?: string;
  error?: string;
  children: (aria: ControlAria) => ReactNode;
}

/** A label, one control, an optional hint and the error in text, linked by ids. */
export default function FormField({ id, label, note, hint, error, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
        {note && <span className="font-normal opacity-75"> ({note})</span>}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm opacity-75">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
