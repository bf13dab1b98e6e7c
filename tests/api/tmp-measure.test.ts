import { test } from 'vitest';
import { useTestDatabase } from '../fixtures/database';
import { seedDemoData } from '~/server/db/seed';
import { listCategoryIndices } from '~/server/services/statistics/list-category-indices';
const { handle } = useTestDatabase();
test('measure', async () => {
  const db = handle().db;
  await seedDemoData(db);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const cards = await listCategoryIndices(db, { locale: 'en' });
    console.log('cards', cards.length, (performance.now() - t).toFixed(0), 'ms');
  }
  const cards = await listCategoryIndices(db, { locale: 'en', currencyId: 1 });
  console.log(JSON.stringify(cards.slice(0, 2)).slice(0, 1200));
}, 120000);
