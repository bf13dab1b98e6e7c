import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { DEFAULT_LOCALE } from '~/i18n/config';
import { negotiateLocale } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { REQUEST_ID_HEADER, requestIdFrom } from '~/server/http/request-id';
import { noteRoute } from '~/server/http/request-context';
import type { ApiEnv } from './context';
import { errorResponse } from './errors';
import { buildOpenApiDocument, listEndpoints } from './openapi';
import { authenticate } from './auth';
import { chatRoutes } from './routes/chat';
import { walletRoutes } from './routes/wallet';
import { payoutRoutes } from './routes/payouts';
import { paymentRoutes } from './routes/payments';
import { chatStreamRoutes } from './routes/chat-stream';
import { lotRoutes } from './routes/lots';
import { offerRoutes } from './routes/offers';
import { referenceRoutes } from './routes/reference';
import { userDocumentRoutes } from './routes/user-documents';
import { userRoutes } from './routes/user';
import { companyTeamRoutes } from './routes/companies-team';
import { memberProfileRoutes } from './routes/member-profiles';
import { verificationRoutes } from './routes/verification';
import { companyDirectoryRoutes } from './routes/companies-directory';
import { userWarehouseRoutes } from './routes/user-warehouses';
import { warehouseRoutes } from './routes/warehouses';
import { contactRoutes } from './routes/contact';
import { financingRoutes } from './routes/financing';
import { articleRoutes } from './routes/articles';
import { priceAlertRoutes } from './routes/price-alerts';
import { statisticsRoutes } from './routes/statistics';
import { adminRoutes } from './routes/admin';
import { adminMembersRoutes } from './routes/admin-members';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminVerificationRoutes } from './routes/admin-verification';
import { adminMoneyRoutes } from './routes/admin-money';
import { moderationRoutes } from './routes/moderation';
import { adminReferenceRoutes } from './routes/admin-reference';
import { adminSupportRoutes } from './routes/admin-support';
import { adminOperationsRoutes } from './routes/admin-operations';
import { ussdRoutes } from './routes/ussd';
import { smsInboundRoutes } from './routes/sms-inbound';
import { adminChannelsRoutes } from './routes/admin-channels';

/** Largest request body: offer documents may be 50 MB (OFFER_DOCUMENT_MAX_BYTES); multipart overhead on top. */
const MAX_BODY_BYTES = 55 * 1024 * 1024;

/** The /api-v2 application (docs/architecture.md "API conventions"). Sub-apps per resource are mounted here. */
export function createApiApp() {
  // strict: false — the mobile apps call some paths with a trailing slash (`/user/signup/`).
  const app = new Hono<ApiEnv>({ strict: false }).basePath('/api-v2');

  app.use(async (c, next) => {
    // The production server has set the id already (a sane incoming one, or its own); in-process callers get one here.
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    c.header(REQUEST_ID_HEADER, requestId);
    const locale = negotiateLocale(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
    c.set('locale', locale);
    c.set('t', createTranslator(locale));
    await next();
    // The endpoint's pattern (`/api-v2/lot/:id`) names the request in the access line and the metrics; a
    // middleware's (`/api-v2/*`, a request no endpoint took) does not.
    const route = matchedRoutes(c)[c.req.routeIndex];
    if (route && route.method !== 'ALL') noteRoute(route.path);
    c.header('Content-Language', locale);
    c.header('Vary', 'Accept-Language', { append: true });
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError('payload_too_large', 'errors.payload_too_large');
      },
    }),
  );

  app.use(authenticate);

  app.route('/', referenceRoutes());
  app.route('/', userRoutes());
  app.route('/', userDocumentRoutes());
  app.route('/', memberProfileRoutes());
  app.route('/', lotRoutes());
  app.route('/', offerRoutes());
  app.route('/', chatRoutes());
  app.route('/', chatStreamRoutes());
  app.route('/', walletRoutes());
  app.route('/', paymentRoutes());
  app.route('/', payoutRoutes());
  app.route('/', companyTeamRoutes());
  app.route('/', verificationRoutes());
  app.route('/', companyDirectoryRoutes());
  app.route('/', financingRoutes());
  app.route('/', adminRoutes());
  app.route('/', adminMembersRoutes());
  app.route('/', adminDashboardRoutes());
  app.route('/', adminVerificationRoutes());
  app.route('/', adminMoneyRoutes());
  app.route('/', moderationRoutes());
  app.route('/', adminSupportRoutes());
  app.route('/', adminReferenceRoutes());
  app.route('/', adminOperationsRoutes());
  app.route('/', adminChannelsRoutes());
  app.route('/', warehouseRoutes());
  app.route('/', userWarehouseRoutes());
  app.route('/', contactRoutes());
  app.route('/', articleRoutes());
  app.route('/', priceAlertRoutes());
  app.route('/', statisticsRoutes());
  app.route('/', smsInboundRoutes());
  app.route('/', ussdRoutes());

  app.get('/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(buildOpenApiDocument(getEnv().publicUrl));
  });

  app.notFound((c) => {
    const t = c.get('t') ?? createTranslator(DEFAULT_LOCALE);
    // A known path asked with another method is a 405 naming the methods it takes, not a 404.
    const path = c.req.path.replace(/^\/api-v2/, '').replace(/\/+$/, '');
    const methods = listEndpoints()
      .filter((endpoint) => endpoint.path === path)
      .map((endpoint) => endpoint.method.toUpperCase());
    if (methods.length > 0) {
      return errorResponse(
        c,
        new AppError('method_not_allowed', 'errors.method_not_allowed', { headers: { Allow: methods.join(', ') } }),
        t,
      );
    }
    return errorResponse(c, new AppError('not_found', 'errors.api_not_found', { vars: { path: c.req.path } }), t);
  });
  app.onError((error, c) => errorResponse(c, error, c.get('t') ?? createTranslator(DEFAULT_LOCALE)));
  return app;
}

let singleton: ReturnType<typeof createApiApp> | undefined;
/** The one API app of this process. */
export function getApiApp() {
  singleton ??= createApiApp();
  return singleton;
}
