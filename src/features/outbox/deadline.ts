/**
 * Whether a message is past its deadline (`expires_at`): a PIN, a confirmation or a reset link worth nothing now.
 * Such a message is never sent — neither by the outbox worker (src/server/services/outbox/deliver-outbox.ts) nor by a
 * retry from the back office (docs/backoffice.md "Operations"). No deadline: never past it.
 */
export function isPastDeadline(expiresAt: Date | string | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}
