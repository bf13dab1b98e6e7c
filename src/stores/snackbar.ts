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
