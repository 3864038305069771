import type { AdminPaymentsQuery, CustomerListTab, ListQuery, ReviewListingType } from '@portal/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the app, and what each write makes stale. They live here rather than in
 * the features because one piece of data is often shown by several features (a campaign's
 * figures by the review page, the analytics cards and the admin tiles), and features do not
 * import each other: a write names what it changed with `staleAfter`, and everything that shows
 * it reloads.
 */

export type PageQuery = Pick<ListQuery, 'page' | 'per_page'>;

/** Whose campaigns an analytics list shows: the customer's own, or every one (administrators). */
export type AnalyticsScope = 'customer' | 'all';

/** The customer's campaign lists and the wizard's draft. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  draft: () => [...campaignKeys.all, 'draft'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (tab: CustomerListTab, query: ListQuery) => [...campaignKeys.lists(), tab, query] as const,
};

/** The two dashboards' figures (docs/product/insights.md, Dashboards). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
  weeklySpend: () => [...dashboardKeys.all, 'weekly-spend'] as const,
  latestCampaigns: () => [...dashboardKeys.all, 'latest-campaigns'] as const,
  pacing: () => [...dashboardKeys.all, 'pacing'] as const,
  adminStatistics: () => [...dashboardKeys.all, 'admin-statistics'] as const,
};

/**
 * The analytics pages' lists of campaigns with their figures, and their reports over dates
 * (under the lists, so that whatever changes the figures reloads them too).
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  lists: () => [...analyticsKeys.all, 'list'] as const,
  list: (scope: AnalyticsScope, query: ListQuery) => [...analyticsKeys.lists(), scope, query] as const,
  report: (scope: AnalyticsScope, range: { from: string; to: string }) =>
    [...analyticsKeys.lists(), 'report', scope, range] as const,
  comparison: (scope: AnalyticsScope, ids: number[], range: { from: string; to: string }) =>
    [...analyticsKeys.lists(), 'comparison', scope, ids, range] as const,
};

/** The administrators' review queue, review page and users. */
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
  /** The decline reasons and the counts per reason (docs/product/review.md, Decline reasons). */
  declineReasons: () => [...reviewKeys.all, 'decline-reasons'] as const,
  declineCounts: () => [...reviewKeys.declineReasons(), 'counts'] as const,
};

/** The balance page, the checkout, the receipt, the invoices, the statements and the administrators' payments page. */
export const paymentKeys = {
  all: ['payments'] as const,
  balance: () => [...paymentKeys.all, 'balance'] as const,
  cards: () => [...paymentKeys.all, 'cards'] as const,
  activities: () => [...paymentKeys.all, 'activities'] as const,
  activityList: (query: PageQuery) => [...paymentKeys.activities(), query] as const,
  checkout: (token: string) => [...paymentKeys.all, 'checkout', token] as const,
  receipt: (id: number) => [...paymentKeys.all, 'receipt', id] as const,
  invoice: (id: number) => [...paymentKeys.all, 'invoice', id] as const,
  /** The invoices and credit notes of some payments: under the activities, so a payment reloads them too. */
  documents: (paymentIds: number[]) => [...paymentKeys.activities(), 'documents', paymentIds] as const,
  statements: () => [...paymentKeys.all, 'statements'] as const,
  statement: (month: string) => [...paymentKeys.statements(), month] as const,
  adminLists: () => [...paymentKeys.all, 'admin'] as const,
  adminList: (query: AdminPaymentsQuery) => [...paymentKeys.adminLists(), query] as const,
};

/** The user's advertiser accounts, and the chosen one's team (docs/product/teams.md). */
export const teamKeys = {
  all: ['team'] as const,
  memberships: () => [...teamKeys.all, 'memberships'] as const,
  team: (advertiserId: number | null) => [...teamKeys.all, 'members', advertiserId] as const,
  trail: (advertiserId: number | null) => [...teamKeys.all, 'trail', advertiserId] as const,
  adminInvitations: () => [...teamKeys.all, 'admin-invitations'] as const,
  userAdvertisers: (userId: number) => [...teamKeys.all, 'user-advertisers', userId] as const,
};

/**
 * The account's shared links (My account) and what a public link shows. A link made from a
 * campaign or the analytics page reloads the list under `all`; the public pages' answers live
 * apart, as each load of them counts a view.
 */
export const sharedLinkKeys = {
  all: ['shared-links'] as const,
  list: (advertiserId: number | null) => [...sharedLinkKeys.all, 'list', advertiserId] as const,
  shown: (kind: 'preview' | 'report', token: string) => ['shared-page', kind, token] as const,
};

/** The notification pages and the menu's unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: PageQuery) => [...notificationKeys.lists(), query] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

/**
 * What each write changes on the server, as the keys of every query that shows it. Only the
 * queries on screen reload at once; the others are marked stale and reload when next shown.
 */
export const staleAfter = {
  /**
   * A customer's campaign changed, was published, duplicated, archived, restored or deleted:
   * their lists, the dashboards and analytics that list campaigns, and the balance, which lists
   * each campaign due.
   */
  campaignChange: (): QueryKey[] => [
    campaignKeys.lists(),
    dashboardKeys.all,
    analyticsKeys.lists(),
    paymentKeys.balance(),
  ],
  /**
   * An administrator entered a campaign's figures: the review queue and page, and every sum and
   * card of figures (the dashboards, the analytics cards, the customer's lists).
   */
  figuresSaved: (id: number): QueryKey[] => [
    reviewKeys.requests(),
    reviewKeys.campaign(id),
    dashboardKeys.all,
    analyticsKeys.lists(),
    campaignKeys.lists(),
  ],
  /**
   * A campaign was approved or declined: the review queue (with the dashboard's latest
   * approved), the review page, the admin tiles' counts, the analytics lists, the customer's
   * lists, and the notifications the decision sends.
   */
  reviewDecision: (id: number): QueryKey[] => [
    reviewKeys.requests(),
    reviewKeys.campaign(id),
    dashboardKeys.all,
    analyticsKeys.lists(),
    campaignKeys.lists(),
    notificationKeys.all,
  ],
  /** A user was banned or unbanned: the users, the review queue that names them, the admin tiles' counts. */
  userStatusChange: (): QueryKey[] => [reviewKeys.all, dashboardKeys.adminStatistics()],
  /**
   * A campaign was paid: the balance, the activities, the campaign lists' Paid state and the
   * admin tiles' revenue and amount due.
   */
  payment: (): QueryKey[] => [
    paymentKeys.balance(),
    paymentKeys.activities(),
    paymentKeys.statements(),
    campaignKeys.lists(),
    dashboardKeys.adminStatistics(),
  ],
  /**
   * An administrator refunded a payment: every answer about payments (the administrators' list,
   * receipts), the admin tiles' revenue and the users' Total spent.
   */
  refund: (): QueryKey[] => [paymentKeys.all, dashboardKeys.adminStatistics(), reviewKeys.users()],
  /** A card was saved: the saved cards. */
  cardAdded: (): QueryKey[] => [paymentKeys.cards()],
  /** The default card or automatic payment changed: the cards (which one is the default) and the balance (the switch). */
  autoPayChange: (): QueryKey[] => [paymentKeys.cards(), paymentKeys.balance()],
  /**
   * The live stream told of a change to a campaign (a decision, a submission, a payment): what
   * lists campaigns reloads.
   */
  campaignNotified: (): QueryKey[] => [
    campaignKeys.all,
    reviewKeys.requests(),
    dashboardKeys.all,
    analyticsKeys.lists(),
  ],
};

/** Marks every query under `keys` stale and reloads those on screen; settles when they have. */
export function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
