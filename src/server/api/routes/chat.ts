import { Hono } from 'hono';
import {
  CHAT_ROOMS_PER_PAGE,
  chatLotSchema,
  chatRoomsQuery,
  deleteMessageSchema,
  markReadSchema,
  postMessageSchema,
  reportChatSchema,
  roomKeySchema,
  roomMessagesQuery,
} from '~/features/chat/schemas';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { blockMember } from '~/server/services/chat/block-member';
import { countRooms } from '~/server/services/chat/count-rooms';
import { deleteMessage } from '~/server/services/chat/delete-message';
import { listLotRoomItems } from '~/server/services/chat/list-lot-rooms';
import { listRoomMessages } from '~/server/services/chat/list-messages';
import { listRoomItems } from '~/server/services/chat/list-rooms';
import { markRead } from '~/server/services/chat/mark-read';
import { openRoom } from '~/server/services/chat/open-room';
import { postMessage } from '~/server/services/chat/post-message';
import { reportChat } from '~/server/services/chat/report-chat';
import { unblockMember } from '~/server/services/chat/unblock-member';

const tag = 'Chat';

/**
 * The chat's API (docs/chat.md "API"). Every call needs a signed-in member; a room the caller is not in is the
 * same 404 as one that does not exist. The live stream (`GET /chat/stream`) is registered with the stream hub.
 */
export function chatRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/add-or-create',
      tag,
      summary:
        "Your room about someone else's lot (order_id + order_type), made when missing: {room_unique_key}. Your own lot is 422, a lot you may not see 404, a blocked pair 409",
      auth: true,
      body: chatLotSchema,
    },
    async (_c, { body, user }) => {
      const { room } = await openRoom(await getDb(), user.id, { orderId: body.order_id, orderType: body.order_type });
      return { room_unique_key: room.uniqueKey };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/chat/rooms',
      tag,
      summary:
        'Your rooms, newest activity first (20 a page): the lot, the other member, the last message, unread count, blocks and the deal',
      auth: true,
      query: chatRoomsQuery,
    },
    async (_c, { query, user }) =>
      listRoomItems(await getDb(), user.id, {
        page: query.page,
        perPage: query['per-page'] ?? CHAT_ROOMS_PER_PAGE,
      }),
  );

  endpoint(
    app,
    { method: 'get', path: '/chat/rooms-count', tag, summary: 'How many rooms your list holds: {count}', auth: true },
    async (_c, { user }) => ({ count: await countRooms(await getDb(), user.id) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/user-order-rooms',
      tag,
      summary:
        "The rooms of one of your lots (order_id + order_type), one per member who wrote: {items}; someone else's lot is 404",
      auth: true,
      body: chatLotSchema,
    },
    async (_c, { body, user }) => ({
      items: await listLotRoomItems(await getDb(), user.id, { orderId: body.order_id, orderType: body.order_type }),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/chat/room-messages',
      tag,
      summary:
        'Messages of one of your rooms, oldest first: the newest page, or older than `before`, or newer than `after`; limit ≤ 100 (30). {room, items, has_more}',
      auth: true,
      query: roomMessagesQuery,
    },
    async (_c, { query, user }) =>
      listRoomMessages(await getDb(), user.id, query.room_unique_key, {
        before: query.before,
        after: query.after,
        limit: query.limit,
      }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/post-message',
      tag,
      summary:
        'Write in one of your rooms (ChatRoomMessage[chat_room_id] or [room_unique_key], [text] 1–4,000 characters, [client_id]); multipart: `photo`, an image ≤ 10 MB. 201 with the message; 200 with the first one when the client_id was already used. 30 a minute, 600 an hour',
      auth: true,
      body: postMessageSchema,
      bodyWrapper: 'ChatRoomMessage',
    },
    async (c, { body, raw, user }) => {
      const wrapped = raw.ChatRoomMessage as Record<string, unknown> | undefined;
      const photo = raw.photo ?? (wrapped && typeof wrapped === 'object' ? wrapped.photo : undefined);
      const { message, created } = await postMessage(await getDb(), user.id, body, photo);
      c.header('Cache-Control', 'no-store');
      return c.json(message, created ? 201 : 200);
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/mark-read',
      tag,
      summary:
        'You have read a room up to message_id (or its newest message); never moves back. {unread_count, total_unread}',
      auth: true,
      body: markReadSchema,
    },
    async (_c, { body, user }) => markRead(await getDb(), user.id, body.room_unique_key, body.message_id),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/delete-message',
      tag,
      summary: "Delete one of your messages (text and photo are gone; it shows as deleted). Someone else's is 404",
      auth: true,
      body: deleteMessageSchema,
    },
    async (_c, { body, user }) => deleteMessage(await getDb(), user.id, body.message_id),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/block',
      tag,
      summary: 'Block the other member of a room: no new messages either way in any room you share. The room item',
      auth: true,
      body: roomKeySchema,
    },
    async (_c, { body, user }) => blockMember(await getDb(), user.id, body.room_unique_key),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/unblock',
      tag,
      summary: 'Lift your block of the other member of a room. The room item',
      auth: true,
      body: roomKeySchema,
    },
    async (_c, { body, user }) => unblockMember(await getDb(), user.id, body.room_unique_key),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/chat/report',
      tag,
      summary:
        "Report the other member's message (message_id) or the whole room, with a reason (1–1,000 characters): 201 {id}",
      auth: true,
      body: reportChatSchema,
    },
    async (c, { body, user }) => {
      const report = await reportChat(await getDb(), user.id, {
        roomKey: body.room_unique_key,
        messageId: body.message_id,
        reason: body.reason,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(report, 201);
    },
  );

  return app;
}
