import { eq } from 'drizzle-orm';
import { defaultsOfCountry } from '~/features/accounts/place-defaults';
import { countryOfPhone, normalizePhone } from '~/features/accounts/phone';
import type { SignupInput } from '~/features/accounts/schemas';
import type { Locale } from '~/i18n/config';
import type { Database } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { countries, currencies, users } from '~/server/db/schema';
import { AppError, type LocalizedMessage, withFieldPrefix } from '~/server/errors';
import { verifyCaptcha } from '~/server/security/captcha';
import { consumeLimit } from '~/server/security/rate-limit';
import { createAddress } from './addresses';
import type { RequestContext } from './authenticate';
import { sendEmailConfirmation } from './email-confirmation';
import { consumePhoneProof } from './phone-confirmation';
import { hashPassword, randomReferralCode } from './secrets';
import { type IssuedTokens, createSession } from './sessions';
import { type SessionUser, toSessionUser } from './users';

/** Field errors of sign-up answer 400 (the mobile apps read a 400 as "not signed up, show the errors"). */
const fieldError = (fields: Record<string, LocalizedMessage[]>) =>
  new AppError('validation_failed', 'errors.validation_failed', { fields, status: 400 });

/**
 * Creates an account and signs it in (a new session). The e-mail must not be taken, nor the phone in use; a
 * phone proven with its PIN during the wizard is confirmed at once; the confirmation e-mail goes out after.
 */
export async function signUp(
  db: Database,
  input: SignupInput,
  context: RequestContext & { locale: Locale },
): Promise<{ tokens: IssuedTokens; user: SessionUser }> {
  await verifyCaptcha(input.captcha_token, context.ip);
  await consumeLimit('signupIp', context.ip);
  const phone = input.phone ? normalizePhone(input.phone) : undefined;
  const errors: Record<string, LocalizedMessage[]> = {};
  if (input.email && (await db.select({ id: users.id }).from(users).where(eq(users.email, input.email))).length > 0) {
    errors.email = [{ key: 'accounts.email_taken' }];
  }
  if (phone && (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).length > 0) {
    errors.phone = [{ key: 'accounts.phone_taken' }];
  }
  if (
    input.currency_id &&
    (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, input.currency_id))).length === 0
  ) {
    errors.currency_id = [{ key: 'validation.invalid_option' }];
  }
  const place = await placeOfSignup(db, input, phone);
  if (input.country_id !== undefined && place.countryId !== input.country_id)
    errors.country_id = [{ key: 'validation.invalid_option' }];
  if (Object.keys(errors).length > 0) throw fieldError(errors);

  const passwordHash = await hashPassword(input.password);
  const locale = input.locale ?? context.locale;
  let created: { user: typeof users.$inferSelect; tokens: IssuedTokens };
  try {
    created = await db.transaction(async (tx) => {
      const phoneVerified = phone ? await consumePhoneProof(tx, phone, input.phone_token) : false;
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email ?? null,
          phone: phone ?? null,
          // An account without an e-mail hears of its offers and deals by SMS (docs/feature-phones.md "Notices").
          smsNotification: !input.email,
          passwordHash,
          phoneVerifiedAt: phoneVerified ? new Date() : null,
          firstName: input.first_name,
          lastName: input.last_name ?? null,
          traderStatus: input.trader_status,
          locale,
          currencyId: place.currencyId,
          countryId: place.countryId ?? null,
          activity: input.activity ?? null,
          farmSizeAcres: input.farm_size_acres?.toFixed(2) ?? null,
          turnoverMinor: input.turnover_amount !== undefined ? Math.round(input.turnover_amount * 100) : null,
          turnoverPeriod: input.turnover_period ?? null,
          gender: input.gender ?? null,
          ageRange: input.age_range ?? null,
          referralCode: randomReferralCode(),
        })
        .returning();
      if (input.address)
        await createAddress(tx, user.id, input.address).catch((error) =>
          Promise.reject(withFieldPrefix(error, 'address')),
        );
      const tokens = await createSession(tx, user.id, {
        remember: false,
        userAgent: context.userAgent,
        web: context.web,
      });
      return { user, tokens };
    });
  } catch (error) {
    // Two sign-ups with the same address at the same moment: the database's unique index decides.
    if (isUniqueViolation(error, 'users_email_uq')) throw fieldError({ email: [{ key: 'accounts.email_taken' }] });
    if (isUniqueViolation(error, 'users_phone_uq')) throw fieldError({ phone: [{ key: 'accounts.phone_taken' }] });
    if (error instanceof AppError && error.code === 'validation_failed')
      throw new AppError(error.code, error.messageKey, { fields: error.fields, status: 400 });
    throw error;
  }
  await sendEmailConfirmation(db, created.user);
  return { tokens: created.tokens, user: toSessionUser(created.user, created.tokens.sessionId) };
}

/**
 * The member's country and currency: what they chose, else what the rest of the form says — the address's
 * country, else the phone number's (+255 → Tanzania) — and that country's currency (TZS), else the US dollar.
 */
async function placeOfSignup(
  db: Database,
  input: SignupInput,
  phone: string | undefined,
): Promise<{ countryId?: number; currencyId: number }> {
  const [countryRows, currencyRows] = await Promise.all([
    db.select({ id: countries.id, code: countries.code }).from(countries),
    db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(eq(currencies.isActive, true)),
  ]);
  // An address naming an unknown country is refused with the address's own field error later.
  const chosen = countryRows.find((row) => row.id === (input.country_id ?? input.address?.country_id));
  const defaults = defaultsOfCountry(
    chosen?.code ?? (phone ? countryOfPhone(phone) : undefined),
    countryRows,
    currencyRows,
  );
  return { countryId: chosen?.id ?? defaults.countryId, currencyId: input.currency_id ?? defaults.currencyId };
}
