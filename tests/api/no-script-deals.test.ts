import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OFFER_STATUS, TRACK } from '~/features/deals/constants';
import { getEnv } from '~/server/env';
import { getDb } from '~/server/db';
import { offerEvents, offers } from '~/server/db/schema';
import { FORM_TOKEN_FIELD, formTokenFor } from '~/server/http/form-token';
import { loadLoginPage } from '~/server/loaders/auth-pages';
import { type DealStepOutcome, loadDealStepPage } from '~/server/loaders/deal-step';
import { postFavorite } from '~/server/loaders/favorite-post';
import type { FormPageRequest, PageOutcome } from '~/server/loaders/form-post';
import { type OfferPageView, loadOfferPage } from '~/server/loaders/offer-page';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { SessionUser } from '~/server/services/accounts/users';
import { listFavoriteLotIds } from '~/server/services/lots/lot-favorites';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, sellMaize } from '../fixtures/deals';
import { TestCookies, formRequest, freshIp } from '../fixtures/forms';
import { memberWithTier } from '../fixtures/lots';
import { topUp, userId } from '../fixtures/wallet';

/**
 * Offers, deal steps, ratings and favourites as plain HTML forms (docs/deals.md "Without JavaScript", docs/lots.md
 * "Offers without JavaScript", "Favourites without JavaScript"): each page's loader checks the post's origin and form
 * token, reads it with the API's own schema and runs the API's own service, then redirects (303) or shows the form
 * again with the reason and the status the API answers.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

type Member = { access: string; email: string; auth: Record<string, string> };

/** A member's browser: its session user, its cookies (the form token after a first GET) and its requests. */
async function browserOf(member: Member) {
  const user = await resolveUser(await getDb(), { bearer: member.access });
  if (!user) throw new Error('no session');
  const cookies = new TestCookies();
  const locale = (path: string) => /^\/(sw|fr)\//.exec(path)?.[1] as 'sw' | 'fr' | undefined;
  const request = (path: string, fields?: Record<string, string>, extra: { token?: string | null } = {}) => ({
    ...formRequest(path, { cookies, fields, locale: locale(path), ...extra }),
    user,
  });
  return { user, cookies, request, locale };
}

/** A multipart post of a page form as a browser sends one with a file input (an empty input sends an empty file). */
function multipart(
  browser: { cookies: TestCookies; user: SessionUser },
  path: string,
  fields: Record<string, string>,
  files: Record<string, File> = {},
): FormPageRequest & { user: SessionUser } {
  const base = getEnv().publicUrl;
  const body = new FormData();
  body.set(FORM_TOKEN_FIELD, browser.cookies.formToken ?? '');
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const name of ['photo', 'document'])
    body.set(name, files[name] ?? new File([], '', { type: 'application/octet-stream' }));
  const url = new URL(path, base);
  const request = new Request(url, { method: 'POST', headers: { Origin: base }, body });
  const locale = /^\/(sw|fr)\//.exec(path)?.[1] as 'sw' | 'fr' | undefined;
  return { request, url, locale: locale ?? 'en', user: browser.user, ip: freshIp(), cookies: browser.cookies };
}

function shown<Outcome extends PageOutcome<unknown>>(outcome: Outcome) {
  if ('redirect' in outcome) throw new Error(`expected the page, got a redirect to ${outcome.redirect}`);
  return outcome as Exclude<Outcome, { redirect: string }>;
}
function redirected<Outcome extends PageOutcome<unknown>>(outcome: Outcome) {
  if ('redirect' in outcome) return outcome as Extract<Outcome, { redirect: string }>;
  const view = outcome.view as { form?: { problem?: string }; refusal?: string; problem?: string } | null;
  throw new Error(
    `expected a redirect, got ${outcome.status}: ${view?.form?.problem ?? view?.refusal ?? view?.problem}`,
  );
}
const stepView = (outcome: DealStepOutcome) => {
  const page = shown(outcome);
  if (!page.view) throw new Error(`no view: ${page.status}`);
  return { ...page, view: page.view };
};
const offerView = (outcome: PageOutcome<OfferPageView | null>) => {
  const page = shown(outcome);
  if (!page.view) throw new Error(`no view: ${page.status}`);
  return { ...page, view: page.view };
};

const offerRow = async (id: number) => (await db().select().from(offers).where(eq(offers.id, id)))[0];
const eventActions = async (id: number) =>
  (await db().select().from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.seq)).map(
    (event) => event.action,
  );
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** A seller's maize lot (10–100 bags a deal, KES 3,600, delivery KES 50/km) and a buyer. */
async function maizeAndBuyer() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const lotId = await sellMaize(seller.auth);
  const buyer = await signedUpUser();
  return { seller, buyer, lotId };
}

