import type { ListQuery } from '@portal/contract';

export type PageQuery = Pick<ListQuery, 'page' | 'per_page'>;

/** Payment activity shows 5 payments a page (docs/product/payments.md, Payment activity). */
export const ACTIVITY_PAGE_SIZE = 5;

/**
 * The query keys of the payments feature, so a change refreshes exactly what it touched: a
 * saved card the cards; a payment the balance, the activities and its checkout.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  balance: () => [...paymentKeys.all, 'balance'] as const,
  cards: () => [...paymentKeys.all, 'cards'] as const,
  activities: () => [...paymentKeys.all, 'activities'] as const,
  activityList: (query: PageQuery) => [...paymentKeys.activities(), query] as const,
  checkout: (token: string) => [...paymentKeys.all, 'checkout', token] as const,
  receipt: (id: number) => [...paymentKeys.all, 'receipt', id] as const,
};
