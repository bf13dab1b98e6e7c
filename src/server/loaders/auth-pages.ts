import { TRADER_STATUSES } from '~/features/accounts/constants';
import { defaultsOfPhone, phoneDefaultsTable } from '~/features/accounts/place-defaults';
import { loginSchema, requestResetSchema, resetPasswordSchema, signupSchema } from '~/features/accounts/schemas';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { memoize } from '~/server/cache/memo';
import { getDb } from '~/server/db';
import { safeReturnPath } from '~/server/http/return-path';
import { isSignInToAct } from '~/server/http/guards';
import { SIGNED_IN_NOTE, webSessionCookie } from '~/server/http/session-cookie';
import { captchaClientConfig, verifyCaptcha } from '~/server/security/captcha';
import { logIn } from '~/server/services/accounts/authenticate';
import { requestPasswordReset, resetPassword } from '~/server/services/accounts/email-confirmation';
import type { IssuedTokens } from '~/server/services/accounts/sessions';
import { signUp } from '~/server/services/accounts/sign-up';
import { listCountries } from '~/server/services/reference/list-countries';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import {
  type FormPageRequest,
  handleFormPost,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
  blankForm,
} from './form-post';

/**
 * The pages a visitor meets before signing in — sign-in, sign-up, forgot password, reset password — are plain
 * HTML forms that post to themselves and work without JavaScript (docs/auth.md "Forms without JavaScript").
 * Each loader answers a GET with the empty form and a POST by running the same schema and service as the API
 * (so the same rate limits, bot check and session cookie), then redirects on success or shows the form again
 * with its values (never a password) and the problems beside their fields.
 */

type CaptchaConfig = ReturnType<typeof captchaClientConfig>;

const isPost = (request: FormPageRequest) => request.request.method === 'POST';
const pick = <F extends string>(fields: Record<string, string>, names: readonly F[]) =>
  Object.fromEntries(names.flatMap((name) => (fields[name] !== undefined ? [[name, fields[name]]] : []))) as Partial<
    Record<F, string>
  >;

/** Signs the browser in: the session cookie, and the note that lets the next page tell the other tabs. */
function signBrowserIn(request: FormPageRequest, tokens: IssuedTokens): void {
  const cookie = webSessionCookie(tokens);
  if (cookie) request.cookies.set(cookie.name, cookie.value, cookie.options);
  request.cookies.set(SIGNED_IN_NOTE.name, SIGNED_IN_NOTE.value, {
    path: '/',
    maxAge: SIGNED_IN_NOTE.maxAge,
    sameSite: 'lax',
    secure: cookie?.options.secure,
  });
}

