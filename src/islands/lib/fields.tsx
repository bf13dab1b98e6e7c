import { type ComponentProps, type ReactNode, forwardRef, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FormProblem } from './form-problem';
import type { ClientTranslate } from './i18n';

/**
 * The islands' form building blocks: a labelled field whose hint and error are tied to its control
 * (aria-describedby), text, password and select fields built on it, the submit button and the alerts.
 *
 * `compact` is the profile's look (its sections are dense cards): normal-size controls and lighter labels.
 * Without it, fields have the large controls of the sign-in and sign-up pages, made for thumbs on a phone.
 */

/** Dictionary keys the fields and alerts below show; defined with the pure code, so server pages read them there. */
export { FORM_MESSAGE_KEYS } from '~/features/site/form-messages';

interface DescribedBy {
  hint?: unknown;
  error?: unknown;
}

/** Ids of the hint and error texts a control is described by (`${id}-hint`, `${id}-error`), or undefined. */
export function describedBy(id: string, { hint, error }: DescribedBy): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** What ties a control to its hint and error, so screen readers read them with it. */
export function fieldAria(id: string, { hint, error, required }: DescribedBy & { required?: boolean }) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
    'aria-required': required ? true : undefined,
  } as const;
}

/** The props a Field hands to its control. */
export type ControlAria = { id: string } & ReturnType<typeof fieldAria>;

