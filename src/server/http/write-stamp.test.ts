import { describe, expect, it } from 'vitest';
import { WRITE_STAMP_COOKIE, stampAfterWrite } from './write-stamp';

describe('the write stamp', () => {
  it('renews the browser’s stamp after a member’s successful write, and only then', () => {
    const stamps = (method: string, status: number, memberId: number | undefined) => {
      const headers = new Headers();
      stampAfterWrite(method, status, memberId, headers);
      return headers.getSetCookie();
    };
    const [first] = stamps('POST', 303, 7);
    const [second] = stamps('POST', 200, 7);
    expect(first).toMatch(new RegExp(`^${WRITE_STAMP_COOKIE}=[0-9a-z]+; Path=/; HttpOnly; SameSite=Lax`));
    expect(second.split(';')[0]).not.toBe(first.split(';')[0]);
    expect(stamps('GET', 200, 7)).toEqual([]);
    expect(stamps('POST', 422, 7)).toEqual([]);
    expect(stamps('POST', 200, undefined)).toEqual([]);
    // A sign-out's answer (it clears the session cookie) takes the stamp away.
    const signout = new Headers({ 'Set-Cookie': 'mavuno_session=; Max-Age=0; Path=/' });
    stampAfterWrite('POST', 200, 7, signout);
    expect(signout.getSetCookie()[1]).toMatch(new RegExp(`^${WRITE_STAMP_COOKIE}=; Max-Age=0`));
    // An answer whose headers can no longer change is left as it is.
    const frozen = Response.redirect('http://example.test/', 303).headers;
    expect(() => stampAfterWrite('POST', 303, 7, frozen)).not.toThrow();
  });
});
