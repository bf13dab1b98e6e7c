import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/server/db';
import { seedDemoFinancing } from '~/server/db/seed/demo-financing';
import { countries, financeProducts, loanApplicationEvents, loanApplications, users } from '~/server/db/schema';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import { loadApplyPage, loadProviderLinkPage } from '~/server/loaders/financing';
import { loadDeskFinancingPage, loadDeskProductPage } from '~/server/loaders/desk-financing';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { createLocalStorage, installStorage } from '~/server/storage';
import { apiRequest } from '../fixtures/api';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { postAs } from '../fixtures/lots';
import { TestCookies, formRequest } from '../fixtures/forms';
import { userId } from '../fixtures/wallet';

/**
 * Financing (docs/financing.md): products and their filters in three languages, applying with documents checked
 * by content, consent and amount rules, who may read an application and its documents (applicant, administrators,
 * the provider's signed link — nobody else), and status changes by the link and by an administrator.
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-financing-'));
beforeAll(async () => {
  installStorage(createLocalStorage(storageRoot));
  await seedDemoFinancing(db());
});
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const KES_INPUT_LOAN = 'Seasonal input loan';
const PROVIDER_EMAIL = 'loans@harvest-bank.mavuno.test';

async function productId(nameEn: string): Promise<number> {
  const rows = await db().select({ id: financeProducts.id, name: financeProducts.name }).from(financeProducts);
  return rows.find((row) => row.name.en === nameEn)!.id;
}

async function member(locale?: 'en' | 'sw' | 'fr') {
  const account = await signedUpUser();
  const id = await userId(database.handle(), account.email);
  if (locale) await db().update(users).set({ locale }).where(eq(users.id, id));
  return { ...account, id };
}

async function administrator() {
  const admin = await member();
  await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  return admin;
}

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a6' } })
          .png()
          .toBuffer(),
      ),
    ],
    'id-card.png',
    { type: 'image/png' },
  );
const realPdf = () =>
  new File([new TextEncoder().encode('%PDF-1.4\n% test\n')], 'statement.pdf', { type: 'application/pdf' });
/** A Windows program renamed to .pdf and sent as a PDF: refused by what it is. */
const fakePdf = () =>
  new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04])], 'statement.pdf', {
    type: 'application/pdf',
  });

function applicationBody(id: number, fields: Record<string, string>, files: Record<string, File>) {
  const body = new FormData();
  body.set('product_id', String(id));
  for (const [name, value] of Object.entries({
    amount: '50000',
    purpose: 'inputs',
    plan: 'Seed and fertiliser for 2 acres of maize; repaid from the harvest.',
    consent: '1',
    ...fields,
  }))
    body.set(name, value);
  for (const [name, file] of Object.entries(files)) body.set(name, file);
  return body;
}

const apply = (auth: Record<string, string>, body: FormData, locale?: string) =>
  apiRequest('/financing/apply', { method: 'POST', body, headers: auth, locale });

/** Applies with a good image and a real PDF; answers the application's id and the provider link's token. */
async function appliedBy(applicant: { auth: Record<string, string> }) {
  const id = await productId(KES_INPUT_LOAN);
  const res = await apply(
    applicant.auth,
    applicationBody(id, {}, { document_national_id: await png(), document_bank_statement: realPdf() }),
  );
  expect(res.status, res.text).toBe(200);
  const mail = await lastMailTo(database.handle(), PROVIDER_EMAIL);
  const token = /\/loan-application\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return { id: res.json.id as number, token: token! };
}

