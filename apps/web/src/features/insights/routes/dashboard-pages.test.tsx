import {
  DASHBOARD_FIGURES,
  ROLE,
  type AdminStatistics,
  type DashboardFigureKey,
  type DashboardStatistics,
  type SpendDay,
  type StatisticsEntry,
  type WeeklySpend,
} from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DRAW_WAIT_MS } from '@/app/routes/data-before-drawing';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { watchForPlaceholders } from '@/test/placeholders';
import { renderApp } from '@/test/render-app';
import { campaignFixture, PACING_EXAMPLES, SAMPLE_FIGURES, statisticsEntryFixture } from '@/test/campaigns';

const STATISTICS = 'GET /api/customer/campaigns-statistics';
const WEEKLY = 'GET /api/customer/weekly-spent';
const LATEST = 'GET /api/customer/latest-campaigns-metrics';
const PACING = 'GET /api/customer/campaigns-pacing';
const ADMIN_STATS = 'GET /api/admin-dashboard-stats';

const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 }, unread_count: 0 });

function statistics(figures: Partial<Record<DashboardFigureKey, { value: number; change: number }>> = {}) {
  const all = Object.fromEntries(
    DASHBOARD_FIGURES.map((figure) => [figure.key, { value: 0, change: 0 }]),
  ) as DashboardStatistics;
  return { ...all, ...figures };
}

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The worked example of docs/product/insights.md: today is Friday 20 November 2026. */
function workedExampleWeeks(): WeeklySpend {
  const week = (firstDay: number, amounts: (number | null)[]): SpendDay[] =>
    WEEK.map((day, index) => ({
      day,
      date: `2026-11-${String(firstDay + index).padStart(2, '0')}`,
      amount_spent: amounts[index]!,
    }));
  return {
    current_week: week(16, [0, 0, 30, 0, 0, null, null]),
    previous_week: week(9, [0, 60, 0, 0, 0, 0, 0]),
  };
}

function entry(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
  return statisticsEntryFixture({
    created_at: '2026-11-18T00:00:00.000Z',
    date_paid: null,
    amount_spent: 120,
    ad_cost: 100,
    ...SAMPLE_FIGURES,
    ...overrides,
  });
}

const campaign = campaignFixture;

function openDashboard(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    [STATISTICS]: () => jsonResponse({ data: statistics() }),
    [WEEKLY]: () => jsonResponse({ data: workedExampleWeeks() }),
    [LATEST]: () => jsonResponse({ data: [] }),
    [PACING]: () => jsonResponse({ data: [] }),
    'GET /api/my-notifications': emptyPage,
    ...handlers,
  });
  sessionStore.signIn(loginResponse());
  return { ...renderApp('/dashboard'), fetchMock };
}

/** A panel of the page by its title. */
const panel = async (title: string) =>
  (await screen.findByRole('heading', { name: title, level: 2 })).closest('section')!;

/** The card (list item) whose label is this text. */
const card = (region: HTMLElement, label: string) => within(region).getByText(label).closest('li')!;

