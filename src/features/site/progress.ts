/**
 * The loading bar's timing (docs/architecture.md "Browser"): appear only when loading lasts longer than the
 * 200 ms throttle, and hide 500 ms after loading ends. Timers are injectable so the rule is tested without a browser.
 */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_HIDE_AFTER_MS = 500;

interface ProgressView {
  show(): void;
  finish(): void;
  hide(): void;
}
interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createProgress(view: ProgressView, timers: Timers = globalThis as unknown as Timers) {
  let showTimer: unknown;
  let hideTimer: unknown;
  let visible = false;
  return {
    start() {
      timers.clearTimeout(hideTimer);
      if (visible || showTimer !== undefined) return;
      showTimer = timers.setTimeout(() => {
        showTimer = undefined;
        visible = true;
        view.show();
      }, PROGRESS_THROTTLE_MS);
    },
    done() {
      if (showTimer !== undefined) {
        timers.clearTimeout(showTimer);
        showTimer = undefined;
      }
      if (!visible) return;
      view.finish();
      hideTimer = timers.setTimeout(() => {
        visible = false;
        view.hide();
      }, PROGRESS_HIDE_AFTER_MS);
    },
  };
}
