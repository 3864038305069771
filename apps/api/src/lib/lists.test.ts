import { count, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../test/test-database';
import { containsText, escapeLike, fetchPage, stableOrder } from './lists';

// A table of this test's own, so the helpers are checked on the real database kinds.
const items = pgTable('list_helper_items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table list_helper_items (id serial primary key, name text not null, rank integer not null)`,
  );
  await database.db.insert(items).values([
    { name: '50% off summer', rank: 1 },
    { name: '50 pairs of shoes', rank: 1 },
    { name: 'snake_case shirts', rank: 1 },
    { name: 'snakeXcase mugs', rank: 2 },
    { name: 'back\\slash', rank: 2 },
  ]);
});
afterAll(() => database.close());

const search = (text: string) =>
  database.db
    .select({ name: items.name })
    .from(items)
    .where(containsText(text, [items.name]))
    .orderBy(items.id);

describe('containsText', () => {
  it('matches % _ and \\ literally, ignoring case', async () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    expect((await search('50%')).map((row) => row.name)).toEqual(['50% off summer']);
    expect((await search('SNAKE_')).map((row) => row.name)).toEqual(['snake_case shirts']);
    expect((await search('k\\s')).map((row) => row.name)).toEqual(['back\\slash']);
  });

  it('filters nothing for an empty search', async () => {
    expect(await search('')).toHaveLength(5);
  });
});

describe('fetchPage with a stable order', () => {
  const page = (pageNumber: number) =>
    fetchPage(
      { page: pageNumber, per_page: 2 },
      {
        rows: ({ limit, offset }) =>
          database.db
            .select({ id: items.id, rank: items.rank })
            .from(items)
            .orderBy(...stableOrder(items.rank, items.id, 'asc'))
            .limit(limit)
            .offset(offset),
        count: async () => (await database.db.select({ total: count() }).from(items))[0]!.total,
      },
    );

  it('shows every row once across the pages, ties broken by id, with the totals', async () => {
    const pages = await Promise.all([1, 2, 3].map(page));
    expect(pages.flatMap((result) => result.data.map((row) => row.id))).toEqual([1, 2, 3, 4, 5]);
    expect(pages[0]!.pagination).toEqual({ current_page: 1, per_page: 2, last_page: 3, total: 5 });
  });

  it('answers a page past the end with no rows and the real total', async () => {
    expect(await page(9)).toEqual({ data: [], pagination: { current_page: 9, per_page: 2, last_page: 3, total: 5 } });
  });
});
