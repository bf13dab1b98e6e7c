// The signed-in header's behaviour (src/components/UserMenu.astro): following a logout in another tab, the profile
// switcher's account link, logging out in the background, and closing the drop-down on an outside click or Escape.
// Started by src/islands/member/MemberScripts.tsx once the page has loaded.
import { announceAuthChange, followAuthChanges } from '~/stores/auth';

export function startUserMenu(): void {
  const root = document.querySelector<HTMLElement>('[data-user-menu]');
  if (root) {
    const home = root.dataset.home ?? '/';
    // A logout in another tab ends this session too: leave the signed-in page.
    followAuthChanges(true, home);
    // The first page after a sign-in through a plain form tells the other tabs (src/server/loaders/auth-pages.ts).
    if (document.cookie.split('; ').includes('mavuno_signed_in=1')) {
      // biome-ignore lint/suspicious/noDocumentCookie: one cookie dropped once; the Cookie Store API is not on every phone.
      document.cookie = 'mavuno_signed_in=; Max-Age=0; Path=/; SameSite=Lax';
      announceAuthChange(true);
    }

    // While the profile switcher is on the deals view (kept in sessionStorage), "My account" leads there.
    try {
      const dealsHref = root.dataset.dealsHref;
      if (dealsHref && sessionStorage.getItem('profile-switcher')) {
        for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-account-link]')) link.href = dealsHref;
      }
    } catch {
      /* storage blocked by the browser: the account link keeps its usual target */
    }

    // Log out in the background so the other tabs can be told; without JavaScript the form posts normally.
    for (const form of document.querySelectorAll<HTMLFormElement>('form[data-signout]')) {
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        for (const button of document.querySelectorAll<HTMLButtonElement>(`button[form="${form.id}"]`))
          button.disabled = true;
        let response: Response | undefined;
        try {
          response = await fetch(form.action, { method: 'POST', credentials: 'same-origin', redirect: 'manual' });
        } catch {
          response = undefined;
        }
        if (!response || !(response.ok || response.type === 'opaqueredirect')) {
          form.submit();
          return;
        }
        announceAuthChange(false);
        window.location.assign(home);
      });
    }

    const menus = document.querySelectorAll<HTMLDetailsElement>('details[data-user-dropdown]');
    document.addEventListener('click', (event) => {
      for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      for (const menu of menus) {
        if (!menu.open) continue;
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    });
  }
}
