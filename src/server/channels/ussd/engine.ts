import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { PIN_TTL_MINUTES } from '~/features/accounts/constants';
import { USSD_BACK, USSD_HOME, USSD_MORE, USSD_SESSION_SECONDS } from '~/features/channels/constants';
import { composeScreen, paginate, type ScreenWords } from '~/features/channels/ussd-screen';
import { normalizePhone } from '~/features/accounts/phone';
import { isLocale, type Locale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';
import type { Database } from '~/server/db';
import { users, ussdSessions } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { userLocale, type UserRow } from '~/server/services/accounts/users';
import { runAction } from './actions';
import { errorText } from './menus/common';
import { SCREENS } from './screens';
import { ENDED_STATE, RESUMABLE_SCREEN, type SessionState, waitsForCode } from './session-state';
import type { Frame, Next, UssdContext, View } from './types';

/** One request of the gateway (Africa's Talking's USSD callback). */
export interface UssdCall {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode?: string;
  /** Everything typed in the session so far, joined by `*`. */
  text: string;
}

const wordsOf = (locale: Locale): ScreenWords => {
  const t = createTranslator(locale);
  return { back: t('ussd.nav_back'), home: t('ussd.nav_home'), more: t('ussd.nav_more') };
};

/** The first screen: the member's main menu, or the language choice a new caller meets. */
const rootOf = (member: UserRow | null): Frame => ({ s: member ? 'home' : 'welcome' });

const freshState = (member: UserRow | null): SessionState => ({
  stack: [rootOf(member)],
  expect: 'none',
  items: [],
  more: false,
  pinSeen: false,
});

/** The inputs typed since the last step: what `text` adds to the text the last answer was for. */
export function newInputs(lastText: string, text: string): string[] {
  if (text === lastText) return [];
  if (lastText === '') return text.split('*');
  if (text.startsWith(`${lastText}*`)) return text.slice(lastText.length + 1).split('*');
  // A gateway that sends only the last input (or restarts the text): the last part is the answer.
  return [text.split('*').at(-1) ?? ''];
}

/** The member whose phone this is, confirmed or not. */
async function findCaller(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

/** How long a repeated request waits for the first one's screen (the gateway itself gives a few seconds). */
const REPEAT_WAIT_MS = 4000;

/**
 * The screen of a step another request is answering: once it is written (the claim cleared it), or a plea to dial
 * again when it takes too long.
 */
async function waitForScreen(db: Database, sessionId: string, text: string, locale: Locale): Promise<string> {
  const until = Date.now() + REPEAT_WAIT_MS;
  while (Date.now() < until) {
    const [row] = await db
      .select({ lastText: ussdSessions.lastText, lastScreen: ussdSessions.lastScreen })
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, sessionId));
    if (row?.lastScreen && row.lastText === text) return row.lastScreen;
    if (row?.lastScreen) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return `END ${createTranslator(locale)('ussd.try_again')}`;
}

/**
 * A new dial of a phone whose last session, a few minutes ago, stopped waiting for the SMS code (the caller hung up
 * to read it): that session's state and language, taken over once (the old row keeps nothing).
 */
async function takeOverWaitingSession(db: Database, phone: string, now: Date) {
  const since = new Date(now.getTime() - PIN_TTL_MINUTES * 60_000);
  const recent = await db
    .select({ sessionId: ussdSessions.sessionId, state: ussdSessions.state, locale: ussdSessions.locale })
    .from(ussdSessions)
    .where(and(eq(ussdSessions.phone, phone), gt(ussdSessions.updatedAt, since)))
    .orderBy(desc(ussdSessions.updatedAt))
    .limit(1);
  const [last] = recent;
  if (!last || !waitsForCode(last.state as SessionState)) return undefined;
  const taken = await db
    .update(ussdSessions)
    .set({ state: ENDED_STATE })
    .where(and(eq(ussdSessions.sessionId, last.sessionId), sql`${ussdSessions.state}->'stack' <> '[]'::jsonb`))
    .returning({ id: ussdSessions.sessionId });
  return taken.length > 0 ? { state: last.state as SessionState, locale: last.locale } : undefined;
}

/**
 * Answers one step of a USSD session (docs/feature-phones.md "Sessions"): the screen for what the caller typed, as
 * the gateway sends it (`CON …` or `END …`). The session's place in the menu lives in `ussd_sessions`, so any process
 * answers any step. A step is claimed before it acts (the row's step count moves from the value read to the next, and
 * its screen is cleared), so a gateway repeating a request — or two processes receiving it — acts once: the repeat
 * waits for the first one's screen and gets that. A step that fails gives its claim back, so its retry acts.
 */
export async function answerUssdStep(db: Database, call: UssdCall, now = new Date()): Promise<string> {
  const phone = normalizePhone(call.phoneNumber.startsWith('+') ? call.phoneNumber : `+${call.phoneNumber}`);
  if (!phone)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { phoneNumber: [{ key: 'accounts.phone_invalid' }] },
      status: 400,
    });
  const text = call.text.trim();
  const caller = (await findCaller(db, phone)) ?? null;
  const [row] = await db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId));
  if (row && row.phone !== phone) throw new AppError('bad_request', 'ussd.session_not_yours');
  // An ended session answers nothing new: its last screen, or (ended by the gateway's notice mid-step) a plea to dial.
  if (row?.endedAt)
    return row.lastScreen ?? `END ${createTranslator(userLocaleOr(caller, row.locale))('ussd.try_again')}`;
  if (row && text === row.lastText)
    return row.lastScreen ?? waitForScreen(db, row.sessionId, text, userLocaleOr(caller, row.locale));

  const expired = row !== undefined && row.expiresAt <= now;
  // A number on an account that never confirmed it is not that account's: its caller is a guest, who may register.
  const member = caller?.phoneVerifiedAt && !caller.blockedAt ? caller : null;
  let state: SessionState = row && !expired ? (row.state as SessionState) : freshState(member);
  // A session started as a guest goes on as the member it registered.
  if (row && !expired && row.userId && !member) state = freshState(null);
  const inputs = row && !expired ? newInputs(row.lastText, text) : [];
  let lead: string | undefined;
  let sessionLocale = row && !expired ? row.locale : 'en';

  // Claim the step: only one request moves the row from the step count it read.
  if (row) {
    const claimed = await db
      .update(ussdSessions)
      .set({ steps: row.steps + 1, lastText: text, lastScreen: null, updatedAt: now })
      .where(and(eq(ussdSessions.sessionId, row.sessionId), eq(ussdSessions.steps, row.steps)))
      .returning({ id: ussdSessions.sessionId });
    if (claimed.length === 0) return waitForScreen(db, row.sessionId, text, userLocaleOr(caller, row.locale));
  } else {
    const resumed = !caller?.blockedAt && text === '' ? await takeOverWaitingSession(db, phone, now) : undefined;
    if (resumed) {
      state = { ...resumed.state, pinSeen: false };
      sessionLocale = resumed.locale;
      lead = createTranslator(userLocaleOr(member, resumed.locale))('ussd.code_resume');
    }
    const created = await db
      .insert(ussdSessions)
      .values({
        sessionId: call.sessionId,
        phone,
        userId: member?.id ?? null,
        serviceCode: call.serviceCode.slice(0, 40),
        networkCode: call.networkCode?.slice(0, 20) ?? null,
        locale: member ? userLocale(member) : sessionLocale,
        state,
        steps: 1,
        lastText: text,
        expiresAt: new Date(now.getTime() + USSD_SESSION_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: ussdSessions.sessionId });
    if (created.length === 0) return waitForScreen(db, call.sessionId, text, userLocaleOr(caller, 'en'));
  }

  try {
    return await answer(db, {
      call,
      phone,
      text,
      row,
      caller,
      member,
      state,
      inputs,
      expired,
      lead,
      sessionLocale,
      now,
    });
  } catch (error) {
    // The step did not happen: its claim goes back, so the gateway's retry (or the caller's) acts.
    if (row)
      await db
        .update(ussdSessions)
        .set({ steps: row.steps, lastText: row.lastText, lastScreen: row.lastScreen })
        .where(eq(ussdSessions.sessionId, row.sessionId));
    else await db.delete(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId));
    throw error;
  }
}

