import type { Frame, Next } from './types';

/** What a session's row keeps between steps (`ussd_sessions.state`). */
export interface SessionState {
  stack: Frame[];
  /** What the screen shown waits for, and where each of its numbered items leads. */
  expect: 'items' | 'input' | 'none';
  items: Next[];
  more: boolean;
  pinSeen: boolean;
}

/**
 * The state of a session that is over: nothing but its last screen (kept in `last_screen`) survives it — a code's
 * proof or a PIN's hash waiting for its repeat go with the rest.
 */
export const ENDED_STATE: SessionState = { stack: [], expect: 'none', items: [], more: false, pinSeen: false };

/** The screen a caller who hangs up to read the SMS code comes back to (docs/feature-phones.md "PIN"). */
export const RESUMABLE_SCREEN = 'pinset.code';

/** Whether a session stopped where a new dial of the same phone takes it up again: waiting for the SMS code. */
export const waitsForCode = (state: SessionState | null | undefined) => state?.stack?.at(-1)?.s === RESUMABLE_SCREEN;
