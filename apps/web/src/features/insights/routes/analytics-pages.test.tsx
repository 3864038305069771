import {
  REPORT_FIGURES,
  ROLE,
  SHARED_LINK_TEXTS,
  type AnalyticsCampaign,
  type StatisticsEntry,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { captureDownloads } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { presetRange } from '../utils/report-range';
import {
  analyticsCampaignFixture,
  PACING_EXAMPLES,
  SAMPLE_FIGURES,
  statisticsEntryFixture,
  WINTER_BOOTS,
} from '@/test/campaigns';

const CUSTOMER_LIST = '/api/customer/campaigns-analytics';
const CUSTOMER_EXPORT = '/api/customer/campaigns-analytics/export';
const ADMIN_LIST = '/api/all-campaigns-analytics';

function entry(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
  return statisticsEntryFixture({
    id: 3,
    created_at: '2026-11-18T00:00:00.000Z',
    amount_spent: 120,
    ad_cost: 95.5,
    ...SAMPLE_FIGURES,
    post_likes: 910,
    post_comments: 64,
    post_shares: 31,
    post_saves: 22,
    story_account_taps: 17,
    stories_with_link: 2,
    link_clicks: 48,
    dates: ['2026-11-16T14:30:00.000Z', '2026-11-17T09:05:00.000Z'],
    ...overrides,
  });
}

function campaign(overrides: Partial<AnalyticsCampaign> = {}): AnalyticsCampaign {
  return analyticsCampaignFixture({
    ...WINTER_BOOTS,
    user_last_name: 'Brown',
    // The payment's day; the entry's own date_paid (5 Nov) is what was entered with the figures.
    date_paid: '2026-11-07T10:30:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    published_on: '2026-11-02T10:00:00.000Z',
    submitted_at: '2026-11-01T11:00:00.000Z',
    statistics: [entry()],
    ...overrides,
  });
}

const page = (data: AnalyticsCampaign[], lastPage = 1) =>
  jsonResponse({ data, pagination: { current_page: 1, per_page: 10, last_page: lastPage, total: data.length } });

/** A report over the days asked for, with 12.5 spent on the first and a correction of -2.5 on the last. */
function report(url: URL) {
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  const zeros = Object.fromEntries(REPORT_FIGURES.map((figure) => [figure.key, 0]));
  return jsonResponse({
    data: {
      from,
      to,
      totals: { ...zeros, amount_spent: 10 },
      days: [
        { ...zeros, date: from, amount_spent: 12.5 },
        { ...zeros, date: to, amount_spent: -2.5 },
      ],
    },
  });
}

function openAs(role: number, path: string, handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi({
    [`GET ${CUSTOMER_LIST}/report`]: (url) => report(url),
    [`GET ${ADMIN_LIST}/report`]: (url) => report(url),
    ...handlers,
  });
  sessionStore.signIn(loginResponse({ role_id: role, token: 'token-123' }));
  return { ...renderApp(path), fetchMock };
}

/** A card by its campaign's name (the card is an article named by its heading). */
const findCard = (name: string) => screen.findByRole('article', { name });

/** The value a Fact shows under `label`, within `container`. */
function factValue(container: HTMLElement, label: string): string {
  const labels = within(container).getAllByText(label, { exact: true });
  return labels[0]!.nextElementSibling?.textContent ?? '';
}

/** Headings go down one level at a time, and no two elements share an id. */
function expectAccessibleStructure() {
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(levels[index]! + 1));
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
}

