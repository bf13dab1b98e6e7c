import { LOT_KIND_LABEL } from '~/features/lots/labels';
import type { Locale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { type CategoryNode, listCategoriesFlat } from '~/server/services/reference/list-categories';
import { STOCK_KINDS } from './is-valid-product-type';

export interface StockCategoryGroup {
  category_kind: (typeof STOCK_KINDS)[number];
  /** The kind's name in `locale`, as the site menu names it. */
  name: string;
  /** The kind's categories depth-first, each with its level. */
  items: CategoryNode[];
}

/** The product-types dropdown: the categories a warehouse may stock, grouped by lot kind, names in `locale`. */
export async function listStockCategories(db: Executor, locale: Locale): Promise<StockCategoryGroup[]> {
  const t = createTranslator(locale);
  return Promise.all(
    STOCK_KINDS.map(async (kind) => ({
      category_kind: kind,
      name: t(LOT_KIND_LABEL[kind]),
      items: await listCategoriesFlat(db, kind, locale),
    })),
  );
}
