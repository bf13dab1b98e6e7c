import { and, asc, eq, isNull } from 'drizzle-orm';
import { foldText } from '~/features/warehouses/fold';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { categories } from '~/server/db/schema';

/** A board crop a typed name was taken for, named in the caller's language. */
export interface MatchedCrop {
  id: number;
  parentId: number | null;
  name: string;
}

const LOCALES: Locale[] = ['en', 'sw', 'fr'];

/** 0 the whole name, 1 its start, 2 the start of a later word; undefined otherwise (as the gazetteer ranks). */
function rankName(folded: string, text: string): number | undefined {
  if (folded === text) return 0;
  if (folded.startsWith(text)) return 1;
  if (folded.includes(` ${text}`) || folded.includes(`-${text}`)) return 2;
  return undefined;
}

/**
 * The board crop a typed name means (an SMS `PRICE MAIS`, a USSD search): compared with its English, Swahili and
 * French names without case or accents (foldText, as the gazetteer compares places), so `MAIS` is Maïs and
 * `MAHINDI` Maize. The whole name beats its start, which beats a later word's start ("bran" finds Maize bran); a
 * name in the caller's language beats the same rank in another, then the shorter name (Maize before Maize bran),
 * then the board's order. A name found only inside a word is not taken: "ice" is not Rice. Retired crops are left
 * out. Null when nothing matches or the text is shorter than two letters.
 */
export async function matchCrop(db: Executor, text: string, locale: Locale): Promise<MatchedCrop | null> {
  const q = foldText(text);
  if (q.length < 2) return null;
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      en: categories.nameEn,
      sw: categories.nameSw,
      fr: categories.nameFr,
      name: localizedColumn(categories, 'name', locale),
    })
    .from(categories)
    .where(and(eq(categories.kind, 'board'), isNull(categories.retiredAt)))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  let best: { row: (typeof rows)[number]; rank: number; length: number; order: number } | undefined;
  rows.forEach((row, order) => {
    for (const name of LOCALES) {
      const folded = foldText(row[name]);
      const found = rankName(folded, q);
      if (found === undefined) continue;
      const rank = found + (name === locale ? 0 : 0.5);
      if (
        !best ||
        rank < best.rank ||
        (rank === best.rank && (folded.length < best.length || (folded.length === best.length && order < best.order)))
      )
        best = { row, rank, length: folded.length, order };
    }
  });
  return best ? { id: best.row.id, parentId: best.row.parentId, name: best.row.name } : null;
}
