import { describe, expect, it } from 'vitest';
import { telUrl, whatsappChatUrl, whatsappShareUrl } from './share-links';

describe('share links', () => {
  it('shares any text through wa.me, every character encoded', () => {
    const url = whatsappShareUrl('Maïs blanc — 3 500 KES & plus : https://mavuno.example/fr/board/12?x=1#y');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toBe(
      'Maïs blanc — 3 500 KES & plus : https://mavuno.example/fr/board/12?x=1#y',
    );
    // Nothing of the text can end the parameter early or start a fragment.
    expect(url.slice('https://wa.me/?text='.length)).not.toMatch(/[ &#?=]/);
  });

  it('chats with and calls an E.164 number by its digits', () => {
    expect(whatsappChatUrl('+225 07 00 00 01 04')).toBe('https://wa.me/2250700000104');
    expect(whatsappChatUrl('+254712345678', 'Hello?')).toBe('https://wa.me/254712345678?text=Hello%3F');
    expect(telUrl('+254 712 345 678')).toBe('tel:+254712345678');
  });
});
