import type { ClientDirective } from 'astro';

/**
 * `client:settled` (registered in astro.config.mjs): an island hydrated once the page has loaded and the browser is
 * idle — the header's counts, the hearts of lot cards, the snackbar, the catalogue's instant filters. Astro's own
 * `client:idle` may fetch an island's code while the page's styles and photos are still coming, which on a slow link
 * delays the whole page; until hydrated, each of these islands is a plain link or form that works as it is.
 */
const settled: ClientDirective = (load) => {
  const hydrate = async () => {
    await (
      await load()
    )();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2_000 });
    else setTimeout(() => void hydrate(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default settled;
