// Seeds the benchmark's campaigns straight into the database (SQL, not the API): 1,000
// customers and 200,000 campaigns, each with its ad and 10 statistics entries (2 million in
// all). Two customers are the ones measured: one with 200 campaigns and one with 20,000; the
// other 998 share the rest. States are mixed as a live portal's would be (mostly approved, some
// pending, declined and archived).
//
// It goes in two stages, so that what grows with the whole portal (the administrators' tiles)
// can be measured at 20,000 campaigns (the first stage: the large customer's) and at 200,000.

export const SEED = {
  customers: 1000,
  campaigns: 200_000,
  small: { email: 'small@bench.test', campaigns: 200 },
  large: { email: 'large@bench.test', campaigns: 20_000 },
};

/** The columns of a seeded campaign that `campaignValues` gives, after its owner's. */
export const CAMPAIGN_COLUMNS = `name, objective, budget_type, budget_amount, keywords, approval_status, on_off,
                            payment_status, archived_at, created_at, updated_at, submitted_at`;

/**
 * The values of `CAMPAIGN_COLUMNS` for campaign number `n` (the SQL expression): its name, objective,
 * budget and states mixed as a live portal's would be (mostly approved, some pending, declined
 * and archived), `group` numbers in a row sharing a name's words and a state; made one minute
 * before campaign n - 1, counting back from `epoch`, and archived at `archivedAt`.
 */
export function campaignValues({ group, epoch, archivedAt }) {
  const step = group === 1 ? 'n' : `(n / ${group})`;
  return `(ARRAY['Spring', 'Summer', 'Autumn', 'Winter', 'Holiday', 'Launch', 'Clearance', 'Weekend'])[1 + ${step} % 8]
              || ' ' || (ARRAY['shoes', 'boots', 'jackets', 'bags', 'hats', 'coffee', 'books', 'games'])[1 + (n / ${8 * group}) % 8]
              || ' ' || n,
            (ARRAY['Brand awareness', 'Video view', 'Consideration'])[1 + n % 3],
            CASE WHEN n % 4 = 0 THEN 'daily' ELSE 'lifetime' END,
            (50 + n % 950)::numeric(12, 2),
            ARRAY['bench', 'campaign', 'keyword'],
            (ARRAY['approved', 'approved', 'approved', 'approved', 'approved', 'pending', 'pending', 'declined'])[1 + ${step} % 8],
            CASE WHEN n % 3 = 0 THEN 'off' ELSE 'on' END,
            CASE WHEN n % 2 = 0 THEN 'paid' ELSE 'unpaid' END,
            CASE WHEN ${step} % 10 = 9 THEN ${archivedAt} END,
            ${epoch} - (n || ' minutes')::interval, now(), now()`;
}

/**
 * The statements of each stage, each list run in order by `run(sql)`. Customers get the
 * password hash of the administrator the server created, so they sign in with the same password.
 */
