import { Hono } from 'hono';
import { z } from 'zod';
import { companyDirectoryQuery } from '~/features/companies/directory-query';
import { listQuery, requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { listCompanies } from '~/server/services/companies/list-companies';
import { listCompanyLots } from '~/server/services/companies/list-company-lots';
import { listCompanyTypes } from '~/server/services/companies/list-company-types';
import { readCompanyProfile } from '~/server/services/companies/read-company-profile';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const TAG = 'Companies';
/** Anonymous answers are the same for every anonymous caller of a language, as the catalogue lists (routes/lots.ts). */
const PUBLIC_LIST_CACHE = 'public, max-age=10';

/** The read side of companies (docs/companies.md "Directory and profiles"): the directory, profiles, types, lots. */
export function companyDirectoryRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/index',
      tag: TAG,
      anonymousCache: PUBLIC_LIST_CACHE,
      summary:
        'The directory: companies by title (any part, any case), region_ids[], country_ids[] and type_ids[] (1,2,3 by default), alphabetically, paged',
      query: companyDirectoryQuery,
    },
    async (c, { query }) => listCompanies(await getDb(), query, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/public-company-profile',
      tag: TAG,
      auth: 'optional',
      anonymousCache: PUBLIC_LIST_CACHE,
      summary:
        "A company's public profile: details, team names and roles, interests, lots on the market, active verifications, feedback on its members' deals (404 for an unknown id)",
      query: z.object({ id: requiredInt() }),
    },
    async (c, { query, user }) => readCompanyProfile(await getDb(), query.id, user, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/company-type',
      tag: TAG,
      summary: 'Every company type by id, named in the asked language (1, 2, 3: the directory default)',
      response: z.object({ items: z.array(z.object({ id: z.number(), key: z.string(), name: z.string() })) }),
      cache: 'public, max-age=300',
    },
    (c) => ({ items: listCompanyTypes(c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/all-company-orders',
      tag: TAG,
      auth: 'optional',
      anonymousCache: PUBLIC_LIST_CACHE,
      summary:
        "A company's lots on the market, newest first, paged, as the catalogue lists them (404 for an unknown id)",
      query: listQuery.pick({ page: true, 'per-page': true }).extend({ id: requiredInt() }),
    },
    async (c, { query, user }) =>
      listCompanyLots(await getDb(), query.id, { page: query.page, perPage: query['per-page'] }, user, c.get('locale')),
  );

  return app;
}
