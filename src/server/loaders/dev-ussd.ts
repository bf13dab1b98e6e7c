import { SMS_MAX_PARTS, SMS_PART_MAX } from '~/features/channels/constants';
import { randomBytes, randomInt } from 'node:crypto';
import { normalizePhone } from '~/features/accounts/phone';
import { localizePath } from '~/i18n/paths';
import { handleInboundSms } from '~/server/channels/sms/handle-inbound-sms';
import { answerUssdStep, endUssdSession } from '~/server/channels/ussd/engine';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { formTokenFor } from '~/server/http/form-token';
import { findConfirmedPhone } from '~/server/services/accounts/find-confirmed-phone';
import { listOutboxSms, type OutboxSms } from '~/server/services/accounts/list-outbox';
import { type FormPageRequest, PRIVATE_PAGE, type PageOutcome, failedForm, guardFormPost, readForm } from './form-post';

export const DEV_USSD_PATH = '/dev/ussd';
/** The SMS shown beside the phone. */
const SMS_LIMIT = 20;
/** The demo account whose confirmed phone the page offers first (README "Demo accounts": a Tanzanian silver farmer). */
const DEMO_MEMBER_EMAIL = 'demo-silver@mavuno.test';
/** Sessions this page starts: `dev-` and 16 hex digits (the gateway's own look different). */
const DEV_SESSION = /^dev-[0-9a-f]{16}$/;
const MAX_TEXT = 1000;
/** An SMS typed on the phone: as long as a reply may be (SMS_MAX_PARTS parts). */
export const DEV_SMS_MAX = SMS_PART_MAX * SMS_MAX_PARTS;

/**
 * Numbers nobody has yet (a mobile range of each country, a random subscriber part): a new caller each time the page
 * is opened. A clash with an existing account is one in tens of millions, and it only makes that caller a member.
 */
const NEW_NUMBER = {
  KE: () => `+25471${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
  TZ: () => `+25575${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
  SN: () => `+22177${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
  CI: () => `+22507${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
} as const;

export type DevPhonePreset =
  { kind: 'member'; phone: string; name: string } | { kind: 'new'; country: 'TZ' | 'SN' | 'CI'; phone: string };

/** The phone's state: the session under way (its id, the answers so far as the gateway sends them) and its screen. */
export interface DevUssdSession {
  id: string;
  text: string;
  /** The screen as the gateway answered it, `CON …` or `END …`. */
  screen: string;
  /** END: the session is over; the phone offers to dial again. */
  ended: boolean;
}

export interface DevUssdView {
  action: string;
  token: string;
  serviceCode: string;
  /** The number in the fields (E.164 once it was read). */
  phone: string;
  presets: DevPhonePreset[];
  session: DevUssdSession | null;
  /** The caller hung up (the session was ended as the gateway's end notice ends it). */
  hungUp: boolean;
  sms: OutboxSms[];
  /** What the SMS sent from the phone was read as, and the reply queued (null: not answered). */
  smsSent?: { command: string; reply: string | null; duplicate: boolean };
  problem?: string;
  errors: { phone?: string; answer?: string; sms_text?: string };
  /** The SMS form's text, shown again after a refusal. */
  smsText: string;
}

type Field = 'phone' | 'answer' | 'sms_text';

const invalidPhone = () =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { phone: [{ key: 'accounts.phone_invalid' }] },
    status: 422,
  });

function readPhone(value: string | undefined): string {
  const phone = normalizePhone(value ?? '');
  if (!phone) throw invalidPhone();
  return phone;
}

function readSession(fields: Record<string, string>): { id: string; text: string } {
  const id = fields.session ?? '';
  const text = fields.text ?? '';
  if (!DEV_SESSION.test(id) || text.length > MAX_TEXT) throw new AppError('bad_request', 'errors.validation_failed');
  return { id, text };
}

const asSession = (id: string, text: string, screen: string): DevUssdSession => ({
  id,
  text,
  screen,
  ended: !screen.startsWith('CON'),
});

async function presetsFor(db: Awaited<ReturnType<typeof getDb>>): Promise<DevPhonePreset[]> {
  const member = await findConfirmedPhone(db, DEMO_MEMBER_EMAIL);
  return [
    ...(member ? [{ kind: 'member' as const, ...member }] : []),
    { kind: 'new', country: 'TZ', phone: NEW_NUMBER.TZ() },
    { kind: 'new', country: 'SN', phone: NEW_NUMBER.SN() },
    { kind: 'new', country: 'CI', phone: NEW_NUMBER.CI() },
  ];
}

