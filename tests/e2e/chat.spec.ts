import { type Browser, type BrowserContextOptions, type Locator, type Page, expect } from '@playwright/test';
import { publishMaizeLot } from './lots';
import { test } from './test';
import { en, fr, sw, say } from './dictionaries';

const SELLER = 'demo-gold@mavuno.test';
const BUYER = 'demo-buyer@mavuno.test';

/** A browser context signed in through the API (as the islands do), holding the session cookie. */
async function memberPage(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const response = await page.request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  return page;
}

/** Waits until the island holding `inside` is hydrated. */
async function hydrated(inside: Locator) {
  const island = inside.page().locator('astro-island', { has: inside }).last();
  await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** The seller's fresh maize lot (a room of its own, whatever other specs left in the database). */
async function sellerLot(seller: Page, title: string): Promise<number> {
  return publishMaizeLot(seller.request, { title });
}

const messages = (page: Page) => page.getByTestId('chat-messages');

test.describe('[CHAT] two members talk about a lot', () => {
  test('a buyer in Swahili opens "Chat with the seller" and writes; the seller in French sees the badge, opens the room, reads live and answers; the buyer sees the answer and the "seen" mark without reloading', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const seller = await memberPage(browser, SELLER);
    const buyer = await memberPage(browser, BUYER);
    const title = `Mahindi ya gumzo ${Date.now().toString(36)}`;
    const lotId = await sellerLot(seller, title);

    // The seller waits on the chat page in French; the badge polls every minute (the clock is ours to move).
    await seller.clock.install();
    await seller.goto('/fr/chat');
    const before = Number(await (await seller.request.get('/api-v2/user/get-all-unread-messages-count')).json());
    const headerChat = seller.getByTestId('header-chat');
    await hydrated(headerChat);

    // The buyer, in Swahili, opens the room from the lot page and writes.
    await buyer.goto(`/sw/board/${lotId}`);
    await buyer.getByRole('button', { name: sw['lot_page.chat_seller'] }).click();
    await expect(buyer).toHaveURL(/\/sw\/chat\?room=[A-Za-z0-9_-]{32}$/);
    const roomUrl = new URL(buyer.url());
    await expect(buyer.getByTestId('chat-lot-card')).toContainText(title);
    await expect(buyer.getByTestId('chat-safety')).toHaveText(sw['chat.safety_line']);
    await expect(buyer.getByTestId('chat-empty-room')).toBeVisible();
    const buyerBox = buyer.getByRole('textbox', { name: /^Ujumbe wako kwa/ });
    await hydrated(buyerBox);
    await buyerBox.fill('Habari! Mahindi bado yapo? Naweza kuchukua magunia 20.');
    await buyer.getByRole('button', { name: sw['chat.send'] }).click();
    await expect(messages(buyer)).toContainText('Naweza kuchukua magunia 20.');
    await expect(buyer.getByTestId('chat-pending')).toHaveCount(0);
    await expect(buyerBox).toHaveValue('');

    // A minute later the seller's badge has polled the new count (named in French).
    await seller.clock.fastForward('01:05');
    await expect(headerChat.getByTestId('chat-badge')).toHaveText(String(before + 1));
    await expect(headerChat).toHaveAccessibleName(
      `${fr['nav.chat']} (${say(fr, 'chat.badge', { count: before + 1 })})`,
    );

    // The seller opens the room from the list (reloaded: the list is server-rendered) and reads the message.
    await seller.reload();
    const roomLink = seller.locator(`a[data-room="${roomUrl.searchParams.get('room')}"]`);
    await expect(roomLink.getByTestId('chat-room-unread')).toBeVisible();
    await roomLink.click();
    await expect(seller).toHaveURL(/\/fr\/chat\?room=/);
    await expect(messages(seller)).toContainText('Naweza kuchukua magunia 20.');
    await expect(seller.getByTestId('chat-other-name')).toBeVisible();
    // Opening the room read it: the buyer's own message shows "seen", live.
    await expect(buyer.getByTestId('chat-seen')).toHaveText(sw['chat.seen']);

    // The buyer writes again: the seller's open room shows it live.
    const sellerBox = seller.getByRole('textbox', { name: /^Votre message à/ });
    await hydrated(sellerBox);
    await buyerBox.fill('Bei ya mwisho ni ngapi?');
    await buyer.getByRole('button', { name: sw['chat.send'] }).click();
    await expect(messages(seller)).toContainText('Bei ya mwisho ni ngapi?');

    // The seller answers; the buyer sees it without reloading, on the other member's side.
    await sellerBox.fill('Oui, 3 500 KES le sac. Payez par Mavuno.');
    await sellerBox.press('Control+Enter');
    await expect(messages(seller).locator('[data-mine="true"]').last()).toContainText('3 500 KES le sac');
    const answer = messages(buyer).locator('[data-mine="false"]').last();
    await expect(answer).toContainText('Oui, 3 500 KES le sac. Payez par Mavuno.');
    await expect(messages(buyer).getByRole('heading', { name: sw['chat.today'] })).toBeVisible();

    await seller.context().close();
    await buyer.context().close();
  });

  test('a message that asks to pay outside Mavuno carries a warning for its reader, not for its sender', async ({
    browser,
  }) => {
    const seller = await memberPage(browser, SELLER);
    const buyer = await memberPage(browser, BUYER);
    const lotId = await sellerLot(seller, `Maharagwe ${Date.now().toString(36)}`);
    const baseURL = test.info().project.use.baseURL!;
    const opened = await buyer.request.post('/api-v2/chat/add-or-create', {
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
      form: { order_id: lotId, order_type: 'board_list' },
    });
    const { room_unique_key: room } = await opened.json();
    const posted = await seller.request.post('/api-v2/chat/post-message', {
      headers: { 'X-Session-Mode': 'cookie', Origin: baseURL },
      form: { 'ChatRoomMessage[room_unique_key]': room, 'ChatRoomMessage[text]': 'Send the money by M-Pesa first' },
    });
    expect(posted.status()).toBe(201);

    await buyer.goto(`/chat?room=${room}`);
    await expect(buyer.getByTestId('chat-warning')).toHaveText(en['chat.warning_outside_payment']);
    await seller.goto(`/chat?room=${room}`);
    await expect(messages(seller)).toContainText('Send the money by M-Pesa first');
    await expect(seller.getByTestId('chat-warning')).toHaveCount(0);
    await seller.context().close();
    await buyer.context().close();
  });
});

