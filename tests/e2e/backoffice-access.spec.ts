import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { test } from './test';
import { STAFF_CAPABILITIES, type StaffCapability, type StaffRole } from '../../src/features/admin/capabilities';
import { signInStaff } from './staff';

/**
 * The back office's pages × who asks (docs/backoffice.md "Roles"): every page file under src/pages/admin and
 * src/pages/desk, for an anonymous visitor (sent to sign in), a member (403) and each demo staff role — the roles
 * the page's capability names get in (200, or 404 for an object that does not exist), the others 403. The page's
 * capability is read from its gate call (`adminPage(Astro, '…')`), so a new page joins the matrix by existing.
 */
const ROOTS = ['src/pages/admin', 'src/pages/desk'];
const STAFF: Record<StaffRole, string> = {
  admin: 'demo-admin@mavuno.test',
  moderator: 'demo-moderator@mavuno.test',
  editor: 'demo-editor@mavuno.test',
  support: 'demo-support@mavuno.test',
  finance: 'demo-finance@mavuno.test',
};
/** Pages outside the gate: the second factor's own pages (staff who have not passed it yet use them). */
const UNGATED = new Set(['/admin/two-factor', '/admin/two-factor/setup']);

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? pageFiles(full) : full.endsWith('.astro') ? [full] : [];
  });
}

const PAGES = ROOTS.flatMap(pageFiles)
  .map((file) => {
    const route = `/${path
      .relative('src/pages', file)
      .replace(/\.astro$/, '')
      .replace(/(^|\/)index$/, '')}`;
    const capability = /adminPage\(Astro, '([a-z]+)'\)/.exec(readFileSync(file, 'utf8'))?.[1] as
      StaffCapability | undefined;
    // An object that does not exist: the gate answers before any is looked up.
    return {
      file,
      route,
      path: route.replace(/\[[^\]]+\]/g, (param) => (param.includes('product') ? 'new' : '999999')),
      capability,
    };
  })
  .filter((page) => !UNGATED.has(page.route));

test.describe('[ADMIN] back-office pages × roles', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every back-office page names its capability', () => {
    expect(PAGES.filter((page) => !page.capability).map((page) => page.file)).toEqual([]);
    expect(PAGES.length).toBeGreaterThan(5);
  });

  test('only the roles a page names get in; anonymous visitors sign in first, members get 403', async () => {
    const baseURL = test.info().project.use.baseURL!;
    const contexts: Record<string, APIRequestContext> = {};
    contexts.anonymous = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
    contexts.member = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
    const member = await contexts.member.post('/api-v2/user/login', {
      form: { email: 'demo-gold@mavuno.test', password: 'mavuno-demo' },
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
    });
    expect(member.status()).toBe(200);
    for (const [role, email] of Object.entries(STAFF)) {
      contexts[role] = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
      await signInStaff(contexts[role], email);
    }
    const wrong: string[] = [];
    for (const page of PAGES) {
      const allowed = STAFF_CAPABILITIES[page.capability!] as readonly string[];
      for (const [who, context] of Object.entries(contexts)) {
        const status = (await context.get(page.path)).status();
        const expected = who === 'anonymous' ? [302] : who === 'member' || !allowed.includes(who) ? [403] : [200, 404];
        if (!expected.includes(status)) wrong.push(`${who} ${page.path}: ${status} (expected ${expected.join('/')})`);
      }
    }
    expect(wrong).toEqual([]);
    for (const context of Object.values(contexts)) await context.dispose();
  });
});