/** An offer made on the page in `prefix`'s language; answers the new offer's id. */
async function offerThroughPage(buyer: Member, lotId: number, fields: Record<string, string>, prefix = '') {
  const page = await browserOf(buyer);
  const path = `${prefix}/board/${lotId}/offer`;
  offerView(await loadOfferPage(page.request(path), 'board', String(lotId)));
  const made = redirected(await loadOfferPage(page.request(path, fields), 'board', String(lotId)));
  expect(made.status).toBe(303);
  const match = new RegExp(`^${prefix}/user/offer/(\\d+)\\?done=offer$`).exec(made.redirect);
  expect(match, made.redirect).not.toBeNull();
  return Number(match![1]);
}

describe('the offer page (no JavaScript)', () => {
  it('shows the dialog’s fields prefilled in the page’s language and makes the offer through the API’s schema and service, numbers read as French writes them', async () => {
    const { buyer, lotId } = await maizeAndBuyer();
    const page = await browserOf(buyer);
    const form = offerView(await loadOfferPage(page.request(`/fr/board/${lotId}/offer`), 'board', String(lotId)));
    expect(form.status).toBe(200);
    expect(form.headers['Cache-Control']).toBe('private, no-store');
    expect(form.view.fields).toEqual([
      'price',
      'volume',
      'delivery_type',
      'delivery_distance',
      'payment_type',
      'comment',
    ]);
    // Prefilled as the dialog does: the lot's price (French spacing) and the smallest volume it takes.
    expect(form.view.form.values).toMatchObject({
      price: '3\u202f600',
      volume: '10',
      delivery_type: '1',
      payment_type: '1',
    });
    expect(form.view.form.token).toBe(page.cookies.formToken);

    const id = await offerThroughPage(
      buyer,
      lotId,
      {
        price: '3 450,50',
        volume: '12,5',
        delivery_type: '2',
        delivery_distance: '4,2',
        payment_type: '1',
        comment: 'Vendredi',
      },
      '/fr',
    );
    const row = await offerRow(id);
    expect(row).toMatchObject({
      status: OFFER_STATUS.created,
      priceMinor: 345_050,
      volume: '12.50',
      deliveryType: 2,
      deliveryDistance: '4.20',
      paymentType: 1,
      comment: 'Vendredi',
    });
    expect(await eventActions(id)).toEqual(['create']);
  });

  it('refuses a volume above the maximum beside its field with what was typed kept (422), and makes no offer', async () => {
    const { buyer, lotId } = await maizeAndBuyer();
    const page = await browserOf(buyer);
    const path = `/sw/board/${lotId}/offer`;
    shown(await loadOfferPage(page.request(path), 'board', String(lotId)));
    const fields = { price: '3,400', volume: '150', delivery_type: '1', payment_type: '1', comment: 'Haraka' };
    const refused = offerView(await loadOfferPage(page.request(path, fields), 'board', String(lotId)));
    expect(refused.status).toBe(422);
    expect(refused.view.form.errors.volume).toMatch(/100/);
    expect(refused.view.form.values).toMatchObject(fields);
    expect(refused.view.form.values).not.toHaveProperty(FORM_TOKEN_FIELD);
    expect(refused.view.refusal).toBeUndefined();
    // A number that cannot be read is said beside its own field too.
    const unreadable = offerView(
      await loadOfferPage(page.request(path, { ...fields, volume: '20', price: 'TZS 3,400' }), 'board', String(lotId)),
    );
    expect(unreadable.status).toBe(422);
    expect(unreadable.view.form.errors.price).toBeTruthy();
    expect(await db().select().from(offers).where(eq(offers.lotId, lotId))).toEqual([]);
  });

  it('sends a visitor to sign in (told why) and back, says why on one’s own lot, and answers 404 for no lot', async () => {
    const { seller, lotId } = await maizeAndBuyer();
    const anonymous = formRequest(`/board/${lotId}/offer`, { cookies: new TestCookies() });
    const sent = redirected(await loadOfferPage(anonymous, 'board', String(lotId)));
    expect(sent.redirect).toBe(`/signin/login?redirect=${encodeURIComponent(`/board/${lotId}/offer`)}&for=act`);
    const login = shown(await loadLoginPage(formRequest(sent.redirect, { cookies: new TestCookies() })));
    expect(login.view.notice).toBe('sign_in_to_act');
    expect(login.view.destination).toBe(`/board/${lotId}/offer`);

    const owner = await browserOf(seller);
    const own = offerView(await loadOfferPage(owner.request(`/board/${lotId}/offer`), 'board', String(lotId)));
    expect(own.status).toBe(403);
    expect(own.view.refusal).toBe('You cannot make an offer on your own lot.');
    // Posted anyway: the service refuses it the same way.
    const posted = offerView(
      await loadOfferPage(owner.request(`/board/${lotId}/offer`, { volume: '10' }), 'board', String(lotId)),
    );
    expect(posted.status).toBe(403);

    for (const [kind, id] of [
      ['seed', String(lotId)],
      ['board', 'abc'],
      ['board', '999999999'],
    ] as const) {
      const missing = shown(await loadOfferPage(owner.request(`/board/${id}/offer`), kind, id));
      expect(missing.status, `${kind} ${id}`).toBe(404);
      expect(missing.view).toBeNull();
    }
  });

  it('refuses a post without this browser’s form token (403) and makes nothing', async () => {
    const { buyer, lotId } = await maizeAndBuyer();
    const page = await browserOf(buyer);
    shown(await loadOfferPage(page.request(`/board/${lotId}/offer`), 'board', String(lotId)));
    const forged = offerView(
      await loadOfferPage(
        page.request(`/board/${lotId}/offer`, { volume: '10' }, { token: 'x'.repeat(43) }),
        'board',
        String(lotId),
      ),
    );
    expect(forged.status).toBe(403);
    expect(await db().select().from(offers).where(eq(offers.lotId, lotId))).toEqual([]);
  });
});

