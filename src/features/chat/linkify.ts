/**
 * A message is plain text: only web addresses become links (docs/chat.md, issue 11 "links made clickable, nothing
 * else rendered as HTML"). Splits text into words and links; the renderer escapes the words as text.
 */
export type TextPart = { text: string } | { href: string; text: string };

/** http(s) addresses and bare `www.` ones; trailing punctuation belongs to the sentence, not the address. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'’]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    if (!address.includes('.', address.indexOf('//') + 2)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    parts.push({ href, text: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
