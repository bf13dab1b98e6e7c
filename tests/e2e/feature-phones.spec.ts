import { readFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';
import { toGsm7 } from '../../src/features/channels/gsm7';
import { staffToken } from './staff';
import { test } from './test';

/**
 * The feature-phone channel through the development phone (/dev/ussd; docs/feature-phones.md "Gateway set-up",
 * Development): the USSD menu and the SMS box as a developer uses them, with the e2e server's DEV_MAILBOX on. The menu's own
 * rules are tested against the gateway route (tests/api/); here the page's plain forms carry a whole session.
 */
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const SERVICE_CODE = '*384*628#';
const PIN = '2580';

/** A number nobody has: the country's mobile range and a random subscriber part. */
const newNumber = (prefix: string, digits: number) =>
  `${prefix}${String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0')}`;

/** The number of the item whose label matches on a screen ("3. Mahindi" → "3"), as a caller reads it. */
function optionFor(screen: string, label: string | RegExp): string {
  for (const line of screen.split('\n')) {
    const match = /^(\d+)\. (.*)$/.exec(line.trim());
    if (match && (typeof label === 'string' ? match[2].includes(label) : label.test(match[2]))) return match[1];
  }
  throw new Error(`no item ${label} on the screen:\n${screen}`);
}

/** The development phone of a page in one language: dial, answer, read the screen and the SMS box. */
function phoneOn(page: Page, words: Record<string, string>) {
  const screen = page.getByTestId('ussd-screen');
  const read = async () => (await screen.textContent()) ?? '';
  return {
    screen,
    read,
    async dial(phone: string) {
      await page.getByLabel(words['dev_ussd.phone_label'], { exact: true }).fill(phone);
      await page.getByRole('button', { name: words['dev_ussd.dial'].replace('{{code}}', SERVICE_CODE) }).click();
      await expect(page.getByTestId('dev-ussd-number')).toHaveText(phone);
      await expect(screen).toHaveAttribute('data-kind', 'CON');
      return read();
    },
    /** Types an answer and sends it; waits for the screen that shows `expected`, and answers its text. */
    async send(value: string, expected: string | RegExp) {
      await page.getByLabel(words['dev_ussd.answer_label'], { exact: true }).fill(value);
      await page.getByRole('button', { name: words['dev_ussd.send'], exact: true }).click();
      // The menu writes GSM-7 (a French "ç" or "ê" is sent as the plain letter): the message as the screen shows it.
      await expect(screen).toContainText(typeof expected === 'string' ? toGsm7(expected).trim() : expected);
      return read();
    },
    /** The SMS box of the number dialled. */
    smsBox(phone: string) {
      return page.getByRole('region', { name: words['dev_ussd.sms_title'].replace('{{phone}}', phone) });
    },
  };
}

test('[USSD] the /dev/ussd phone in Swahili sells a lot that a French buyer then sees on the site', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const phone = newNumber('+25471', 7);
  await page.goto('/sw/dev/ussd');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1, name: sw['dev_ussd.title'] })).toBeVisible();
  const ussd = phoneOn(page, sw);

  // A new caller: the language, then "register" on the guest menu.
  let screen = await ussd.dial(phone);
  screen = await ussd.send(optionFor(screen, 'Kiswahili'), sw['ussd.guest_title']);
  await ussd.send(optionFor(screen, sw['ussd.menu_register']), sw['ussd.register_name']);
  screen = await ussd.send('Amani Chebet', sw['ussd.register_region']);
  screen = await ussd.send(optionFor(screen, /./), sw['ussd.register_village']);
  screen = await ussd.send(optionFor(screen, /./), sw['ussd.pin_code_send']);
  await ussd.send(optionFor(screen, sw['ussd.pin_code_send']), sw['ussd.pin_code_enter']);

  // The code SMS, read from the phone's SMS box beside it.
  const codeSms = ussd.smsBox(phone).getByRole('listitem').first();
  const before = sw['accounts.pin_sms#other'].split('{{pin}}')[0];
  await expect(codeSms).toContainText(before);
  const code = new RegExp(`${before}(\\d{4,8})`).exec((await codeSms.textContent()) ?? '')?.[1];
  expect(code, 'the code in the SMS').toBeTruthy();
  await ussd.send(code!, sw['ussd.pin_choose#other'].split('{{count}}')[0]);
  await ussd.send(PIN, sw['ussd.pin_repeat']);
  screen = await ussd.send(PIN, sw['ussd.register_done'].replace('{{name}}', 'Amani'));

  // A basic member is offered to ask for silver; the back office makes them silver.
  screen = await ussd.send(optionFor(screen, sw['ussd.menu_sell']), sw['ussd.sell_needs_silver']);
  expect(screen).toContain(sw['ussd.sell_ask_silver']);
  const auth = await staffToken(request, 'demo-admin@mavuno.test');
  const found = await request.get(`/api-v2/admin/members?q=${encodeURIComponent(phone)}`, { headers: auth });
  expect(found.status(), await found.text()).toBe(200);
  const [member] = (await found.json()).items;
  expect(member.phone).toBe(phone);
  const silver = await request.post('/api-v2/admin/members/tier', {
    headers: auth,
    form: {
      id: String(member.id),
      tier: 'silver',
      reason: 'e2e: selling from a feature phone',
      step_up: 'mavuno-demo',
    },
  });
  expect(silver.status(), await silver.text()).toBe(200);

  // Back to the main menu, and sell: crop, quantity, unit, price as a keypad types it, confirmed with the PIN.
  screen = await ussd.send('00', sw['ussd.menu_sell']);
  screen = await ussd.send(optionFor(screen, sw['ussd.menu_sell']), sw['ussd.sell_crop']);
  screen = await ussd.send(optionFor(screen, 'Mahindi'), 'Mahindi');
  screen = await ussd.send('20', sw['ussd.sell_unit'].split('{{volume}}')[1].trim());
  screen = await ussd.send(optionFor(screen, 'Gunia la kilo 90'), 'KES');
  screen = await ussd.send('3 500', sw['ussd.confirm_with_pin']);
  expect(screen).toContain('3,500');
  await ussd.send(optionFor(screen, sw['ussd.confirm_with_pin']), sw['ussd.pin_enter#other'].split('{{count}}')[0]);
  await page.getByLabel(sw['dev_ussd.answer_label'], { exact: true }).fill(PIN);
  await page.getByRole('button', { name: sw['dev_ussd.send'], exact: true }).click();
  await expect(ussd.screen).toHaveAttribute('data-kind', 'END');
  screen = await ussd.read();
  const lotId = /#(\d+)/.exec(screen)?.[1];
  expect(screen).toContain(sw['ussd.sell_done'].split('{{id}}')[1].split('.')[0].trim());
  expect(lotId, screen).toBeTruthy();
  // The SMS with the lot's link, in the box.
  await expect(ussd.smsBox(phone).getByRole('link', { name: new RegExp(`/board/${lotId}$`) })).toBeVisible();

  // A French-speaking buyer finds it in the catalogue (maize, newest first) and opens its page, in French.
  const buyerContext = await browser.newContext({ locale: 'fr-FR' });
  const buyer = await buyerContext.newPage();
  const signedIn = await buyer.request.post('/api-v2/user/login', {
    form: { email: 'demo-buyer@mavuno.test', password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(signedIn.status()).toBe(200);
  await buyer.goto('/fr/board?BoardQuoteSearch%5Bboards_category_id%5D=3&sort=-created_at');
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'fr');
  const card = buyer.getByRole('link', { name: 'Mahindi' }).and(buyer.locator(`[href="/fr/board/${lotId}"]`));
  await expect(card.first()).toBeVisible();
  await card.first().click();
  await expect(buyer).toHaveURL(new RegExp(`/fr/board/${lotId}$`));
  await expect(buyer.getByRole('heading', { level: 1, name: 'Mahindi' })).toBeVisible();
  await expect(buyer.getByTestId('lot-price')).toContainText(/3\s500/);
  await expect(buyer.getByRole('main').getByText('Maïs').first()).toBeVisible();
  await expect(
    buyer
      .getByRole('main')
      .getByText(/Sac de 90 kg|sac de 90 kg/)
      .first(),
  ).toBeVisible();
});

