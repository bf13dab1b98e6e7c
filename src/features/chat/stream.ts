import { z } from 'zod';
import { optionalInt } from '~/features/validation/fields';

/**
 * `GET /chat/stream`: where to resume (docs/chat.md "Live stream"). The `Last-Event-ID` header a reconnecting
 * EventSource sends is read as `last_event_id` too; the header wins when both are given.
 */
export const chatStreamQuery = z.object({ last_event_id: optionalInt(0) });
