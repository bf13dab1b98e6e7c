import { showSnack } from '../../stores/snackbar';

/**
 * The lot lists are rendered on the server, so after a change the page reloads to show it. A snack would be
 * lost with the old page: it waits in sessionStorage and the reloaded page's FlashSnack island shows it.
 */
const KEY = 'mavuno:my-lots:snack';

export function reloadWithSnack(text: string): void {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // Storage refused (private mode, full): the reloaded list still shows the change.
  }
  window.location.reload();
}

export function showFlashSnack(): void {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!text) return;
  const show = () => showSnack('success', text);
  // A snack added before the layout's Snackbar island hydrates would not match its server HTML (React then
  // re-renders it with an error): wait for that island's own `astro:hydrate` event when it is not ready yet.
  const snackbar = document.querySelector('astro-island[ssr][opts*=\'"name":"Snackbar"\']');
  if (snackbar) snackbar.addEventListener('astro:hydrate', show, { once: true });
  else show();
}