describe('/analytics', () => {
  it('lists the cards with key figures and "Figures as of", and "—" for a campaign without figures', async () => {
    const { fetchMock } = openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () =>
        page([
          campaign(),
          campaign({ id: 10, campaign_name: 'Spring hats', statistics: [], payment_status: 'unpaid' }),
        ]),
    });
    const card = await findCard('Winter boots');
    expect(within(card).getByText('Figures as of 18 Nov 2026')).toBeInTheDocument();
    expect(factValue(card, 'Amount spent')).toBe('$120.00');
    expect(factValue(card, 'Total Reach')).toBe('12,500');
    expect(factValue(card, 'Total Impressions')).toBe('34,000');
    expect(factValue(card, 'Link Clicks')).toBe('48');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    // The customer's own page does not name the customer.
    expect(within(card).queryByText('bo@example.com')).not.toBeInTheDocument();

    const empty = screen.getByRole('article', { name: 'Spring hats' });
    expect(within(empty).queryByText(/Figures as of/)).not.toBeInTheDocument();
    expect(factValue(empty, 'Amount spent')).toBe('—');
    expect(factValue(empty, 'Link Clicks')).toBe('—');

    expect(screen.getByRole('heading', { level: 2, name: 'Campaign analytics' })).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, `GET ${CUSTOMER_LIST}`);
    expect(request?.url.searchParams.get('page')).toBe('1');
    expect(request?.url.searchParams.get('per_page')).toBe('10');
    expect(request?.url.searchParams.get('search')).toBe('');
    expectAccessibleStructure();
  });

  it("shows each card's pacing: a named bar of the budget and of the flight, with the numbers in words", async () => {
    openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () =>
        page([
          campaign({ pacing: PACING_EXAMPLES.boots }),
          campaign({ id: 10, campaign_name: 'Spring hats', statistics: [] }),
        ]),
    });
    const card = await findCard('Winter boots');
    const pacing = within(card).getByRole('heading', { level: 4, name: 'Pacing' }).parentElement!;
    expect(pacing).toHaveTextContent(
      'Pacing$760.00 of $1,000.00 spent (76%)11 of 19 days elapsed$60.00 a day over the last 7 days' +
        'At this rate the budget runs out on 14 Dec 2026, 5 days before the end date',
    );
    expect(within(card).getByRole('progressbar', { name: 'Budget used by Winter boots' })).toHaveAttribute(
      'aria-valuenow',
      '76',
    );
    expect(within(card).getByRole('progressbar', { name: 'Flight days elapsed for Winter boots' })).toHaveAttribute(
      'aria-valuenow',
      '58',
    );
    const empty = screen.getByRole('article', { name: 'Spring hats' });
    expect(within(empty).getByText('$0.00 of $1,250.00 spent (0%)')).toBeInTheDocument();
    expect(within(empty).getByText('8 days elapsed, no end date')).toBeInTheDocument();
    expect(within(empty).getByText('Not enough figures yet to project')).toBeInTheDocument();
    // jsdom lays nothing out, so colours are left to the end-to-end suite's axe in Chromium.
    expect((await axe.run(card, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });

  it('opens a card to every figure of its current entry, with cost per click and per lead', async () => {
    const { user } = openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () => page([campaign()]),
    });
    const card = await findCard('Winter boots');
    const toggle = within(card).getByRole('button', { name: 'Show all figures of Winter boots' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();

    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide all figures of Winter boots' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(details).toBeVisible());
    expect(
      Object.fromEntries(
        [
          'Amount spent',
          'Ad Cost',
          'Cost per click',
          'Cost per lead',
          'Date paid',
          'Followers',
          'Posts',
          'Duration',
          'Total Reach',
          'Post Reach',
          'Story Reach',
          'Impressions',
          'Total Impressions',
          'Post Impressions',
          'Story Impressions',
          'Likes',
          'Comments',
          'Shares',
          'Saves',
          'Story Account Taps',
          'Stories With Link',
          'Link Clicks',
          'Leads',
          'Posting dates',
        ].map((label) => [label, factValue(details, label)]),
      ),
    ).toEqual({
      'Amount spent': '$120.00',
      'Ad Cost': '$95.50',
      'Cost per click': '$2.50',
      // No leads: nothing to divide by.
      'Cost per lead': '—',
      'Date paid': '7 Nov 2026',
      Followers: '4,200',
      Posts: '3',
      Duration: '24 h',
      'Total Reach': '12,500',
      'Post Reach': '10,000',
      'Story Reach': '2,500',
      Impressions: '34,000',
      'Total Impressions': '34,000',
      'Post Impressions': '30,000',
      'Story Impressions': '4,000',
      Likes: '910',
      Comments: '64',
      Shares: '31',
      Saves: '22',
      'Story Account Taps': '17',
      'Stories With Link': '2',
      'Link Clicks': '48',
      Leads: '0',
      'Posting dates': '16 Nov 2026, 14:30 UTC17 Nov 2026, 09:05 UTC',
    });
    expectAccessibleStructure();
  });

  it('says "No campaigns yet", or "No matching campaigns found" while a search is active', async () => {
    openAs(ROLE.customer, '/analytics', { [`GET ${CUSTOMER_LIST}`]: () => page([]) });
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    expect(screen.queryByText('No matching campaigns found')).not.toBeInTheDocument();
    // An empty file is no download worth offering.
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('says "No matching campaigns found" for a search that matches nothing', async () => {
    openAs(ROLE.customer, '/analytics?search=zzz', { [`GET ${CUSTOMER_LIST}`]: () => page([]) });
    expect(await screen.findByText('No matching campaigns found')).toBeInTheDocument();
    expect(screen.getByText('No campaign name contains "zzz".')).toBeInTheDocument();
    expect(screen.queryByText('No campaigns yet')).not.toBeInTheDocument();
  });

  it('sends the search and keeps it in the address', async () => {
    const { fetchMock, router, user } = openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: (url) =>
        page(url.searchParams.get('search') === 'boots' ? [campaign()] : [campaign({ id: 2, campaign_name: 'Hats' })]),
    });
    await findCard('Hats');
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'boots{Enter}');
    expect(await findCard('Winter boots')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Hats' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=boots');
    const searches = requestsTo(fetchMock, `GET ${CUSTOMER_LIST}`).map(({ url }) => url.searchParams.get('search'));
    expect(searches).toEqual(['', 'boots']);
  });

  it('shows placeholder cards while the page loads', async () => {
    let answer: (response: Response) => void = () => {};
    openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findAllByTestId('analytics-card-skeleton')).toHaveLength(3);
    answer(page([campaign()]));
    expect(await findCard('Winter boots')).toBeInTheDocument();
    expect(screen.queryByTestId('analytics-card-skeleton')).not.toBeInTheDocument();
  });

  it('shows the server\'s message in a "Something went wrong" toast when the list fails', async () => {
    openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () => jsonResponse({ message: 'The analytics are resting' }, 403),
    });
    expect(await findToast('Something went wrong')).toHaveTextContent('The analytics are resting');
    expect(await screen.findByText('Could not load campaigns.')).toBeInTheDocument();
    expect(screen.queryByText('No campaigns yet')).not.toBeInTheDocument();
  });

  it("makes a report link of a campaign over the page's days, for the chosen days, and shows it once", async () => {
    const path = `/shared/report/${'T'.repeat(43)}`;
    const { fetchMock, user } = openAs(ROLE.customer, '/analytics?dates=custom&from=2026-11-01&to=2026-11-20', {
      [`GET ${CUSTOMER_LIST}`]: () => page([campaign()]),
      'POST /api/customer/shared-links': () =>
        jsonResponse(
          {
            data: {
              id: 4,
              kind: 'report',
              campaign_id: 9,
              campaign_name: 'Winter boots',
              from: '2026-11-01',
              to: '2026-11-20',
              created_at: '2026-11-20T10:00:00.000Z',
              expires_at: '2026-11-27T10:00:00.000Z',
              views: 0,
              last_viewed_at: null,
              created_by: 'Ann Lee',
              path,
            },
          },
          201,
        ),
    });
    const card = await findCard('Winter boots');
    await user.click(within(card).getByRole('button', { name: 'Share report of Winter boots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share report of Winter boots' });
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const made = await screen.findByRole('dialog', { name: SHARED_LINK_TEXTS.madeTitle });
    expect(within(made).getByRole('textbox', { name: 'Link' })).toHaveValue(`${window.location.origin}${path}`);
    expect(within(made).getByText(SHARED_LINK_TEXTS.made('27 Nov 2026'))).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/shared-links')[0]!.body).toEqual({
      kind: 'report',
      campaign_id: 9,
      from: '2026-11-01',
      to: '2026-11-20',
      expires_in_days: 7,
    });
  });

  describe('Download CSV', () => {
    const { clicked, saved } = captureDownloads('blob:analytics');

    it("downloads the current search's file with the session's token, under the server's name", async () => {
      const csv = 'id,campaign_name\n9,Winter boots\n';
      const { fetchMock, user } = openAs(ROLE.customer, '/analytics?search=boots', {
        [`GET ${CUSTOMER_LIST}`]: () => page([campaign()]),
        [`GET ${CUSTOMER_EXPORT}`]: () =>
          new Response(csv, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="campaigns-analytics-2026-11-24.csv"',
            },
          }),
      });
      await findCard('Winter boots');
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));

      await waitFor(() =>
        expect(clicked).toEqual([{ href: 'blob:analytics', download: 'campaigns-analytics-2026-11-24.csv' }]),
      );
      const [request] = requestsTo(fetchMock, `GET ${CUSTOMER_EXPORT}`);
      expect(request?.url.searchParams.get('search')).toBe('boots');
      const exportCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith(CUSTOMER_EXPORT));
      expect(new Headers(exportCall?.[1]?.headers).get('Authorization')).toBe('Bearer token-123');
      expect(await saved[0]!.text()).toBe(csv);
      // The temporary link is gone again.
      expect(document.querySelector('a[download]')).toBeNull();
    });

    it('shows a loading state while the file comes, and "Something went wrong" when it fails', async () => {
      let answer: (response: Response) => void = () => {};
      const { user } = openAs(ROLE.customer, '/analytics', {
        [`GET ${CUSTOMER_LIST}`]: () => page([campaign()]),
        [`GET ${CUSTOMER_EXPORT}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await findCard('Winter boots');
      const button = screen.getByRole('button', { name: 'Download CSV' });
      await user.click(button);
      await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
      expect(button).toBeDisabled();

      answer(jsonResponse({ message: 'The export is unavailable' }, 422));
      expect(await findToast('Something went wrong')).toHaveTextContent('The export is unavailable');
      await waitFor(() => expect(button).not.toBeDisabled());
      expect(clicked).toEqual([]);
    });
  });
});

describe('/admin/analytics', () => {
  it("shows each campaign's customer, and the figures' date among the details", async () => {
    const { fetchMock, user } = openAs(ROLE.admin, '/admin/analytics', {
      [`GET ${ADMIN_LIST}`]: () => page([campaign({ archived_at: '2026-11-20T00:00:00.000Z' })], 2),
    });
    const card = await findCard('Winter boots');
    expect(factValue(card, 'Customer')).toBe('Bo Brownbo@example.com');
    expect(within(card).getByText('Archived')).toBeInTheDocument();
    expect(within(card).queryByText('Figures as of 18 Nov 2026')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show all figures of Winter boots' }));
    expect(factValue(card, 'Figures as of')).toBe('18 Nov 2026');
    expect(screen.getByRole('heading', { level: 2, name: 'Analytics of all campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Analytics of all campaigns pages' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_LIST}`)[0]?.url.searchParams.get('per_page')).toBe('10');
    expectAccessibleStructure();
  });

  it('logs a failure to load and says so in the panel, with no toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    openAs(ROLE.admin, '/admin/analytics', {
      [`GET ${ADMIN_LIST}`]: () => jsonResponse({ message: 'Nope' }, 403),
    });
    expect(await screen.findByText('Could not load campaigns.')).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Could not load the campaigns analytics',
        expect.objectContaining({ serverMessage: 'Nope' }),
      ),
    );
    // The panel's message is the one alert: no toast.
    expect(screen.getAllByRole('alert')).toEqual([
      screen.getByText('Could not load campaigns.').closest('[role="alert"]'),
    ]);
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
  });

  it('reports over the chosen dates, and compares the chosen campaigns', async () => {
    const other = campaign({ id: 8, campaign_name: 'Winter coats' });
    const zeros = Object.fromEntries(REPORT_FIGURES.map((figure) => [figure.key, 0]));
    const { fetchMock, user } = openAs(ROLE.customer, '/analytics', {
      [`GET ${CUSTOMER_LIST}`]: () => page([campaign(), other]),
      [`GET ${CUSTOMER_LIST}/compare`]: (url) =>
        jsonResponse({
          data: {
            from: url.searchParams.get('from'),
            to: url.searchParams.get('to'),
            campaigns: [campaign(), other].map((each, index) => ({
              campaign_id: each.id,
              campaign_name: each.campaign_name,
              flight_start: '2026-11-02',
              from: url.searchParams.get('from'),
              to: url.searchParams.get('to'),
              totals: { ...zeros, amount_spent: 100 * (index + 1) },
              days: [],
            })),
          },
        }),
    });
    // The panel keeps its shape while the report loads; its table comes with the report.
    expect(await screen.findByRole('heading', { name: 'Your campaigns over these dates' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Figures per day/ });
    const last30 = presetRange('last_30_days');
    expect(requestsTo(fetchMock, `GET ${CUSTOMER_LIST}/report`)[0]?.url.searchParams.get('from')).toBe(last30.from);
    expect(within(table).getByText('-$2.50')).toBeInTheDocument();

    await user.click(screen.getAllByLabelText('Dates')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    const lastMonth = presetRange('last_month');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `GET ${CUSTOMER_LIST}/report`).at(-1)?.url.searchParams.get('to')).toBe(
        lastMonth.to,
      ),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Compare Winter boots' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare Winter coats' }));
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare campaigns' });
    expect(await within(dialog).findByText('$200.00')).toBeInTheDocument();
    const asked = requestsTo(fetchMock, `GET ${CUSTOMER_LIST}/compare`)[0]!.url.searchParams;
    expect([asked.get('ids'), asked.get('from'), asked.get('to')]).toEqual([
      `${campaign().id},8`,
      lastMonth.from,
      lastMonth.to,
    ]);
  });
});
