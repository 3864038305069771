/**
 * A portal page whose path has a value in it: the router's pattern, and a builder for links to
 * it. Links are paths, relative to whatever origin served the page; only e-mails, read outside
 * the portal, put the configured origin in front (docs/product/accounts.md, Links).
 */
export interface PagePath {
  pattern: string;
  to(value: string | number): string;
}

export function pagePath<Name extends string>(pattern: `${string}:${Name}`, name: Name): PagePath {
  return {
    pattern,
    to: (value) => pattern.replace(`:${name}`, encodeURIComponent(String(value))),
  };
}

/** My account, which e-mails about signing in link to: the administrators' has its own address. */
export const MY_ACCOUNT_PAGES = { customer: '/my-account', admin: '/admin/my-account' } as const;

/** Pages that notices link to, besides those with their own area's declaration. */
export const NOTICE_PAGES = {
  /** The customer's campaign lists; `?search=` opens them on one campaign's name. */
  campaigns: '/campaigns',
  balance: '/balance',
  /** An administrator's review page of a campaign, where "Edit metrics" is. */
  reviewCampaign: pagePath('/admin/view-campaign/:id', 'id'),
} as const;
