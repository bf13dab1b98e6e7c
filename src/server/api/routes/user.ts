import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { perLocale } from '~/features/numbers/schema';
import {
  addressSchema,
  changePasswordSchema,
  favoriteCategoriesSchema,
  loginSchema,
  mainInfoProfileSchema,
  mainInfoUserSchema,
  requestResetSchema,
  resetPasswordSchema,
  sendPinSchema,
  signupSchema,
  verifyPinSchema,
} from '~/features/accounts/schemas';
import { ussdPinChangeSchema } from '~/features/accounts/ussd-pin-schema';
import { requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { sessionCookie, webSessionCookie } from '~/server/http/session-cookie';
import { verifyCaptcha } from '~/server/security/captcha';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '~/server/services/accounts/addresses';
import { logIn, logOut, refreshTokens } from '~/server/services/accounts/authenticate';
import { setAvatar } from '~/server/services/accounts/avatar';
import {
  requestPasswordReset,
  resendEmailConfirmation,
  resetPassword,
} from '~/server/services/accounts/email-confirmation';
import { addFavoriteCategories, removeFavoriteCategories } from '~/server/services/accounts/favorites';
import { changeUssdPin, sendUssdPinCode } from '~/server/services/accounts/change-ussd-pin';
import { changePassword } from '~/server/services/accounts/password';
import { confirmUserPhone, sendPhonePin, verifyPhonePin } from '~/server/services/accounts/phone-confirmation';
import { getProfileSettings, updateMainInfo } from '~/server/services/accounts/profile';
import { findByReferralCode, getPublicProfile } from '~/server/services/accounts/public-profile';
import type { IssuedTokens } from '~/server/services/accounts/sessions';
import { signUp } from '~/server/services/accounts/sign-up';
import { countAllUnread } from '~/server/services/chat/unread';
import { requestSilver } from '~/server/services/accounts/tiers';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const tokensResponse = z.union([
  z.object({ access_token: z.string(), refresh_token: z.string(), expires_at: z.string(), expires_in: z.number() }),
  z.object({ session: z.literal('cookie'), expires_at: z.string() }),
]);
const ok = z.object({ success: z.literal(true) });

/** The web site's islands send this header: their session lives in the HttpOnly cookie, never in a body. */
const isWebClient = (c: ApiContext) => c.req.header('x-session-mode') === 'cookie';

/**
 * API clients get their tokens in the body. The web site gets the session cookie (persistent with
 * remember-me) and a body without tokens, so no script on a page can read a credential.
 */
function issue(c: ApiContext, tokens: IssuedTokens) {
  const cookie = webSessionCookie(tokens);
  if (cookie) {
    setCookie(c, cookie.name, cookie.value, cookie.options);
    return { session: 'cookie' as const, expires_at: tokens.cookieExpiresAt.toISOString() };
  }
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_at: tokens.accessExpiresAt.toISOString(),
    expires_in: Math.round((tokens.accessExpiresAt.getTime() - Date.now()) / 1000),
  };
}

/** `User[…]` and `UserProfile[…]` of /user/update-main-info (the profile's figures read in the request's language). */
const mainInfoBody = perLocale((locale) =>
  z.object({ User: mainInfoUserSchema.optional(), UserProfile: mainInfoProfileSchema(locale).optional() }),
);

