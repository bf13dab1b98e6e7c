import { type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ClientTranslate } from '../lib/i18n';

/** Dictionary keys every auth form shows (pages pass them to messagesFor with the island's own). */
export const FORM_MESSAGE_KEYS = ['auth.form_show_password', 'auth.form_hide_password', 'auth.form_offline', 'auth.form_retry'];

/** Ids of the hint and error texts an input is described by (aria-describedby), or undefined. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  return [hasHint && `${id}-hint`, hasError && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-error">
      {message}
    </p>
  );
}

function FieldLabel({ id, label, optional }: { id: string; label: string; optional?: string }) {
  return (
    <label htmlFor={id} className="font-semibold">
      {label}
      {optional && <span className="font-normal opacity-75"> ({optional})</span>}
    </label>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** The word "optional", shown after the label of a field that may stay empty. */
  optional?: string;
}

/** A labelled input whose hint and error are linked to it and read out with it. */
export function TextField({ id, label, registration, error, hint, optional, className, ...input }: TextFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel id={id} label={label} optional={optional} />
      <input
        id={id}
        className={`input input-lg w-full text-base ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        {...input}
        {...registration}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm opacity-80">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'optional'> {
  t: ClientTranslate;
}

/** A password input with a show/hide button: typing a password on a small phone keyboard is error-prone. */
export function PasswordField({ id, label, registration, error, hint, t, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel id={id} label={label} />
      <div className={`input input-lg w-full pr-1 text-base ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="grow"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm h-10 min-w-10 px-2"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? t('auth.form_hide_password') : t('auth.form_show_password')}
          title={visible ? t('auth.form_hide_password') : t('auth.form_show_password')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm opacity-80">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg className="h-5 w-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
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

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy || !hydrated} aria-busy={busy || undefined}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** What went wrong with a request that no field explains. `offline` adds a retry button. */
export interface FormProblem {
  message: string;
  offline?: boolean;
}

/**
 * The alert above a form for problems no field explains. It takes the focus when it appears, so keyboard and
 * screen-reader users learn about it at once; `action` adds a link or button (e.g. "ask for a new link").
 */
export function FormAlert({ problem, onRetry, retryLabel, action }: { problem: FormProblem | null; onRetry?: () => void; retryLabel?: string; action?: ReactNode }) {
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) own.current?.focus();
  }, [problem]);
  if (!problem) return null;
  return (
    <div ref={own} role="alert" tabIndex={-1} className="alert alert-error flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <span className="flex-1">{problem.message}</span>
      {problem.offline && onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
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
