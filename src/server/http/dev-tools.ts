import { getEnv } from '~/server/env';
import { isLoopbackAddress } from './client-ip';

/**
 * Whether the development tools (/dev/mailbox, /dev/ussd, /dev/price-alerts) answer this request: they show codes,
 * PINs and reset links, so only on a local site whose mail stays in the outbox (getEnv().isMailboxOpen) and only to a
 * browser on this machine. `clientAddress` is Astro's, which throws where the adapter knows no address.
 */
export function isDevToolOpen(request: { readonly clientAddress: string }): boolean {
  if (!getEnv().isMailboxOpen) return false;
  let address: string | undefined;
  try {
    address = request.clientAddress;
  } catch {
    address = undefined;
  }
  return isLoopbackAddress(address);
}