describe('a deal’s steps on their own pages (no JavaScript)', () => {
  it('runs a direct-payment deal: the seller approves and sends (with a photo), the buyer confirms the goods, the seller the money; both rate', async () => {
    const { seller, buyer, lotId } = await maizeAndBuyer();
    const id = await offerThroughPage(buyer, lotId, {
      price: '3,500',
      volume: '20',
      delivery_type: '1',
      payment_type: '1',
    });
    const sellerPage = await browserOf(seller);
    const buyerPage = await browserOf(buyer);

    // The confirmation page: what the step does and the form, offered because the state machine allows it.
    const ask = stepView(
      await loadDealStepPage(sellerPage.request(`/fr/user/offer/${id}/approve-offer`), String(id), 'approve-offer'),
    );
    expect(ask.status).toBe(200);
    expect(ask.view.refusal).toBeUndefined();
    expect(ask.view.offer.allowed_actions).toContain('approve-offer');
    expect(ask.view.form.action).toBe(`/fr/user/offer/${id}/approve-offer`);

    const approved = redirected(
      await loadDealStepPage(
        multipart(sellerPage, `/fr/user/offer/${id}/approve-offer`, { comment: 'Karibu' }),
        String(id),
        'approve-offer',
      ),
    );
    expect(approved).toMatchObject({ status: 303, redirect: `/fr/user/offer/${id}?done=approve-offer` });
    expect((await offerRow(id)).status).toBe(OFFER_STATUS.approved);

    shown(await loadDealStepPage(sellerPage.request(`/user/offer/${id}/delivery-send`), String(id), 'delivery-send'));
    const photo = new File([await png()], 'loaded.png', { type: 'image/png' });
    redirected(
      await loadDealStepPage(
        multipart(sellerPage, `/user/offer/${id}/delivery-send`, {}, { photo }),
        String(id),
        'delivery-send',
      ),
    );
    const [sentEvent] = (await db().select().from(offerEvents).where(eq(offerEvents.offerId, id))).filter(
      (event) => event.action === 'delivery-send',
    );
    expect(sentEvent.photoKey).toMatch(/\.webp$/);

    shown(await loadDealStepPage(buyerPage.request(`/sw/user/offer/${id}/delivery-get`), String(id), 'delivery-get'));
    redirected(
      await loadDealStepPage(multipart(buyerPage, `/sw/user/offer/${id}/delivery-get`, {}), String(id), 'delivery-get'),
    );
    redirected(
      await loadDealStepPage(
        multipart(sellerPage, `/user/offer/${id}/approve-direct-payment`, {}),
        String(id),
        'approve-direct-payment',
      ),
    );
    const done = await offerRow(id);
    expect(done).toMatchObject({
      status: OFFER_STATUS.done,
      deliveryStatus: TRACK.received,
      paymentStatus: TRACK.received,
    });

    // The rating: its page, its post, and once given the page says so (409) instead of a second form.
    const rate = stepView(
      await loadDealStepPage(buyerPage.request(`/user/offer/${id}/feedback`), String(id), 'feedback'),
    );
    expect(rate.status).toBe(200);
    const noStars = stepView(
      await loadDealStepPage(
        buyerPage.request(`/user/offer/${id}/feedback`, { comment: 'Asante' }),
        String(id),
        'feedback',
      ),
    );
    expect(noStars.status).toBe(422);
    expect(noStars.view.form.errors.rating).toBeTruthy();
    expect(noStars.view.form.values.comment).toBe('Asante');
    const rated = redirected(
      await loadDealStepPage(
        buyerPage.request(`/user/offer/${id}/feedback`, { rating: '5', comment: 'Asante' }),
        String(id),
        'feedback',
      ),
    );
    expect(rated.redirect).toBe(`/user/offer/${id}?done=feedback`);
    const again = stepView(
      await loadDealStepPage(buyerPage.request(`/user/offer/${id}/feedback`), String(id), 'feedback'),
    );
    expect(again.status).toBe(409);
    expect(again.view.refusal).toBe('You have already left feedback on this deal.');

    expect(await eventActions(id)).toEqual([
      'create',
      'approve-offer',
      'delivery-send',
      'delivery-get',
      'approve-direct-payment',
      'feedback',
    ]);
  });

  it('does not let the seller confirm "goods received": the page says why (409), a forged post is refused (403) and changes nothing', async () => {
    const { seller, buyer, lotId } = await maizeAndBuyer();
    const id = await offerThroughPage(buyer, lotId, { price: '3,500', volume: '20' });
    expect((await act(seller.auth, 'approve-offer', id)).status).toBe(200);
    expect((await act(seller.auth, 'delivery-send', id)).status).toBe(200);
    const sellerPage = await browserOf(seller);

    const page = stepView(
      await loadDealStepPage(sellerPage.request(`/user/offer/${id}/delivery-get`), String(id), 'delivery-get'),
    );
    expect(page.status).toBe(409);
    expect(page.view.refusal).toContain('cannot be taken on this deal now');

    const forged = stepView(
      await loadDealStepPage(multipart(sellerPage, `/user/offer/${id}/delivery-get`, {}), String(id), 'delivery-get'),
    );
    expect(forged.status).toBe(403);
    expect(forged.view.refusal).toBe('This step belongs to the other party of the deal.');
    expect((await offerRow(id)).deliveryStatus).toBe(TRACK.sent);
    expect(await eventActions(id)).toEqual(['create', 'approve-offer', 'delivery-send']);
  });

  it('takes a repeated post once (a double tap, a reload): the same redirect, no second event', async () => {
    const { seller, buyer, lotId } = await maizeAndBuyer();
    const id = await offerThroughPage(buyer, lotId, { price: '3,500', volume: '20' });
    const sellerPage = await browserOf(seller);
    shown(await loadDealStepPage(sellerPage.request(`/user/offer/${id}/approve-offer`), String(id), 'approve-offer'));
    const post = () =>
      loadDealStepPage(multipart(sellerPage, `/user/offer/${id}/approve-offer`, {}), String(id), 'approve-offer');
    const first = redirected(await post());
    const second = redirected(await post());
    expect(second.redirect).toBe(first.redirect);
    expect(await eventActions(id)).toEqual(['create', 'approve-offer']);
  });

  it('refuses a photo that is no image beside its field (422), and answers strangers 403 and unknown steps or deals 404', async () => {
    const { seller, buyer, lotId } = await maizeAndBuyer();
    const id = await offerThroughPage(buyer, lotId, { price: '3,500', volume: '20' });
    const sellerPage = await browserOf(seller);
    shown(await loadDealStepPage(sellerPage.request(`/user/offer/${id}/approve-offer`), String(id), 'approve-offer'));
    const fake = new File(['%PDF-1.4 not an image'], 'truck.jpg', { type: 'image/jpeg' });
    const refused = stepView(
      await loadDealStepPage(
        multipart(sellerPage, `/user/offer/${id}/approve-offer`, { comment: 'Sawa' }, { photo: fake }),
        String(id),
        'approve-offer',
      ),
    );
    expect(refused.status).toBe(422);
    expect(refused.view.form.errors.photo).toBeTruthy();
    expect(refused.view.form.values.comment).toBe('Sawa');
    expect(refused.view.refusal).toBeUndefined();
    expect((await offerRow(id)).status).toBe(OFFER_STATUS.created);

    const stranger = await browserOf(await signedUpUser());
    const theirs = shown(
      await loadDealStepPage(stranger.request(`/user/offer/${id}/approve-offer`), String(id), 'approve-offer'),
    );
    expect(theirs).toMatchObject({ status: 403, view: null });
    for (const [rawId, step] of [
      [String(id), 'cancel-everything'],
      ['abc', 'approve-offer'],
      ['999999999', 'approve-offer'],
    ]) {
      const missing = shown(await loadDealStepPage(sellerPage.request(`/user/offer/${rawId}/${step}`), rawId, step));
      expect(missing, `${rawId} ${step}`).toMatchObject({ status: 404, view: null });
    }
  });

  it('pays from the wallet: the offer names the wallet, the seller’s approval on its page freezes the money', async () => {
    const { seller, buyer, lotId } = await maizeAndBuyer();
    await topUp(database.handle(), await userId(database.handle(), buyer.email), 10_000_000);
    const id = await offerThroughPage(buyer, lotId, { price: '3,500', volume: '10', payment_type: '2' });
    expect((await offerRow(id)).paymentType).toBe(2);
    const sellerPage = await browserOf(seller);
    shown(await loadDealStepPage(sellerPage.request(`/user/offer/${id}/approve-offer`), String(id), 'approve-offer'));
    redirected(
      await loadDealStepPage(multipart(sellerPage, `/user/offer/${id}/approve-offer`, {}), String(id), 'approve-offer'),
    );
    expect(await offerRow(id)).toMatchObject({ status: OFFER_STATUS.approved, paymentStatus: TRACK.sent });
    // "Money sent" came with the approval: the buyer is offered no payment step, only goods received once sent.
    const buyerPage = await browserOf(buyer);
    const pay = stepView(
      await loadDealStepPage(buyerPage.request(`/user/offer/${id}/payment-send`), String(id), 'payment-send'),
    );
    expect(pay.status).toBe(409);
  });
});

