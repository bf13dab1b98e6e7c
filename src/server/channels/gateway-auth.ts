import type { ApiContext } from '~/server/api/context';
import { AppError } from '~/server/errors';
import { callerAddress } from '~/server/http/client-ip';
import { getEnv } from '~/server/env';
import { constantTimeEqual } from '~/server/payments/provider';

/**
 * The one check of every call from the feature-phone gateway (docs/feature-phones.md "Gateway set-up"): the USSD
 * steps, its end-of-session notices and inbound SMS. Africa's Talking does not sign its callbacks, so — as with
 * M-Pesa's — the callback path carries a secret token (USSD_CALLBACK_TOKEN), compared in constant time; with
 * USSD_ALLOWED_IPS set, the call must also come from one of the gateway's addresses. A wrong token, or the channel
 * not configured, is a 404 (nothing here to find); a right token from another address a 403. Either way nothing is
 * read or written. `address` is the caller's whole address (callerAddress in src/server/http/client-ip.ts).
 */
export function assertGatewayCall(token: string, address: string): void {
  const env = getEnv();
  if (!env.USSD_CALLBACK_TOKEN || !constantTimeEqual(token, env.USSD_CALLBACK_TOKEN))
    throw new AppError('not_found', 'errors.not_found');
  if (env.USSD_ALLOWED_IPS?.length && !env.USSD_ALLOWED_IPS.map((allowed) => allowed.toLowerCase()).includes(address))
    throw new AppError('forbidden', 'errors.forbidden');
}

/** assertGatewayCall for an API request: the token of its path (`:token`), the address it came from. */
export function assertGatewayRequest(c: ApiContext): void {
  const address = callerAddress(c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress ?? c.env?.clientAddress);
  assertGatewayCall(c.req.param('token') ?? '', address);
}
