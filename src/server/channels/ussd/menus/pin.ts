import { PIN_TTL_MINUTES } from '~/features/accounts/constants';
import { USSD_PIN_LENGTH } from '~/features/channels/constants';
import { AppError } from '~/server/errors';
import { checkUssdPin } from '~/server/services/accounts/check-ussd-pin';
import { verifyPhonePin } from '~/server/services/accounts/phone-confirmation';
import { hashPassword, verifyPassword } from '~/server/services/accounts/secrets';
import { isAcceptablePin, setUssdPinWithProof } from '~/server/services/accounts/set-ussd-pin';
import { runAction } from '../actions';
import type { Frame, Next, Params, ScreenDef, UssdContext } from '../types';

/**
 * What follows a right PIN: a screen (`{ s, p }`) that shows money, or a change (`{ run, a }`, src/server/channels/ussd
 * /actions.ts) the PIN confirms.
 */
export type AfterPin = Frame | { run: string; a?: Params };

async function continueWith(ctx: UssdContext, after: AfterPin, extra?: { pin: string; phoneToken: string }) {
  if ('run' in after) return runAction(ctx, after.run, after.a ?? {}, extra);
  return { replace: after } satisfies Next;
}

/** Minutes, rounded up, not a clock time: the caller's phone may not be on the time zone we would write. */
const lockedEnd = (ctx: UssdContext, until: Date): Next => ({
  end: ctx.t('ussd.pin_locked', { count: Math.max(1, Math.ceil((until.getTime() - ctx.now.getTime()) / 60_000)) }),
});

export const pinScreens: Record<string, ScreenDef> = {
  /** Asks for the member's PIN before what `after` names. */
  pin: {
    render: async (ctx, p) => {
      if (ctx.member && !ctx.member.ussdPinHash)
        return {
          body: ctx.t('ussd.pin_none', { count: PIN_TTL_MINUTES }),
          items: [{ label: ctx.t('ussd.pin_set_now'), next: { run: 'pinset.send', a: { after: p.after } } }],
        };
      return { body: ctx.t('ussd.pin_enter', { count: USSD_PIN_LENGTH }), input: true };
    },
    onInput: async (ctx, p, value) => {
      if (!ctx.member) return { home: true };
      const check = await checkUssdPin(ctx.db, ctx.member.id, value, ctx.now);
      if (check.ok) {
        ctx.markPinSeen();
        const after = p.after as AfterPin;
        const next = await continueWith(ctx, after);
        // A change done: its result replaces the PIN and the confirmation it came from, so `0` goes back to the list
        // or the lot, never to a confirmation that would do it again.
        return 'run' in after && 'replace' in next ? { ...next, drop: 1 } : next;
      }
      if (check.reason === 'locked') return lockedEnd(ctx, check.until);
      if (check.reason === 'no_pin') return { replace: { s: 'pinset.start', p: { after: p.after } } };
      return { again: ctx.t('ussd.pin_wrong', { count: check.left }) };
    },
  },
  /** Says a code will come by SMS; sending it is the caller's choice (a wrong key sends nothing). */
  'pinset.start': {
    render: (ctx, p) => ({
      body: ctx.t('ussd.pin_code_intro', { count: PIN_TTL_MINUTES }),
      items: [{ label: ctx.t('ussd.pin_code_send'), next: { run: 'pinset.send', a: { after: p.after } } }],
    }),
  },
  'pinset.code': {
    render: (ctx) => ({ body: ctx.t('ussd.pin_code_enter'), input: true }),
    onInput: async (ctx, p, value) => {
      try {
        const { phoneToken } = await verifyPhonePin(ctx.db, ctx.phone, value);
        return { replace: { s: 'pinset.new', p: { after: p.after, token: phoneToken } } };
      } catch (error) {
        if (error instanceof AppError && error.code === 'validation_failed') return { again: ctx.t('ussd.code_wrong') };
        throw error;
      }
    },
  },
  'pinset.new': {
    render: (ctx) => ({ body: ctx.t('ussd.pin_choose', { count: USSD_PIN_LENGTH }), input: true }),
    onInput: async (ctx, p, value) => {
      if (!isAcceptablePin(value)) return { again: ctx.t('ussd.pin_too_easy') };
      // The PIN waits for its repeat as a hash, never as typed.
      return { replace: { s: 'pinset.repeat', p: { ...p, hash: await hashPassword(value) } } };
    },
  },
  'pinset.repeat': {
    render: (ctx) => ({ body: ctx.t('ussd.pin_repeat'), input: true }),
    onInput: async (ctx, p, value) => {
      if (!(await verifyPassword(String(p.hash), value)))
        return {
          replace: { s: 'pinset.new', p: { after: p.after, token: p.token } },
          lead: ctx.t('ussd.pin_mismatch'),
        };
      const after = p.after as AfterPin;
      // A new caller's PIN is set with their account (register.create); a member's here, with the phone's proof.
      if (!ctx.member) return continueWith(ctx, after, { pin: value, phoneToken: String(p.token) });
      const member = ctx.member;
      const proved = await setUssdPinWithProof(ctx.db, { id: member.id, phone: ctx.phone }, String(p.token), value);
      if (!proved) return { replace: { s: 'pinset.start', p: { after: p.after } }, lead: ctx.t('ussd.code_expired') };
      ctx.setMember({ ...member, ussdPinHash: 'set', ussdPinFailures: 0, ussdLockedUntil: null });
      ctx.markPinSeen();
      const next = await continueWith(ctx, after);
      if ('end' in next || 'again' in next) return next;
      return 'run' in after && 'replace' in next
        ? { ...next, drop: 1, lead: ctx.t('ussd.pin_set') }
        : { ...next, lead: ctx.t('ussd.pin_set') };
    },
  },
};
