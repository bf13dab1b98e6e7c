import { describe, expect, it } from 'vitest';
import { callerAddress, clientIp } from './client-ip';

describe('callerAddress', () => {
  it('keeps an address whole, writes a mapped IPv4 address as IPv4', () => {
    const none = new Headers();
    expect(callerAddress(none, '::ffff:196.201.214.200')).toBe('196.201.214.200');
    expect(callerAddress(none, '196.201.214.200')).toBe('196.201.214.200');
    expect(callerAddress(none, '2001:DB8::7')).toBe('2001:db8::7');
    // The rate limits' reading groups the same IPv6 caller by its /64.
    expect(clientIp(none, '2001:db8::7')).toBe('2001:db8:0:0::/64');
  });
});
