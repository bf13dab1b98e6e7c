import { and, eq, isNull } from 'drizzle-orm';
import { defaultsOfCountry } from '~/features/accounts/place-defaults';
import { countryOfPhone } from '~/features/accounts/phone';
import type { Locale } from '~/i18n/config';
import type { Database } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { countries, currencies, users } from '~/server/db/schema';
import { readRegionPoint } from '~/server/services/reference/read-region-point';
import { AppError } from '~/server/errors';
import { createAddress } from './addresses';
import { consumePhoneProof } from './phone-confirmation';
import { NO_PASSWORD, hashPassword, randomReferralCode } from './secrets';
import { isAcceptablePin } from './set-ussd-pin';
import type { UserRow } from './users';

export interface PhoneRegistration {
  /** E.164: the number the gateway says is calling. */
  phone: string;
  firstName: string;
  lastName?: string;
  /** The farm's place, from the menu's short lists; the country comes from the number's prefix. */
  regionId?: number;
  villageId?: number;
  locale: Locale;
  pin: string;
  /** The proof of the SMS code sent to `phone` (verifyPhonePin). */
  phoneToken: string;
}

/**
 * A farmer's account made from a feature phone's menu (docs/feature-phones.md "Registering"): phone-only, the phone
 * confirmed by its SMS code, the country and currency its prefix names (+255 → Tanzania, TZS), the farm's region and
 * village as an address, the menu's language, the USSD PIN, notices by SMS on. It has no password: `password_hash`
 * holds no argon2 hash, so no password signs it in until the member sets one through a reset link sent by SMS
 * (docs/auth.md "Phone-only accounts"). A number confirmed on another account is a 409; one merely typed on another
 * account moves to this one.
 */
export async function registerByPhone(db: Database, input: PhoneRegistration): Promise<UserRow> {
  if (!isAcceptablePin(input.pin))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { pin: [{ key: 'ussd.pin_too_easy' }] },
    });
  const [countryRows, currencyRows] = await Promise.all([
    db.select({ id: countries.id, code: countries.code }).from(countries),
    db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(eq(currencies.isActive, true)),
  ]);
  const place = defaultsOfCountry(countryOfPhone(input.phone), countryRows, currencyRows);
  const ussdPinHash = await hashPassword(input.pin);
  try {
    return await db.transaction(async (tx) => {
      if (!(await consumePhoneProof(tx, input.phone, input.phoneToken)))
        throw new AppError('validation_failed', 'ussd.code_expired');
      const now = new Date();
      // A number another account put on itself but never confirmed is not that account's: the caller just proved
      // holding it, so it leaves that account (whose owner may add a number they can confirm).
      await tx
        .update(users)
        .set({ phone: null, updatedAt: now })
        .where(and(eq(users.phone, input.phone), isNull(users.phoneVerifiedAt)));
      const [user] = await tx
        .insert(users)
        .values({
          email: null,
          phone: input.phone,
          // Not an argon2 hash: no password signs it in (secrets.ts hasPassword).
          passwordHash: NO_PASSWORD,
          phoneVerifiedAt: now,
          firstName: input.firstName,
          lastName: input.lastName ?? null,
          traderStatus: 'farmer',
          locale: input.locale,
          currencyId: place.currencyId,
          countryId: place.countryId ?? null,
          referralCode: randomReferralCode(),
          ussdPinHash,
          smsNotification: true,
          signupChannel: 'ussd',
        })
        .returning();
      // The farm: its village, else its region's point (an address needs a village, a town or a point).
      const point = input.villageId ? undefined : await readRegionPoint(tx, input.regionId);
      if (place.countryId && (input.villageId || point))
        await createAddress(tx, user.id, {
          label: 'farm',
          country_id: place.countryId,
          region_id: input.regionId,
          village_id: input.villageId,
          latitude: point?.latitude,
          longitude: point?.longitude,
        });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_uq')) throw new AppError('conflict', 'accounts.phone_taken');
    throw error;
  }
}
