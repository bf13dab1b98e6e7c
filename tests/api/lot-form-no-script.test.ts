import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getEnv } from '~/server/env';
import { getDb } from '~/server/db';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import type { FormPageRequest, PageOutcome } from '~/server/loaders/form-post';
import { type LotFormData, type LotFormView, loadLotForm } from '~/server/loaders/lot-form';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { SessionUser } from '~/server/services/accounts/users';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { TestCookies, formRequest, freshIp } from '../fixtures/forms';
import { maizeLot, memberWithTier, nakuru } from '../fixtures/lots';

/**
 * The lot form as a plain HTML form (docs/lots.md "The lot form without JavaScript"): the page's loader checks the
 * post's origin and form token, takes the photos through the upload endpoint's checks, reads the lot with the API's
 * own schema (numbers as the page's language writes them) and saves it with the API's own service, then sends the
 * browser to the lot's page (303) or shows the form again with what was typed and each field's problem.
 */
const database = useTestDatabase();

type Member = { access: string; auth: Record<string, string> };

/** A member's browser: its session user, its cookies (the form token after a first GET) and its requests. */
async function browserOf(member: Member) {
  const user = await resolveUser(await getDb(), { bearer: member.access });
  if (!user) throw new Error('no session');
  const cookies = new TestCookies();
  const localeOf = (path: string) => /^\/(sw|fr)\//.exec(path)?.[1] as 'sw' | 'fr' | undefined;
  const request = (path: string, fields?: Record<string, string>, extra: { token?: string | null } = {}) => ({
    ...formRequest(path, { cookies, fields, locale: localeOf(path), ...extra }),
    user,
  });
  /** A multipart post, as the form sends one (its file input `photo_files`, an empty one as an empty file). */
  const multipart = (path: string, fields: Record<string, string>, files: File[] = []): FormPageRequest => {
    const base = getEnv().publicUrl;
    const body = new FormData();
    body.set(FORM_TOKEN_FIELD, cookies.formToken ?? '');
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (files.length === 0) body.append('photo_files', new File([], '', { type: 'application/octet-stream' }));
    for (const file of files) body.append('photo_files', file);
    const url = new URL(path, base);
    const post = new Request(url, { method: 'POST', headers: { Origin: base }, body });
    return { request: post, url, locale: localeOf(path) ?? 'en', user: user as SessionUser, ip: freshIp(), cookies };
  };
  return { user, cookies, request, multipart };
}

/** The form's fields as a browser posts them: every value as text, ticks as "on", nothing for an unticked one. */
async function maizeFields(overrides: Record<string, string | number | undefined> = {}) {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(await maizeLot(overrides)))
    if (value !== undefined) fields[name] = String(value);
  return fields;
}

function formView(outcome: PageOutcome<LotFormView>) {
  if ('redirect' in outcome) throw new Error(`expected the form, got a redirect to ${outcome.redirect}`);
  if (outcome.view.view !== 'form') throw new Error(`expected the form, got ${outcome.view.view}`);
  return { status: outcome.status, view: outcome.view as LotFormData };
}
function redirected(outcome: PageOutcome<LotFormView>) {
  if ('redirect' in outcome) return outcome;
  const view = outcome.view as Partial<LotFormData>;
  throw new Error(
    `expected a redirect, got ${outcome.status}: ${view.plain?.problem} ${JSON.stringify(view.plain?.errors)}`,
  );
}

