import { Hono } from 'hono';
import { z } from 'zod';
import { loanApplicationSchema, loanStatusSchema, productFilterSchema } from '~/features/financing/schemas';
import { optionalInt, requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { applyForLoan, collectDocumentFiles } from '~/server/services/financing/apply-for-loan';
import { changeLoanApplicationStatus } from '~/server/services/financing/change-loan-application-status';
import { listFinanceProducts } from '~/server/services/financing/list-finance-products';
import { listMyLoanApplications } from '~/server/services/financing/list-my-loan-applications';
import { readFinanceProduct } from '~/server/services/financing/read-finance-product';
import { type LoanReader, readLoanApplication } from '~/server/services/financing/read-loan-application';
import { readLoanApplicationDocument } from '~/server/services/financing/read-loan-application-document';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint, requireUser } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';

const TAG = 'Financing';
const token = z.string().trim().max(100).optional();

/** The reader of an application or document: the provider's link when a token is given, else the signed-in member. */
function readerOf(c: ApiContext, tokenValue: string | undefined): LoanReader {
  if (tokenValue) return { token: tokenValue };
  const user = requireUser(c);
  return { user: { id: user.id, role: user.role } };
}

/**
 * Loan and financing products of partner institutions and members' applications for them (docs/financing.md):
 * products are public, applying needs a signed-in member, an application is read by its applicant, an
 * administrator or the provider's signed link.
 */
export function financingRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/financing/products',
      tag: TAG,
      summary: 'Active loan and financing products, filtered by purpose and a country served, in your language',
      query: productFilterSchema,
      anonymousCache: 'public, max-age=300',
    },
    async (c, { query }) => {
      const items = await listFinanceProducts(await getDb(), query, c.get('locale'));
      return { items, _meta: { totalCount: items.length } };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/financing/product',
      tag: TAG,
      summary:
        'One active product with its amount range, rate and term as the provider states them, and the documents it needs',
      query: z.object({ id: requiredInt() }),
      anonymousCache: 'public, max-age=300',
    },
    async (c, { query }) => readFinanceProduct(await getDb(), query.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/financing/apply',
      tag: TAG,
      summary:
        'Apply for a product (multipart: product_id, amount as your language writes it, purpose, plan, consent=1, and document_{key} files — PDF or image, at most 20 MB each, at least one). The provider gets it by e-mail',
      auth: true,
      body: z.looseObject({}),
    },
    async (c, { raw, user }) => {
      const locale = c.get('locale');
      const input = parseInput(loanApplicationSchema(locale), raw);
      const result = await applyForLoan(await getDb(), user.id, input, collectDocumentFiles(raw), locale);
      return { success: true, message: c.get('t')('financing.applied'), ...result };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/financing/my-applications',
      tag: TAG,
      summary: 'Your loan applications, newest first, with their status, documents and history',
      auth: true,
    },
    async (c, { user }) => {
      const items = await listMyLoanApplications(await getDb(), user.id, c.get('locale'));
      return { items, _meta: { totalCount: items.length } };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/financing/application',
      tag: TAG,
      // The applicant or an administrator signed in, or the provider with the link's token (readerOf).
      auth: 'optional',
      summary:
        'One application: by id for its applicant or an administrator, or by the provider link’s token (anyone else: 404)',
      query: z.object({ id: optionalInt(), token }),
    },
    async (c, { query }) => {
      if (!query.token && !query.id) throw new AppError('not_found', 'errors.not_found');
      return readLoanApplication(await getDb(), readerOf(c, query.token), query.id, c.get('locale'));
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/financing/application-status',
      tag: TAG,
      auth: 'optional',
      summary:
        'Set an application to in_review, approved or declined with an optional note: administrators by id, the provider with the link’s token. The member is told by e-mail; 409 when unchanged',
      body: loanStatusSchema.extend({ id: optionalInt(), token }),
    },
    async (c, { body }) => {
      const decider = body.token ? { token: body.token } : { user: requireUser(c) };
      const result = await changeLoanApplicationStatus(await getDb(), decider, body);
      return { success: true, message: c.get('t')('financing.status_changed'), ...result };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/financing/document',
      tag: TAG,
      auth: 'optional',
      summary:
        'The file of an application document: for its applicant, administrators, or with the provider link’s token (anyone else: 404)',
      query: z.object({ id: requiredInt(), token }),
    },
    async (c, { query }) => {
      const file = await readLoanApplicationDocument(await getDb(), readerOf(c, query.token), query.id);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  return app;
}
