import { atom } from 'nanostores';

/**
 * Signed-in state shared between islands, and across tabs: a login or logout in one tab is announced on a
 * BroadcastChannel, and other tabs showing a page for the previous state go home (a page drawn for a
 * signed-out visitor is wrong for a signed-in one, and the other way round). A tab ignores its
 * own announcements (BroadcastChannel delivers them to its other channel objects too).
 */
export const $signedIn = atom<boolean>(false);
const CHANNEL = 'mavuno-auth';
const TAB_ID = Math.random().toString(36).slice(2);

export function announceAuthChange(signedIn: boolean): void {
  $signedIn.set(signedIn);
  if ('BroadcastChannel' in window) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ signedIn, from: TAB_ID });
    channel.close();
  }
}

/**
 * Called once per page that shows signed-in (or sign-in) content: leaves for `home` when the state changes in
 * another tab. Answers a function that stops listening.
 */
export function followAuthChanges(signedInHere: boolean, home: string): () => void {
  $signedIn.set(signedInHere);
  if (!('BroadcastChannel' in window)) return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ signedIn: boolean; from: string }>) => {
    if (event.data.from !== TAB_ID && event.data.signedIn !== signedInHere) window.location.assign(home);
  };
  return () => channel.close();
}
