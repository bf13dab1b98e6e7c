import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerHistoryShares } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getSharedDealRecord } from '~/server/services/deals/history';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier, postAs } from '../fixtures/lots';

/**
 * Who learns what about a deal's stored record (docs/deals.md "Verifiable deal history"): anyone may check that
 * a saved history is an unbroken chain; only the deal's parties, or a holder of a share link they made, learn
 * whether it is the chain Mavuno holds — and nothing about the stored record reaches anyone else.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

type Auth = Record<string, string>;
const STORED_FACTS = ['matches_stored', 'stored_events', 'stored_head_hash'];

const verify = (history: unknown, { auth = {}, token }: { auth?: Auth; token?: string } = {}) =>
  apiRequest(`/offer/verify-history${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(history),
  });
const share = (auth: Auth, id: number, fields: Record<string, string | number> = {}) =>
  postAs(auth, '/offer/create-history-share', form({ id, ...fields }));
const revoke = (auth: Auth, shareId: number) =>
  postAs(auth, '/offer/revoke-history-share', form({ share_id: shareId }));
const tokenOf = (url: string) => url.split('/').pop()!;

/** A deal under way (offer, approval, goods sent) and the buyer's saved copy of its history. */
async function dealWithHistory() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  const stranger = await signedUpUser();
  const lotId = await sellMaize(seller.auth);
  const { json: offer } = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    comment: 'Call me on +254 700 000 001',
  });
  await act(seller.auth, 'approve-offer', offer.id);
  await act(seller.auth, 'delivery-send', offer.id);
  const saved = (await getAs(buyer.auth, `/offer/history?id=${offer.id}`)).json;
  return { seller, buyer, stranger, offerId: offer.id as number, saved };
}

describe('verify-history without a right to the stored record', () => {
  it('tells anyone, signed in or not, only whether the chain they sent holds, and nothing about the stored one', async () => {
    const { stranger, saved } = await dealWithHistory();
    for (const auth of [{}, stranger.auth]) {
      const answer = await verify(saved, { auth });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ valid: true, broken_at: null, head_hash: saved.head_hash });
      for (const key of STORED_FACTS) expect(answer.json).not.toHaveProperty(key);
    }
    // A broken copy: where it breaks, still nothing stored.
    const edited = structuredClone(saved);
    edited.events[1].comment = 'changed afterwards';
    const broken = await verify(edited);
    expect(broken.json).toMatchObject({ valid: false, broken_at: 2 });
    for (const key of STORED_FACTS) expect(broken.json).not.toHaveProperty(key);
  });

  it('answers the same for a deal that does not exist: no one learns which deals do', async () => {
    const { stranger, saved } = await dealWithHistory();
    const { hashEvent, GENESIS_HASH } = await import('~/server/services/deals/chain');
    const chainFor = (offerId: number) => {
      const event = { ...saved.events[0], offer_id: offerId, prev_hash: GENESIS_HASH };
      event.hash = hashEvent(GENESIS_HASH, event);
      return { events: [event] };
    };
    const existing = await verify(chainFor(saved.offer_id), { auth: stranger.auth });
    const missing = await verify(chainFor(2_000_000_000), { auth: stranger.auth });
    expect(Object.keys(existing.json).sort()).toEqual(['broken_at', 'head_hash', 'valid']);
    expect(Object.keys(missing.json).sort()).toEqual(['broken_at', 'head_hash', 'valid']);
    expect([existing.status, missing.status]).toEqual([200, 200]);
  });
});

describe("verify-history for the deal's parties", () => {
  it('tells a party whether a copy is the stored record, an older copy included, and a forged one from it', async () => {
    const { seller, buyer, offerId, saved } = await dealWithHistory();
    expect((await verify(saved, { auth: seller.auth })).json).toEqual({
      valid: true,
      broken_at: null,
      head_hash: saved.head_hash,
      matches_stored: true,
      stored_events: 3,
      stored_head_hash: saved.head_hash,
    });
    // A later step: the saved copy still matches what it covers.
    await act(buyer.auth, 'delivery-get', offerId);
    const later = (await verify(saved, { auth: buyer.auth })).json;
    expect(later).toMatchObject({ valid: true, matches_stored: true, stored_events: 4 });
    expect(later.stored_head_hash).not.toBe(saved.head_hash);
    // Consistent but computed by someone: valid, not the record.
    const { hashEvent, GENESIS_HASH } = await import('~/server/services/deals/chain');
    const forged = { ...saved.events[0], data: { ...saved.events[0].data, price_minor: 1 }, prev_hash: GENESIS_HASH };
    forged.hash = hashEvent(GENESIS_HASH, forged);
    expect((await verify({ events: [forged] }, { auth: buyer.auth })).json).toMatchObject({
      valid: true,
      matches_stored: false,
    });
  });
});

