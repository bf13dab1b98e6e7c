import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

// The codes below come from the RFCs, never from totpCode itself: an implementation that is merely consistent with
// itself (the wrong byte order, the wrong offset, a truncated key) would pass its own round trips but not these.

/** RFC 6238 Appendix B: the SHA-1 key is the ASCII string "12345678901234567890". */
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

/** RFC 6238 Appendix B, the SHA-1 rows: Unix time in seconds → the 8-digit TOTP. */
const RFC_6238_SHA1: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

/** RFC 4226 Appendix D: HOTP of the same key for counters 0…9, 6 digits. */
const RFC_4226_HOTP = [
  '755224',
  '287082',
  '359152',
  '969429',
  '338314',
  '254676',
  '287922',
  '162583',
  '399871',
  '520489',
];

describe('TOTP against the RFC test vectors', () => {
  it('the key in base32 is the one the RFCs use (RFC 4648 alphabet, no padding)', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    // RFC 4648 §10 vectors, padding left off as otpauth links do.
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
  });

  it.each(RFC_6238_SHA1)('T = %i s gives %s (8 digits) and its last six digits', (seconds, code) => {
    const step = totpStep(seconds * 1000);
    expect(step).toBe(Math.floor(seconds / 30));
    expect(totpCode(RFC_SECRET, step, 8)).toBe(code);
    expect(totpCode(RFC_SECRET, step)).toBe(code.slice(-6));
  });

  it('the step counter is HOTP (RFC 4226 Appendix D)', () => {
    expect(RFC_4226_HOTP.map((_, counter) => totpCode(RFC_SECRET, counter))).toEqual(RFC_4226_HOTP);
  });

  it('a code is accepted in its 30-second step and one step either side, once', () => {
    const at = 1111111111 * 1000;
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, '050471', at, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, '050 471', at, null)).toBe(step);
    // T = 1111111109 lies in the step before: still accepted at 1111111111, for a phone a little behind.
    expect(matchTotp(RFC_SECRET, '081804', at, null)).toBe(totpStep(1111111109 * 1000));
    // Used once: the same step, or an earlier one, is refused afterwards.
    expect(matchTotp(RFC_SECRET, '050471', at, step)).toBeNull();
    // Two minutes later the code is stale.
    expect(matchTotp(RFC_SECRET, '050471', at + 120_000, null)).toBeNull();
    // Only six digits are read: the 8-digit form, or a wrong code, is refused.
    expect(matchTotp(RFC_SECRET, '14050471', at, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, '050472', at, null)).toBeNull();
  });

  it('the otpauth link says what the codes are made with', () => {
    const uri = new URL(otpauthUri(RFC_SECRET, 'amina@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Mavuno:amina@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Mavuno',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
