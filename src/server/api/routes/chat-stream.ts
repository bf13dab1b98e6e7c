import { Hono } from 'hono';
import { chatStreamQuery } from '~/features/chat/stream';
import { getDb } from '~/server/db';
import { openChatStream } from '~/server/realtime/chat-stream';
import { getChatHub } from '~/server/realtime/chat-hub';
import { callerCredentials } from '../auth';
import type { ApiEnv } from '../context';
import { endpoint } from '../endpoint';
import { parseInput } from '../validate';

/** The chat's live stream (docs/chat.md "Live stream"). */
export function chatStreamRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/chat/stream',
      summary: "The member's live chat events (Server-Sent Events), resumed after `Last-Event-ID`",
      tag: 'Chat',
      auth: true,
      query: chatStreamQuery,
    },
    async (c, { query, user }) => {
      const header = c.req.header('last-event-id');
      const lastEventId =
        header !== undefined
          ? parseInput(chatStreamQuery, { last_event_id: header }).last_event_id
          : query.last_event_id;
      const [db, hub] = await Promise.all([getDb(), getChatHub()]);
      const body = openChatStream({
        db,
        hub,
        user: { id: user.id, sessionId: user.sessionId },
        credentials: callerCredentials(c),
        lastEventId,
        signal: c.req.raw.signal,
      });
      return new Response(body, {
        headers: {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          // Proxies that buffer answers (nginx) pass this one through as it is written.
          'X-Accel-Buffering': 'no',
        },
      });
    },
  );

  return app;
}