test.describe('[CHAT] on a bad network', () => {
  test('a message written offline waits on the phone and is sent once when the connection comes back', async ({
    browser,
  }) => {
    const seller = await memberPage(browser, SELLER);
    const buyer = await memberPage(browser, BUYER);
    const lotId = await sellerLot(seller, `Ulezi ${Date.now().toString(36)}`);
    const opened = await buyer.request.post('/api-v2/chat/add-or-create', {
      headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
      form: { order_id: lotId, order_type: 'board_list' },
    });
    const { room_unique_key: room } = await opened.json();
    await buyer.goto(`/chat?room=${room}`);
    const box = buyer.getByRole('textbox', { name: /^Your message to/ });
    await hydrated(box);

    await buyer.context().setOffline(true);
    await box.fill('Written in the field, no network');
    await buyer.getByRole('button', { name: en['chat.send'] }).click();
    await expect(buyer.getByTestId('chat-pending')).toContainText(en['chat.waiting_connection']);
    const kept = await buyer.evaluate(() => localStorage.getItem('mavuno.chat-outbox') ?? '');
    expect(kept).toContain('Written in the field, no network');

    await buyer.context().setOffline(false);
    await expect(buyer.getByTestId('chat-pending')).toHaveCount(0, { timeout: 15_000 });
    await expect(messages(buyer).locator('[data-mine="true"]')).toContainText('Written in the field, no network');
    const stored = await (await seller.request.get(`/api-v2/chat/room-messages?room_unique_key=${room}`)).json();
    expect(stored.items.map((m: { text: string }) => m.text)).toEqual(['Written in the field, no network']);
    expect(await buyer.evaluate(() => localStorage.getItem('mavuno.chat-outbox'))).toBeNull();
    await seller.context().close();
    await buyer.context().close();
  });
});

