// Seeds the benchmark's campaigns straight into the database (SQL, not the API): 1,000
// customers and 200,000 campaigns, each with its ad. Two customers are the ones measured: one
// with 200 campaigns and one with 20,000; the other 998 share the rest. States are mixed as a
// live portal's would be (mostly approved, some pending, declined and archived).

export const SEED = {
  customers: 1000,
  campaigns: 200_000,
  small: { email: 'small@bench.test', campaigns: 200 },
  large: { email: 'large@bench.test', campaigns: 20_000 },
};

/**
 * The statements, run in order by `run(sql)`. Customers get the password hash of the
 * administrator the server created, so they sign in with the same password.
 */
export function seedStatements(adminEmail) {
  const others = SEED.customers - 2;
  const measured = SEED.large.campaigns + SEED.small.campaigns;
  return [
    `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step, status, created_at, updated_at)
     SELECT CASE n WHEN 1 THEN '${SEED.large.email}' WHEN 2 THEN '${SEED.small.email}' ELSE 'customer' || n || '@bench.test' END,
            (SELECT password_hash FROM users WHERE email = '${adminEmail}'), 2, 'Bench', 'Customer ' || n, 4, true, now(), now()
     FROM generate_series(1, ${SEED.customers}) AS n`,
    // Campaign n belongs to the large customer for the first 20,000, to the small one for the
    // next 200, and to the others in turn after that; created one minute apart.
    `INSERT INTO campaigns (user_id, name, objective, budget_type, budget_amount, keywords, approval_status, on_off,
                            payment_status, archived_at, created_at, updated_at, submitted_at)
     SELECT CASE WHEN n <= ${SEED.large.campaigns} THEN (SELECT id FROM users WHERE email = '${SEED.large.email}')
                 WHEN n <= ${measured} THEN (SELECT id FROM users WHERE email = '${SEED.small.email}')
                 ELSE (SELECT min(id) FROM users WHERE email LIKE 'customer%@bench.test') + (n % ${others}) END,
            (ARRAY['Spring', 'Summer', 'Autumn', 'Winter', 'Holiday', 'Launch', 'Clearance', 'Weekend'])[1 + n % 8]
              || ' ' || (ARRAY['shoes', 'boots', 'jackets', 'bags', 'hats', 'coffee', 'books', 'games'])[1 + (n / 8) % 8]
              || ' ' || n,
            (ARRAY['Brand awareness', 'Video view', 'Consideration'])[1 + n % 3],
            CASE WHEN n % 4 = 0 THEN 'daily' ELSE 'lifetime' END,
            (50 + n % 950)::numeric(12, 2),
            ARRAY['bench', 'campaign', 'keyword'],
            (ARRAY['approved', 'approved', 'approved', 'approved', 'approved', 'pending', 'pending', 'declined'])[1 + n % 8],
            CASE WHEN n % 3 = 0 THEN 'off' ELSE 'on' END,
            CASE WHEN n % 2 = 0 THEN 'paid' ELSE 'unpaid' END,
            CASE WHEN n % 10 = 9 THEN now() - interval '1 day' END,
            now() - (n || ' minutes')::interval, now(), now()
     FROM generate_series(1, ${SEED.campaigns}) AS n`,
    `INSERT INTO ad_templates (campaign_id, ad_title, ad_description, destination_url, created_at, updated_at)
     SELECT id, 'New this week: ' || name, 'Free delivery', 'https://shop.example.com/' || id, created_at, created_at
     FROM campaigns`,
    // What autovacuum would have done by now on a live database: statistics, and the
    // visibility map that lets counts and page lookups read the index alone.
    'VACUUM ANALYZE',
  ];
}

/**
 * The customer list query as the API sends it (modules/campaigns/campaign.repository.ts,
 * listForCustomer): one prepared statement, the page with the filter's total beside each row.
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
                    (SELECT count(*) FROM campaigns c WHERE ${filter(1)}) AS total
             FROM campaigns c JOIN users u ON u.id = c.user_id LEFT JOIN ad_templates a ON a.campaign_id = c.id
             WHERE c.id IN (SELECT c.id FROM campaigns c WHERE ${filter(next)}
                            ORDER BY c.created_at DESC, c.id DESC LIMIT $${2 * next - 1} OFFSET $${2 * next})
             ORDER BY c.created_at DESC, c.id DESC`,
    values: [...values, ...values, 10, (page - 1) * 10],
  };
}
