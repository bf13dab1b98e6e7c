/**
 * The links of a lot page's "Share on WhatsApp", "Call" and "WhatsApp" buttons (docs/lots.md "Share and call"):
 * plain links, so they work without JavaScript and open the phone's own apps. wa.me is WhatsApp's documented
 * click-to-chat address: `https://wa.me/?text=…` lets the sender pick the chat, `https://wa.me/<number>` opens a
 * chat with that number (digits only, with the country code, no "+").
 */

/** Share a text (the lot's title, price and address) in a WhatsApp chat of the sender's choice. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Open a WhatsApp chat with an E.164 number (+254712345678), the message typed in already when given. */
export function whatsappChatUrl(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** Call an E.164 number (`tel:` keeps the "+" and drops anything else). */
export function telUrl(phone: string): string {
  return `tel:+${phone.replace(/\D/g, '')}`;
}
