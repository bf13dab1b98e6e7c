import type { ClientDirective } from 'astro';

/**
 * `client:press` (registered in astro.config.mjs): an island whose code is large and needed only once the member uses
 * it (the make-offer dialog: its fields, checks and phone rules). Its code is fetched when the pointer comes near or
 * focus enters it, and it is hydrated then; a press that comes first (a submit or a link's click) waits for the
 * hydration and is then given to the hydrated island, so the dialog opens as if it had been there all along. If the
 * code cannot be had within 8 s (offline, a very slow link), the press goes the browser's own way: the island's
 * plain form or link, which works without JavaScript.
 */
const WAIT_MS = 8_000;

const press: ClientDirective = (load, _options, island) => {
  let hydrating: Promise<void> | undefined;
  let hydrated = false;
  const hydrate = () => {
    hydrating ??= (async () => {
      const run = await load();
      await run();
      hydrated = true;
    })();
    return hydrating;
  };
  const warm = () => {
    hydrate().catch(() => undefined);
  };
  for (const type of ['pointerenter', 'touchstart', 'focusin'] as const)
    island.addEventListener(type, warm, { once: true, passive: true });

  let held = false;
  /**
   * Holds the press back until the island is hydrated, then replays it once; the browser's way when that fails.
   * While it waits, the pressed control says it is busy, and further presses are only held (never replayed twice).
   */
  const holdBack = (event: Event, control: Element | null, replay: () => void, fallback: () => void) => {
    if (hydrated) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) return;
    held = true;
    control?.setAttribute('aria-busy', 'true');
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), WAIT_MS));
    Promise.race([hydrate(), timeout])
      .then(() => replay(), fallback)
      .finally(() => {
        held = false;
        control?.removeAttribute('aria-busy');
      });
  };
  island.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter as HTMLElement | null;
      holdBack(
        event,
        submitter ?? form.querySelector('button'),
        () => form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : undefined),
        () => form.submit(),
      );
    },
    { capture: true },
  );
  island.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.('a[href]');
      const mouse = event as MouseEvent;
      // A click that opens another tab or window, or downloads, is the browser's.
      if (
        !(link instanceof HTMLAnchorElement) ||
        mouse.ctrlKey ||
        mouse.metaKey ||
        mouse.shiftKey ||
        mouse.altKey ||
        mouse.button ||
        (link.target && link.target !== '_self')
      )
        return;
      holdBack(
        event,
        link,
        () => link.click(),
        () => window.location.assign(link.href),
      );
    },
    { capture: true },
  );
};

export default press;
