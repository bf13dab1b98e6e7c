import { atom } from 'nanostores';

/**
 * Signed-in state shared between islands, and across tabs: a login or logout in one tab is announced on a
 * BroadcastChannel, and other tabs showing a page for the previous state go home (spec §4).
 */
export const $signedIn = atom<boolean>(false);
const CHANNEL = 'mavuno-auth';

export function announceAuthChange(signedIn: boolean): void {
  $signedIn.set(signedIn);
  if ('BroadcastChannel' in window) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ signedIn });
    channel.close();
  }
}

/** Called once per page that shows signed-in (or sign-in) content: leaves for home when the state changes elsewhere. */
export function followAuthChanges(signedInHere: boolean, home: string): void {
  $signedIn.set(signedInHere);
  if (!('BroadcastChannel' in window)) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ signedIn: boolean }>) => {
    if (event.data.signedIn !== signedInHere) window.location.assign(home);
  };
}
