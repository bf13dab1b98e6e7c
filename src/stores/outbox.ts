/**
 * What the browser's outboxes share (the offline lots of ./offline-quotes.ts and the chat's unsent messages of
 * ./chat-outbox.ts): one sender at a time across the browser's tabs, and the member the session cookie belongs to
 * now, so a page rendered for one member never sends their writing with another member's session.
 */

/** Runs `job` unless another tab holds the lock `name` (it is sending the same list: nothing to do here). */
export async function withTabLock(name: string, job: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return job();
  await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? job() : undefined));
}

/** The id of whoever the browser's session cookie belongs to now (another tab may have switched accounts). */
export async function sessionUserId(): Promise<number | null> {
  try {
    const response = await fetch('/api-v2/user/index', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Session-Mode': 'cookie' },
    });
    return response.ok ? ((await response.json()) as { id: number }).id : null;
  } catch {
    return null;
  }
}