describe('products', () => {
  it('lists the active products in the reader’s language, demo ones labelled', async () => {
    const en = await apiRequest('/financing/products', { method: 'GET', locale: 'en' });
    const sw = await apiRequest('/financing/products', { method: 'GET', locale: 'sw' });
    const fr = await apiRequest('/financing/products', { method: 'GET', locale: 'fr' });
    expect(en.status).toBe(200);
    expect(en.json.items.length).toBe(5);
    const names = (res: typeof en) => res.json.items.map((item: { name: string }) => item.name);
    expect(names(en)).toContain('Seasonal input loan');
    expect(names(sw)).toContain('Mkopo wa pembejeo wa msimu');
    expect(names(fr)).toContain('Crédit intrants de saison');
    const item = fr.json.items.find((p: { name: string }) => p.name === 'Crédit intrants de saison');
    expect(item).toMatchObject({ purpose: 'inputs', is_demo: true, currency: { code: 'KES' }, amount_min: 5000 });
    expect(item.rate).toBe('1,2 % par mois, taux fixe');
    expect(item.documents.map((d: { label: string }) => d.label)).toContain("Carte nationale d'identité");
    expect(item.countries.map((c: { name: string }) => c.name)).toContain('Kenya');
  });

  it('filters by purpose and by a country served; a purpose not offered is a 422', async () => {
    const machinery = await apiRequest('/financing/products?purpose=machinery', { method: 'GET' });
    expect(machinery.json.items.map((p: { purpose: string }) => p.purpose)).toEqual(['machinery']);
    const [tz] = await db().select({ id: countries.id }).from(countries).where(eq(countries.code, 'TZ'));
    const inTanzania = await apiRequest(`/financing/products?country_id=${tz.id}`, { method: 'GET' });
    expect(inTanzania.json.items.length).toBe(3);
    for (const p of inTanzania.json.items) expect(p.countries.map((c: { id: number }) => c.id)).toContain(tz.id);
    const bad = await apiRequest('/financing/products?purpose=yachts', { method: 'GET' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.purpose).toBeDefined();
  });

  it('reads one product; an unknown or withdrawn one is a 404', async () => {
    const id = await productId(KES_INPUT_LOAN);
    expect((await apiRequest(`/financing/product?id=${id}`, { method: 'GET' })).json.name).toBe(KES_INPUT_LOAN);
    expect((await apiRequest('/financing/product?id=999999', { method: 'GET' })).status).toBe(404);
    const machinery = await productId('Tractor and equipment lease');
    await db().update(financeProducts).set({ isActive: false }).where(eq(financeProducts.id, machinery));
    try {
      expect((await apiRequest(`/financing/product?id=${machinery}`, { method: 'GET' })).status).toBe(404);
    } finally {
      await db().update(financeProducts).set({ isActive: true }).where(eq(financeProducts.id, machinery));
    }
  });
});

describe('applying', () => {
  it('needs a signed-in member', async () => {
    const res = await apply(
      {},
      applicationBody(await productId(KES_INPUT_LOAN), {}, { document_national_id: realPdf() }),
    );
    expect(res.status).toBe(401);
  });

  it('stores the application with its documents (an image re-encoded, a PDF kept) and mails the provider the link', async () => {
    const applicant = await member();
    const { id, token } = await appliedBy(applicant);
    const [row] = await db().select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row).toMatchObject({ userId: applicant.id, amountMinor: 5_000_000, status: 'sent', consent: true });
    expect(row.tokenHash).not.toContain(token);
    const view = await getAs(applicant.auth, `/financing/application?id=${id}`);
    expect(view.status).toBe(200);
    expect(view.json.documents.map((d: { content_type: string }) => d.content_type).sort()).toEqual([
      'application/pdf',
      'image/webp',
    ]);
    expect(view.json.events).toMatchObject([{ actor: 'member', from: null, to: 'sent' }]);
    const mail = await lastMailTo(database.handle(), PROVIDER_EMAIL);
    expect(mail.subject).toContain(KES_INPUT_LOAN);
  });

  it('reads the amount as the member’s language writes it', async () => {
    const applicant = await member();
    const id = await productId(KES_INPUT_LOAN);
    const res = await apply(
      applicant.auth,
      applicationBody(id, { amount: '12 500,50' }, { document_national_id: realPdf() }),
      'fr',
    );
    expect(res.status, res.text).toBe(200);
    const [row] = await db().select().from(loanApplications).where(eq(loanApplications.id, res.json.id));
    expect(row.amountMinor).toBe(1_250_050);
  });

  it('refuses a renamed program posing as a PDF, by its content', async () => {
    const applicant = await member();
    const res = await apply(
      applicant.auth,
      applicationBody(await productId(KES_INPUT_LOAN), {}, { document_bank_statement: fakePdf() }),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors.document_bank_statement).toBeDefined();
    expect(await db().select().from(loanApplications).where(eq(loanApplications.userId, applicant.id))).toEqual([]);
  });

  it('requires consent, at least one document, a document the product asks for, and an amount in range', async () => {
    const applicant = await member();
    const id = await productId(KES_INPUT_LOAN);
    const noConsent = await apply(
      applicant.auth,
      applicationBody(id, { consent: '' }, { document_national_id: realPdf() }),
    );
    expect(noConsent.status).toBe(422);
    expect(noConsent.json.errors.consent).toBeDefined();
    const noDocs = await apply(applicant.auth, applicationBody(id, {}, {}));
    expect(noDocs.status).toBe(422);
    expect(noDocs.json.errors.documents).toBeDefined();
    const wrongDoc = await apply(applicant.auth, applicationBody(id, {}, { document_passport_photo: realPdf() }));
    expect(wrongDoc.status).toBe(422);
    const tooMuch = await apply(
      applicant.auth,
      applicationBody(id, { amount: '250000' }, { document_national_id: realPdf() }),
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.errors.amount[0]).toContain('200,000');
    const tooLittle = await apply(
      applicant.auth,
      applicationBody(id, { amount: '100' }, { document_national_id: realPdf() }),
    );
    expect(tooLittle.status).toBe(422);
    const empty = await apply(
      applicant.auth,
      applicationBody(id, { plan: '   ' }, { document_national_id: realPdf() }),
    );
    expect(empty.status).toBe(422);
    expect(empty.json.errors.plan).toBeDefined();
    expect(await db().select().from(loanApplications).where(eq(loanApplications.userId, applicant.id))).toEqual([]);
  });
});

