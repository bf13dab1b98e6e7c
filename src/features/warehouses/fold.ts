/**
 * Accent- and case-folding of place names, the same in JavaScript and in SQL (`translate(lower(x), FROM, TO)`),
 * so a search works alike on PGlite and PostgreSQL without the unaccent extension. Letters outside this list are
 * compared as they are (lower-cased).
 */
const LOWER = 'àáâãäåāăąçćčďèéêëēėęěğìíîïīįķľĺñńňņòóôõöōőŕřśšşșťţțùúûüūůűųýÿžźżıłøœæ’ʼ';
/** The accented letters, small and capital: PostgreSQL's lower() leaves non-ASCII capitals alone under the C locale. */
export const FOLD_FROM =
  LOWER +
  [...LOWER]
    .map((ch) =>
      ch.toUpperCase().length === 1 && ch.toUpperCase() !== ch && !/[A-Z]/.test(ch.toUpperCase())
        ? ch.toUpperCase()
        : '',
    )
    .join('');

const SPECIAL: Record<string, string> = { ı: 'i', ł: 'l', ø: 'o', œ: 'o', æ: 'a', '’': "'", ʼ: "'" };

/** One plain letter per letter of FOLD_FROM. */
export const FOLD_TO = [...FOLD_FROM]
  .map(
    (ch) =>
      SPECIAL[ch.toLowerCase()] ??
      ch
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
  )
  .join('');

const foldMap = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]]));

/** 'Ségou  Côte' → 'segou cote': lower case, accents off, whitespace collapsed and trimmed. */
export function foldText(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += foldMap.get(ch) ?? ch;
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
