import type { ListQuery } from '@portal/contract';

/** Whose campaigns an analytics list shows: the customer's own, or every one (administrators). */
export type AnalyticsScope = 'customer' | 'all';

/** The query keys of the analytics pages, so a change can refresh exactly what it touched. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  lists: () => [...analyticsKeys.all, 'list'] as const,
  list: (scope: AnalyticsScope, query: ListQuery) => [...analyticsKeys.lists(), scope, query] as const,
};
