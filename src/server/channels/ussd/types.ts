import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { Database } from '~/server/db';
import type { UserRow } from '~/server/services/accounts/users';

/** What a screen was opened with: plain values only, kept in the session's row between steps. */
export type Params = { [key: string]: string | number | boolean | null | undefined | Params | number[] };

/** One screen on the menu's stack: its name, what it was opened with, the list page it shows. */
export interface Frame {
  s: string;
  p?: Params;
  page?: number;
}

/**
 * What an answer leads to: another screen on top, this screen swapped for another, back some screens, the main
 * menu, the last screen (END), or this screen again with a line saying what was wrong.
 */
export type Next =
  | { push: Frame; lead?: string }
  /** This screen swapped for another; `drop` more screens below it go too (the confirmation a change came from). */
  | { replace: Frame; lead?: string; drop?: number }
  | { back: number; lead?: string }
  /** Back to the nearest screen of that name below (the price screen, from a refused price). */
  | { backTo: string; lead?: string }
  /**
   * A change run at once (src/server/channels/ussd/actions.ts): only ever made by a screen the PIN already opened
   * (the session's state is the server's, never the caller's), such as "publish anyway" after an unusual price.
   */
  | { run: string; a?: Params }
  | { home: true; lead?: string }
  | { end: string }
  | { again: string };

/** A screen as it renders: its text, its numbered items and where each leads, or a typed answer it waits for. */
export interface View {
  body: string;
  items?: { label: string; next: Next }[];
  /** The screen reads a typed answer (onInput) instead of items. */
  input?: boolean;
  /** No `0 back`/`00 menu` line (the main menu). */
  noNav?: boolean;
}

/** A screen of the menu tree (src/server/channels/ussd/menus/). */
export interface ScreenDef {
  render(ctx: UssdContext, p: Params): Promise<View> | View;
  onInput?(ctx: UssdContext, p: Params, value: string): Promise<Next> | Next;
}

/** What every screen knows of the call. */
export interface UssdContext {
  db: Database;
  /** E.164. */
  phone: string;
  locale: Locale;
  t: Translate;
  /** The member whose confirmed phone is calling, or null. */
  member: UserRow | null;
  now: Date;
  /** The member's PIN was given in this session: money may be shown (changes ask again). */
  pinSeen: boolean;
  /** Switches the session's language (the first screen, or the member's choice). */
  setLocale(locale: Locale): void;
  /** After registration: the new member calls from here on. */
  setMember(member: UserRow): void;
  markPinSeen(): void;
}
