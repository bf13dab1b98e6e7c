import { getEnv } from '../env';

/**
 * The client's IP address for rate limits: the socket's peer, or — only when TRUST_PROXY is set — the first
 * address of X-Forwarded-For (a client could write that header itself otherwise).
 */
export function clientIp(headers: Headers, socketAddress: string | undefined): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}
