import { describe, expect, it } from 'vitest';
import { STAFF_CAPABILITIES, STAFF_ROLES, type StaffRole } from '~/features/admin/capabilities';
import { ADMIN_SECTIONS } from '~/features/admin/sections';
import { createApiApp } from '~/server/api/app';
import { listEndpoints } from '~/server/api/openapi';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { staffMember } from './admin-helpers';

/**
 * The back office's access matrix (docs/backoffice.md "Roles"): every `/api-v2/admin/…` call and every call a
 * back-office capability guards, for an anonymous caller, a member and each staff role. Only the roles the
 * capability names get past the gate (whatever they then get: 200, 404 for an unknown object, 422 for an empty
 * body, 403 `admin.step_up_required`); everyone else is 401 (anonymous) or 403 `forbidden`.
 */
useTestDatabase();
createApiApp(); // registers every endpoint

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
/** A path's parameters filled with an id no object has: the gate answers before any object is looked up. */
const concrete = (path: string) => path.replace(/:[a-z_]+/gi, '999999');

async function call(method: string, path: string, auth: Record<string, string> = {}) {
  return apiRequest(concrete(path), {
    method: method.toUpperCase(),
    headers: { ...auth, ...(method === 'post' ? FORM : {}) },
    ...(method === 'post' ? { body: form({}) } : {}),
  });
}

describe('[ADMIN] access matrix', () => {
  const guarded = () => listEndpoints().filter((endpoint) => endpoint.staff);

  it('every back-office call under /admin declares its capability (none is guarded by sign-in alone)', () => {
    const unguarded = listEndpoints()
      .filter((e) => e.path.startsWith('/admin/') && !e.staff && !e.path.startsWith('/admin/two-factor/'))
      .map((e) => `${e.method} ${e.path}`);
    expect(unguarded).toEqual([]);
    expect(guarded().length).toBeGreaterThan(2);
  });

  it('anonymous callers get 401 and members 403 on every guarded call', async () => {
    const member = await signedUpUser();
    for (const endpoint of guarded()) {
      const label = `${endpoint.method} ${endpoint.path}`;
      expect((await call(endpoint.method, endpoint.path)).status, label).toBe(401);
      const refused = await call(endpoint.method, endpoint.path, member.auth);
      expect([refused.status, refused.json.code], label).toEqual([403, 'forbidden']);
    }
  });

  it('each staff role passes exactly the calls its capabilities name', async () => {
    const staff = {} as Record<StaffRole, Awaited<ReturnType<typeof staffMember>>>;
    for (const role of STAFF_ROLES) staff[role] = await staffMember(role);
    const mismatches: string[] = [];
    for (const endpoint of guarded()) {
      const allowed = STAFF_CAPABILITIES[endpoint.staff!] as readonly string[];
      for (const role of STAFF_ROLES) {
        const res = await call(endpoint.method, endpoint.path, staff[role].auth);
        const passed = res.status !== 401 && !(res.status === 403 && res.json.code === 'forbidden');
        if (res.status >= 500) mismatches.push(`${role} ${endpoint.method} ${endpoint.path}: ${res.status}`);
        if (passed !== allowed.includes(role))
          mismatches.push(`${role} ${endpoint.method} ${endpoint.path}: ${res.status} ${res.json.code ?? ''}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a list and its object agree: whoever may list members or contact messages may open each, the others neither', async () => {
    const sent = await apiRequest('/contact/send', {
      method: 'POST',
      headers: FORM,
      body: form({
        name: 'Amina',
        email: 'amina@mavuno.test',
        topic: 'general',
        message: 'Where is my payment, please?',
      }),
    });
    expect(sent.status).toBe(200);
    const pairs = [
      { list: '/admin/members?q=mavuno.test', item: (id: number) => `/admin/members/view?id=${id}` },
      { list: '/admin/support/messages', item: (id: number) => `/admin/support/messages/view?id=${id}` },
    ];
    const member = await signedUpUser();
    // Administrators first: they list, so every later caller is asked about an object that exists.
    const callers: [string, Record<string, string>][] = [];
    for (const role of STAFF_ROLES) callers.push([role, (await staffMember(role)).auth]);
    callers.push(['member', member.auth]);
    const disagreements: string[] = [];
    const known: Record<string, number> = {};
    for (const [who, auth] of callers) {
      for (const pair of pairs) {
        const list = await apiRequest(pair.list, { method: 'GET', headers: auth });
        if (list.status === 200) known[pair.list] ??= list.json.items[0]?.id;
        const id = known[pair.list];
        if (id === undefined) continue;
        const item = await apiRequest(pair.item(id), { method: 'GET', headers: auth });
        if ((list.status === 200) !== (item.status === 200))
          disagreements.push(`${who}: ${pair.list} ${list.status}, ${pair.item(id)} ${item.status}`);
      }
    }
    expect(Object.keys(known)).toHaveLength(pairs.length);
    expect(disagreements).toEqual([]);
  });

  it('the Operations section (dead letters, jobs) is the administrators’ alone, and each of its calls says so', () => {
    expect(STAFF_CAPABILITIES.operations).toEqual(['admin']);
    expect(ADMIN_SECTIONS.find((section) => section.id === 'operations')).toMatchObject({
      path: '/admin/operations',
      capability: 'operations',
    });
    const calls = listEndpoints().filter((e) => e.path.startsWith('/admin/operations/'));
    expect(calls.map((e) => `${e.method} ${e.path} ${e.staff}`).sort()).toEqual([
      'get /admin/operations/dead-letters operations',
      'get /admin/operations/jobs operations',
      'get /admin/operations/jobs/runs operations',
      'post /admin/operations/dead-letters/retry operations',
      'post /admin/operations/dead-letters/retry-all operations',
    ]);
  });

  it('staff without the second factor are asked for it on every guarded call', async () => {
    const admin = await staffMember('admin', { twoFactor: false });
    for (const endpoint of guarded()) {
      const res = await call(endpoint.method, endpoint.path, admin.auth);
      expect([res.status, res.json.code], `${endpoint.method} ${endpoint.path}`).toEqual([
        401,
        'admin.second_factor_required',
      ]);
    }
  });
});