/** The titles of a member's active crop lots, as the lots list shows them. */
async function listedTitles(userId: number): Promise<string[]> {
  const listed = await getAs({}, `/board-list/index?BoardQuoteSearch[user_id]=${userId}&per-page=50`);
  return listed.json.items.map((lot: { title: string }) => lot.title);
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('the lot form without JavaScript', () => {
  it('is a form posting to its page with the form token, and the place lists of the member’s place', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const { view, status } = formView(
      await loadLotForm(seller.request('/sw/board/addLot'), { kind: 'board', presetType: 'sell' }),
    );
    expect(status).toBe(200);
    expect(view.plain.action).toBe('/sw/board/addLot');
    expect(view.plain.token).toBe(seller.cookies.formToken);
    expect(view.plain.places.countries.length).toBeGreaterThan(0);
  });

  it('publishes a lot posted in Swahili, numbers as Swahili writes them, with a photo, and sends the browser to its page', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const path = '/sw/board/addLot';
    formView(await loadLotForm(seller.request(path), { kind: 'board', presetType: 'sell' }));
    const photo = new File([new Uint8Array(await png())], 'mahindi.png', { type: 'image/png' });
    const fields = await maizeFields({ title: 'Mahindi meupe makavu', volume: '1,200', price: '3,600' });
    const made = redirected(
      await loadLotForm(seller.multipart(path, { ...fields, organic: 'on' }, [photo]), {
        kind: 'board',
        presetType: 'sell',
      }),
    );
    expect(made.status).toBe(303);
    const id = Number(/^\/sw\/board\/(\d+)$/.exec(made.redirect)?.[1]);
    expect(id).toBeGreaterThan(0);

    expect(await listedTitles(seller.user.id)).toContain('Mahindi meupe makavu');
    const lot = (await getAs({}, `/board-list/view?id=${id}`)).json;
    expect(lot.title).toBe('Mahindi meupe makavu');
    expect(lot.volume).toBe(1200);
    expect(lot.organic).toBe(true);
    expect(lot.photos).toHaveLength(1);
  });

  it('shows the form again with a bad number’s message beside it in the page’s language and what was typed kept', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'gold'));
    const path = '/sw/board/addLot';
    formView(await loadLotForm(seller.request(path), { kind: 'board', presetType: 'sell' }));
    const fields = await maizeFields({ title: 'Mahindi ya njano', price: 'elfu tatu' });
    const { view, status } = formView(
      await loadLotForm(seller.request(path, fields), { kind: 'board', presetType: 'sell' }),
    );
    expect(status).toBe(422);
    expect(view.plain.errors.price).toBeTruthy();
    expect(view.plain.errors.price).not.toMatch(/number/i);
    expect(view.plain.problem).toBeTruthy();
    expect(view.initial.title).toBe('Mahindi ya njano');
    expect(view.initial.price).toBe('elfu tatu');
    expect(view.initial.village_id).toBe(fields.village_id);
    expect(view.plain.places.villages.some((v) => String(v.id) === fields.village_id)).toBe(true);
    expect(await listedTitles(seller.user.id)).toEqual([]);
  });

  it('refuses a basic member’s post as the API does (403), and shows the upgrade instead of the form', async () => {
    const basic = await browserOf(await memberWithTier(database.handle(), 'basic'));
    const path = '/board/addLot';
    const page = await loadLotForm(basic.request(path), { kind: 'board', presetType: 'sell' });
    expect('view' in page && page.view.view).toBe('upgrade');
    const posted = await loadLotForm(basic.request(path, await maizeFields({ title: 'Basic maize' })), {
      kind: 'board',
      presetType: 'sell',
    });
    expect('view' in posted && posted.status).toBe(403);
    expect('view' in posted && posted.view.view).toBe('upgrade');
    expect(await listedTitles(basic.user.id)).toEqual([]);
  });

  it('refuses a post without the form token or with another one (403), saving nothing', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const path = '/board/addLot';
    formView(await loadLotForm(seller.request(path), { kind: 'board', presetType: 'sell' }));
    for (const token of [null, 'not-the-token']) {
      const fields = await maizeFields({ title: `Tokenless maize ${token ?? 'none'}` });
      const { view, status } = formView(
        await loadLotForm(seller.request(path, fields, { token }), { kind: 'board', presetType: 'sell' }),
      );
      expect(status).toBe(403);
      expect(view.plain.problem).toBeTruthy();
      expect(view.initial.title).toBe(fields.title);
    }
    expect(await listedTitles(seller.user.id)).toEqual([]);
  });

  it('shows the regions of another country chosen (the "show the regions" step) without saving', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const path = '/board/addLot';
    formView(await loadLotForm(seller.request(path), { kind: 'board', presetType: 'sell' }));
    const fields = await maizeFields({ title: 'Step maize', region_id: '', village_id: '' });
    const { view, status } = formView(
      await loadLotForm(seller.request(path, { ...fields, place_step: '1' }), { kind: 'board', presetType: 'sell' }),
    );
    expect(status).toBe(200);
    expect(view.plain.errors).toEqual({});
    expect(view.plain.places.regions.length).toBeGreaterThan(0);
    expect(view.plain.places.villages).toEqual([]);
    expect(view.initial.title).toBe('Step maize');
  });

  it('takes a file that is no image through the upload checks: the photo field says so, nothing is saved', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const path = '/board/addLot';
    formView(await loadLotForm(seller.request(path), { kind: 'board', presetType: 'sell' }));
    const fake = new File([new TextEncoder().encode('not an image at all')], 'maize.png', { type: 'image/png' });
    const fields = await maizeFields({ title: 'Fake photo maize' });
    const { view, status } = formView(
      await loadLotForm(seller.multipart(path, fields, [fake]), { kind: 'board', presetType: 'sell' }),
    );
    expect(status).toBe(422);
    expect(view.plain.errors.photos).toBeTruthy();
    expect(view.initial.title).toBe('Fake photo maize');
  });

  it('changes the member’s own lot from its update page', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    formView(await loadLotForm(seller.request('/board/addLot'), { kind: 'board', presetType: 'sell' }));
    const made = redirected(
      await loadLotForm(seller.request('/board/addLot', await maizeFields({ title: 'Maize to change' })), {
        kind: 'board',
        presetType: 'sell',
      }),
    );
    const id = made.redirect.split('/').pop()!;
    const path = `/board/update/${id}`;
    const { view } = formView(await loadLotForm(seller.request(path), { kind: 'board', lotId: id }));
    expect(view.initial.title).toBe('Maize to change');
    const changed = redirected(
      await loadLotForm(seller.request(path, await maizeFields({ title: 'Maize changed', price: '3,700' })), {
        kind: 'board',
        lotId: id,
      }),
    );
    expect(changed.redirect).toBe(`/board/${id}`);
    const lot = (await getAs({}, `/board-list/view?id=${id}`)).json;
    expect(lot.title).toBe('Maize changed');
    expect(lot.price).toBe(3700);
  });

  it('publishes a basic member’s machine for sale, the rent unit the plain form shows for every machine left out', async () => {
    const owner = await browserOf(await memberWithTier(database.handle(), 'basic'));
    const path = '/agrotechnic/addLot';
    formView(await loadLotForm(owner.request(path), { kind: 'technic' }));
    const place = await nakuru();
    const made = redirected(
      await loadLotForm(
        owner.request(path, {
          type: 'sell',
          category_id: '2',
          title: 'Used knapsack sprayer',
          volume: '1',
          per_unit_id: '13',
          price: '4,500',
          currency_id: '1',
          country_id: String(place.countryId),
          region_id: String(place.regionId),
          village_id: String(place.villageId),
          price_type: 'fixed',
          rent_per: 'day',
        }),
        { kind: 'technic' },
      ),
    );
    const id = made.redirect.split('/').pop();
    const lot = (await getAs({}, `/technic-list/view?id=${id}`)).json;
    expect(lot.title).toBe('Used knapsack sprayer');
    expect(lot.rent_per ?? null).toBeNull();
  });

  it('asks about a price far from the usual one (409) and publishes once the seller’s “yes” posts the form again', async () => {
    const seller = await browserOf(await memberWithTier(database.handle(), 'silver'));
    const path = '/board/addLot';
    const options = { kind: 'board' as const, presetType: 'sell' as const };
    formView(await loadLotForm(seller.request(path), options));
    const beans = (price: string, title = 'Usual beans') =>
      maizeFields({ category_id: 7, crop_name: 'Beans', currency_id: 2, per_unit_id: 4, price, title });
    for (const price of ['68,000', '70,000', '72,000', '75,000', '80,000'])
      redirected(await loadLotForm(seller.request(path, await beans(price)), options));

    const typo = await beans('72', 'Beans with a typo');
    const asked = formView(await loadLotForm(seller.request(path, typo), options));
    expect(asked.status).toBe(409);
    expect(asked.view.plain.unusual?.price).toBe(72);
    expect(asked.view.plain.unusual?.message).toBeTruthy();
    expect(asked.view.initial.price).toBe('72');
    const confirmed = redirected(
      await loadLotForm(seller.request(path, { ...typo, price_confirmed: 'true' }), options),
    );
    expect(confirmed.status).toBe(303);
    expect(await listedTitles(seller.user.id)).toContain('Beans with a typo');
  });
});