/**
 * The development phone (/dev/ussd; docs/feature-phones.md "Gateway set-up", Development): a feature phone in the
 * browser that dials the USSD menu and texts the SMS commands, for a developer without a gateway. It works as plain
 * form posts: the phone's state travels in the form (the session id and the answers so far joined by `*`, as Africa's
 * Talking sends them), each post calls the engine directly (answerUssdStep, no HTTP hop and no callback token) and the
 * page answers with the next screen — not a redirect, since the answers so far (a PIN among them) must not land in an
 * address. A post sent again (a reload) is the gateway's repeat: the engine answers the same screen and acts once.
 * Beside it, the SMS the outbox holds for that number, and a form that sends an SMS from it (handleInboundSms with a
 * fresh message id). Every post passes the form guard (our origin, this browser's form token); the page is `private,
 * no-store`. The page checks that the development mailbox is open (the same rule as /dev/mailbox) before calling this.
 */
export async function loadDevUssdPage(request: FormPageRequest): Promise<PageOutcome<DevUssdView>> {
  const env = getEnv();
  // The page checks isDevToolOpen (the browser's address too); without the development mailbox nothing here runs.
  if (!env.isMailboxOpen) throw new AppError('not_found', 'errors.not_found');
  const db = await getDb();
  const action = localizePath(DEV_USSD_PATH, request.locale);
  const serviceCode = env.USSD_SERVICE_CODE;
  const presets = await presetsFor(db);
  const view = async (
    phone: string,
    rest: Partial<Omit<DevUssdView, 'phone' | 'sms'>> = {},
    status = 200,
    headers: Record<string, string> = PRIVATE_PAGE,
  ): Promise<PageOutcome<DevUssdView>> => {
    const known = normalizePhone(phone);
    return {
      view: {
        action,
        token: formTokenFor(request.cookies),
        serviceCode,
        phone,
        presets,
        session: null,
        hungUp: false,
        errors: {},
        smsText: '',
        ...rest,
        sms: known ? await listOutboxSms(db, { to: known, limit: SMS_LIMIT }) : [],
      },
      status,
      headers,
    };
  };

  if (request.request.method !== 'POST') {
    const asked = normalizePhone(request.url.searchParams.get('phone') ?? '');
    return view(asked ?? NEW_NUMBER.KE());
  }

  let fields: Record<string, string> = {};
  try {
    fields = await readForm(request.request);
    guardFormPost(request, fields);
    const phone = readPhone(fields.phone);
    const step = (sessionId: string, text: string) =>
      answerUssdStep(db, { sessionId, serviceCode, phoneNumber: phone, text });
    switch (fields.action) {
      case 'dial': {
        const id = `dev-${randomBytes(8).toString('hex')}`;
        return view(phone, { session: asSession(id, '', await step(id, '')) });
      }
      case 'send': {
        const { id, text } = readSession(fields);
        // The gateway's `text`: every answer of the session, joined by `*` (an empty answer is kept as such).
        const answer = (fields.answer ?? '').trim();
        const next = text === '' ? answer : `${text}*${answer}`;
        if (next.length > MAX_TEXT) throw new AppError('bad_request', 'errors.validation_failed');
        return view(phone, { session: asSession(id, next, await step(id, next)) });
      }
      case 'hangup': {
        const { id } = readSession(fields);
        await endUssdSession(db, { sessionId: id, status: 'Incomplete' });
        return view(phone, { hungUp: true });
      }
      case 'sms': {
        const text = (fields.sms_text ?? '').trim();
        if (text === '' || text.length > DEV_SMS_MAX)
          throw new AppError('validation_failed', 'errors.validation_failed', {
            fields: {
              sms_text: [
                text === ''
                  ? { key: 'validation.required' }
                  : { key: 'validation.too_long', vars: { count: DEV_SMS_MAX } },
              ],
            },
            status: 422,
          });
        const outcome = await handleInboundSms(db, {
          providerId: `dev-${randomBytes(12).toString('hex')}`,
          from: phone,
          to: env.AFRICASTALKING_SENDER_ID ?? 'MAVUNO',
          text,
          date: new Date().toISOString(),
        });
        // The phone stays where it was: the session's screen again, as a repeated step answers it (nothing moves).
        const session =
          fields.session && DEV_SESSION.test(fields.session)
            ? asSession(fields.session, fields.text ?? '', await step(fields.session, fields.text ?? ''))
            : null;
        return view(phone, { session, smsSent: outcome });
      }
      default:
        throw new AppError('bad_request', 'errors.validation_failed');
    }
  } catch (error) {
    const { state, status, headers } = failedForm<Field>(error, request, {
      action,
      shownFields: ['phone', 'answer', 'sms_text'],
      values: {},
    });
    return view(
      fields.phone?.trim() || NEW_NUMBER.KE(),
      { problem: state.problem, errors: state.errors, smsText: fields.sms_text ?? '' },
      status,
      headers,
    );
  }
}