describe('/dashboard', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the chart's box reports a width when observed, so the chart draws.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(target: Element) {
          const size = { inlineSize: 640, blockSize: 300 };
          const entry = { target, borderBoxSize: [size], contentRect: new DOMRect(0, 0, 640, 300) };
          this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows the 16 figures as cards with their values and signed weekly changes', async () => {
    openDashboard({
      [STATISTICS]: () =>
        jsonResponse({
          data: statistics({
            amount_spent: { value: 120, change: -50 },
            ad_cost: { value: 1250.5, change: 12.5 },
            followers_count: { value: 4200, change: 0 },
            total_impressions: { value: 1234567, change: 100 },
          }),
        }),
    });
    const region = await screen.findByRole('region', { name: 'Figures of your campaigns' });
    const labels = within(region)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild!.firstElementChild!.textContent);
    expect(labels).toEqual(DASHBOARD_FIGURES.map((figure) => figure.label));
    expect(card(region, 'Amount Spent')).toHaveTextContent('Amount Spent$120.00-50.0%vs last week');
    expect(card(region, 'Ad Cost')).toHaveTextContent('Ad Cost$1,250.50+12.5%vs last week');
    expect(card(region, 'Followers')).toHaveTextContent('Followers4,200+0.0%vs last week');
    expect(card(region, 'Total Impressions')).toHaveTextContent('1,234,567+100.0%');
    expect(card(region, 'Stories With Link')).toHaveTextContent('Stories With Link0+0.0%');
    // The keyboard can scroll the carousel: it takes the focus.
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('moves the carousel a page at a time, with its buttons disabled at the ends', async () => {
    openDashboard({
      [STATISTICS]: () => jsonResponse({ data: statistics({ posts: { value: 3, change: 0 } }) }),
    });
    const region = await screen.findByRole('region', { name: 'Figures of your campaigns' });
    const previous = screen.getByRole('button', { name: 'Previous figures' });
    const next = screen.getByRole('button', { name: 'Next figures' });
    // jsdom lays nothing out: everything "fits", so neither way is open.
    expect(previous).toBeDisabled();
    expect(next).toBeDisabled();

    let scrollLeft = 0;
    Object.defineProperties(region, {
      clientWidth: { configurable: true, get: () => 600 },
      scrollWidth: { configurable: true, get: () => 1800 },
      scrollLeft: { configurable: true, get: () => scrollLeft },
    });
    const scrollBy = vi.fn((options: ScrollToOptions) => {
      scrollLeft += options.left ?? 0;
      fireEvent.scroll(region);
    });
    region.scrollBy = scrollBy as unknown as typeof region.scrollBy;
    fireEvent.scroll(region);
    await waitFor(() => expect(next).toBeEnabled());
    expect(previous).toBeDisabled();

    fireEvent.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 600 }));
    await waitFor(() => expect(previous).toBeEnabled());
    fireEvent.click(next);
    await waitFor(() => expect(next).toBeDisabled());
    fireEvent.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -600 }));
    await waitFor(() => expect(next).toBeEnabled());
  });

  it('draws this week against last week, with the figures as a table and a link to analytics', async () => {
    openDashboard();
    const amountSpent = await panel('Amount Spent');
    const table = await within(amountSpent).findByRole('table', {
      name: 'Amount spent per day, this week and last week',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Mon', '$0.00 (16 Nov 2026)', '$0.00 (9 Nov 2026)'],
      ['Tue', '$0.00 (17 Nov 2026)', '$60.00 (10 Nov 2026)'],
      ['Wed', '$30.00 (18 Nov 2026)', '$0.00 (11 Nov 2026)'],
      ['Thu', '$0.00 (19 Nov 2026)', '$0.00 (12 Nov 2026)'],
      ['Fri', '$0.00 (20 Nov 2026)', '$0.00 (13 Nov 2026)'],
      ['Sat', 'to come (21 Nov 2026)', '$0.00 (14 Nov 2026)'],
      ['Sun', 'to come (22 Nov 2026)', '$0.00 (15 Nov 2026)'],
    ]);
    expect(within(amountSpent).getByRole('link', { name: 'View analytics' })).toHaveAttribute('href', '/analytics');
    // The chart's own chunk arrives: two labelled lines, and a value axis that follows the
    // amounts ($60 at most), so that they do not lie on its zero line.
    const chart = await within(amountSpent).findByRole('application', {
      name: 'Amount spent per day, this week against last week',
    });
    expect(within(amountSpent).getByRole('list', { name: 'Legend' })).toHaveTextContent('This weekLast week');
    const ticks = [...chart.querySelectorAll('[data-axis="amount"] text')];
    expect(ticks.map((tick) => tick.textContent)).toEqual(['0', '20', '40', '60']);
    // Every day of last week has its dot; this week's line stops at today (Friday).
    expect(chart.querySelectorAll('[data-series="lastWeek"] circle')).toHaveLength(7);
    expect(chart.querySelectorAll('[data-series="thisWeek"] circle')).toHaveLength(5);
    // Focused, the chart goes from day to day with the arrow keys, each day in a tooltip.
    chart.focus();
    const tooltipShows = (day: string) =>
      waitFor(() => {
        const shown = within(amountSpent).getByRole('status');
        expect(shown).toHaveTextContent(day);
        return shown;
      });
    // Focus shows the first day; the arrow key the next.
    expect(await tooltipShows('Mon')).toHaveTextContent('This week (16 Nov 2026): $0.00');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    const tooltip = await tooltipShows('Tue');
    expect(tooltip).toHaveTextContent('This week (17 Nov 2026): $0.00');
    expect(tooltip).toHaveTextContent('Last week (10 Nov 2026): $60.00');
  });

  it('lists the latest campaigns with their current figures, or dashes before any', async () => {
    openDashboard({
      [LATEST]: () =>
        jsonResponse({
          data: [
            campaign({ id: 1, campaign_name: 'Summer sale', statistics: [entry()] }),
            campaign({ id: 2, campaign_name: 'Winter boots', approval_status: 'pending', delivery_status: 'off' }),
            campaign({ id: 3, campaign_name: 'Spring hats', delivery_status: 'off' }),
            campaign({ id: 4, campaign_name: 'Autumn coats', approval_status: 'declined', delivery_status: 'off' }),
          ],
        }),
    });
    const latest = await panel('Latest Campaigns');
    const items = await within(latest).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Summer saleActiveAmount spent$120.00Reach12,500Impressions34,000Figures as of 18 Nov 2026',
      'Winter bootsPendingAmount spent—Reach—Impressions—',
      'Spring hatsPausedAmount spent—Reach—Impressions—',
      'Autumn coatsDeclinedAmount spent—Reach—Impressions—',
    ]);
    expect(within(latest).getByRole('link', { name: 'New' })).toHaveAttribute('href', '/campaigns/new');
    expect(within(latest).getByRole('link', { name: 'View all campaigns' })).toHaveAttribute('href', '/campaigns');
  });

  it('lists the running campaigns it is given, each bar named and its numbers in words (worked examples)', async () => {
    openDashboard({
      [PACING]: () =>
        jsonResponse({
          data: [
            { id: 1, campaign_name: 'Winter boots', pacing: PACING_EXAMPLES.boots },
            { id: 3, campaign_name: 'Winter hats', pacing: PACING_EXAMPLES.hats },
            { id: 2, campaign_name: 'Winter coats', pacing: PACING_EXAMPLES.coats },
          ],
        }),
    });
    const pacing = await panel('Budget pacing');
    const items = await within(pacing).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Winter boots$760.00 of $1,000.00 spent (76%)11 of 19 days elapsed$60.00 a day over the last 7 days' +
        'At this rate the budget runs out on 14 Dec 2026, 5 days before the end date',
      'Winter hats$140.00 of $280.00 spent (50%)9 days elapsed, no end date$20.00 a day over the last 7 days' +
        'At this rate the budget runs out on 15 Dec 2026',
      'Winter coats$100.00 of $1,000.00 spent (10%)6 of 20 days elapsed$20.00 a day over the last 7 days' +
        'At this rate the budget lasts past the end date',
    ]);
    expect(within(pacing).getByRole('progressbar', { name: 'Budget used by Winter boots' })).toHaveAttribute(
      'aria-valuenow',
      '76',
    );
    expect(within(pacing).getByRole('progressbar', { name: 'Flight days elapsed for Winter coats' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    // No end date, no days in the flight: its days are words only.
    expect(within(pacing).queryByRole('progressbar', { name: 'Flight days elapsed for Winter hats' })).toBeNull();
    expect(within(pacing).getByRole('link', { name: 'View analytics' })).toHaveAttribute('href', '/analytics');
    // jsdom lays nothing out, so colours are left to the end-to-end suite's axe in Chromium.
    expect((await axe.run(pacing, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });

  it('says so when there are no figures, no spend and no campaigns yet', async () => {
    const empty = workedExampleWeeks();
    for (const day of [...empty.current_week, ...empty.previous_week]) {
      day.amount_spent = day.amount_spent === null ? null : 0;
    }
    openDashboard({ [WEEKLY]: () => jsonResponse({ data: empty }) });
    expect(await within(await panel('Overview')).findByText('No information to display')).toBeInTheDocument();
    expect(within(await panel('Amount Spent')).getByText('No information to display')).toBeInTheDocument();
    expect(await within(await panel('Latest Campaigns')).findByText('No campaigns yet')).toBeInTheDocument();
    expect(await within(await panel('Budget pacing')).findByText('No running campaigns')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Figures of your campaigns' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next figures' })).not.toBeInTheDocument();
  });

  it('asks for its figures before it is drawn, so its panels appear filled, each asked for once', async () => {
    const placeholders = watchForPlaceholders();
    const { fetchMock } = openDashboard({
      [STATISTICS]: () => jsonResponse({ data: statistics({ amount_spent: { value: 120, change: -50 } }) }),
    });
    const region = await screen.findByRole('region', { name: 'Figures of your campaigns' });
    expect(card(region, 'Amount Spent')).toHaveTextContent('$120.00');
    expect(screen.getByRole('table', { name: /Amount spent per day/ })).toBeInTheDocument();
    expect(placeholders.seen()).toBe(false);
    for (const request of [STATISTICS, WEEKLY, LATEST]) expect(requestsTo(fetchMock, request)).toHaveLength(1);
    placeholders.stop();
  });

  it('is drawn with placeholders when an answer is slow, and fills them in when it comes', async () => {
    let answer = () => {};
    const placeholders = watchForPlaceholders();
    const { fetchMock } = openDashboard({
      [STATISTICS]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse({ data: statistics({ amount_spent: { value: 120, change: -50 } }) }));
        }),
    });
    // The other panels show while the figures are still on their way.
    expect(await screen.findByRole('table', { name: /Amount spent per day/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Figures of your campaigns' })).not.toBeInTheDocument();
    expect(placeholders.seen()).toBe(true);
    answer();
    const region = await screen.findByRole('region', { name: 'Figures of your campaigns' });
    expect(card(region, 'Amount Spent')).toHaveTextContent('$120.00');
    expect(requestsTo(fetchMock, STATISTICS)).toHaveLength(1);
    placeholders.stop();
  });

  it('comes back at once from the cache, and refreshes what went stale in the background', async () => {
    let slow = false;
    let answer = () => {};
    const amountSpent = (value: number) => jsonResponse({ data: statistics({ amount_spent: { value, change: 0 } }) });
    const { fetchMock, router } = openDashboard({
      [STATISTICS]: () =>
        slow ? new Promise<Response>((resolve) => (answer = () => resolve(amountSpent(130)))) : amountSpent(120),
    });
    await screen.findByRole('region', { name: 'Figures of your campaigns' });
    await act(() => router.navigate('/notifications'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Figures of your campaigns' })).toBeNull());

    // Past the figures' 30 seconds of freshness, with the server now slow to answer.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    slow = true;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    act(() => void router.navigate('/dashboard'));
    // Drawn from the cache while the figures' request is still unanswered…
    const region = await screen.findByRole('region', { name: 'Figures of your campaigns' }, { timeout: 10_000 });
    // …and without the loader's wait for them: told by what it did, not by the clock, which a
    // busy machine slows.
    expect(timers.mock.calls.filter(([, ms]) => ms === FIRST_DRAW_WAIT_MS)).toEqual([]);
    timers.mockRestore();
    expect(card(region, 'Amount Spent')).toHaveTextContent('$120.00');
    answer();
    await waitFor(() => expect(card(region, 'Amount Spent')).toHaveTextContent('$130.00'));
    expect(requestsTo(fetchMock, STATISTICS)).toHaveLength(2);
    vi.useRealTimers();
  });

  it('asks for nothing when nobody is signed in, and sends the visitor to the login page', async () => {
    const fetchMock = stubApi({});
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchMock, STATISTICS)).toHaveLength(0);
  });

  it("shows a part that fails in a toast with the server's message", async () => {
    const { fetchMock } = openDashboard({
      [STATISTICS]: () => jsonResponse({ message: 'Figures are being recalculated' }, 403),
    });
    expect(await findToast('Something went wrong')).toHaveTextContent('Figures are being recalculated');
    expect(await within(await panel('Overview')).findByText('No information to display')).toBeInTheDocument();
    // The other parts still show.
    expect(await screen.findByRole('table', { name: /Amount spent per day/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, WEEKLY)).toHaveLength(1);
  });
});

describe('/admin/dashboard', () => {
  function stats(overrides: Partial<AdminStatistics> = {}): AdminStatistics {
    return {
      customers: { active: 1204, banned: 3 },
      campaigns: { pending: 5, approved: 42, declined: 7 },
      total_impressions: 1234567,
      total_reach: 456789,
      amount_spent: 98765.4,
      link_clicks: 2500,
      cost_per_click: 39.51,
      cost_per_lead: 1234.5,
      revenue_collected: 5600,
      amount_due: 1750.5,
      ...overrides,
    };
  }

  function openAdminDashboard(answer: Response) {
    const fetchMock = stubApi({
      [ADMIN_STATS]: () => answer,
      'GET /api/admin/latest-campaigns': () =>
        jsonResponse({ data: [campaign({ campaign_name: 'Spring sale', published_on: '2026-11-18T10:00:00.000Z' })] }),
      'GET /api/my-notifications': emptyPage,
    });
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
    return { ...renderApp('/admin/dashboard'), fetchMock };
  }

  const tiles = async () => {
    const list = await screen.findByRole('list', { name: 'Portal statistics' });
    return within(list)
      .getAllByRole('listitem')
      .map((tile) => tile.textContent);
  };

  it('shows the tiles over the whole portal above the latest campaigns and notifications', async () => {
    const { fetchMock } = openAdminDashboard(jsonResponse({ data: stats() }));
    expect(await tiles()).toEqual([
      'Customers1,204Active3Banned',
      'Campaigns5Pending42Approved7Declined',
      'Total impressions1,234,567',
      'Total reach456,789',
      'Amount spent$98,765.40',
      'Link clicks2,500',
      'Cost per click$39.51',
      'Cost per lead$1,234.50',
      'Revenue collected$5,600.00',
      'Amount due$1,750.50',
    ]);
    // The two money sums that read alike are told apart.
    expect(
      screen.getByText(
        'Revenue collected: what customers paid, less refunds. Amount spent: what the campaigns spent, from the figures.',
      ),
    ).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Statistics', 'Latest Campaigns', 'Notifications']);
    expect(requestsTo(fetchMock, ADMIN_STATS)).toHaveLength(1);
    // Latest Campaigns come from their own endpoint, which leaves archived campaigns out.
    expect(await within(await panel('Latest Campaigns')).findByRole('link', { name: 'Spring sale' })).toHaveAttribute(
      'href',
      '/admin/view-campaign/1',
    );
  });

  it('shows "—" for the costs when there are no clicks or leads', async () => {
    openAdminDashboard(
      jsonResponse({ data: stats({ amount_spent: 0, link_clicks: 0, cost_per_click: null, cost_per_lead: null }) }),
    );
    expect((await tiles()).slice(4, 8)).toEqual([
      'Amount spent$0.00',
      'Link clicks0',
      'Cost per click—',
      'Cost per lead—',
    ]);
  });

  it("shows a failure in a toast with the server's message", async () => {
    openAdminDashboard(jsonResponse({ message: 'Statistics are unavailable' }, 403));
    expect(await findToast('Something went wrong')).toHaveTextContent('Statistics are unavailable');
    expect(within(await panel('Statistics')).getByText('No information to display')).toBeInTheDocument();
  });
});
