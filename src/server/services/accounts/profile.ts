import { and, eq, ne } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import { ARTICLE_CATEGORIES } from '~/features/articles/constants';
import type { mainInfoProfileSchema, mainInfoUserSchema } from '~/features/accounts/schemas';
import type { z } from 'zod';
import type { Locale } from '~/i18n/config';
import type { Database, Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { countries, currencies, favoriteCategories, users } from '~/server/db/schema';
import { AppError, type LocalizedMessage } from '~/server/errors';
import { storageUrl } from '~/server/storage';
import { queueMail } from '~/server/mail';
import { emailChangedMail } from '~/server/mail/templates';
import { consumeLimit } from '~/server/security/rate-limit';
import { invalidateResetLinks, sendEmailConfirmation } from './email-confirmation';
import { avatarUrls } from './avatar';
import { ussdLockedUntil } from './check-ussd-pin';
import { isRecentSignIn } from './confirm-recent-sign-in';
import { hasPassword, verifyPassword } from './secrets';
import { listDocuments } from './documents';
import { findUserById, userLocale } from './users';

/** `GET /user/profile-settings-data/`: everything the profile page edits (the fields are listed in docs/auth.md). */
export async function getProfileSettings(db: Executor, userId: number, locale: Locale) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'errors.not_found');
  const favorites = await db.select().from(favoriteCategories).where(eq(favoriteCategories.userId, userId));
  const avatar = user.avatarKey ? avatarUrls(user.avatarKey) : undefined;
  return {
    user_main_info: {
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      phone_verified: user.phoneVerifiedAt !== null,
      locale: user.locale,
      news_notification: user.newsNotification,
      /** The article categories whose news is e-mailed (null stored = every category). */
      news_categories: user.newsCategories ?? [...ARTICLE_CATEGORIES],
      favorite_application_notification: user.favoriteApplicationNotification,
      deal_notification: user.dealNotification,
      /** Notices by SMS (docs/feature-phones.md "Notices"); they need a confirmed phone and stop with STOP. */
      sms_notification: user.smsNotification,
      /** The member sent STOP by SMS: no notice goes by SMS until START, whatever sms_notification says. */
      sms_stopped: user.smsStoppedAt !== null,
      message_notification: user.messageNotification,
      contact_by_phone: user.contactByPhone,
      activity: user.activity,
      farm_size_acres: user.farmSizeAcres === null ? null : Number(user.farmSizeAcres),
      turnover_amount: user.turnoverMinor === null ? null : user.turnoverMinor / 100,
      turnover_period: user.turnoverPeriod,
      gender: user.gender,
      age_range: user.ageRange,
      /** The feature-phone menu's PIN (docs/auth.md "USSD PIN"): whether one is set, and the end of a lock-out. */
      ussd_pin_set: user.ussdPinHash !== null,
      ussd_locked_until: ussdLockedUntil(user)?.toISOString() ?? null,
      /**
       * Whether the account has a password: one made on a feature phone has none until the member sets one
       * (docs/auth.md "Phone-only accounts"); the profile then asks for no current password.
       */
      password_set: hasPassword(user.passwordHash),
    },
    avatar_base_url: user.avatarKey ? storageUrl('') : null,
    avatar_path: avatar?.path ?? null,
    avatar: avatar?.avatar ?? null,
    avatar_small: avatar?.avatar_small ?? null,
    trader_status: user.traderStatus,
    tier: user.tier,
    currency_id: user.currencyId,
    country_id: user.countryId,
    favorite_category: favorites.filter((f) => f.kind === 'board').map((f) => f.categoryId),
    favorite_machinery_category: favorites.filter((f) => f.kind === 'technic').map((f) => f.categoryId),
    referral_code: user.referralCode,
    documents: await listDocuments(db, userId, locale),
    member_since: user.createdAt.toISOString(),
  };
}

type UserFields = z.infer<typeof mainInfoUserSchema>;
type ProfileFields = z.infer<ReturnType<typeof mainInfoProfileSchema>>;

/**
 * `POST /user/update-main-info`: changes what was sent and nothing else, in one transaction. Any invalid
 * value answers 400 and leaves the stored profile as it was. A new e-mail or phone must be confirmed again.
 */
