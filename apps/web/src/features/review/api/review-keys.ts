import type { ListQuery, ReviewListingType } from '@portal/contract';

/** The query keys of the review feature, so a decision or a ban refreshes what it touched. */
export const reviewKeys = {
  all: ['review'] as const,
  requests: () => [...reviewKeys.all, 'requests'] as const,
  requestList: (listingType: ReviewListingType, query: ListQuery) =>
    [...reviewKeys.requests(), listingType, query] as const,
  /** Under the requests, so that whatever refreshes the review tabs refreshes it too. */
  latestApproved: () => [...reviewKeys.requests(), 'latest'] as const,
  campaign: (id: number) => [...reviewKeys.all, 'campaign', id] as const,
  users: () => [...reviewKeys.all, 'users'] as const,
  userList: (query: ListQuery) => [...reviewKeys.users(), 'list', query] as const,
  user: (id: number) => [...reviewKeys.users(), 'one', id] as const,
};
