/**
 * The chat's items as clients read them (docs/chat.md "Room item", "Message item"): what the API answers, what the
 * stream sends and what the /chat page hands its island. Types only, so islands can name them without server code.
 */
import type { ChatWarning } from './safety';

export interface ChatPhoto {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export interface ChatMessageView {
  id: number;
  chat_room_id: number;
  room_unique_key: string;
  kind: 'text' | 'system';
  created_by: number | null;
  mine: boolean;
  /** Seconds since the epoch. */
  created_at: number;
  text: string | null;
  photo: ChatPhoto | null;
  deleted: boolean;
  /** Removed by a moderator (docs/backoffice.md "Moderation"), with the reason both members read. */
  hidden?: boolean;
  hidden_reason?: string | null;
  client_id: string | null;
  system: { offer_id: number; event: string; url: string } | null;
  warnings: ChatWarning[];
}

/** A stream's `message` event: the message item with its room's and the member's unread counts. */
export interface ChatStreamMessage extends ChatMessageView {
  unread_count?: number;
  total_unread?: number;
}

/** How often the header asks for the unread count while no stream tells it. */
export const CHAT_UNREAD_POLL_MS = 60_000;
