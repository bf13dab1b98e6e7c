import type { ClientDirective } from 'astro';

/**
 * `client:settled` (registered in astro.config.mjs): an island hydrated once the page has loaded and the browser is
 * idle — the header's counts, the hearts of lot cards, the snackbar, the catalogue's instant filters. Astro's own
 * `client:idle` may fetch an island's code while the page's styles and photos are still coming, which on a slow link
 * delays the whole page; until hydrated, each of these islands is a plain link or form that works as it is. A page
 * whose load never ends gets them after 6 s all the same.
 */
/** A page whose load never ends (a photo that stalls) still gets its islands after this long. */
const LOAD_WAIT_MS = 6_000;

const settled: ClientDirective = (load) => {
  let started = false;
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if (started) return;
    started = true;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2_000 });
    else setTimeout(() => void hydrate(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else {
    window.addEventListener('load', whenIdle, { once: true });
    setTimeout(whenIdle, LOAD_WAIT_MS);
  }
};

export default settled;