/** The claimed step itself: the answers typed, then the screen, written with the state it leaves. */
async function answer(
  db: Database,
  claimed: {
    call: UssdCall;
    phone: string;
    text: string;
    row: typeof ussdSessions.$inferSelect | undefined;
    caller: UserRow | null;
    member: UserRow | null;
    state: SessionState;
    inputs: string[];
    expired: boolean;
    lead: string | undefined;
    sessionLocale: string;
    now: Date;
  },
): Promise<string> {
  const { call, phone, text, row, caller, member, inputs, expired, now } = claimed;
  let state = claimed.state;
  let locale: Locale = member ? userLocale(member) : isLocale(claimed.sessionLocale) ? claimed.sessionLocale : 'en';
  const ctx: UssdContext = {
    db,
    phone,
    locale,
    t: createTranslator(locale),
    member,
    now,
    pinSeen: state.pinSeen,
    setLocale(next) {
      locale = next;
      ctx.locale = next;
      ctx.t = createTranslator(next);
    },
    setMember(next) {
      ctx.member = next;
    },
    markPinSeen() {
      ctx.pinSeen = true;
    },
  };

  let lead: string | undefined = expired ? ctx.t('ussd.session_expired') : claimed.lead;
  let ended: string | undefined;
  // A blocked account is not let in.
  if (caller?.blockedAt) ended = ctx.t('ussd.account_blocked');
  // A shortcut dialled with the code (*384*628*1#) arrives as the first step's text: each part is an answer.
  const answers = !row && text !== '' ? text.split('*') : inputs;
  for (const input of ended ? [] : answers) {
    const outcome = await step(ctx, state, input.trim());
    state = outcome.state;
    lead = outcome.lead;
    if (outcome.end !== undefined) {
      ended = outcome.end;
      break;
    }
  }

  let screen: string;
  if (ended !== undefined) {
    screen = composeScreen({ kind: 'END', body: ended }, wordsOf(ctx.locale));
  } else {
    const shown = await render(ctx, state, lead);
    state = shown.state;
    screen = shown.screen;
  }
  state.pinSeen = ctx.pinSeen;
  await db
    .update(ussdSessions)
    .set({
      // An ended session keeps its last screen (a repeated request gets it) and forgets the rest: a code's proof or a
      // PIN's hash waiting for its repeat stay no longer than the session.
      state: ended !== undefined ? ENDED_STATE : state,
      lastScreen: screen,
      locale: ctx.locale,
      userId: ctx.member?.id ?? null,
      expiresAt: new Date(now.getTime() + USSD_SESSION_SECONDS * 1000),
      // Set by an END here; never cleared (the gateway's end-of-session notice may have come meanwhile).
      ...(ended !== undefined ? { endedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(ussdSessions.sessionId, call.sessionId));
  return screen;
}

const userLocaleOr = (user: UserRow | null, fallback: string): Locale =>
  user ? userLocale(user) : isLocale(fallback) ? fallback : 'en';

/** One answer: the navigation keys, a numbered item, or a typed value for the screen on top. */
async function step(
  ctx: UssdContext,
  state: SessionState,
  input: string,
): Promise<{ state: SessionState; lead?: string; end?: string }> {
  const stack = [...state.stack];
  const top = stack[stack.length - 1];
  if (input === USSD_HOME) return { state: { ...state, stack: [rootOf(ctx.member)] } };
  if (input === USSD_BACK && stack.length > 1) return { state: { ...state, stack: stack.slice(0, -1) } };
  if (input === USSD_MORE && state.more)
    return { state: { ...state, stack: [...stack.slice(0, -1), { ...top, page: (top.page ?? 0) + 1 }] } };
  let next: Next | undefined;
  if (state.expect === 'items' && /^\d{1,2}$/.test(input)) next = state.items[Number(input) - 1];
  else if (state.expect === 'input') {
    const def = SCREENS[top.s];
    try {
      next = def?.onInput ? await def.onInput(ctx, top.p ?? {}, input) : undefined;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      next = { again: errorText(ctx.t, error) };
    }
  }
  // A wrong choice asks again: it never ends the session.
  if (!next) return { state, lead: ctx.t('ussd.wrong_choice') };
  if ('run' in next) next = await runAction(ctx, next.run, next.a ?? {});
  return apply(ctx, state, stack, next);
}

function apply(
  ctx: UssdContext,
  state: SessionState,
  stack: Frame[],
  next: Next,
): { state: SessionState; lead?: string; end?: string } {
  if ('end' in next) return { state, end: next.end };
  if ('again' in next) return { state, lead: next.again };
  let moved: Frame[];
  if ('push' in next) moved = [...stack, next.push];
  else if ('replace' in next)
    moved = [...stack.slice(0, Math.max(1, stack.length - 1 - (next.drop ?? 0))), next.replace];
  else if ('back' in next) moved = stack.slice(0, Math.max(1, stack.length - next.back));
  else if ('backTo' in next) {
    const at = stack.findLastIndex((frame) => frame.s === next.backTo);
    moved = at >= 0 ? stack.slice(0, at + 1) : [rootOf(ctx.member)];
  } else if ('run' in next) return { state };
  else moved = [rootOf(ctx.member)];
  return { state: { ...state, stack: moved }, lead: next.lead };
}

/** Renders the screen on top of the stack, one page of its items, and remembers where each item leads. */
async function render(
  ctx: UssdContext,
  state: SessionState,
  lead: string | undefined,
): Promise<{ state: SessionState; screen: string }> {
  const top = state.stack[state.stack.length - 1];
  const def = SCREENS[top.s] ?? SCREENS[rootOf(ctx.member).s];
  let view: View;
  try {
    view = await def.render(ctx, top.p ?? {});
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    view = { body: errorText(ctx.t, error) };
  }
  const words = wordsOf(ctx.locale);
  const nav = !view.noNav && state.stack.length > 1;
  const items = view.items ?? [];
  const head = [lead, view.body].filter(Boolean).join('\n');
  // A short choice (yes / no) is never split over pages: the words are cut to make room instead.
  const pages = paginate(
    items.length <= 3 ? '' : head,
    items.map((item) => item.label),
    words,
    nav,
  );
  const page = Math.min(top.page ?? 0, pages.length - 1);
  const shown = pages[page].map((index) => items[index]);
  const more = page < pages.length - 1;
  const screen = composeScreen(
    { kind: 'CON', lead, body: view.body, items: shown.map((item) => item.label), more, nav },
    words,
  );
  return {
    screen,
    state: {
      ...state,
      expect: items.length > 0 ? 'items' : view.input ? 'input' : 'none',
      items: shown.map((item) => item.next),
      more,
    },
  };
}

/** The gateway's end-of-session notice: the session is over, with the gateway's status (Success, Failed, …). */
export async function endUssdSession(
  db: Database,
  notice: { sessionId: string; status?: string },
  now = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(ussdSessions)
    .set({
      endedAt: now,
      endStatus: notice.status?.slice(0, 40) ?? null,
      // A caller who hung up to read the SMS code dials again and is taken back to it (takeOverWaitingSession).
      state: sql`case when ${ussdSessions.state}->'stack'->-1->>'s' = ${RESUMABLE_SCREEN} then ${ussdSessions.state} else ${JSON.stringify(ENDED_STATE)}::jsonb end`,
      updatedAt: now,
    })
    .where(eq(ussdSessions.sessionId, notice.sessionId))
    .returning({ id: ussdSessions.sessionId });
  return ended.length > 0;
}