describe('who reads an application and its documents', () => {
  it('the applicant, an administrator and the signed link; a stranger or a tampered token gets 404', async () => {
    const applicant = await member();
    const stranger = await member();
    const admin = await administrator();
    const { id, token } = await appliedBy(applicant);
    const other = await appliedBy(await member());
    const view = await getAs(applicant.auth, `/financing/application?id=${id}`);
    const docId = view.json.documents[0].id as number;

    expect((await getAs(stranger.auth, `/financing/application?id=${id}`)).status).toBe(404);
    expect((await getAs(admin.auth, `/financing/application?id=${id}`)).status).toBe(200);
    const byLink = await apiRequest(`/financing/application?token=${token}`, { method: 'GET' });
    expect(byLink.status).toBe(200);
    expect(byLink.json.id).toBe(id);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await apiRequest(`/financing/application?token=${tampered}`, { method: 'GET' })).status).toBe(404);

    const download = (auth: Record<string, string>, query: string) => getAs(auth, `/financing/document?${query}`);
    const mine = await download(applicant.auth, `id=${docId}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await download(admin.auth, `id=${docId}`)).status).toBe(200);
    expect((await download({}, `id=${docId}&token=${token}`)).status).toBe(200);
    expect((await download(stranger.auth, `id=${docId}`)).status).toBe(404);
    expect((await download({}, `id=${docId}&token=${tampered}`)).status).toBe(404);
    // The link of another application opens none of this one's documents.
    expect((await download({}, `id=${docId}&token=${other.token}`)).status).toBe(404);
    expect((await download({}, `id=${docId}`)).status).toBe(401);
  });
});

describe('status', () => {
  it('changes by the provider’s link and by an administrator, with events, and the member is told in their language', async () => {
    const applicant = await member('fr');
    const admin = await administrator();
    const { id, token } = await appliedBy(applicant);

    const ordinary = await postAs(
      applicant.auth,
      '/financing/application-status',
      new URLSearchParams({ id: String(id), status: 'approved' }),
    );
    expect(ordinary.status).toBe(403);
    const badToken = await apiRequest('/financing/application-status', {
      method: 'POST',
      body: new URLSearchParams({ token: 'x'.repeat(43), status: 'approved' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(badToken.status).toBe(404);

    const review = await apiRequest('/financing/application-status', {
      method: 'POST',
      body: new URLSearchParams({ token, status: 'in_review', note: 'Nous appelons votre coopérative.' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(review.status, review.text).toBe(200);
    const mail = await lastMailTo(database.handle(), applicant.email);
    expect(mail.subject).toBe("Votre demande de prêt\u00a0: En cours d'examen");
    expect(mail.text).toContain('Nous appelons votre coopérative.');

    const again = await apiRequest('/financing/application-status', {
      method: 'POST',
      body: new URLSearchParams({ token, status: 'in_review' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(409);

    const approve = await postAs(
      admin.auth,
      '/financing/application-status',
      new URLSearchParams({ id: String(id), status: 'approved' }),
    );
    expect(approve.status, approve.text).toBe(200);
    const events = await db()
      .select()
      .from(loanApplicationEvents)
      .where(eq(loanApplicationEvents.applicationId, id))
      .orderBy(loanApplicationEvents.id);
    expect(events.map((e) => [e.actor, e.fromStatus, e.toStatus, e.actorUserId])).toEqual([
      ['member', null, 'sent', applicant.id],
      ['provider_link', 'sent', 'in_review', null],
      ['admin', 'in_review', 'approved', admin.id],
    ]);

    const mine = await getAs(applicant.auth, '/financing/my-applications', 'fr');
    expect(mine.status).toBe(200);
    expect(mine.json.items[0]).toMatchObject({ id, status: 'approved' });
    expect(mine.json.items[0].events.map((e: { to: string }) => e.to)).toEqual(['approved', 'in_review', 'sent']);
  });
});

describe('pages without JavaScript', () => {
  it('the application form posts multipart, shows the amount as understood after a refusal, and applies', async () => {
    const account = await member();
    const user = await resolveUser(await getDb(), { bearer: account.access });
    const cookies = new TestCookies();
    const id = await productId(KES_INPUT_LOAN);
    const page = `/fr/financing/apply/${id}`;
    const opened = await loadApplyPage({ ...formRequest(page, { cookies, locale: 'fr' }), user }, id);
    expect(opened && 'view' in opened && opened.view.product.name).toBe('Crédit intrants de saison');
    const post = async (fields: Record<string, string>, files: Record<string, File>) => {
      const body = new FormData();
      body.set(FORM_TOKEN_FIELD, cookies.formToken ?? '');
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      for (const [name, file] of Object.entries(files)) body.set(name, file);
      const encoded = new Request('http://localhost/', { method: 'POST', body });
      return loadApplyPage(
        {
          ...formRequest(page, {
            cookies,
            locale: 'fr',
            contentType: encoded.headers.get('content-type')!,
            body: await encoded.arrayBuffer(),
          }),
          user,
        },
        id,
      );
    };
    const fields = { amount: '300 000', purpose: 'inputs', plan: 'Engrais', consent: '1' };
    const refused = await post(fields, { document_national_id: realPdf() });
    if (!refused || !('view' in refused)) throw new Error('expected the form again');
    expect(refused.status).toBe(422);
    expect(refused.view.form.errors.amount).toContain('200');
    expect(refused.view.amountUnderstood).toBe(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'KES' }).format(300000),
    );
    const done = await post({ ...fields, amount: '30 000' }, { document_national_id: await png() });
    expect(done).toMatchObject({ redirect: '/fr/user/profile/loans?done=applied', status: 303 });
  });

  it('the provider’s page shows the application by its token and sets the status with a plain form; a wrong token is a 404', async () => {
    const { id, token } = await appliedBy(await member());
    const cookies = new TestCookies();
    const opened = await loadProviderLinkPage(formRequest(`/loan-application/${token}`, { cookies }), token);
    if (!('view' in opened)) throw new Error('expected the page');
    expect(opened.view.application.id).toBe(id);
    expect(opened.view.application.documents[0].url).toContain(`token=${token}`);
    const posted = await loadProviderLinkPage(
      formRequest(`/loan-application/${token}`, {
        cookies,
        fields: { status: 'declined', note: 'Too little history' },
      }),
      token,
    );
    expect(posted).toMatchObject({ redirect: `/loan-application/${token}?done=status`, status: 303 });
    const [row] = await db().select().from(loanApplications).where(eq(loanApplications.id, id));
    expect(row.status).toBe('declined');
    await expect(
      loadProviderLinkPage(formRequest(`/loan-application/${'Z'.repeat(43)}`, { cookies }), 'Z'.repeat(43)),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the editors’ desk', () => {
  async function deskBrowser(role: 'user' | 'editor' | 'admin') {
    const account = await member();
    await db().update(users).set({ role }).where(eq(users.id, account.id));
    const user = (await resolveUser(await getDb(), { bearer: account.access }))!;
    const cookies = new TestCookies();
    const open = (id?: number) =>
      loadDeskProductPage(
        { ...formRequest(id ? `/desk/financing/${id}` : '/desk/financing/new', { cookies }), user },
        id,
      );
    const post = (fields: Record<string, string>, id?: number) =>
      loadDeskProductPage(
        { ...formRequest(id ? `/desk/financing/${id}` : '/desk/financing/new', { cookies, fields }), user },
        id,
      );
    const list = (fields?: Record<string, string>) =>
      loadDeskFinancingPage({ ...formRequest('/desk/financing', { cookies, fields }), user });
    return { user, open, post, list };
  }

  const productFields = async () => {
    const [provider] = await db().select().from(financeProducts).limit(1);
    return {
      provider_id: String(provider.providerId),
      name_en: 'Irrigation kit loan',
      name_sw: 'Mkopo wa vifaa vya umwagiliaji',
      purpose: 'machinery',
      currency_id: '1',
      amount_min: '20,000',
      amount_max: '150,000',
      rate_en: '13 % a year',
      term_en: '12 months',
      eligibility_en: 'Farmers with water access.',
      countries: 'ke, ug',
      documents: 'national_id | National ID card | Kitambulisho | Carte d’identité\nquotation | Quotation',
    };
  };

  it('an ordinary member is refused (403)', async () => {
    const member = await deskBrowser('user');
    await expect(member.open()).rejects.toMatchObject({ status: 403 });
    await expect(member.list()).rejects.toMatchObject({ status: 403 });
  });

  it('an editor creates, changes and withdraws a product; what readers see follows', async () => {
    const editor = await deskBrowser('editor');
    await editor.open();
    const refused = await editor.post({ ...(await productFields()), countries: 'KE, XX', documents: 'bad key | x' });
    if (!('view' in refused)) throw new Error('expected the form again');
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.view.form.errors)).toEqual(expect.arrayContaining(['countries']));
    const created = await editor.post(await productFields());
    expect(created).toMatchObject({ redirect: '/desk/financing?done=saved', status: 303 });
    const id = await productId('Irrigation kit loan');
    const sw = await apiRequest(`/financing/product?id=${id}`, { method: 'GET', locale: 'sw' });
    expect(sw.json).toMatchObject({ name: 'Mkopo wa vifaa vya umwagiliaji', amount_min: 20000, amount_max: 150000 });
    expect(sw.json.documents.map((d: { key: string }) => d.key)).toEqual(['national_id', 'quotation']);
    const shown = await editor.open(id);
    if (!('view' in shown)) throw new Error('expected the form');
    expect(shown.view.form.values).toMatchObject({ name_en: 'Irrigation kit loan', countries: 'KE, UG' });
    await editor.post({ ...(await productFields()), name_en: 'Drip irrigation kit loan' }, id);
    expect((await apiRequest(`/financing/product?id=${id}`, { method: 'GET' })).json.name).toBe(
      'Drip irrigation kit loan',
    );
    const withdrawn = await editor.list({ action: 'deactivate', id: String(id) });
    expect(withdrawn).toMatchObject({ redirect: '/desk/financing?done=deactivate' });
    expect((await apiRequest(`/financing/product?id=${id}`, { method: 'GET' })).status).toBe(404);
  });
});