describe('favourites without JavaScript', () => {
  it('adds and removes a favourite through a plain post and goes back to the page it was on', async () => {
    const { buyer, lotId } = await maizeAndBuyer();
    const page = await browserOf(buyer);
    // The browser's form token, as any signed-in page sets it (src/middleware.ts).
    formTokenFor(page.cookies);
    const heart = (favorite: '0' | '1', returnTo: string) =>
      postFavorite(
        page.request('/sw/user/favorite', { kind: 'board', lot_id: String(lotId), favorite, return_to: returnTo }),
      );

    const added = redirected(await heart('1', `/sw/board?page=2`));
    expect(added).toMatchObject({ status: 303, redirect: '/sw/board?page=2' });
    expect(await listFavoriteLotIds(db(), page.user.id, 'board')).toEqual([lotId]);
    // Twice is harmless; a return path that is not ours leads to the lot itself.
    expect(redirected(await heart('1', '//evil.example/x')).redirect).toBe(`/sw/board/${lotId}`);
    expect(redirected(await heart('0', `/sw/board/${lotId}`)).redirect).toBe(`/sw/board/${lotId}`);
    expect(await listFavoriteLotIds(db(), page.user.id, 'board')).toEqual([]);
  });

  it('sends a visitor to sign in (told why) and back, and says why a heart did nothing with the API’s status', async () => {
    const anonymous = await postFavorite(
      formRequest('/fr/user/favorite', {
        cookies: new TestCookies(),
        locale: 'fr',
        fields: { kind: 'board', lot_id: '1', favorite: '1', return_to: '/fr/board/1' },
      }),
    );
    expect(redirected(anonymous).redirect).toBe(
      `/fr/signin/login?redirect=${encodeURIComponent('/fr/board/1')}&for=act`,
    );

    const page = await browserOf(await signedUpUser());
    formTokenFor(page.cookies);
    const gone = shown(
      await postFavorite(
        page.request('/user/favorite', { kind: 'board', lot_id: '999999999', favorite: '1', return_to: '/board' }),
      ),
    );
    expect(gone.status).toBe(404);
    expect(gone.view).toMatchObject({ back: '/board' });
    expect(gone.view.problem).toBeTruthy();
    const expired = shown(
      await postFavorite(
        page.request('/user/favorite', { kind: 'board', lot_id: '1', favorite: '1' }, { token: null }),
      ),
    );
    expect(expired.status).toBe(403);
    // A GET has nothing to do: the favourites list.
    expect(redirected(await postFavorite(page.request('/user/favorite'))).redirect).toBe('/user/profile/favorite');
  });
});