export function FieldLabel({
  id,
  label,
  optional,
  required,
  compact,
}: {
  id: string;
  label: string;
  optional?: string;
  required?: boolean;
  compact?: boolean;
}) {
  return (
    <label htmlFor={id} className={compact ? 'font-medium' : 'font-semibold'}>
      {label}
      {optional && <span className="font-normal opacity-75"> ({optional})</span>}
      {required && (
        <span className="ml-1 text-error" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

export function FieldHint({ id, hint, compact }: { id: string; hint: string; compact?: boolean }) {
  return (
    <p id={`${id}-hint`} className={`text-sm ${compact ? 'opacity-75' : 'opacity-80'}`}>
      {hint}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-error">
      {message}
    </p>
  );
}

interface FieldFrame {
  id: string;
  label: string;
  /** The word "optional", shown after the label of a field that may stay empty. */
  optional?: string;
  /** Marks the label of a field the form needs; the control gets aria-required. */
  required?: boolean;
  hint?: string;
  error?: string;
  compact?: boolean;
}

/** A label, one control (rendered by `children` with the props that tie it to the rest), the hint and the error. */
export function Field({ children, ...frame }: FieldFrame & { children: (control: ControlAria) => ReactNode }) {
  const { id, label, optional, required, hint, error, compact } = frame;
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel id={id} label={label} optional={optional} required={required} compact={compact} />
      {children({ id, ...fieldAria(id, { hint, error, required }) })}
      {hint && <FieldHint id={id} hint={hint} compact={compact} />}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** daisyUI classes of an input or select: its size, the error state, and any of the caller's. */
function controlClass(
  kind: 'input' | 'select',
  { compact, error, className }: { compact?: boolean; error?: string; className?: string },
): string {
  return [kind, compact ? '' : `${kind}-lg text-base`, 'w-full', error ? `${kind}-error` : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

/** A react-hook-form `register(name)`, or nothing for a control the island holds itself (value and onChange). */
type Registration = { registration?: UseFormRegisterReturn };

type TextFieldProps = FieldFrame & Registration & Omit<ComponentProps<'input'>, 'id'>;

export function TextField({
  id,
  label,
  optional,
  required,
  hint,
  error,
  compact,
  registration,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} optional={optional} required={required} hint={hint} error={error} compact={compact}>
      {(control) => (
        <input
          {...control}
          className={controlClass('input', { compact, error, className })}
          {...input}
          {...registration}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldFrame & Registration & Omit<ComponentProps<'select'>, 'id' | 'ref'>;

/**
 * A labelled select; its options are the children. Its `ref` reaches the select (forwardRef: the islands' runtime,
 * Preact's compatibility layer, hands a function component no `ref` otherwise), so a form can focus it on an error.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, optional, required, hint, error, compact, registration, className, children, ...select },
  ref,
) {
  return (
    <Field id={id} label={label} optional={optional} required={required} hint={hint} error={error} compact={compact}>
      {(control) => (
        <select
          {...control}
          className={controlClass('select', { compact, error, className })}
          {...select}
          {...registration}
          {...(ref ? { ref } : {})}
        >
          {children}
        </select>
      )}
    </Field>
  );
});

type PasswordFieldProps = Omit<FieldFrame, 'optional' | 'compact'> &
  Registration &
  Omit<ComponentProps<'input'>, 'id' | 'type'> & { t: ClientTranslate };

/** A password input with a show/hide button: typing a password on a small phone keyboard is error-prone. */
export function PasswordField({ id, label, required, hint, error, registration, t, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('auth.form_hide_password') : t('auth.form_show_password');
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error}>
      {(control) => (
        <div className={controlClass('input', { error, className: 'pr-1' })}>
          <input
            {...control}
            type={visible ? 'text' : 'password'}
            className="grow"
            autoCapitalize="none"
            spellCheck={false}
            {...input}
            {...registration}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm h-10 min-w-10 px-2"
            aria-controls={id}
            aria-pressed={visible}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      className="h-5 w-5"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * False in the server-rendered HTML, true once the island runs. Submit buttons stay disabled until then:
 * a form sent by the browser itself before hydration would put the password in a plain form post.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The form's submit button: disabled until React runs (a click before would submit the browser's way) and while
 * sending — unless the form is a plain form too (`plainForm`: it has a method, an action and named fields, and the
 * browser's own post works), which it may send before React runs.
 */
export function SubmitButton({
  busy,
  children,
  className = 'btn-lg w-full',
  plainForm = false,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  plainForm?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={`btn btn-primary min-h-12 ${className}`}
      disabled={busy || (!hydrated && !plainForm)}
      aria-busy={busy || undefined}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

interface FormAlertProps {
  problem: FormProblem | null | undefined;
  /** Offered when the problem allows it (`canRetry`): sends the same request again. */
  onRetry?: () => void;
  retryLabel?: string;
  /** A link or button after the message (e.g. "ask for a new link"). */
  action?: ReactNode;
  /**
   * A soft alert in the flow of a section, next to the button just pressed (where the focus already is): it is
   * announced, not focused. Without it, the alert stands above the form and takes the focus when it appears, so
   * keyboard and screen-reader users learn about it at once.
   */
  inline?: boolean;
}

/** The alert for problems no field explains. */
export function FormAlert({ problem, onRetry, retryLabel, action, inline = false }: FormAlertProps) {
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem && !inline) own.current?.focus();
  }, [problem, inline]);
  if (!problem) return null;
  return (
    <div
      ref={own}
      role="alert"
      tabIndex={inline ? undefined : -1}
      className={
        inline
          ? 'alert alert-error alert-soft flex flex-wrap items-center'
          : 'alert alert-error flex flex-col items-start gap-2 sm:flex-row sm:items-center'
      }
    >
      {Array.isArray(problem.message) ? (
        <ul className="flex-1">
          {problem.message.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <span className="flex-1">{problem.message}</span>
      )}
      {problem.canRetry && onRetry && (
        <button type="button" className={inline ? 'btn btn-sm min-h-10' : 'btn btn-sm'} onClick={onRetry}>
          {retryLabel}
        </button>
      )}
      {action}
    </div>
  );
}

export function SuccessAlert({ children }: { children: ReactNode }) {
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => own.current?.focus(), []);
  return (
    <div ref={own} role="status" tabIndex={-1} className="alert alert-success flex flex-col items-start gap-3">
      {children}
    </div>
  );
}