test.describe('[CHAT] without JavaScript', () => {
  test('a buyer opens the room from the lot page and writes, and the seller answers, through plain forms', async ({
    browser,
  }) => {
    const seller = await memberPage(browser, SELLER, { javaScriptEnabled: false });
    const buyer = await memberPage(browser, BUYER, { javaScriptEnabled: false });
    const lotId = await sellerLot(seller, `Mtama ${Date.now().toString(36)}`);

    await buyer.goto(`/board/${lotId}`);
    await buyer.getByRole('button', { name: en['lot_page.chat_seller'] }).click();
    await expect(buyer).toHaveURL(/\/chat\?room=[A-Za-z0-9_-]{32}$/);
    const room = new URL(buyer.url()).searchParams.get('room')!;
    await buyer.getByRole('textbox', { name: /^Your message to/ }).fill('Is the sorghum still there?');
    await buyer.getByRole('button', { name: en['chat.send'] }).click();
    await expect(buyer).toHaveURL(new RegExp(`/chat\\?room=${room}#message-\\d+$`));
    await expect(messages(buyer)).toContainText('Is the sorghum still there?');

    // The seller, on a phone-class browser without scripts, answers in French.
    await seller.goto(`/fr/chat?room=${room}`);
    await expect(messages(seller)).toContainText('Is the sorghum still there?');
    await seller.getByRole('textbox', { name: /^Votre message à/ }).fill('Oui, 40 sacs.');
    const answered = seller.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/fr/chat'));
    await seller.getByRole('button', { name: fr['chat.send'] }).click();
    expect((await answered).status()).toBe(303);
    await expect(messages(seller).locator('[data-mine="true"]').last()).toContainText('Oui, 40 sacs.');

    // Only spaces: the browser's own check lets it through, the server refuses it with the reason, and the room
    // is still there.
    await seller.getByRole('textbox', { name: /^Votre message à/ }).fill('   ');
    await seller.getByRole('button', { name: fr['chat.send'] }).click();
    await expect(seller.getByTestId('chat-problem')).toContainText(fr['chat.text_required']);
    await expect(messages(seller)).toContainText('Oui, 40 sacs.');

    await buyer.reload();
    await expect(messages(buyer).locator('[data-mine="false"]').last()).toContainText('Oui, 40 sacs.');
    await seller.context().close();
    await buyer.context().close();
  });

  test('someone else\'s room answers "not found" and shows nothing of it', async ({ browser }) => {
    const seller = await memberPage(browser, SELLER);
    const buyer = await memberPage(browser, BUYER);
    const lotId = await sellerLot(seller, `Siri ${Date.now().toString(36)}`);
    const opened = await buyer.request.post('/api-v2/chat/add-or-create', {
      headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
      form: { order_id: lotId, order_type: 'board_list' },
    });
    const { room_unique_key: room } = await opened.json();
    const stranger = await memberPage(browser, 'demo-silver@mavuno.test', { javaScriptEnabled: false });
    const response = await stranger.goto(`/chat?room=${room}`);
    expect(response!.status()).toBe(404);
    await expect(stranger.getByRole('heading', { name: en['chat.room_not_found'] })).toBeVisible();
    await expect(stranger.getByTestId('chat-form')).toHaveCount(0);
    await expect(stranger.getByText(/Siri /)).toHaveCount(0);
    await seller.context().close();
    await buyer.context().close();
    await stranger.context().close();
  });
});