describe('share links of a deal record', () => {
  it('lets a party make a link whose holder learns whether a copy matches, while the link is never stored', async () => {
    const { seller, buyer, stranger, offerId, saved } = await dealWithHistory();
    const made = await share(seller.auth, offerId);
    expect(made.status).toBe(200);
    expect(made.json.url).toMatch(/\/deal-record\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(made.json.url);
    const days = (Date.parse(made.json.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    // The holder: no account, the token.
    const checked = await verify(saved, { token });
    expect(checked.json).toMatchObject({ valid: true, matches_stored: true, stored_events: 3 });
    // A stranger with the link is a holder too; without it, a stranger.
    expect((await verify(saved, { auth: stranger.auth, token })).json.matches_stored).toBe(true);

    // Only its hash is kept; the list shows the links that work, never the token.
    const [row] = await db().select().from(offerHistoryShares).where(eq(offerHistoryShares.id, made.json.id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await getAs(buyer.auth, `/offer/history-shares?id=${offerId}`);
    expect(listed.json.items).toEqual([
      expect.objectContaining({ id: made.json.id, created_by_you: false, expires_at: made.json.expires_at }),
    ]);
    expect(listed.text).not.toContain(token);

    // A shorter life on request; the parties' language in the link.
    const week = await postAs(seller.auth, '/offer/create-history-share', form({ id: offerId, expires_in_days: 7 }));
    expect(Date.parse(week.json.expires_at) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const swahili = await apiRequest('/offer/create-history-share', {
      method: 'POST',
      headers: { ...buyer.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ id: offerId }),
      locale: 'sw',
    });
    expect(swahili.json.url).toMatch(/\/sw\/deal-record\/[A-Za-z0-9_-]{43}$/);
    expect((await share(seller.auth, offerId, { expires_in_days: 400 })).status).toBe(422);
  });

  it('keeps links to the parties: strangers cannot make, list or revoke them, nor tell a link exists', async () => {
    const { seller, stranger, offerId } = await dealWithHistory();
    const made = await share(seller.auth, offerId);
    expect((await share(stranger.auth, offerId)).status).toBe(403);
    expect((await getAs(stranger.auth, `/offer/history-shares?id=${offerId}`)).status).toBe(403);
    const foreign = await revoke(stranger.auth, made.json.id);
    const unknown = await revoke(stranger.auth, 2_000_000_000);
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.json).toEqual(unknown.json);
    const anonymous = await apiRequest('/offer/create-history-share', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ id: offerId }),
    });
    expect(anonymous.status).toBe(401);
    // The link still works: the refused revocation changed nothing.
    expect((await getSharedDealRecord(db(), tokenOf(made.json.url), 'en')).steps).toHaveLength(3);
  });

  it('unlocks nothing with a revoked, expired, unknown, malformed or other deal’s token, all answered alike', async () => {
    const { seller, buyer, offerId, saved } = await dealWithHistory();
    const other = await dealWithHistory();
    const revoked = await share(seller.auth, offerId);
    const expired = await share(buyer.auth, offerId);
    const otherDeal = await share(other.seller.auth, other.offerId);
    // Either party may revoke, whoever made the link; a second revocation is harmless.
    expect((await revoke(buyer.auth, revoked.json.id)).status).toBe(200);
    expect((await revoke(seller.auth, revoked.json.id)).status).toBe(200);
    await db()
      .update(offerHistoryShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offerHistoryShares.id, expired.json.id));

    const answers = await Promise.all(
      [
        tokenOf(revoked.json.url),
        tokenOf(expired.json.url),
        randomBytes(32).toString('base64url'),
        'not-a-token',
        tokenOf(otherDeal.json.url),
      ].map((token) => verify(saved, { token })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(answers[0].json);
      for (const key of STORED_FACTS) expect(answer.json).not.toHaveProperty(key);
    }
    expect(answers[0].json.reason).toBe('offers.share_invalid');
    // Revoked and expired links leave the list and open no page.
    expect((await getAs(seller.auth, `/offer/history-shares?id=${offerId}`)).json.items).toEqual([]);
    for (const url of [revoked.json.url, expired.json.url]) {
      await expect(getSharedDealRecord(db(), tokenOf(url), 'en')).rejects.toThrow(AppError);
    }
  });

  it('caps the links that work at once per deal', async () => {
    const { seller, offerId } = await dealWithHistory();
    for (let n = 0; n < 20; n++) expect((await share(seller.auth, offerId)).status).toBe(200);
    const over = await share(seller.auth, offerId);
    expect(over.status).toBe(409);
    expect(over.json.reason).toBe('offers.share_limit');
    const [first] = (await getAs(seller.auth, `/offer/history-shares?id=${offerId}`)).json.items;
    await revoke(seller.auth, first.id);
    expect((await share(seller.auth, offerId)).status).toBe(200);
  });
});

describe('the record a share link opens', () => {
  it('shows the steps, terms, seals and public names, and no contact data, address, comment or attachment', async () => {
    const { seller, buyer, offerId, saved } = await dealWithHistory();
    const made = await share(seller.auth, offerId);
    const record = await getSharedDealRecord(db(), tokenOf(made.json.url), 'en');
    expect(record).toMatchObject({
      valid: true,
      head_hash: saved.head_hash,
      offer: { id: offerId, lot_title: 'Dry white maize, grade 1', volume: 10, offer_price_per_unit: 3500 },
    });
    expect(record.steps.map((s) => [s.action, s.actor_role])).toEqual([
      ['create', 'buyer'],
      ['approve-offer', 'seller'],
      ['delivery-send', 'seller'],
    ]);
    expect(record.steps.map((s) => s.hash)).toEqual(saved.events.map((e: { hash: string }) => e.hash));
    const text = JSON.stringify(record);
    for (const secret of [seller.email, buyer.email, '+254 700 000 001', 'actor_id', 'photo', 'document'])
      expect(text).not.toContain(secret);
    // Public names only ("Amina W."), as on public profiles.
    expect(record.offer.buyer_name).toMatch(/^\S+( \S\.)?$/);
  });
});
