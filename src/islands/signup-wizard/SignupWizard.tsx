import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type Resolver, get, set, useForm } from 'react-hook-form';
import type { TraderStatus } from '~/features/accounts/constants';
import type { Locale } from '~/i18n/config';
import type { MessageKey } from '~/i18n/t';
import { announceAuthChange } from '~/stores/auth';
import { focusAddressField } from '~/islands/address/AddressFields';
import type { AddressField } from '~/features/accounts/address-value';
import type { CaptchaConfig } from '~/islands/auth/captcha';
import { useCaptcha } from '~/islands/auth/use-captcha';
import { type ApiError, apiPost } from '~/stores/api';
import { FormAlert } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import StepIndicator from './StepIndicator';
import AboutStep from './steps/AboutStep';
import ActivityStep from './steps/ActivityStep';
import AddressStep from './steps/AddressStep';
import ContactStep from './steps/ContactStep';
import DoneStep from './steps/DoneStep';
import EmailStep from './steps/EmailStep';
import NameStep from './steps/NameStep';
import PasswordStep from './steps/PasswordStep';
import PhoneStep from './steps/PhoneStep';
import PreferencesStep from './steps/PreferencesStep';
import SizeStep from './steps/SizeStep';
import StartStep from './steps/StartStep';
import { usePhonePin } from './use-phone-pin';
import { usePlaceDefaults } from './use-place-defaults';
import {
  ADDRESS_ID_PREFIX,
  PATH_STEPS,
  type PhoneProof,
  type StepId,
  type WizardPath,
  type WizardValues,
  defaultValues,
  fieldId,
  fieldsOf,
  isPhoneConfirmed,
  noPhoneProof,
  stepOfField,
  stepSchema,
  stepTitleKey,
  toSignupForm,
} from './wizard-model';
import { clearWizard, loadWizard, saveWizard } from './wizard-storage';

interface Props {
  messages: Messages;
  /** The page's language: the default of the account's language. */
  locale: Locale;
  /** From ?trader_status (farmer by default). */
  initialKind: TraderStatus;
  captcha: CaptchaConfig | null;
  /** The localized sign-in page, offered until the account exists. */
  loginHref: string;
  /** The localized short sign-up form: without JavaScript, Start leads there (a GET with the kind chosen). */
  shortFormHref: string;
  /** The localized account tiers page, where silver is asked for. */
  tiersHref: string;
  /** A phone number of the visitor's country for the phone field's hint (src/server/http/phone-example.ts). */
  phoneExample: string;
}

const INTRO_KEYS: Partial<Record<StepId, MessageKey>> = {
  start: 'signup.start_intro',
  phone: 'signup.phone_intro',
  email: 'signup.email_intro',
  address: 'signup.address_intro',
  preferences: 'signup.preferences_intro',
  about: 'signup.about_intro',
};

/**
 * The sign-up wizard: a start screen (kind, quick or full), then the quick path (name, e-mail or
 * phone, password) or the full one (name, phone with PIN, e-mail, address, language and currency, activity,
 * farm size or turnover, gender and age, password), and congratulations. Each Next checks the step with the
 * shared schema's pieces; the answers (never the password) are kept in localStorage so a reload or a lost
 * connection costs nothing; a 400 puts each error on its step and goes to the first.
 */
