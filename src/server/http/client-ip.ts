import { getEnv } from '~/server/env';

/**
 * The client's IP address for rate limits: the socket's peer, or — only when TRUST_PROXY is set — the last
 * address of X-Forwarded-For, the one our own proxy appended (entries to its left are the client's to write).
 * IPv6 clients are grouped by their /64, which one subscriber usually holds whole.
 */
export function clientIp(headers: Headers, socketAddress: string | undefined): string {
  const address = peerAddress(headers, socketAddress);
  if (!address.includes(':') || address.startsWith('::ffff:')) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The peer's address as it is: the socket's, or (TRUST_PROXY) the one our proxy appended to X-Forwarded-For. */
function peerAddress(headers: Headers, socketAddress: string | undefined): string {
  const forwarded = getEnv().TRUST_PROXY ? headers.get('x-forwarded-for')?.split(',').pop()?.trim() : undefined;
  return forwarded || socketAddress || 'unknown';
}

/**
 * The one address a request came from, for an allow-list of callers (the feature-phone gateway): as clientIp reads
 * it, but whole (no /64 grouping) and with an IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) written as IPv4.
 */
export function callerAddress(headers: Headers, socketAddress: string | undefined): string {
  const address = peerAddress(headers, socketAddress);
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address.toLowerCase();
}

/** The eight groups of an IPv6 address, `::` expanded (`2001:db8::1` → 2001, db8, 0, 0, 0, 0, 0, 1). */
function expandIpv6(address: string): string[] {
  const [head, tail] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const gap = address.includes('::') ? Array(Math.max(0, 8 - left.length - right.length)).fill('0') : [];
  return [...left, ...gap, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Whether a socket address is this machine (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain);
}
