import { describe, expect, it } from 'vitest';
import { LIST_LIMITS, LIST_MESSAGES, listQuerySchema, paginationOf } from './list.schemas';

const errors = (input: unknown) =>
  listQuerySchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('listQuerySchema', () => {
  it('defaults to the first page of 10 with no search', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, per_page: LIST_LIMITS.defaultPerPage, search: '' });
  });

  it('reads query-string numbers and trims the search', () => {
    expect(listQuerySchema.parse({ page: '3', per_page: '25', search: '  summer sale ' })).toEqual({
      page: 3,
      per_page: 25,
      search: 'summer sale',
    });
  });

  it.each([['0'], ['-1'], ['1.5'], ['two'], [''], [['1', '2']]])('refuses page %j with one plain message', (page) => {
    expect(errors({ page })).toEqual([`page: ${LIST_MESSAGES.page}`]);
  });

  it('refuses a page size above the limit and an over-long or control-character search', () => {
    expect(errors({ per_page: '101' })).toEqual([`per_page: ${LIST_MESSAGES.perPage}`]);
    expect(errors({ search: 'x'.repeat(101) })).toEqual([`search: ${LIST_MESSAGES.searchTooLong}`]);
    expect(errors({ search: 'a\u0000b' })).toEqual(['search: The search must not contain control characters']);
  });
});

describe('paginationOf', () => {
  it('counts the last page, and keeps one page for an empty list', () => {
    expect(paginationOf(21, { page: 2, per_page: 10 })).toEqual({
      current_page: 2,
      per_page: 10,
      last_page: 3,
      total: 21,
    });
    expect(paginationOf(0, { page: 1, per_page: 10 }).last_page).toBe(1);
  });
});