export function userRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/login',
      tag: 'Authentication',
      summary: 'Sign in with e-mail (or phone) and password',
      body: loginSchema,
      response: tokensResponse,
      invalidStatus: 400,
    },
    async (c, { body }) => {
      const { tokens } = await logIn(await getDb(), body, {
        ip: c.get('ip'),
        userAgent: c.req.header('user-agent'),
        web: isWebClient(c),
      });
      return issue(c, tokens);
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/refresh',
      tag: 'Authentication',
      summary: 'Exchange a refresh token for a new pair (single use; a replayed token ends the session)',
      body: z.object({ refresh_token: z.string().min(1, { message: 'validation.required' }).max(200) }),
      response: tokensResponse,
    },
    async (c, { body }) => issue(c, await refreshTokens(await getDb(), body.refresh_token)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/logout',
      tag: 'Authentication',
      summary: 'End the current session on the server',
      auth: true,
      body: z.object({}),
      response: ok,
    },
    async (c, { user }) => {
      await logOut(await getDb(), user);
      deleteCookie(c, sessionCookie().name, sessionCookie().options);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/index',
      tag: 'Authentication',
      summary: 'The signed-in user',
      auth: true,
      response: z.object({
        id: z.number(),
        email: z.string().nullable(),
        email_verified: z.boolean(),
        phone_verified: z.boolean(),
        scope: z.array(z.string()),
      }),
    },
    (_c, { user }) => ({
      id: user.id,
      email: user.email,
      phone: user.phone,
      first_name: user.firstName,
      email_verified: user.emailVerified,
      phone_verified: user.phoneVerified,
      tier: user.tier,
      scope: user.scope,
    }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/signup',
      tag: 'Authentication',
      summary: 'Create an account (SignupForm[...]); a 400 carries field errors and signs nobody in',
      body: signupSchema,
      bodyWrapper: 'SignupForm',
      invalidStatus: 400,
      response: z.intersection(tokensResponse, z.object({ redirect: z.string() })),
    },
    async (c, { body }) => {
      const { tokens, user } = await signUp(await getDb(), body, {
        ip: c.get('ip'),
        userAgent: c.req.header('user-agent'),
        locale: c.get('locale'),
        web: isWebClient(c),
      });
      return { ...issue(c, tokens), redirect: localizePath('/user/profile/deals', user.locale) };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/send-phone-pin',
      tag: 'Authentication',
      summary: 'Send a 4-digit PIN by SMS (again after 60 s)',
      body: sendPinSchema,
      response: z.object({ resend_after: z.number() }),
    },
    async (c, { body }) => {
      await verifyCaptcha(body.captcha_token, c.get('ip'));
      const { resendAfter } = await sendPhonePin(await getDb(), body.phone, c.get('locale'), c.get('ip'));
      return { resend_after: resendAfter };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/verify-phone-pin',
      tag: 'Authentication',
      summary: 'Check a PIN; answers a phone_token for sign-up or /user/confirm-phone',
      body: verifyPinSchema,
      response: z.object({ phone_token: z.string() }),
    },
    async (_c, { body }) => ({ phone_token: (await verifyPhonePin(await getDb(), body.phone, body.pin)).phoneToken }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/confirm-phone',
      tag: 'Profile',
      summary: "Confirm the signed-in user's phone with a phone_token",
      auth: true,
      body: z.object({ phone_token: z.string().min(10).max(200) }),
      response: ok,
    },
    async (_c, { body, user }) => {
      await confirmUserPhone(await getDb(), user.id, body.phone_token);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/ussd-pin/send-code',
      tag: 'Profile',
      summary:
        "Send a 4-digit code by SMS to the signed-in member's confirmed phone, to set or change the USSD PIN (again after 60 s); 409 without a confirmed phone",
      auth: true,
      body: z.object({}),
      response: z.object({ resend_after: z.number() }),
    },
    async (c, { user }) => {
      const { resendAfter } = await sendUssdPinCode(await getDb(), user.id, c.get('ip'));
      return { resend_after: resendAfter };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/ussd-pin',
      tag: 'Profile',
      summary:
        'Set or change the USSD PIN with the code of /user/ussd-pin/send-code; 422 on code (wrong), pin (too easy) or pin_repeat (differs)',
      auth: true,
      body: ussdPinChangeSchema,
      response: ok,
    },
    async (_c, { body, user }) => {
      await changeUssdPin(await getDb(), user.id, body);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/resend-email-confirmation',
      tag: 'Profile',
      summary: 'E-mail the confirmation link again',
      auth: true,
      body: z.object({}),
      response: ok,
    },
    async (_c, { user }) => {
      await resendEmailConfirmation(await getDb(), user.id);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/request-password-reset',
      tag: 'Authentication',
      summary:
        'Send a reset link valid one hour, by e-mail or (a phone number in `email`) by SMS to a confirmed phone; the same answer whether or not an account has it',
      body: requestResetSchema,
      response: ok,
    },
    async (c, { body }) => {
      await verifyCaptcha(body.captcha_token, c.get('ip'));
      await requestPasswordReset(await getDb(), body.email, c.get('ip'));
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/reset-password',
      tag: 'Authentication',
      summary: 'Set a new password from a reset link (ends every session)',
      body: resetPasswordSchema,
      response: ok,
    },
    async (c, { body }) => {
      await resetPassword(await getDb(), body.token, body.password, c.get('ip'));
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/change-password',
      tag: 'Profile',
      summary:
        'Change the password (needs the current one; an account without one sets a first from a recent sign-in); ends the other sessions',
      auth: true,
      body: changePasswordSchema,
      response: ok,
    },
    async (_c, { body, user }) => {
      await changePassword(await getDb(), user.id, user.sessionId, body.current_password, body.password);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/profile-settings-data',
      tag: 'Profile',
      summary: 'Everything the profile page edits',
      auth: true,
    },
    async (c, { user }) => getProfileSettings(await getDb(), user.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/update-main-info',
      tag: 'Profile',
      summary: 'Update User[...] and UserProfile[...] fields (or the notification flags); a 400 changes nothing',
      auth: true,
      body: mainInfoBody,
      invalidStatus: 400,
      response: z.object({ success: z.literal(true), changed: z.boolean() }),
    },
    async (_c, { body, user }) => {
      const { changed } = await updateMainInfo(await getDb(), user.id, {
        user: body.User,
        profile: body.UserProfile,
        sessionId: user.sessionId,
      });
      return { success: true as const, changed };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/get-user-address',
      tag: 'Profile',
      summary: "The signed-in user's addresses",
      auth: true,
    },
    async (c, { user }) => ({
      items: await listAddresses(await getDb(), user.id, c.get('locale')),
    }),
  );
  endpoint(
    app,
    {
      method: 'post',
      path: '/user/create-address',
      tag: 'Profile',
      summary: 'Add an address (Address[...])',
      auth: true,
      body: addressSchema,
      bodyWrapper: 'Address',
      response: z.object({ id: z.number() }),
    },
    async (_c, { body, user }) => createAddress(await getDb(), user.id, body),
  );
  endpoint(
    app,
    {
      method: 'post',
      path: '/user/update-address',
      tag: 'Profile',
      summary: 'Change one of your addresses (Address[...] with id)',
      auth: true,
      body: z.intersection(addressSchema, z.object({ id: requiredInt() })),
      bodyWrapper: 'Address',
      response: ok,
    },
    async (_c, { body, user }) => {
      await updateAddress(await getDb(), user.id, body.id, body);
      return { success: true as const };
    },
  );
  endpoint(
    app,
    {
      method: 'post',
      path: '/user/delete-address',
      tag: 'Profile',
      summary: 'Delete one of your addresses',
      auth: true,
      body: z.object({ id: requiredInt() }),
      response: ok,
    },
    async (_c, { body, user }) => {
      await deleteAddress(await getDb(), user.id, body.id);
      return { success: true as const };
    },
  );

  for (const [path, kind, add] of [
    ['/user/add-favorite-category', 'board', true],
    ['/user/remove-favorite-category', 'board', false],
    ['/user/add-favorite-technic-category', 'technic', true],
    ['/user/remove-favorite-technic-category', 'technic', false],
  ] as const) {
    endpoint(
      app,
      {
        method: 'post',
        path,
        tag: 'Profile',
        summary: `${add ? 'Add' : 'Remove'} favourite ${kind === 'board' ? '' : 'machinery '}categories (index[] = category ids)`,
        auth: true,
        body: favoriteCategoriesSchema,
        response: z.object({ items: z.array(z.number()) }),
      },
      async (_c, { body, user }) => ({
        items: await (add ? addFavoriteCategories : removeFavoriteCategories)(await getDb(), user.id, kind, body.index),
      }),
    );
  }

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/upload-avatar',
      tag: 'Profile',
      summary: 'Replace the profile photo (multipart `photo`: an image, at most 10 MB)',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (_c, { raw, user }) => setAvatar(await getDb(), user.id, raw.photo),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/get-by-referral-code',
      tag: 'Profile',
      summary: 'Who owns a referral code',
      query: z.object({ referral_code: z.string().trim().min(4).max(20) }),
    },
    async (_c, { query }) => {
      const profile = await findByReferralCode(await getDb(), query.referral_code);
      if (!profile) throw new AppError('not_found', 'accounts.referral_unknown');
      return profile;
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/public-profile',
      tag: 'Profile',
      summary: "A user's public profile",
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query }) => {
      const profile = await getPublicProfile(await getDb(), query.id);
      if (!profile) throw new AppError('not_found', 'errors.not_found');
      return profile;
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/request-silver',
      tag: 'Profile',
      summary: 'Ask for the silver tier; an administrator reviews it and answers by e-mail',
      auth: true,
      body: z.object({ message: z.string().trim().max(1000).optional() }),
      response: z.object({ id: z.number() }),
    },
    async (_c, { body, user }) => requestSilver(await getDb(), user.id, body.message || undefined),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/get-all-unread-messages-count',
      tag: 'Chat',
      auth: 'optional',
      summary: 'Your unread chat messages over all rooms, a bare number (the header badge; 0 when signed out)',
      response: z.number().int(),
    },
    async (_c, { user }) => (user ? countAllUnread(await getDb(), user.id) : 0),
  );

  return app;
}
