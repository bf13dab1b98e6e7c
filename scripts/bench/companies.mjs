// The companies part of `npm run bench` (scripts/bench.mjs; BENCH_ONLY=companies runs it alone): the directory page
// (/companies) and GET /api-v2/company/index, unfiltered and with the filters a visitor uses (a title, a region, a
// type), on BENCH_COMPANIES (10,000) generated companies (`npm run db:seed -- --companies 10000`). Each row is
// `connections` × `duration` s of autocannon past the render cache (a cookie it does not know: what a query costs):
// requests per second and p50 / p99 latency. It prints figures and asserts nothing.
import { execSync } from 'node:child_process';
import autocannon from 'autocannon';
import { withProductionServer } from './server.mjs';

/** A cookie the render cache does not know: the request is answered by the app itself, as a miss would be. */
const MISS = { Cookie: 'bench=miss', 'Accept-Language': 'en' };

export async function benchCompanies({ base, companies, connections, duration, database = 'PGlite' }) {
  // A region and a country that hold generated companies, read from the directory itself.
  const sample = await (await fetch(`${base}/api-v2/company/index?per-page=1&title=growers`)).json();
  const { region_id: region, country_id: country } = sample.items[0] ?? {};
  const TARGETS = [
    { name: 'page /companies', path: '/companies' },
    { name: 'page /companies, title + region', path: `/companies?title=growers&region_ids[]=${region}` },
    { name: 'page /companies, page 50', path: '/companies?page=50' },
    { name: 'API index', path: '/api-v2/company/index' },
    { name: 'API index, title=valley', path: '/api-v2/company/index?title=valley' },
    { name: 'API index, region', path: `/api-v2/company/index?region_ids[]=${region}` },
    { name: 'API index, country + type 1', path: `/api-v2/company/index?country_ids[]=${country}&type_ids[]=1` },
    { name: 'API index, type 4..7, page 20', path: '/api-v2/company/index?type_ids=4,5,6,7&page=20' },
  ];
  const rows = [];
  for (const target of TARGETS) {
    const check = await fetch(base + target.path, { headers: MISS });
    await check.arrayBuffer();
    if (!check.ok) throw new Error(`${target.path} answered ${check.status}`);
    const result = await autocannon({ url: base + target.path, connections, duration, headers: MISS });
    rows.push({
      target: target.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  console.log(
    `\nCompany directory on ${companies.toLocaleString('en')} generated companies, ${database}: ${connections} connections × ` +
      `${duration} s each, past the render cache:\n`,
  );
  console.table(rows);
}

/**
 * The same rows on PostgreSQL (`url`): seeds that database with the reference and demo data and `companies`
 * generated companies (replaced on each run), starts a production server on it at `port`, measures, stops it.
 */
export async function benchCompaniesOnPostgres({ root, url, port, companies, connections, duration }) {
  const env = { ...process.env, DATABASE_URL: url };
  execSync(`node_modules/.bin/tsx scripts/db-seed.ts --companies ${companies}`, { cwd: root, stdio: 'inherit', env });
  await withProductionServer({ root, env, port }, ({ base }) =>
    benchCompanies({ base, companies, connections, duration, database: 'PostgreSQL' }),
  );
}
