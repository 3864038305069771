/**
 * The sharing module: read-only links for people without a sign-in, a campaign's ad preview or a
 * report (the `shared_links` table; decision 034). No other module uses it.
 */
export {};