test('[USSD] the phone works without JavaScript: a Senegalese caller picks French, reads the guest menu and the crop list, texts AIDE and hangs up', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    locale: 'fr-FR',
  });
  const page = await context.newPage();
  const opened = await page.goto('/fr/dev/ussd');
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('private, no-store');
  const ussd = phoneOn(page, fr);

  // A preset: a new Senegalese number, filled in the phone field by its link.
  await page.getByRole('link', { name: fr['dev_ussd.preset_new_sn'] }).click();
  const phone = await page.getByLabel(fr['dev_ussd.phone_label'], { exact: true }).inputValue();
  expect(phone).toMatch(/^\+22177\d{7}$/);
  let screen = await ussd.dial(phone);
  expect(screen).toContain('English');
  screen = await ussd.send(optionFor(screen, /Fran/), fr['ussd.guest_title']);
  screen = await ussd.send(optionFor(screen, fr['ussd.menu_prices']), fr['ussd.prices_crop']);
  await expect(page.getByText(fr['dev_ussd.waiting'])).toBeVisible();
  screen = await ussd.send('0', fr['ussd.guest_title']);

  // An SMS from the phone: the help reply lands in its SMS box; the screen stays where it was.
  await page.getByLabel(fr['dev_ussd.sms_text_label'], { exact: true }).fill('AIDE');
  await page.getByRole('button', { name: fr['dev_ussd.sms_send'], exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'help' })).toBeVisible();
  await expect(ussd.screen).toContainText(fr['ussd.guest_title']);
  const help = fr['sms.help'].split('{{code}}')[0].trim();
  // A reply longer than one SMS comes in numbered parts (all queued at once).
  await expect(
    ussd
      .smsBox(phone)
      .getByRole('listitem')
      .filter({ hasText: toGsm7(help).slice(0, 20) }),
  ).toBeVisible();

  await page.getByRole('button', { name: fr['dev_ussd.hang_up'] }).click();
  await expect(ussd.screen).toHaveText(fr['dev_ussd.hung_up']);
  await expect(page.getByRole('button', { name: fr['dev_ussd.dial'].replace('{{code}}', SERVICE_CODE) })).toBeVisible();
});
