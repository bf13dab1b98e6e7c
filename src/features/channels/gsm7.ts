/**
 * The GSM 03.38 default alphabet (and its extension table, whose characters take two places): what a basic phone
 * shows of a USSD screen or an SMS without switching to UCS-2, which halves what a screen holds. French and
 * Swahili fit it once the few letters it lacks are written plain (ê → e, ç → c, œ → oe): `toGsm7`.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENDED = '^{}\\[~]|€\f';
const BASIC_SET = new Set(BASIC);
const EXTENDED_SET = new Set(EXTENDED);

/** Letters outside the alphabet, written as the alphabet allows. */
const PLAIN: Record<string, string> = {
  â: 'a',
  á: 'a',
  ã: 'a',
  À: 'A',
  Â: 'A',
  Á: 'A',
  ê: 'e',
  ë: 'e',
  È: 'E',
  Ê: 'E',
  Ë: 'E',
  î: 'i',
  ï: 'i',
  í: 'i',
  Î: 'I',
  Ï: 'I',
  ô: 'o',
  ó: 'o',
  õ: 'o',
  Ô: 'O',
  û: 'u',
  ú: 'u',
  Û: 'U',
  Ù: 'U',
  ç: 'c',
  œ: 'oe',
  Œ: 'OE',
  ÿ: 'y',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '-',
  '×': 'x',
  '→': '>',
  '°': 'o',
};

/** The text in the GSM-7 alphabet: letters it lacks written plain, anything else unknown dropped. */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (BASIC_SET.has(char) || EXTENDED_SET.has(char)) out += char;
    else if (PLAIN[char] !== undefined) out += PLAIN[char];
    else {
      // A letter with an accent the alphabet lacks keeps its letter (ō → o); a symbol goes.
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (bare !== char && [...bare].every((c) => BASIC_SET.has(c))) out += bare;
    }
  }
  return out;
}

/** Whether every character is in the GSM-7 alphabet. */
export function isGsm7(text: string): boolean {
  return [...text].every((char) => BASIC_SET.has(char) || EXTENDED_SET.has(char));
}

/** The places a GSM-7 text takes: an extension character (€, [, ]) takes two. */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) length += EXTENDED_SET.has(char) ? 2 : 1;
  return length;
}
