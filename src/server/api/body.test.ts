import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readBody } from './body';

const app = new Hono().post('/', async (c) => c.json(await readBody(c)));
const send = (body: BodyInit, type?: string) =>
  app.request('/', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} });

describe('request body reading', () => {
  it('nests Yii-style form names and keeps arrays', async () => {
    const res = await send(
      'BoardList%5Bprice%5D=12.5&BoardList%5Btitle%5D=Maize&company_type%5B%5D=1&company_type%5B%5D=3',
      'application/x-www-form-urlencoded',
    );
    expect(await res.json()).toEqual({ BoardList: { price: '12.5', title: 'Maize' }, company_type: ['1', '3'] });
  });

  it('reads multipart fields and files at their bracketed names', async () => {
    const form = new FormData();
    form.append('Offer[comment]', 'Delivered to Nakuru');
    form.append('ids[]', '1');
    form.append('ids[]', '2');
    form.append('Offer[photo]', new File([new Uint8Array([1, 2])], 'p.jpg', { type: 'image/jpeg' }));
    const parsed = await new Hono()
      .post('/', async (c) => {
        const body = await readBody(c);
        const offer = body.Offer as Record<string, unknown>;
        return c.json({ comment: offer.comment, ids: body.ids, photo: (offer.photo as File).size });
      })
      .request('/', { method: 'POST', body: form });
    expect(await parsed.json()).toEqual({ comment: 'Delivered to Nakuru', ids: ['1', '2'], photo: 2 });
  });

  it('reads JSON objects', async () => {
    const res = await send(JSON.stringify({ BoardList: { price: 5 } }), 'application/json');
    expect(await res.json()).toEqual({ BoardList: { price: 5 } });
  });
});

describe('request body reading, hostile input', () => {
  it('does not let a multipart field name reach Object.prototype', async () => {
    const form = new FormData();
    form.append('__proto__[polluted]', new File([new Uint8Array([1])], 'x.bin'));
    form.append('constructor[prototype][polluted2]', 'yes');
    form.append('a[__proto__][polluted3]', 'yes');
    const res = await new Hono()
      .post('/', async (c) => c.json(Object.keys(await readBody(c))))
      .request('/', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted2).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted3).toBeUndefined();
  });

  it('does not treat a text value that looks like a file mark as a file', async () => {
    const res = await send('note=%00file%3A0', 'application/x-www-form-urlencoded');
    expect(await res.json()).toEqual({ note: '\u0000file:0' });
  });
});