export function seedStages(adminEmail) {
  const others = SEED.customers - 2;
  const measured = SEED.large.campaigns + SEED.small.campaigns;
  const users = `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step, status, created_at, updated_at)
     SELECT CASE n WHEN 1 THEN '${SEED.large.email}' WHEN 2 THEN '${SEED.small.email}' ELSE 'customer' || n || '@bench.test' END,
            (SELECT password_hash FROM users WHERE email = '${adminEmail}'), 2, 'Bench', 'Customer ' || n, 4, true, now(), now()
     FROM generate_series(1, ${SEED.customers}) AS n`;
  // Each customer owns an advertiser account, named after its address, as a sign-up makes it.
  const accounts = `INSERT INTO advertisers (name, created_at)
     SELECT email, now() FROM users WHERE email LIKE '%@bench.test' ORDER BY id`;
  const members = `INSERT INTO advertiser_members (advertiser_id, user_id, role, joined_at)
     SELECT a.id, u.id, 'owner', now() FROM users u JOIN advertisers a ON a.name = u.email`;
  // Campaign n belongs to the large customer for the first 20,000, to the small one for the
  // next 200, and to the others in turn after that; created one minute apart.
  const campaigns = (from, to) => `INSERT INTO campaigns (user_id, advertiser_id, ${CAMPAIGN_COLUMNS})
     SELECT owner, (SELECT m.advertiser_id FROM advertiser_members m WHERE m.user_id = owner),
            ${campaignValues({ group: 1, epoch: 'now()', archivedAt: "now() - interval '1 day'" })}
     FROM (SELECT n, CASE WHEN n <= ${SEED.large.campaigns} THEN (SELECT id FROM users WHERE email = '${SEED.large.email}')
                          WHEN n <= ${measured} THEN (SELECT id FROM users WHERE email = '${SEED.small.email}')
                          ELSE (SELECT min(id) FROM users WHERE email LIKE 'customer%@bench.test') + (n % ${others}) END AS owner
           FROM generate_series(${from}, ${to}) AS n) AS numbered`;
  const ads = `INSERT INTO ad_templates (campaign_id, ad_title, ad_description, destination_url, created_at, updated_at)
     SELECT id, 'New this week: ' || name, 'Free delivery', 'https://shop.example.com/' || id, created_at, created_at
     FROM campaigns WHERE id NOT IN (SELECT campaign_id FROM ad_templates)`;
  // Entry k of a campaign is dated 4k to 4k + 3 days ago, so this week and last both have
  // some; totals grow towards the newest, as running totals do.
  const entries = `INSERT INTO campaign_statistics (campaign_id, as_of, saved_at, date_paid, amount_spent_cents, ad_cost_cents,
        followers_count, posts, duration, total_reach, post_reach, story_reach, total_impressions, post_impressions,
        story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link,
        link_clicks, lead_generated, dates)
     SELECT c.id, current_date - (k * 4 + c.id % 4), now(), current_date - 40,
            (10 - k) * (1000 + c.id % 500), (10 - k) * (800 + c.id % 300), (10 - k) * (50 + c.id % 70), 10 - k, 24,
            (10 - k) * (900 + c.id % 400), (10 - k) * 600, (10 - k) * 300, (10 - k) * 2000, (10 - k) * 1400, (10 - k) * 600,
            (10 - k) * 80, (10 - k) * 12, (10 - k) * 9, (10 - k) * 7, (10 - k) * 5, 10 - k, (10 - k) * 30, (10 - k) * 2,
            ARRAY[now() - (k * 4 || ' days')::interval]
     FROM campaigns AS c
     CROSS JOIN generate_series(0, 9) AS k
     WHERE c.id NOT IN (SELECT campaign_id FROM campaign_statistics)`;
  // The API keeps the daily ledgers entry by entry; entries loaded in bulk need them worked out.
  const ledgers = 'SELECT rebuild_daily_figures()';
  // What autovacuum would have done by now on a live database: statistics, and the
  // visibility map that lets counts and page lookups read the index alone.
  const vacuum = 'VACUUM ANALYZE';
  return [
    [users, accounts, members, campaigns(1, SEED.large.campaigns), ads, entries, ledgers, vacuum],
    [campaigns(SEED.large.campaigns + 1, SEED.campaigns), ads, entries, ledgers, vacuum],
  ];
}

/**
 * The customer list query as the API sends it (modules/campaigns/campaign.repository.ts,
 * listForCustomer): one prepared statement, the page with the filter's total beside each row,
 * each campaign's current statistics entry and its open payment link.
 * For the bare-database comparison; `name` makes it a prepared statement on PostgreSQL, as
 * the API's is.
 */
export function listQuery({ userId, tab, page, search }) {
  const filter = (first) =>
    `c.user_id = $${first} AND c.list_tab = $${first + 1}${search ? ` AND c.name ILIKE $${first + 2}` : ''}`;
  const values = search ? [userId, tab, `%${search}%`] : [userId, tab];
  const next = values.length + 1;
  return {
    name: search ? 'bench_list_search' : 'bench_list',
    text: `SELECT c.*, u.first_name, u.last_name, u.email, a.id AS ad_id, a.ad_title, a.ad_description, a.destination_url,
                    s.*, l.amount_cents AS payment_link_amount_cents, (SELECT count(*) FROM campaigns c WHERE ${filter(1)}) AS total
             FROM campaigns c JOIN users u ON u.id = c.user_id LEFT JOIN ad_templates a ON a.campaign_id = c.id
             LEFT JOIN campaign_statistics s ON s.id = (SELECT newest.id FROM campaign_statistics newest
               WHERE newest.campaign_id = c.id ORDER BY newest.as_of DESC, newest.id DESC LIMIT 1)
             LEFT JOIN payment_links l ON l.campaign_id = c.id AND l.status = 'open'
             WHERE c.id IN (SELECT c.id FROM campaigns c WHERE ${filter(next)}
                            ORDER BY c.created_at DESC, c.id DESC LIMIT $${2 * next - 1} OFFSET $${2 * next})
             ORDER BY c.created_at DESC, c.id DESC`,
    values: [...values, ...values, 10, (page - 1) * 10],
  };
}
