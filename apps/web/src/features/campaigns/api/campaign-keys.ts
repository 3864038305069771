import type { CustomerListTab, ListQuery } from '@portal/contract';

/** The query keys of the campaigns feature, so a change can refresh exactly what it touched. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  draft: () => [...campaignKeys.all, 'draft'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (tab: CustomerListTab, query: ListQuery) => [...campaignKeys.lists(), tab, query] as const,
};
