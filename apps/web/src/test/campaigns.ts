import {
  FIGURES,
  type AnalyticsCampaign,
  type Campaign,
  type FigureKey,
  type Pacing,
  type StatisticsEntry,
} from '@portal/contract';

/**
 * Campaign records as the API answers them, for page tests: an approved, paid campaign without
 * figures, and a zero-filled statistics entry. Tests override what they are about.
 */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    user_id: 7,
    user_first_name: 'Ann',
    user_last_name: 'Lee',
    user_email: 'ann@example.com',
    user_logo: null,
    campaign_name: 'Summer sale',
    campaign_objective: 'Video view',
    budget_type: 'lifetime',
    budget_amount: 1250,
    budget: 1250,
    keywords: ['shoes', 'summer', 'sale'],
    start_date: null,
    end_date: null,
    flight_state: 'running',
    approval_status: 'approved',
    decline_reason: null,
    decline_reason_code: null,
    decline_note: null,
    on_off: 'on',
    status: 'active',
    archived_at: null,
    delivery_status: 'active',
    payment_status: 'paid',
    payment_link_url: null,
    amount_due: null,
    date_paid: null,
    created_at: '2026-11-02T10:00:00.000Z',
    published_on: '2026-11-03T10:00:00.000Z',
    submitted_at: '2026-11-02T11:00:00.000Z',
    declined_at: null,
    ad_title: 'Shoes for summer',
    ad_description: 'Light and cheap',
    destination_url: 'https://shop.example.com/summer',
    statistics: [],
    impressions: null,
    link_clicks: null,
    cost_per_click: null,
    cost_per_lead: null,
    ...overrides,
  };
}

/** A campaign's pacing as the server answers it: by default the fixture campaign's, before its first figures. */
function pacingFixture(overrides: Partial<Pacing> = {}): Pacing {
  return {
    spent: 0,
    budget: 1250,
    budget_used_percent: 0,
    flight_start: '2026-11-03',
    flight_end: null,
    days_elapsed: 8,
    days_in_flight: null,
    daily_spend: null,
    runs_out_on: null,
    outlook: 'no_projection',
    ...overrides,
  };
}

/** The worked examples of docs/product/insights.md, Pacing, as the server answers them. */
export const PACING_EXAMPLES = {
  boots: pacingFixture({
    spent: 760,
    budget: 1000,
    budget_used_percent: 76,
    flight_start: '2026-12-01',
    flight_end: '2026-12-19',
    days_elapsed: 11,
    days_in_flight: 19,
    daily_spend: 60,
    runs_out_on: '2026-12-14',
    outlook: 'runs_out',
  }),
  coats: pacingFixture({
    spent: 100,
    budget: 1000,
    budget_used_percent: 10,
    flight_start: '2026-12-01',
    flight_end: '2026-12-20',
    days_elapsed: 6,
    days_in_flight: 20,
    daily_spend: 20,
    runs_out_on: '2027-01-19',
    outlook: 'lasts',
  }),
  hats: pacingFixture({
    spent: 140,
    budget: 280,
    budget_used_percent: 50,
    flight_start: '2026-12-01',
    days_elapsed: 9,
    daily_spend: 20,
    runs_out_on: '2026-12-15',
    outlook: 'runs_out',
  }),
};

/** A campaign as an analytics page lists it: its record and its pacing. */
export function analyticsCampaignFixture(overrides: Partial<AnalyticsCampaign> = {}): AnalyticsCampaign {
  return { ...campaignFixture(), pacing: pacingFixture(), ...overrides };
}

export function statisticsEntryFixture(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
  return {
    id: 1,
    created_at: '2026-11-10T00:00:00.000Z',
    date_paid: '2026-11-05T00:00:00.000Z',
    ...(Object.fromEntries(FIGURES.map((figure) => [figure.key, 0])) as Record<FigureKey, number>),
    duration: 24,
    dates: [],
    ...overrides,
  };
}

/** Another customer's campaign, for pages that show whose it is. */
export const WINTER_BOOTS = {
  id: 9,
  user_id: 5,
  user_first_name: 'Bo',
  user_email: 'bo@example.com',
  user_logo: null,
  campaign_name: 'Winter boots',
  campaign_objective: 'Consideration',
  budget_type: 'daily',
  budget_amount: 40,
  budget: 40,
  keywords: ['boots', 'winter', 'warm'],
  ad_title: 'Warm feet',
  ad_description: 'All sizes',
  destination_url: 'https://shop.example.com/boots',
} satisfies Partial<Campaign>;

/** Audience, reach and impressions of a campaign that has run for a while. */
export const SAMPLE_FIGURES = {
  followers_count: 4200,
  posts: 3,
  total_reach: 12500,
  post_reach: 10000,
  story_reach: 2500,
  total_impressions: 34000,
  post_impressions: 30000,
  story_impressions: 4000,
} satisfies Partial<StatisticsEntry>;
