import { count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../test/test-database';
import { containsPattern, escapeLike, fetchPage, stableOrder } from './lists';

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
    .where(ilike(items.name, containsPattern(text)))
    .orderBy(items.id);

describe('containsPattern', () => {
  it('matches % _ and \\ literally, ignoring case', async () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    expect((await search('50%')).map((row) => row.name)).toEqual(['50% off summer']);
    expect((await search('SNAKE_')).map((row) => row.name)).toEqual(['snake_case shirts']);
    expect((await search('k\\s')).map((row) => row.name)).toEqual(['back\\slash']);
  });
});

describe('fetchPage with a stable order', () => {
  let countCalls = 0;
  const page = (pageNumber: number, where?: SQL) => {
    const total = database.db.select({ total: count() }).from(items).where(where);
    return fetchPage(
      { page: pageNumber, per_page: 2 },
      {
        rows: ({ limit, offset }) =>
          database.db
            .select({ id: items.id, rank: items.rank, total: sql<number>`(${total})`.mapWith(Number) })
            .from(items)
            .where(where)
            .orderBy(...stableOrder(items.rank, items.id, 'asc'))
            .limit(limit)
            .offset(offset),
        count: async () => {
          countCalls += 1;
          return (await total)[0]!.total;
        },
      },
    );
  };

  it('shows every row once across the pages, ties broken by id, with the totals from the rows', async () => {
    countCalls = 0;
    const pages = await Promise.all([1, 2, 3].map((pageNumber) => page(pageNumber)));
    expect(pages.flatMap((result) => result.data)).toEqual(
      [1, 2, 3, 4, 5].map((id) => expect.objectContaining({ id })),
    );
    expect(pages[2]!.data[0]).toEqual({ id: 5, rank: 2 });
    expect(pages[0]!.pagination).toEqual({ current_page: 1, per_page: 2, last_page: 3, total: 5 });
    expect(pages[2]!.pagination.total).toBe(5);
    expect(countCalls).toBe(0);
  });

  it('answers a page past the end with no rows and the real total, counted on its own', async () => {
    countCalls = 0;
    expect(await page(9)).toEqual({ data: [], pagination: { current_page: 9, per_page: 2, last_page: 3, total: 5 } });
    expect(countCalls).toBe(1);
  });

  it('answers an empty first page with a total of 0 without counting', async () => {
    countCalls = 0;
    expect(await page(1, eq(items.rank, 99))).toEqual({
      data: [],
      pagination: { current_page: 1, per_page: 2, last_page: 1, total: 0 },
    });
    expect(countCalls).toBe(0);
  });
});
