import { SMS_MAX, SMS_MAX_PARTS, SMS_PART_MAX } from '~/features/channels/constants';
import { gsm7Length, toGsm7 } from '~/features/channels/gsm7';

/** Cut `text` (GSM-7) after at most `room` places, at the last space if there is one in the second half. */
function cut(text: string, room: number): [string, string] {
  let length = 0;
  let end = 0;
  for (const char of text) {
    const size = gsm7Length(char);
    if (length + size > room) break;
    length += size;
    end += char.length;
  }
  if (end >= text.length) return [text, ''];
  const space = text.lastIndexOf(' ', end);
  const at = space > end / 2 ? space : end;
  return [text.slice(0, at).trimEnd(), text.slice(at).trimStart()];
}

/** A reply's text as it is sent: in the GSM-7 alphabet (toGsm7), on one line with single spaces. */
export const toSmsText = (text: string) => toGsm7(text).replace(/\s+/g, ' ').trim();

/**
 * A reply as the SMS it is sent in (docs/feature-phones.md "SMS commands"): written in the GSM-7 alphabet (toGsm7,
 * so a basic phone shows it and one SMS holds 160 characters, not UCS-2's 70); one SMS when it fits SMS_MAX, else
 * numbered parts "(1/2) …" of at most SMS_PART_MAX places each, prefix included, cut between words — numbered
 * because networks do not always deliver the parts of a long message in order. At most SMS_MAX_PARTS: what does
 * not fit ends in "...".
 */
export function splitSms(text: string): string[] {
  const plain = toSmsText(text);
  if (gsm7Length(plain) <= SMS_MAX) return [plain];
  // Every prefix "(i/n) " takes 6 places (fewer than ten parts): cut first, number once the count is known.
  const room = SMS_PART_MAX - '(1/1) '.length;
  const pieces: string[] = [];
  let rest = plain;
  while (rest && pieces.length < SMS_MAX_PARTS) {
    const last = pieces.length === SMS_MAX_PARTS - 1;
    let [piece, after] = cut(rest, room);
    if (last && after) {
      [piece] = cut(rest, room - 3);
      piece += '...';
      after = '';
    }
    pieces.push(piece);
    rest = after;
  }
  return pieces.map((piece, i) => `(${i + 1}/${pieces.length}) ${piece}`);
}
