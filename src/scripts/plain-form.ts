/**
 * What JavaScript adds to a PlainForm (src/components/plain-form/PlainForm.astro); the form works without it. Kept small on purpose: the
 * sign-in page loads this and the service-worker registration, nothing else.
 * - checks before sending, with the page's own messages (required, e-mail, length, repeat), beside the fields;
 * - show/hide password;
 * - the bot check, when one is configured: its token goes into the hidden `captcha_token` field;
 * - a busy, disabled button once the form is sent (a second tap cannot send it twice), and a message instead of a
 *   button left busy when the browser refuses to follow the answer (the page's CSP `form-action` blocks a redirect
 *   to another site: the form stays, and nothing else would say so);
 * - on the sign-in page: a sign-in in another tab of the browser takes this tab on too.
 */
import { followAuthChanges } from '~/stores/auth';

type Control = HTMLInputElement | HTMLSelectElement;

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-plain-form]')) enhance(form);

function enhance(form: HTMLFormElement) {
  const messages = form.dataset;
  const hidePasswords = [...form.querySelectorAll<HTMLButtonElement>('button[data-password-toggle]')].map((button) =>
    enablePasswordToggle(button, messages),
  );
  if (messages.followSignIn) followAuthChanges(false, messages.followSignIn);

  // One control per message: a group of radios shares one, checked on its first radio.
  const controls = () =>
    [...form.querySelectorAll<Control>('input[data-error-id], select[data-error-id]')].filter(
      (c, index, all) => !c.disabled && all.findIndex((other) => other.dataset.errorId === c.dataset.errorId) === index,
    );
  for (const control of form.querySelectorAll<Control>('input[data-error-id], select[data-error-id]'))
    control.addEventListener(control.type === 'radio' ? 'change' : 'input', () => showError(control, ''));

  // The server sent the form back with problems: the first field it marked (or the alert) gets the focus.
  const marked = controls().find((c) => c.getAttribute('aria-invalid') === 'true');
  const alert = form.querySelector<HTMLElement>('[data-form-problem]');
  if (marked) marked.focus();
  else if (alert && !alert.classList.contains('hidden')) alert.focus();

  let sending = false;
  form.addEventListener('submit', async (event) => {
    if (sending) return event.preventDefault();
    const invalid = controls().filter((control) => {
      const message = problemOf(control, form, messages);
      showError(control, message);
      return message !== '';
    });
    if (invalid.length > 0) {
      event.preventDefault();
      invalid[0].focus();
      return;
    }
    // A password shown as text is sent as a password (browsers keep text fields in their form history).
    for (const hide of hidePasswords) hide();
    setBusy(form, true);
    sending = true;
    if (!messages.captchaProvider) return;
    // The bot check runs first: the form is sent once its token is in.
    event.preventDefault();
    const token = await captchaToken(form);
    if (typeof token === 'string') {
      form.querySelector<HTMLInputElement>('input[name="captcha_token"]')!.value = token;
      form.submit();
      return;
    }
    sending = false;
    setBusy(form, false);
    showProblem(form, token.message);
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!sending || event.effectiveDirective !== 'form-action') return;
    sending = false;
    setBusy(form, false);
    showProblem(form, messages.msgBlocked ?? '');
  });
  // Back to this page from the next one (the browser's page cache): the form can be sent again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    sending = false;
    setBusy(form, false);
  });
}

/** The message of a control's first problem in the browser's own view of it, or ''. */
function problemOf(control: Control, form: HTMLFormElement, messages: DOMStringMap): string {
  const value = control.value.trim();
  if (control instanceof HTMLInputElement && control.type === 'radio') {
    const group = form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${control.name}"]`);
    return control.required && ![...group].some((radio) => radio.checked)
      ? (control.dataset.msgRequired ?? messages.msgRequired ?? '')
      : '';
  }
  const partner = control.dataset.oneOf ? (document.getElementById(control.dataset.oneOf) as Control | null) : null;
  if (partner && value === '' && partner.value.trim() === '') return control.dataset.msgOneOf ?? '';
  if (control.required && value === '') return control.dataset.msgRequired ?? messages.msgRequired ?? '';
  if (value === '' || !(control instanceof HTMLInputElement)) return '';
  if (control.type === 'email' && control.validity.typeMismatch) return messages.msgEmail ?? '';
  if (control.minLength > 0 && control.value.length < control.minLength) return messages.msgTooShort ?? '';
  const original = control.dataset.match ? (document.getElementById(control.dataset.match) as HTMLInputElement) : null;
  if (original && original.value !== control.value) return messages.msgDiffer ?? '';
  return '';
}

function showError(control: Control, message: string) {
  const element = document.getElementById(control.dataset.errorId ?? '');
  if (!element) return;
  element.textContent = message;
  element.classList.toggle('hidden', message === '');
  const ids = [control.dataset.hintId, message ? element.id : undefined].filter(Boolean).join(' ');
  if (control.type === 'radio') {
    const group = control.closest('fieldset');
    if (message) group?.setAttribute('aria-describedby', element.id);
    else group?.removeAttribute('aria-describedby');
  } else {
    if (ids) control.setAttribute('aria-describedby', ids);
    else control.removeAttribute('aria-describedby');
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    const frame = control.closest('[data-input-frame]') ?? control;
    frame.classList.toggle(control instanceof HTMLSelectElement ? 'select-error' : 'input-error', message !== '');
  }
}

function showProblem(form: HTMLFormElement, message: string) {
  const alert = form.querySelector<HTMLElement>('[data-form-problem]');
  const text = form.querySelector<HTMLElement>('[data-form-problem-text]');
  if (!alert || !text) return;
  text.textContent = message;
  alert.classList.remove('hidden');
  alert.focus();
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-submit]')) {
    button.disabled = busy;
    button.toggleAttribute('aria-busy', busy);
    button.querySelector('[data-busy]')?.classList.toggle('hidden', !busy);
  }
}

/** Wires a show/hide button; answers the function that hides the password again. */
function enablePasswordToggle(button: HTMLButtonElement, messages: DOMStringMap): () => void {
  const input = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLInputElement | null;
  const show = (visible: boolean) => {
    if (!input) return;
    input.type = visible ? 'text' : 'password';
    const label = (visible ? messages.msgHidePassword : messages.msgShowPassword) ?? '';
    button.setAttribute('aria-pressed', String(visible));
    button.setAttribute('aria-label', label);
    button.title = label;
    button.querySelector('[data-crossed]')?.classList.toggle('hidden', !visible);
  };
  if (input) {
    button.hidden = false;
    button.addEventListener('click', () => show(input.type === 'password'));
  }
  return () => show(false);
}

/** One bot check per form, made on its first send: the provider's code loads only then. */
const checks = new WeakMap<HTMLFormElement, { execute(container: HTMLElement): Promise<string> }>();

/** A fresh bot-check token, or the message to show. */
async function captchaToken(form: HTMLFormElement): Promise<string | { message: string }> {
  const { createCaptcha, CaptchaError } = await import('~/islands/auth/captcha');
  let check = checks.get(form);
  if (!check) {
    const provider = form.dataset.captchaProvider as 'recaptcha' | 'turnstile';
    check = createCaptcha({ provider, siteKey: form.dataset.captchaSiteKey ?? '' });
    checks.set(form, check);
  }
  try {
    return await check.execute(form.querySelector<HTMLElement>('[data-captcha-box]') ?? form);
  } catch (error) {
    const unavailable = error instanceof CaptchaError && error.reason === 'unavailable';
    return { message: (unavailable ? form.dataset.msgCaptchaUnavailable : form.dataset.msgCaptchaFailed) ?? '' };
  }
}
