/** The chunk-reload guard: at most one reload per 60 s after a failed chunk load (docs/architecture.md "Browser"). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export function shouldReloadAfterChunkError(lastReloadAt: number, now: number): { reload: boolean; stamp: number } {
  if (Number.isFinite(lastReloadAt) && now - lastReloadAt < CHUNK_RELOAD_GUARD_MS)
    return { reload: false, stamp: lastReloadAt };
  return { reload: true, stamp: now };
}
