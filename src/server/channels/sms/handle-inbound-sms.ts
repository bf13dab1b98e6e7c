import { and, eq, isNotNull } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import { DEFAULT_LOCALE, type Locale, isLocale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';
import type { Database, Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { smsInbound, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { readMemberPlace } from '~/server/services/accounts/read-member-place';
import { currencyIdOfPhone } from '~/server/services/reference/currency-of-phone';
import { queueSms } from '~/server/sms';
import { answerPriceCommand } from './answer-price-command';
import { parseSmsCommand } from './parse-sms-command';
import { splitSms, toSmsText } from './split-sms';

/** An SMS the gateway delivered (Africa's Talking's incoming-message callback). */
export interface InboundSms {
  /** The gateway's message id (`id`): one SMS is acted on once, however often it is delivered. */
  providerId: string;
  from: string;
  /** The short code or number it was sent to. */
  to: string;
  text: string;
  /** When the network received it (`date`), as the gateway writes it. */
  date?: string;
  linkId?: string;
}

export interface InboundSmsOutcome {
  /** The message id was seen before: nothing was done or sent again. */
  duplicate: boolean;
  command: string;
  /** The reply's whole text in GSM-7 (sent as numbered parts when longer than one SMS), or null when not answered. */
  reply: string | null;
}

const PROVIDER_ID_UNIQUE = 'sms_inbound_provider_id_unique';

/** Africa's Talking writes `2024-05-15 13:21:09` (UTC) or an ISO date; anything else is not kept. */
function receivedAt(date: string | undefined): Date | null {
  if (!date) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(date.trim()) ? `${date.trim().replace(' ', 'T')}Z` : date;
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The member a number belongs to: the account whose phone it is and has been confirmed (an unconfirmed one may not be theirs). */
async function findMember(db: Executor, phone: string) {
  const [member] = await db
    .select({
      id: users.id,
      locale: users.locale,
      currencyId: users.currencyId,
      smsNotification: users.smsNotification,
      countryId: users.countryId,
    })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)));
  if (!member) return undefined;
  // "My region" as the USSD menu reads it (readMemberPlace).
  return { ...member, regionId: (await readMemberPlace(db, member)).regionId };
}

/**
 * One inbound SMS (docs/feature-phones.md "SMS commands"): `PRICE <crop> [<place>]` (BEI, PRIX), `HELP` (MSAADA,
 * AIDE), `STOP` (ACHA, ARRET: no more notices by SMS) and `START` (ANZA, DEMARRER: clears the STOP); anything else
 * gets a short help. A member — the account whose confirmed phone sent it — is answered in their own language, in
 * their currency, and without a place about their own region; anyone else in the command word's language (English
 * for no command), in their number's country's currency, about the whole market. Replies are GSM-7, split into
 * numbered parts when longer than one SMS (splitSms), and queued in the SMS outbox as `reply`s.
 *
 * Each message is acted on once: the `sms_inbound` row (unique provider id), the STOP/START change and the reply are
 * written in one transaction, so a gateway's retry — before or after the first delivery commits — finds the row
 * (or loses the race on its unique index) and is answered `duplicate` without a second reply. The answer is worked
 * out before the transaction opens: it only reads, and the place search's memo is per database, not per
 * transaction. A sender that is no phone number (an alphanumeric sender id) is recorded and not answered.
 */
export async function handleInboundSms(db: Database, input: InboundSms): Promise<InboundSmsOutcome> {
  const [seen] = await db
    .select({ command: smsInbound.command, reply: smsInbound.reply })
    .from(smsInbound)
    .where(eq(smsInbound.providerId, input.providerId));
  if (seen) return { duplicate: true, command: seen.command ?? 'unknown', reply: seen.reply };

  const phone = normalizePhone(input.from);
  const member = phone ? await findMember(db, phone) : undefined;
  const parsed = parseSmsCommand(input.text);
  const locale: Locale = member && isLocale(member.locale) ? member.locale : (parsed.locale ?? DEFAULT_LOCALE);
  const t = createTranslator(locale);
  const code = getEnv().USSD_SERVICE_CODE;

  let text: string | null = null;
  if (phone) {
    switch (parsed.command) {
      case 'price':
        text = await answerPriceCommand(db, parsed.args, {
          locale,
          currencyId: member?.currencyId ?? (await currencyIdOfPhone(db, phone)),
          regionId: member?.regionId ?? null,
        });
        break;
      case 'help':
        text = t('sms.help', { code });
        break;
      case 'stop':
        text = member ? t('sms.stopped') : t('sms.no_account', { code });
        break;
      case 'start':
        text = !member
          ? t('sms.no_account', { code })
          : member.smsNotification
            ? t('sms.started')
            : t('sms.started_settings_off', { code });
        break;
      default:
        text = t('sms.unknown_command', { code });
    }
  }
  const parts = text === null ? [] : splitSms(text);
  const reply = text === null ? null : toSmsText(text);

  try {
    await db.transaction(async (tx) => {
      await tx.insert(smsInbound).values({
        providerId: input.providerId,
        phone: phone ?? input.from,
        toCode: input.to || null,
        text: input.text,
        linkId: input.linkId || null,
        receivedAt: receivedAt(input.date),
        userId: member?.id ?? null,
        command: parsed.command,
        reply,
      });
      if (member && parsed.command === 'stop') {
        // The first STOP's time is kept: a second one changes nothing.
        const [row] = await tx.select({ at: users.smsStoppedAt }).from(users).where(eq(users.id, member.id));
        if (!row?.at) await tx.update(users).set({ smsStoppedAt: new Date() }).where(eq(users.id, member.id));
      }
      if (member && parsed.command === 'start')
        await tx.update(users).set({ smsStoppedAt: null }).where(eq(users.id, member.id));
      for (const part of parts) await queueSms(tx, phone!, part, { purpose: 'reply', userId: member?.id });
    });
  } catch (error) {
    // Another delivery of the same message committed between the look-up and this insert.
    if (isUniqueViolation(error, PROVIDER_ID_UNIQUE)) return { duplicate: true, command: parsed.command, reply: null };
    throw error;
  }
  return { duplicate: false, command: parsed.command, reply };
}