export default function SignupWizard({
  messages,
  locale,
  initialKind,
  captcha,
  loginHref,
  shortFormHref,
  tiersHref,
  phoneExample,
}: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [path, setPath] = useState<WizardPath>('quick');
  const [step, setStep] = useState<StepId>('start');
  const [proof, setProof] = useState<PhoneProof>(noPhoneProof);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [restored, setRestored] = useState(false);
  const [sending, setSending] = useState(false);
  const [redirect, setRedirect] = useState('');
  const retry = useRef<(() => void) | null>(null);
  /** Field errors from the last sign-up answer, kept until the field changes (a step's own check cannot see them). */
  const serverErrors = useRef<Record<string, string>>({});
  /** After a step change: the heading (for screen readers) or the first invalid field gets the focus. */
  const focusAfterMove = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = useRef(false);
  const { containerRef, getToken } = useCaptcha(captcha);

  // The resolver runs for the step on screen; refs let the one resolver instance see the current state.
  const current = useRef({ step, path, proof });
  current.current = { step, path, proof };

  const resolver = useCallback<Resolver<WizardValues>>(
    async (values, context, options) => {
      const { step: onScreen, path: taken, proof: phoneProof } = current.current;
      const schema = stepSchema(onScreen, values.trader_status, locale);
      const input = onScreen === 'password' ? toSignupForm(values, taken, phoneProof) : values;
      const result = await zodFormResolver(schema, t, messages)(input as never, context, options as never);
      const errors = { ...result.errors } as FieldErrors<WizardValues>;
      // The last step checks the whole request, so every unresolved server error counts there.
      const checked = onScreen === 'password' ? Object.keys(serverErrors.current) : fieldsOf(onScreen);
      for (const [name, message] of Object.entries(serverErrors.current)) {
        if (checked.includes(name) && !get(errors, name)) set(errors, name, { type: 'server', message });
      }
      return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
    },
    [t, messages, locale],
  );

  const form = useForm<WizardValues>({
    resolver,
    defaultValues: defaultValues(initialKind, locale),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  const report = useCallback((next: FormProblem, again?: () => void) => {
    retry.current = again ?? null;
    setProblem(next);
  }, []);
  const pin = usePhonePin({ form, setProof, t, messages, report });
  const suggestPlace = usePlaceDefaults(form);

  // Resume where the person left off (after a reload, or coming back later on the same phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the wizard mounts; later props must not reload the saved answers over the typed ones.
  useEffect(() => {
    const saved = loadWizard(defaultValues(initialKind, locale));
    if (saved) {
      form.reset({ ...saved.values, password: '', password_repeat: '', pin: '' });
      setPath(saved.path);
      setStep(saved.step);
      setProof(saved.proof);
      setRestored(true);
    }
    loaded.current = true;
  }, []);

  const persist = useCallback(() => {
    const { step: onScreen, path: taken, proof: phoneProof } = current.current;
    if (!loaded.current || onScreen === 'start' || onScreen === 'done') return;
    saveWizard({ path: taken, step: onScreen, values: form.getValues(), proof: phoneProof });
  }, [form]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name === 'phone') void suggestPlace(values.phone ?? '');
      if (name) {
        for (const key of Object.keys(serverErrors.current))
          if (key === name || key.startsWith(`${name}.`)) delete serverErrors.current[key];
      }
      persist();
    });
    return () => subscription.unsubscribe();
  }, [form, persist, suggestPlace]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: persist reads path, step and proof through current.current; each change of them is saved.
  useEffect(persist, [path, step, proof, persist]);

  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors.current)) {
      if (fieldsOf(step).includes(name)) form.setError(name as never, { type: 'server', message });
    }
    const target = focusAfterMove.current;
    focusAfterMove.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target) focusField(target);
  }, [step, form.setError]);

  const steps = PATH_STEPS[path];
  const index = steps.indexOf(step);
  const kind = form.watch('trader_status');

  function goTo(next: StepId, options: { focus?: string; keepProblem?: boolean } = {}) {
    if (!options.keepProblem) setProblem(null);
    if (!options.focus) form.clearErrors();
    focusAfterMove.current = options.focus ?? 'heading';
    setStep(next);
  }

  /** Goes to the first step (in the path's order) holding one of `fields`, and focuses the field. */
  function showFirstError(fields: string[], keepProblem = false) {
    const order = ['start', ...steps] as StepId[];
    const located = fields
      .map((field) => (field === 'phone_token' ? 'phone' : field))
      .map((name) => ({ name, step: stepOfField(name, path) }))
      .filter((item): item is { name: string; step: StepId } => item.step !== undefined)
      .sort(
        (a, b) =>
          order.indexOf(a.step) - order.indexOf(b.step) ||
          fieldsOf(a.step).indexOf(a.name) - fieldsOf(b.step).indexOf(b.name),
      );
    const first = located[0];
    if (!first) return;
    if (first.step === step) focusField(first.name);
    else goTo(first.step, { focus: first.name, keepProblem });
  }

  async function submit() {
    setProblem(null);
    setSending(true);
    const check = await getToken();
    if (check.errorKey) {
      setSending(false);
      report({ message: t(check.errorKey) });
      return;
    }
    const values = form.getValues();
    const result = await apiPost<{ redirect: string }>('/user/signup/', {
      SignupForm: toSignupForm(values, path, proof, check.token) as never,
    });
    setSending(false);
    if (result.ok) {
      clearWizard();
      announceAuthChange(true);
      setRedirect(result.data.redirect);
      goTo('done');
      return;
    }
    if (result.status === 400 && result.error.errors) {
      placeServerErrors(result.error);
      return;
    }
    report(problemOf(result, t), submit);
  }

  /** A 400 from sign-up: each error on its step (e-mail taken → e-mail step, address.* → address step …). */
  function placeServerErrors(error: ApiError) {
    const placed: string[] = [];
    const unplaced: string[] = [];
    for (const [name, texts] of Object.entries(error.errors ?? {})) {
      const target = name === 'phone_token' ? 'phone' : name;
      if (stepOfField(target, path)) {
        serverErrors.current[target] = texts[0];
        placed.push(target);
        if (fieldsOf(step).includes(target)) form.setError(target as never, { type: 'server', message: texts[0] });
      } else unplaced.push(...texts);
    }
    if (unplaced.length > 0) report({ message: unplaced.join(' ') });
    showFirstError(placed, unplaced.length > 0);
  }

  async function confirmPhone(): Promise<boolean> {
    const phone = form.getValues('phone').trim();
    if (phone === '' || isPhoneConfirmed(phone, proof)) return true;
    if (proof.sentTo === phone && form.getValues('pin').trim() !== '') return pin.verify();
    const name = proof.sentTo === phone ? 'pin' : 'phone';
    form.setError(name, { type: 'wizard', message: t('signup.phone_not_confirmed') });
    focusField(name);
    return false;
  }

  const onNext = form.handleSubmit(
    async () => {
      setProblem(null);
      if (step === 'start') return goTo(steps[0]);
      if (step === 'phone' && !(await confirmPhone())) return;
      if (step === 'password') return submit();
      goTo(steps[index + 1]);
    },
    (errors) => showFirstError(errorNames(errors)),
  );

  function back() {
    goTo(index <= 0 ? 'start' : steps[index - 1]);
  }

  function skipPhone() {
    form.setValue('phone', '');
    form.setValue('pin', '');
    goTo('email');
  }

  function startOver() {
    if (!window.confirm(t('signup.start_over_confirm'))) return;
    // The reset below notifies the watcher at once: it must already see the start screen, which is never saved.
    current.current = { step: 'start', path: 'quick', proof: noPhoneProof() };
    serverErrors.current = {};
    form.reset(defaultValues(initialKind, locale));
    clearWizard();
    setProof(noPhoneProof());
    setPath('quick');
    setRestored(false);
    goTo('start');
  }

  const values = form.getValues();
  const heading = step === 'done' ? t('signup.done_title', { name: values.first_name }) : t(stepTitleKey(step, kind));
  const intro = INTRO_KEYS[step];
  const isLast = step === 'password';

  return (
    <div className="flex flex-col gap-4">
      {restored && step !== 'done' && (
        <div className="alert alert-info flex flex-col items-start gap-2 sm:flex-row sm:items-center" role="status">
          <span className="flex-1">{t('signup.restored')}</span>
          <button type="button" className="btn btn-sm" onClick={startOver}>
            {t('signup.start_over')}
          </button>
        </div>
      )}
      {index >= 0 && <StepIndicator steps={steps} current={index} kind={kind} t={t} />}
      <FormProvider {...form}>
        {/* Without JavaScript, Start sends the kind chosen to the short form (a plain GET): a working sign-up. */}
        <form
          noValidate
          method="get"
          action={shortFormHref}
          onSubmit={onNext}
          aria-labelledby="wizard-step-title"
          className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
        >
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold sm:text-2xl">
            {heading}
          </h2>
          {intro && <p className="opacity-80">{t(intro)}</p>}
          <FormAlert problem={problem} onRetry={() => retry.current?.()} retryLabel={t('auth.form_retry')} />
          {step === 'start' && <StartStep path={path} onPathChange={setPath} t={t} />}
          {step === 'name' && <NameStep t={t} />}
          {step === 'contact' && <ContactStep t={t} phoneExample={phoneExample} />}
          {step === 'phone' && (
            <PhoneStep
              proof={proof}
              busy={pin.busy}
              onSend={pin.send}
              onVerify={pin.verify}
              onSkip={skipPhone}
              t={t}
              phoneExample={phoneExample}
            />
          )}
          {step === 'email' && <EmailStep t={t} optional={isPhoneConfirmed(values.phone, proof)} />}
          {step === 'address' && <AddressStep t={t} />}
          {step === 'preferences' && <PreferencesStep t={t} />}
          {step === 'activity' && <ActivityStep t={t} />}
          {step === 'size' && <SizeStep t={t} locale={locale} />}
          {step === 'about' && <AboutStep t={t} />}
          {step === 'password' && <PasswordStep t={t} tiersHref={tiersHref} />}
          {step === 'done' && (
            <DoneStep
              redirect={redirect}
              email={values.email.trim()}
              phoneConfirmed={path === 'advanced' && isPhoneConfirmed(values.phone, proof)}
              tiersHref={tiersHref}
              t={t}
            />
          )}
          <div ref={containerRef} />
          {step !== 'done' && (
            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
              {step !== 'start' && (
                <button type="button" className="btn btn-ghost btn-lg" onClick={back} disabled={sending}>
                  {t('signup.back')}
                </button>
              )}
              <button
                type="submit"
                className="btn btn-primary btn-lg sm:ml-auto sm:min-w-40"
                // Enabled before hydration: the server renders only the start screen, whose plain GET is harmless.
                disabled={sending || pin.busy !== null}
                aria-busy={sending || undefined}
              >
                {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {step === 'start' ? t('signup.start') : isLast ? t('auth.signup_submit') : t('signup.next')}
              </button>
            </div>
          )}
        </form>
      </FormProvider>
      {step !== 'start' && step !== 'done' && !restored && (
        <button type="button" className="btn btn-link btn-sm min-h-11 self-center" onClick={startOver}>
          {t('signup.start_over')}
        </button>
      )}
      {step !== 'done' && (
        <p className="mt-2 text-center">
          {t('auth.have_account')}{' '}
          <a href={loginHref} className="link link-primary inline-flex min-h-11 items-center font-semibold">
            {t('auth.sign_in')}
          </a>
        </p>
      )}
    </div>
  );
}

function focusField(name: string) {
  if (name.startsWith('address.')) focusAddressField(ADDRESS_ID_PREFIX, name.slice('address.'.length) as AddressField);
  else document.getElementById(fieldId(name === 'phone_token' ? 'phone' : name))?.focus();
}

/** `{ address: { country_id: {message} }, email: {message} }` → ['address.country_id', 'email']. */
function errorNames(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([name, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${name}` : name;
    return typeof (value as { type?: unknown }).type === 'string' ? [path] : errorNames(value as FieldErrors, path);
  });
}
