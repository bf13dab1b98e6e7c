import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * React 19.2's `useEffectEvent`, which Preact's compatibility layer (the islands' runtime: astro.config.mjs) does not
 * have: a function that always calls the latest `handler`, stable across renders, for effects that must read the
 * latest props and state without re-running when they change.
 */
export function useEffectEvent<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
