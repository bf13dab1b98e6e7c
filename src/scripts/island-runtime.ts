// Loaded only by pages that hydrate islands.
import { shouldReloadAfterChunkError } from '~/features/site/chunk-reload';
import { createProgress } from '~/features/site/progress';

// A deploy replaces hashed chunks; a page opened before it then fails to load an island's code.
// Reload once to get the new page, but never more than once per 60 s, so a broken network cannot loop.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i;
function reloadOnChunkError(message: string) {
  if (!CHUNK_ERROR.test(message)) return;
  const decision = shouldReloadAfterChunkError(Number(sessionStorage.getItem('mavuno:chunk-reload') ?? 0), Date.now());
  if (decision.reload) {
    sessionStorage.setItem('mavuno:chunk-reload', String(decision.stamp));
    location.reload();
  }
}
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnChunkError('Failed to fetch dynamically imported module');
});
window.addEventListener('unhandledrejection', (event) =>
  reloadOnChunkError(String(event.reason?.message ?? event.reason)),
);
window.addEventListener('error', (event) => reloadOnChunkError(String(event.message)));

// The top progress bar: shown when a navigation takes longer than 200 ms, hidden 500 ms after it ends.
const bar = document.getElementById('nav-progress');
if (bar) {
  const progress = createProgress({
    show: () => bar.setAttribute('data-active', ''),
    finish: () => bar.setAttribute('data-done', ''),
    hide: () => {
      bar.removeAttribute('data-active');
      bar.removeAttribute('data-done');
    },
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      link.target === '_blank'
    )
      return;
    if (link.origin !== location.origin || (link.pathname === location.pathname && link.hash)) return;
    progress.start();
  });
  // An island that validates in the browser cancels the submit: no request, no bar.
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) progress.start();
  });
  window.addEventListener('mavuno:loading', (event) =>
    (event as CustomEvent<boolean>).detail ? progress.start() : progress.done(),
  );
  window.addEventListener('pageshow', () => progress.done());
}
