import { isAdminRole } from '@portal/contract';

/** A page whose path has a value in it: the router's pattern, and a builder for links. */
function withParam<Name extends string>(pattern: `${string}:${Name}`, name: Name) {
  return {
    pattern,
    to: (value: string | number) => pattern.replace(`:${name}`, encodeURIComponent(String(value))),
  };
}

/**
 * Every page's path, in one place: the router, the menus, the guards and every link and
 * redirect take them from here (docs/product/accounts.md and campaigns.md name the pages).
 */
export const paths = {
  login: '/',
  adminLogin: '/admin/login',
  signup: '/signup',
  passwordSetup: withParam('/password-setup/:linkhash', 'linkhash'),
  /** The address of older reset e-mails; it forwards to passwordSetup. */
  resetPasswordLink: withParam('/reset-password/:linkhash', 'linkhash'),

  dashboard: '/dashboard',
  campaigns: '/campaigns',
  newCampaign: '/campaigns/new',
  analytics: '/analytics',
  balance: '/balance',
  /** A payment link's checkout page (the campaign's `payment_link_url`). */
  checkout: withParam('/checkout/:token', 'token'),
  notifications: '/notifications',
  myAccount: '/my-account',
  /** A payment's printable receipt, for its customer and administrators. */
  receipt: withParam('/receipts/:id', 'id'),

  admin: {
    dashboard: '/admin/dashboard',
    campaigns: '/admin/campaigns',
    analytics: '/admin/analytics',
    users: '/admin/users',
    viewCampaign: withParam('/admin/view-campaign/:id', 'id'),
    myAccount: '/admin/my-account',
  },
} as const;

export const LOGIN_PATHS = [paths.login, paths.adminLogin] as const;

/** Where a signed-in user belongs: administrators (role 1) to their own dashboard. */
export function dashboardPath(roleId: number | null | undefined): string {
  return isAdminRole(roleId) ? paths.admin.dashboard : paths.dashboard;
}
