import {
  INVOICE_PAGES,
  isAdminRole,
  MY_ACCOUNT_PAGES,
  NOTICE_PAGES,
  pagePath,
  PAYMENT_PAGES,
  SHARED_LINK_PAGES,
  REPORT_UNSUBSCRIBE_PAGE,
  TEAM_PAGES,
} from '@portal/contract';

/**
 * Every page's path, in one place: the router, the menus, the guards and every link and
 * redirect take them from here (docs/product/accounts.md and campaigns.md name the pages).
 */
export const paths = {
  login: '/',
  adminLogin: '/admin/login',
  signup: '/signup',
  passwordSetup: pagePath('/password-setup/:linkhash', 'linkhash'),
  /** The address of older reset e-mails; it forwards to passwordSetup. */
  resetPasswordLink: pagePath('/reset-password/:linkhash', 'linkhash'),
  /** A shared link's public pages (decision 034): no sign-in, nothing of the portal. */
  sharedPreview: SHARED_LINK_PAGES.preview,
  sharedReport: SHARED_LINK_PAGES.report,

  dashboard: '/dashboard',
  campaigns: NOTICE_PAGES.campaigns,
  newCampaign: '/campaigns/new',
  analytics: '/analytics',
  balance: NOTICE_PAGES.balance,
  /** A payment link's checkout page (the campaign's `payment_link_url`), declared with the API's answers. */
  checkout: PAYMENT_PAGES.checkout,
  notifications: '/notifications',
  /** The current advertiser account's members, invitations and trail (owners). */
  team: TEAM_PAGES.team,
  /** An invitation link's page, signed in or not (docs/product/teams.md, Invitations). */
  invitation: TEAM_PAGES.invitation,
  myAccount: MY_ACCOUNT_PAGES.customer,
  /** A payment's printable receipt (`receipt_url`), for its customer and administrators. */
  receipt: PAYMENT_PAGES.receipt,
  /** An invoice or a credit note, for its account's members who manage billing and administrators. */
  invoice: INVOICE_PAGES.invoice,
  /** The account's statement of a month. */
  statement: INVOICE_PAGES.statement,
  /** A scheduled report e-mail's unsubscribe link, signed in or not (docs/product/insights.md, Scheduled reports). */
  reportUnsubscribe: REPORT_UNSUBSCRIBE_PAGE,

  admin: {
    dashboard: '/admin/dashboard',
    campaigns: '/admin/campaigns',
    analytics: '/admin/analytics',
    payments: '/admin/payments',
    users: '/admin/users',
    declineReasons: '/admin/decline-reasons',
    viewCampaign: NOTICE_PAGES.reviewCampaign,
    myAccount: MY_ACCOUNT_PAGES.admin,
  },
} as const;

export const LOGIN_PATHS = [paths.login, paths.adminLogin] as const;

/** Where a signed-in user belongs: administrators (role 1) to their own dashboard. */
export function dashboardPath(roleId: number | null | undefined): string {
  return isAdminRole(roleId) ? paths.admin.dashboard : paths.dashboard;
}
