import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ChatMessageView } from '~/features/chat/items';
import {
  CHAT_ROOMS_PER_PAGE,
  chatLotSchema,
  deleteMessageSchema,
  postMessageSchema,
  reportChatSchema,
} from '~/features/chat/schemas';
import { ORDER_TYPES, type OrderType } from '~/features/deals/constants';
import { parseId, requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { isAppError } from '~/server/errors';
import { formTokenFor } from '~/server/http/form-token';
import type { SessionUser } from '~/server/services/accounts/users';
import { blockMember } from '~/server/services/chat/block-member';
import { deleteMessage } from '~/server/services/chat/delete-message';
import { listLotRoomItems } from '~/server/services/chat/list-lot-rooms';
import { listRoomMessages } from '~/server/services/chat/list-messages';
import { listRoomItems } from '~/server/services/chat/list-rooms';
import { markRead } from '~/server/services/chat/mark-read';
import { openDealRoom } from '~/server/services/chat/open-deal-room';
import { openRoom } from '~/server/services/chat/open-room';
import { postMessage } from '~/server/services/chat/post-message';
import { reportChat } from '~/server/services/chat/report-chat';
import type { ChatRoomItem } from '~/server/services/chat/room-items';
import { unblockMember } from '~/server/services/chat/unblock-member';
import { type FormPageRequest, PRIVATE_PAGE, type PageOutcome, guardFormPost, readForm } from './form-post';
import { type Badge, listVerificationBadges } from '~/server/services/verification/list-verification-badges';

/**
 * Everything /chat shows and every form it takes (docs/chat.md "Screens"), through one loader: the member's rooms
 * (or one lot's rooms, for its owner), the open room (`?room=<key>`) with its newest messages, and the plain-form
 * posts that work without JavaScript — open a room about a lot or a deal (the lot and deal pages' "Chat"), send a
 * message, delete one's own, block or unblock, report. Each post goes through the API's schemas and services
 * (the same limits, blocks and checks) and redirects back (303); a refused one shows the page again with the
 * reason and what was typed, with the status the API answers.
 */

const PAGE_SIZE = CHAT_ROOMS_PER_PAGE;

/** A lot's rooms, asked for from My lots (`?order_id=&order_type=`). */
export interface ChatLotFilter {
  order_id: number;
  order_type: OrderType;
}

export interface ChatPageQuery {
  room: string | undefined;
  page: number;
  lot: ChatLotFilter | undefined;
}

export function readChatQuery(url: URL): ChatPageQuery {
  const room = url.searchParams.get('room')?.trim() || undefined;
  const page = parseId(url.searchParams.get('page') ?? '') ?? 1;
  const orderId = parseId(url.searchParams.get('order_id') ?? '');
  const orderType = url.searchParams.get('order_type');
  const lot =
    orderId !== undefined && (ORDER_TYPES as readonly string[]).includes(orderType ?? '')
      ? { order_id: orderId, order_type: orderType as OrderType }
      : undefined;
  return { room, page, lot };
}

/** The /chat address of a room (localized), or of the list. */
export function chatHref(locale: FormPageRequest['locale'], query: Partial<ChatPageQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.room) params.set('room', query.room);
  if (query.lot) {
    params.set('order_id', String(query.lot.order_id));
    params.set('order_type', query.lot.order_type);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `${localizePath('/chat', locale)}${search ? `?${search}` : ''}`;
}

export interface OpenRoomView {
  item: ChatRoomItem;
  messages: ChatMessageView[];
  hasMore: boolean;
  /** The other member's active verifications (one query). */
  badges: Badge[];
}

export interface ChatPageView {
  query: ChatPageQuery;
  /** The list beside (or, on a phone, instead of) the room. */
  rooms: Page<ChatRoomItem> | { items: ChatRoomItem[]; _meta?: undefined };
  /** The open room; undefined without `?room=`, or when the key names no room of the member (then notFound). */
  room: OpenRoomView | undefined;
  roomNotFound: boolean;
  /** The action of every form of the page (it posts to itself) and its double-submit token. */
  action: string;
  token: string;
  /** A fresh client id for the plain form's message: sending the same form twice stores it once. */
  clientId: string;
  /** What a refused post typed, and why it was refused (the alert). */
  text: string;
  problem: string | undefined;
  /** Which form the problem belongs to: the message box, or the report form. */
  problemAt: 'send' | 'report' | 'page' | undefined;
  /** After a report: the thanks line. */
  reported: boolean;
}

const ACTIONS = ['open', 'open-deal', 'send', 'delete', 'block', 'unblock', 'report'] as const;
const actionSchema = z.enum(ACTIONS, { message: 'validation.invalid_option' });
const offerIdSchema = z.object({ offer_id: requiredInt() });

/**
 * GET shows the page (marking the open room read, before the header counts what is unread); POST runs one form
 * action and redirects, or shows the page again with the problem.
 */
export async function loadChatPage(
  request: FormPageRequest & { user: SessionUser },
): Promise<PageOutcome<ChatPageView>> {
  const query = readChatQuery(request.url);
  const action = chatHref(request.locale, query);
  if (request.request.method !== 'POST') return show(request, query, { status: 200 });

  let fields: Record<string, string> = {};
  let kind: (typeof ACTIONS)[number] | undefined;
  try {
    fields = await readForm(request.request);
    // Known first, so a refused post (an expired form) shows the problem in the right form with the text kept.
    kind = (ACTIONS as readonly string[]).includes(fields.action) ? (fields.action as typeof kind) : undefined;
    guardFormPost(request, fields);
    kind = parseInput(actionSchema, fields.action);
    const redirect = await runAction(request, query, kind, fields);
    return { redirect, status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const t = createTranslator(request.locale);
    const fieldMessages = Object.values(error.fields ?? {}).map((messages) => t(messages[0].key, messages[0].vars));
    const problem = [t(error.messageKey, error.vars), ...fieldMessages].join(' ');
    const problemAt = kind === 'send' ? 'send' : kind === 'report' ? 'report' : 'page';
    return show(request, query, {
      status: error.status,
      headers: error.headers,
      problem,
      problemAt,
      text: kind === 'send' ? (fields.text ?? '') : '',
      action,
    });
  }
}

async function runAction(
  request: FormPageRequest & { user: SessionUser },
  query: ChatPageQuery,
  kind: (typeof ACTIONS)[number],
  fields: Record<string, string>,
): Promise<string> {
  const db = await getDb();
  const userId = request.user.id;
  const back = chatHref(request.locale, query);
  if (kind === 'open') {
    const lot = parseInput(chatLotSchema, fields);
    const { room } = await openRoom(db, userId, { orderId: lot.order_id, orderType: lot.order_type });
    return chatHref(request.locale, { room: room.uniqueKey });
  }
  if (kind === 'open-deal') {
    const { offer_id } = parseInput(offerIdSchema, fields);
    const room = await openDealRoom(db, userId, offer_id);
    return chatHref(request.locale, { room: room.uniqueKey });
  }
  // Every other action is about the open room.
  const roomKey = query.room ?? '';
  if (kind === 'send') {
    const input = parseInput(postMessageSchema, {
      room_unique_key: roomKey,
      text: fields.text,
      client_id: fields.client_id,
    });
    const { message } = await postMessage(db, userId, input);
    return `${back}#message-${message.id}`;
  }
  if (kind === 'delete') {
    const { message_id } = parseInput(deleteMessageSchema, fields);
    // The message must be in this room: deleteMessage checks it is the member's own.
    await deleteMessage(db, userId, message_id);
    return `${back}#message-${message_id}`;
  }
  if (kind === 'block') {
    await blockMember(db, userId, roomKey);
    return back;
  }
  if (kind === 'unblock') {
    await unblockMember(db, userId, roomKey);
    return back;
  }
  const report = parseInput(reportChatSchema, { ...fields, room_unique_key: roomKey });
  await reportChat(db, userId, { roomKey, messageId: report.message_id, reason: report.reason });
  const reported = new URL(back, 'http://x');
  reported.searchParams.set('reported', '1');
  return `${reported.pathname}${reported.search}`;
}

async function show(
  request: FormPageRequest & { user: SessionUser },
  query: ChatPageQuery,
  outcome: {
    status: number;
    headers?: Record<string, string>;
    problem?: string;
    problemAt?: ChatPageView['problemAt'];
    text?: string;
    action?: string;
  },
): Promise<PageOutcome<ChatPageView>> {
  const db = await getDb();
  const userId = request.user.id;
  let roomNotFound = false;
  let room: OpenRoomView | undefined;
  if (query.room) {
    try {
      // Read first: the list's unread counts and the header's badge then leave out what this page shows.
      await markRead(db, userId, query.room);
      const page = await listRoomMessages(db, userId, query.room, {});
      const badges = await listVerificationBadges(db, { userIds: [page.room.other.id] });
      room = {
        item: page.room,
        messages: page.items,
        hasMore: page.has_more,
        badges: badges.users.get(page.room.other.id) ?? [],
      };
    } catch (error) {
      if (!isAppError(error) || error.status !== 404) throw error;
      roomNotFound = true;
    }
  }
  let rooms: ChatPageView['rooms'];
  try {
    rooms = query.lot
      ? { items: await listLotRoomItems(db, userId, { orderId: query.lot.order_id, orderType: query.lot.order_type }) }
      : await listRoomItems(db, userId, { page: query.page, perPage: PAGE_SIZE });
  } catch (error) {
    // Someone else's lot (or none): the member's own list, as the API's 404 would leave them.
    if (!isAppError(error) || error.status !== 404) throw error;
    query = { ...query, lot: undefined };
    rooms = await listRoomItems(db, userId, { page: query.page, perPage: PAGE_SIZE });
  }
  const status = roomNotFound && outcome.status < 400 ? 404 : outcome.status;
  return {
    status,
    headers: { ...PRIVATE_PAGE, ...(outcome.headers ?? {}) },
    view: {
      query,
      rooms,
      room,
      roomNotFound,
      action: outcome.action ?? chatHref(request.locale, query),
      token: formTokenFor(request.cookies),
      clientId: randomUUID(),
      text: outcome.text ?? '',
      problem: outcome.problem,
      problemAt: outcome.problemAt,
      reported: request.url.searchParams.get('reported') === '1',
    },
  };
}