/** A signed-in visitor has nothing to do on a guest page: home, or the safe page they were asked to return to. */
function leaveGuestPage(request: FormPageRequest, returnTo?: string): PageOutcome<never> {
  return {
    redirect: returnTo ?? localizePath('/', request.locale),
    status: isPost(request) ? 303 : 302,
    headers: PRIVATE_PAGE,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in

const LOGIN_FIELDS = ['email', 'password', 'remember_me'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export interface LoginView {
  form: FormState<LoginField>;
  /** Where a successful sign-in leads: the safe `redirect` parameter, or the localized home. */
  destination: string;
  /**
   * Shown above the form: the password was just reset from an e-mailed link; or the visitor came from something
   * only members may do (an offer, a favourite: `?for=act`).
   */
  notice?: 'reset_done' | 'sign_in_to_act';
}

export async function loadLoginPage(request: FormPageRequest): Promise<PageOutcome<LoginView>> {
  const { locale, url } = request;
  const returnTo = safeReturnPath(url.searchParams.get('redirect'));
  if (request.user) return leaveGuestPage(request, returnTo);
  const destination = returnTo ?? localizePath('/', locale);
  const action = `${localizePath('/signin/login', locale)}${returnTo ? `?redirect=${encodeURIComponent(returnTo)}` : ''}`;
  const notice =
    url.searchParams.get('reset') === 'done'
      ? ('reset_done' as const)
      : isSignInToAct(url)
        ? ('sign_in_to_act' as const)
        : undefined;
  if (!isPost(request))
    return { view: { form: blankForm(request, action), destination, notice }, status: 200, headers: PRIVATE_PAGE };

  return handleFormPost<LoginField, LoginView>(request, {
    action,
    shownFields: LOGIN_FIELDS,
    run: async (fields) => {
      const input = parseInput(loginSchema, fields, { status: 400 });
      const { tokens } = await logIn(await getDb(), input, {
        ip: request.ip,
        userAgent: request.request.headers.get('user-agent'),
        web: true,
      });
      signBrowserIn(request, tokens);
      return destination;
    },
    keep: (fields) => pick(fields, ['email', 'remember_me'] as const),
    view: (form) => ({ form, destination }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-up (the short form)

const SIGNUP_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'password_repeat',
  'trader_status',
  'country_id',
  'currency_id',
  'locale',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
/** What the person typed is shown again, except the passwords. */
const SIGNUP_KEPT = SIGNUP_FIELDS.filter((name) => name !== 'password' && name !== 'password_repeat');

export interface SignupView {
  form: FormState<SignupField>;
  countries: { id: number; name: string }[];
  currencies: { id: number; code: string; name: string }[];
  /** For the page's script: calling code → [country id, currency id] (see place-defaults.ts). */
  phoneDefaults: Record<string, [number, number]>;
  /** What the phone number given (if any) makes of the country and currency left to it, to name beside them. */
  fromPhone?: { country?: string; currency: string };
  captcha: CaptchaConfig | null;
}

const MINUTE = 60_000;

async function signupLists(locale: FormPageRequest['locale']) {
  const db = await getDb();
  const [countries, currencies] = await Promise.all([
    memoize(`signup:countries:${locale}`, MINUTE, () => listCountries(db, locale)),
    memoize(`signup:currencies:${locale}`, MINUTE, () => listCurrencies(db, locale)),
  ]);
  const phoneDefaults = await memoize('signup:phone-defaults', MINUTE, async () =>
    phoneDefaultsTable(countries, currencies),
  );
  return { countries, currencies, phoneDefaults };
}

export async function loadSignupPage(request: FormPageRequest): Promise<PageOutcome<SignupView>> {
  const { locale, url } = request;
  if (request.user) return leaveGuestPage(request);
  const action = localizePath('/signin/signup', locale);
  const lists = await signupLists(locale);
  const view = (form: FormState<SignupField>): SignupView => {
    const defaults = form.values.phone
      ? defaultsOfPhone(form.values.phone, lists.countries, lists.currencies)
      : undefined;
    const nameOf = <T extends { id: number; name: string }>(items: T[], id: number | undefined) =>
      items.find((item) => item.id === id)?.name;
    return {
      form,
      countries: lists.countries.map(({ id, name }) => ({ id, name })),
      currencies: lists.currencies.map(({ id, code, name }) => ({ id, code, name })),
      phoneDefaults: lists.phoneDefaults,
      fromPhone: defaults && {
        country: nameOf(lists.countries, defaults.countryId),
        currency: nameOf(lists.currencies, defaults.currencyId) ?? '',
      },
      captcha: captchaClientConfig(),
    };
  };

  if (!isPost(request)) {
    const requested = url.searchParams.get('trader_status') ?? '';
    const kind = (TRADER_STATUSES as readonly string[]).includes(requested) ? requested : undefined;
    const form = blankForm(request, action, { locale, ...(kind ? { trader_status: kind } : {}) });
    return { view: view(form), status: 200, headers: PRIVATE_PAGE };
  }

  return handleFormPost(request, {
    action,
    shownFields: SIGNUP_FIELDS,
    run: async (fields) => {
      const input = parseInput(signupSchema(locale), fields, { status: 400 });
      const { tokens, user } = await signUp(await getDb(), input, {
        ip: request.ip,
        userAgent: request.request.headers.get('user-agent'),
        locale,
        web: true,
      });
      signBrowserIn(request, tokens);
      return localizePath('/user/profile/deals', user.locale);
    },
    keep: (fields) => ({ locale, ...pick(fields, SIGNUP_KEPT) }),
    view,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Forgot password

export interface ForgotPasswordView {
  form: FormState<'email'>;
  /**
   * The link was sent, by e-mail or by SMS (if the address or confirmed number has an account: the page says the same
   * either way). The one field `email` takes either (requestResetSchema).
   */
  sent: boolean;
  captcha: CaptchaConfig | null;
}

export async function loadForgotPasswordPage(request: FormPageRequest): Promise<PageOutcome<ForgotPasswordView>> {
  const { locale, url } = request;
  if (request.user) return leaveGuestPage(request);
  const action = localizePath('/signin/forgot-password', locale);
  const captcha = captchaClientConfig();
  if (!isPost(request)) {
    const sent = url.searchParams.get('sent') === '1';
    return { view: { form: blankForm(request, action), sent, captcha }, status: 200, headers: PRIVATE_PAGE };
  }

  return handleFormPost(request, {
    action,
    shownFields: ['email'],
    run: async (fields) => {
      const input = parseInput(requestResetSchema, fields);
      await verifyCaptcha(input.captcha_token, request.ip);
      await requestPasswordReset(await getDb(), input.email, request.ip);
      // After the post, a plain page: reloading it must not send another e-mail.
      return `${action}?sent=1`;
    },
    keep: (fields) => pick(fields, ['email'] as const),
    view: (form) => ({ form, sent: false, captcha }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reset password (from the link sent by e-mail or SMS)

export interface ResetPasswordView {
  form: FormState<'password' | 'password_repeat'>;
  /** The link's token (also a hidden field of the form). */
  token: string;
  /** A link without a usable token: the page says so at once instead of showing the form. */
  hasToken: boolean;
  /** The server found the link spent or expired: offer a new one. */
  isLinkInvalid: boolean;
}

const RESET_FIELDS = ['password', 'password_repeat'] as const;

export async function loadResetPasswordPage(request: FormPageRequest): Promise<PageOutcome<ResetPasswordView>> {
  const { locale, url } = request;
  const token = url.searchParams.get('token')?.trim() ?? '';
  const hasToken = token.length >= 10 && token.length <= 200;
  const action = `${localizePath('/signin/reset-password', locale)}?token=${encodeURIComponent(token)}`;
  const view = (form: FormState<(typeof RESET_FIELDS)[number]>, isLinkInvalid = false): ResetPasswordView => ({
    form,
    token,
    hasToken,
    isLinkInvalid,
  });
  if (!isPost(request) || !hasToken)
    return { view: view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };

  return handleFormPost(request, {
    action,
    shownFields: RESET_FIELDS,
    run: async (fields) => {
      const input = parseInput(resetPasswordSchema, { ...fields, token });
      await resetPassword(await getDb(), input.token, input.password, request.ip);
      return `${localizePath('/signin/login', locale)}?reset=done`;
    },
    keep: () => ({}),
    // The token is no field the person can fix: the link itself is spent or expired.
    view: (form, error) => view(form, error.fields?.token !== undefined),
  });
}
