import { atom } from 'nanostores';

export interface Snack {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** Short messages after an action ("Base info updated", or why it failed), shown by the Snackbar island. */
export const $snacks = atom<Snack[]>([]);
let next = 1;

export function showSnack(kind: Snack['kind'], text: string, ms = 5000): void {
  const snack = { id: next++, kind, text };
  $snacks.set([...$snacks.get(), snack]);
  setTimeout(() => $snacks.set($snacks.get().filter((s) => s.id !== snack.id)), ms);
}

/**
 * Server-rendered lists show a change by reloading; a snack would be lost with the old page, so it waits in
 * sessionStorage and the reloaded page's Snackbar shows it once mounted (showPendingSnack).
 */
const PENDING_KEY = 'mavuno:pending-snack';

export function reloadWithSnack(text: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, text);
  } catch {
    // Storage refused (private mode, full): the reloaded page still shows the change.
  }
  window.location.reload();
}

export function showPendingSnack(): void {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (text) showSnack('success', text);
}