export async function updateMainInfo(
  db: Database,
  userId: number,
  input: {
    user?: UserFields;
    profile?: ProfileFields;
    /** The request's session: for an account without a password, a recent one stands in for it (a new e-mail). */
    sessionId?: number;
  },
) {
  // 30 an hour: enough for any person, too few to probe which addresses are taken.
  await consumeLimit('profileUpdate', `user:${userId}`);
  const current = await findUserById(db, userId);
  if (!current) throw new AppError('not_found', 'errors.not_found');
  const u = input.user ?? {};
  const p = input.profile ?? {};
  const errors: Record<string, LocalizedMessage[]> = {};
  const phone = u.phone ? normalizePhone(u.phone) : undefined;
  if (u.email && u.email !== current.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, u.email), ne(users.id, userId)));
    if (taken) errors['User.email'] = [{ key: 'accounts.email_taken' }];
  }
  if (phone && phone !== current.phone) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.id, userId)));
    if (taken) errors['User.phone'] = [{ key: 'accounts.phone_taken' }];
  }
  if (
    u.currency_id &&
    (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, u.currency_id))).length === 0
  ) {
    errors['User.currency_id'] = [{ key: 'validation.invalid_option' }];
  }
  if (
    u.country_id &&
    (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, u.country_id))).length === 0
  ) {
    errors['User.country_id'] = [{ key: 'validation.invalid_option' }];
  }
  const emailChanged = u.email !== undefined && u.email !== current.email;
  // The e-mail address can reset the password: changing it needs the current password, as a password change does;
  // an account without a password (made on a feature phone) adds one from a recent sign-in instead, as it sets a
  // first password (password.ts).
  if (emailChanged && Object.keys(errors).length === 0) {
    if (!hasPassword(current.passwordHash)) {
      if (input.sessionId === undefined || !(await isRecentSignIn(db, input.sessionId)))
        errors['User.email'] = [{ key: 'accounts.recent_sign_in_required' }];
    } else {
      await consumeLimit('passwordCheck', `user:${userId}`);
      if (!u.current_password || !(await verifyPassword(current.passwordHash, u.current_password))) {
        errors['User.current_password'] = [{ key: 'accounts.current_password_wrong' }];
      }
    }
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: errors, status: 400 });

  const phoneChanged = phone !== undefined && phone !== current.phone;
  const changes: Partial<typeof users.$inferInsert> = {
    ...(u.email !== undefined && { email: u.email }),
    ...(emailChanged && { emailVerifiedAt: null }),
    ...(phone !== undefined && { phone }),
    ...(phoneChanged && { phoneVerifiedAt: null }),
    ...(u.trader_status !== undefined && { traderStatus: u.trader_status }),
    ...(u.currency_id !== undefined && { currencyId: u.currency_id }),
    ...(u.country_id !== undefined && { countryId: u.country_id }),
    ...(u.news_notification !== undefined && { newsNotification: u.news_notification }),
    // Every category ticked is stored as null: the member then also follows a category added later.
    ...(u.news_categories !== undefined && {
      newsCategories: ARTICLE_CATEGORIES.every((c) => u.news_categories!.includes(c))
        ? null
        : ARTICLE_CATEGORIES.filter((c) => u.news_categories!.includes(c)),
    }),
    ...(u.favorite_application_notification !== undefined && {
      favoriteApplicationNotification: u.favorite_application_notification,
    }),
    ...(u.deal_notification !== undefined && { dealNotification: u.deal_notification }),
    ...(u.sms_notification !== undefined && { smsNotification: u.sms_notification }),
    ...(u.message_notification !== undefined && { messageNotification: u.message_notification }),
    ...(u.contact_by_phone !== undefined && { contactByPhone: u.contact_by_phone }),
    ...(p.locale !== undefined && { locale: p.locale }),
    ...(p.firstname !== undefined && { firstName: p.firstname }),
    ...(p.lastname !== undefined && { lastName: p.lastname }),
    ...(p.activity !== undefined && { activity: p.activity }),
    ...(p.farm_size_acres !== undefined && {
      farmSizeAcres: p.farm_size_acres === null ? null : p.farm_size_acres.toFixed(2),
    }),
    ...(p.turnover_amount !== undefined && {
      turnoverMinor: p.turnover_amount === null ? null : Math.round(p.turnover_amount * 100),
    }),
    ...(p.turnover_period !== undefined && { turnoverPeriod: p.turnover_period }),
    ...(p.gender !== undefined && { gender: p.gender }),
    ...(p.age_range !== undefined && { ageRange: p.age_range }),
  };
  if (Object.keys(changes).length === 0) return { changed: false };
  // The change and the e-mails it causes are written together.
  return db.transaction(async (tx) => {
    let updated: typeof users.$inferSelect;
    try {
      [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_uq'))
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { 'User.email': [{ key: 'accounts.email_taken' }] },
          status: 400,
        });
      if (isUniqueViolation(error, 'users_phone_uq'))
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { 'User.phone': [{ key: 'accounts.phone_taken' }] },
          status: 400,
        });
      throw error;
    }
    if (emailChanged) {
      await invalidateResetLinks(tx, userId);
      await sendEmailConfirmation(tx, updated);
      // The old address hears of the change: if it was not its owner, they know at once.
      if (current.email)
        await queueMail(
          tx,
          emailChangedMail(userLocale(current), current.email, current.firstName, updated.email ?? ''),
        );
    }
    return { changed: true };
  });
}
