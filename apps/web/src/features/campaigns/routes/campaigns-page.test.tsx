import {
  AD_MESSAGES,
  CAMPAIGN_MESSAGES,
  QUOTA_MESSAGES,
  SHARED_LINK_TEXTS,
  type Campaign,
  type StatisticsEntry,
} from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import {
  atPhoneWidth,
  findToast,
  jsonResponse,
  loginResponse,
  requestsTo,
  stubApi,
  type ApiHandler,
} from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';
import { campaignFixture, SAMPLE_FIGURES, statisticsEntryFixture } from '@/test/campaigns';

const ACTIVE = '/api/customer/my-active-campaigns';
const PENDING = '/api/customer/my-pending-campaigns';
const ARCHIVED = '/api/customer/my-archived-campaigns';

const campaign = campaignFixture;

function statistics(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
  return statisticsEntryFixture({
    amount_spent: 320.5,
    ad_cost: 300,
    ...SAMPLE_FIGURES,
    duration: 7,
    ...overrides,
  });
}

const TYPES = { [ACTIVE]: 'Active', [PENDING]: 'Pending', [ARCHIVED]: 'Archive' } as const;

function list(path: keyof typeof TYPES, data: Campaign[], lastPage = 1, page = 1) {
  return jsonResponse({
    type: TYPES[path],
    data,
    pagination: { current_page: page, per_page: 10, last_page: lastPage, total: data.length },
  });
}

function openPage(path: string, handlers: Record<string, ApiHandler>, options?: Parameters<typeof renderApp>[1]) {
  const fetchMock = stubApi(handlers);
  sessionStore.signIn(loginResponse());
  return { ...renderApp(path, options), fetchMock };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

/** A row's cells by column header. */
function cellsOf(row: HTMLElement) {
  const table = row.closest('table')!;
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const cells = within(row).getAllByRole('cell');
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]!]));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/campaigns lists', () => {
  it('shows the Active tab with its columns, Paid badge, Pay Now and delivery', async () => {
    openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () =>
        list(ACTIVE, [
          campaign({ statistics: [statistics()] }),
          campaign({
            id: 2,
            campaign_name: 'Winter boots',
            on_off: 'off',
            delivery_status: 'off',
            payment_status: 'unpaid',
            payment_link_url: 'https://pay.example.com/link/2',
            amount_due: { amount: 1753.5, covers_days: 7, daily_amount: 250.5, credit_used: 0 },
            date_paid: '2026-12-01T00:00:00.000Z',
            statistics: [statistics({ date_paid: '2026-11-20T00:00:00.000Z' })],
          }),
          campaign({ id: 3, campaign_name: 'No link yet', payment_status: 'unpaid', destination_url: null }),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Active campaigns' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '',
      'Off/On',
      'Campaign',
      'Date created',
      'Delivery',
      'Total Impressions',
      'Total Reach',
      'Date paid',
      'Payment Status',
      'Amount spent',
      'Actions',
    ]);

    const summer = cellsOf(await rowOf('Summer sale'));
    expect(summer['Date created']).toHaveTextContent('2 Nov 2026');
    expect(summer['Delivery']).toHaveTextContent(/^Active$/);
    expect(summer['Total Impressions']).toHaveTextContent('34,000');
    expect(summer['Total Reach']).toHaveTextContent('12,500');
    // No payment recorded: no Date paid, not the day entered with its figures (5 Nov 2026).
    expect(summer['Date paid']).toHaveTextContent(/^—$/);
    expect(within(summer['Payment Status']!).getByText('Paid')).toBeInTheDocument();
    expect(summer['Amount spent']).toHaveTextContent('$320.50');
    expect(summer['Campaign']).toHaveTextContent('Figures as of 10 Nov 2026');
    expect(cellsOf(await rowOf('No link yet'))['Campaign']).not.toHaveTextContent('Figures as of');
    expect(screen.getByRole('switch', { name: 'Summer sale on or off' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Summer sale' })).not.toBeChecked();
    expect(
      within(summer['Actions']!).getByRole('link', { name: /Open destination link of Summer sale/ }),
    ).toHaveAttribute('href', 'https://shop.example.com/summer');

    const winter = cellsOf(await rowOf('Winter boots'));
    expect(winter['Delivery']).toHaveTextContent(/^Paused$/);
    expect(winter['Date paid']).toHaveTextContent('1 Dec 2026');
    const pay = within(winter['Payment Status']!).getByRole('link', { name: /Pay Now/ });
    expect(pay).toHaveAttribute('href', 'https://pay.example.com/link/2');
    expect(pay).toHaveAttribute('target', '_blank');
    // The amount due says how it is made, as the server worked it out.
    expect(winter['Payment Status']).toHaveTextContent(/^\$1,753\.50 due7 days × \$250\.50Pay Now/);
    expect(screen.getByRole('switch', { name: 'Winter boots on or off' })).not.toBeChecked();

    const noLink = cellsOf(await rowOf('No link yet'));
    // Empty cells say so with a dash, as the dashboard does.
    expect(noLink['Payment Status']).toHaveTextContent(/^—$/);
    expect(noLink['Total Reach']).toHaveTextContent(/^—$/);
    expect(noLink['Amount spent']).toHaveTextContent(/^—$/);
    expect(within(noLink['Actions']!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/campaigns/new');
  });

  it('shows Pending with status, decline reason, objective and budget, and resubmits a declined one', async () => {
    const { fetchMock, user } = openPage('/campaigns?tab=pending', {
      [`GET ${PENDING}`]: () =>
        list(PENDING, [
          campaign({ approval_status: 'pending', campaign_objective: 'Consideration' }),
          campaign({
            id: 2,
            campaign_name: 'Winter boots',
            approval_status: 'declined',
            decline_reason: 'The link does not open',
            budget_amount: 99.9,
          }),
        ]),
      'POST /api/customer/my-campaigns/resubmit/2': () =>
        jsonResponse({
          message: CAMPAIGN_MESSAGES.resubmitted,
          data: { ...campaign({ id: 2 }), campaign_content: [] },
        }),
    });
    const table = await screen.findByRole('table', { name: 'Pending' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Campaign', 'Date created', 'Status', 'Objective', 'Budget', 'Actions']);

    const pending = cellsOf(await rowOf('Summer sale'));
    expect(pending['Status']).toHaveTextContent(/^Pending$/);
    expect(pending['Objective']).toHaveTextContent('Consideration');
    expect(pending['Budget']).toHaveTextContent('$1,250.00');
    expect(within(pending['Actions']!).queryByRole('button', { name: /Resubmit/ })).not.toBeInTheDocument();

    const declined = cellsOf(await rowOf('Winter boots'));
    expect(declined['Status']).toHaveTextContent('Declined');
    expect(within(declined['Status']!).getByText('The link does not open')).toBeInTheDocument();
    expect(declined['Budget']).toHaveTextContent('$99.90');

    await user.click(within(declined['Actions']!).getByRole('button', { name: 'Resubmit Winter boots' }));
    expect(within(await findToast('Success')).getByText(CAMPAIGN_MESSAGES.resubmitted)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/resubmit/2')).toHaveLength(1);
    // The lists reload after the change, at the same page.
    await waitFor(() => expect(requestsTo(fetchMock, `GET ${PENDING}`).length).toBeGreaterThan(1));
    expect(requestsTo(fetchMock, `GET ${PENDING}`).at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('says when a resubmit fails', async () => {
    const { user } = openPage('/campaigns?tab=pending', {
      [`GET ${PENDING}`]: () => list(PENDING, [campaign({ approval_status: 'declined', decline_reason: 'No' })]),
      'POST /api/customer/my-campaigns/resubmit/1': () => jsonResponse({}, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Resubmit Summer sale' }));
    expect(within(await findToast('Failed to resubmit campaign')).getByText('Unknown error')).toBeInTheDocument();
  });

  it('shows Archived with Followers, Delivery "Off", a disabled switch at Off and no Duplicate', async () => {
    const { user } = openPage('/campaigns?tab=archived', {
      [`GET ${ARCHIVED}`]: () =>
        list(ARCHIVED, [
          // Archived while switched on: it no longer runs, so its switch shows Off.
          campaign({ archived_at: '2026-12-01T00:00:00.000Z', on_off: 'on', statistics: [statistics()] }),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Archived' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toContain('Followers');
    expect(headers).not.toContain('Payment Status');

    const row = cellsOf(await rowOf('Summer sale'));
    expect(row['Delivery']).toHaveTextContent(/^Off$/);
    expect(row['Followers']).toHaveTextContent('4,200');
    const toggle = screen.getByRole('switch', { name: 'Summer sale on or off' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Summer sale' }));
    expect(screen.getByText('1 Campaign(s) selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('restores an archived campaign from its row, with the server’s message, and reloads the lists', async () => {
    const { fetchMock, user } = openPage('/campaigns?tab=archived', {
      [`GET ${ARCHIVED}`]: () => list(ARCHIVED, [campaign({ archived_at: '2026-12-01T00:00:00.000Z' })]),
      'POST /api/customer/my-campaigns/restore/1': () =>
        jsonResponse({
          message: CAMPAIGN_MESSAGES.restoredForReview,
          data: { ...campaign({ approval_status: 'pending', on_off: 'off' }), campaign_content: [] },
        }),
    });
    const row = cellsOf(await rowOf('Summer sale'));
    await user.click(within(row['Actions']!).getByRole('button', { name: 'Restore Summer sale' }));
    expect(
      within(await findToast('Success')).getByText(
        'Campaign restored and sent back to review. It is switched off until you switch it on.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/restore/1')).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchMock, `GET ${ARCHIVED}`).length).toBeGreaterThan(1));
  });

  it('says why a restore was refused, and offers Restore on the Archived tab only', async () => {
    const { user } = openPage('/campaigns?tab=archived', {
      [`GET ${ARCHIVED}`]: () => list(ARCHIVED, [campaign({ archived_at: '2026-12-01T00:00:00.000Z' })]),
      [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign()]),
      'POST /api/customer/my-campaigns/restore/1': () => jsonResponse({ message: QUOTA_MESSAGES.campaigns(0) }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Summer sale' }));
    expect(
      within(await findToast('Failed to restore campaign')).getByText(QUOTA_MESSAGES.campaigns(0)),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Active campaigns' }));
    await screen.findByRole('table', { name: 'Active campaigns' });
    expect(screen.queryByRole('button', { name: 'Restore Summer sale' })).not.toBeInTheDocument();
  });

  it.each([
    ['active', ACTIVE, 'No active campaigns yet'],
    ['pending', PENDING, 'No pending campaigns yet'],
    ['archived', ARCHIVED, 'No archived campaigns yet'],
  ] as const)('says so when the %s tab is empty', async (tab, path, text) => {
    openPage(`/campaigns?tab=${tab}`, { [`GET ${path}`]: () => list(path, []) });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows placeholder rows while loading', async () => {
    let answer: (response: Response) => void = () => {};
    openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findAllByTestId('table-skeleton-row')).toHaveLength(3);
    answer(list(ACTIVE, [campaign()]));
    expect(await screen.findByText('Summer sale')).toBeInTheDocument();
    expect(screen.queryByTestId('table-skeleton-row')).not.toBeInTheDocument();
  });

  it('says a list failed to load, with "Failed to fetch campaigns" and a Retry that loads it', async () => {
    let answer = () => jsonResponse({ message: 'The page is odd' }, 422);
    const { user } = openPage('/campaigns', { [`GET ${ACTIVE}`]: () => answer() });
    expect(within(await findToast('Failed to fetch campaigns')).getByText('The page is odd')).toBeInTheDocument();
    // Announced, as a failure is.
    expect(screen.getByText('Could not load campaigns.').closest('[role="alert"]')).not.toBeNull();
    // Not "nothing here": that would be untrue.
    expect(screen.queryByText('No active campaigns yet')).not.toBeInTheDocument();

    answer = () => list(ACTIVE, [campaign()]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Summer sale')).toBeInTheDocument();
    expect(screen.queryByText('Could not load campaigns.')).not.toBeInTheDocument();
  });

  it('falls back to "Unknown error" when the failure says nothing', async () => {
    openPage('/campaigns', { [`GET ${ACTIVE}`]: () => jsonResponse({}, 400) });
    expect(within(await findToast('Failed to fetch campaigns')).getByText('Unknown error')).toBeInTheDocument();
  });

  it('switches tabs through the address', async () => {
    const { user, router } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign()]),
      [`GET ${PENDING}`]: () => list(PENDING, []),
    });
    await screen.findByRole('table', { name: 'Active campaigns' });
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(await screen.findByText('No pending campaigns yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=pending');
  });
});

describe('search and pages', () => {
  it('searches a second after the last keystroke, keeping the search in the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock, user, router } = openPage(
      '/campaigns?page=2',
      { [`GET ${ACTIVE}`]: (url) => list(ACTIVE, [campaign()], 3, Number(url.searchParams.get('page'))) },
      { userEventOptions: { advanceTimers: vi.advanceTimersByTime } },
    );
    await screen.findByText('Summer sale');
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'sum');
    // Not yet: nothing is sent per keystroke.
    expect(router.state.location.search).toBe('?page=2');
    expect(requestsTo(fetchMock, `GET ${ACTIVE}`).some(({ url }) => url.searchParams.get('search'))).toBe(false);

    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sum'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `GET ${ACTIVE}`).at(-1)?.url.searchParams.get('search')).toBe('sum'),
    );
    // A new search starts at page 1.
    expect(requestsTo(fetchMock, `GET ${ACTIVE}`).at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('sum');
  });

  it('moves to page 2 and asks for it', async () => {
    const { fetchMock, user, router } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return list(ACTIVE, [campaign({ id: page, campaign_name: `Campaign on page ${page}` })], 10, page);
      },
    });
    await screen.findByText('Campaign on page 1');
    const pages = screen.getByRole('navigation', { name: 'Active campaigns pages' });
    // Seven places: the first pages, dots, the last.
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 6' })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Campaign on page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const last = requestsTo(fetchMock, `GET ${ACTIVE}`).at(-1)!.url.searchParams;
    expect([last.get('page'), last.get('per_page')]).toEqual(['2', '10']);
  });

  it('shows no pagination for one page', async () => {
    openPage('/campaigns', { [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign()]) });
    await screen.findByText('Summer sale');
    expect(screen.queryByRole('navigation', { name: 'Active campaigns pages' })).not.toBeInTheDocument();
  });
});

describe('the switch', () => {
  it('flips at once and flips back with "Status Toggle Failed" when refused', async () => {
    let refuse: () => void = () => {};
    const { fetchMock, user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign({ on_off: 'off', delivery_status: 'off' })]),
      'POST /api/customer/my-campaigns/update/1': () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(jsonResponse({ message: 'The campaign is busy' }, 409));
        }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Summer sale on or off' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')[0]?.body).toEqual({ on_off: 'on' });

    refuse();
    expect(within(await findToast('Status Toggle Failed')).getByText('The campaign is busy')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Summer sale on or off' })).not.toBeChecked());
  });
});

describe('the Edit dialog', () => {
  async function openDialog(handlers: Record<string, ApiHandler> = {}) {
    const page = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign()]),
      ...handlers,
    });
    await page.user.click(await screen.findByRole('button', { name: 'Edit Summer sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    return { ...page, dialog };
  }

  it('checks the fields before sending, each with its toast', async () => {
    const { dialog, user, fetchMock } = await openDialog();
    const name = within(dialog).getByLabelText('Campaign name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByLabelText('Objective')).toBeDisabled();
    expect(within(dialog).getByLabelText('Objective')).toHaveValue('Video view');

    await user.clear(name);
    await user.clear(within(dialog).getByLabelText('Destination URL'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      within(await findToast('Missing Campaign Name')).getByText('Please fill out the Campaign Name.'),
    ).toBeInTheDocument();
    expect(
      within(await findToast('Missing Destination URL')).getByText('Please fill out the Destination URL.'),
    ).toBeInTheDocument();
    // Each message is on its field as well, and the keyboard is taken to the first.
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please fill out the Campaign Name.');
    expect(within(dialog).getByLabelText('Destination URL')).toHaveAccessibleDescription(
      'Please fill out the Destination URL.',
    );
    await waitFor(() => expect(name).toHaveFocus());

    await fillIn(user, name, 'Autumn sale');
    await fillIn(user, within(dialog).getByLabelText('Destination URL'), 'ftp://shop.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(await findToast('Invalid URL')).getByText('Please enter valid URL')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Destination URL')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')).toHaveLength(0);
  });

  it('saves name, link and status, then closes and reloads the list', async () => {
    const { dialog, user, fetchMock } = await openDialog({
      'POST /api/customer/my-campaigns/update/1': () =>
        jsonResponse({ message: CAMPAIGN_MESSAGES.updated, data: { ...campaign(), campaign_content: [] } }),
    });
    const name = within(dialog).getByLabelText('Campaign name');
    await user.clear(name);
    await fillIn(user, name, ' Autumn sale ');
    const url = within(dialog).getByLabelText('Destination URL');
    await user.clear(url);
    await fillIn(user, url, 'https://shop.example.com/autumn');
    await user.click(within(dialog).getByRole('radio', { name: 'Off' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(within(await findToast('Campaign updated')).getByText('Campaign updated successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')[0]?.body).toEqual({
      on_off: 'off',
      campaign_name: 'Autumn sale',
      destination_url: 'https://shop.example.com/autumn',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit campaign' })).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(fetchMock, `GET ${ACTIVE}`).length).toBeGreaterThan(1));
  });

  it('warns before a new name or link sends an approved campaign back to review, and says so once saved', async () => {
    const { dialog, user } = await openDialog({
      'POST /api/customer/my-campaigns/update/1': () =>
        jsonResponse({
          message: CAMPAIGN_MESSAGES.updated,
          data: { ...campaign({ campaign_name: 'Autumn sale', approval_status: 'pending' }), campaign_content: [] },
        }),
    });
    const warning = 'Changing the name or link sends the campaign back to review; it stops running until approved.';
    // The switch alone does not send it back.
    await user.click(within(dialog).getByRole('radio', { name: 'Off' }));
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();

    const name = within(dialog).getByLabelText('Campaign name');
    await user.type(name, '!');
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    // Back to the name it had: nothing to warn about.
    await user.type(name, '{Backspace}');
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();

    const url = within(dialog).getByLabelText('Destination URL');
    await user.clear(url);
    await fillIn(user, url, 'https://shop.example.com/autumn');
    expect(within(dialog).getByText(warning)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      within(await findToast('Campaign updated')).getByText('Campaign updated and sent back to review'),
    ).toBeInTheDocument();
  });

  it('sends the texts and keywords that changed, warning first that they may send the campaign to review', async () => {
    const { dialog, user, fetchMock } = await openDialog({
      'POST /api/customer/my-campaigns/update/1': () =>
        jsonResponse({ message: CAMPAIGN_MESSAGES.updated, data: { ...campaign(), campaign_content: [] } }),
    });
    const primary = within(dialog).getByLabelText('Primary text');
    await user.clear(primary);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(AD_MESSAGES.primaryTextMissing)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')).toEqual([]);
    await user.type(primary, 'Brand new words');
    expect(within(dialog).getByText(CAMPAIGN_MESSAGES.textEditSendsBackToReview)).toBeInTheDocument();
    const keywords = within(dialog)
      .getAllByLabelText('Keywords')
      .find((field) => field instanceof HTMLInputElement && field.type !== 'hidden')!;
    await user.type(keywords, 'brand{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')[0]!.body).toMatchObject({
      ad_title: 'Brand new words',
      keywords: [...campaign().keywords, 'brand'],
    });
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/update/1')[0]!.body).not.toHaveProperty(
      'ad_description',
    );
  }, 20_000);

  it('does not warn for a campaign that is not approved', async () => {
    const { user } = openPage('/campaigns?tab=pending', {
      [`GET ${PENDING}`]: () => list(PENDING, [campaign({ approval_status: 'pending' })]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Summer sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    await user.type(within(dialog).getByLabelText('Campaign name'), ' two');
    expect(within(dialog).queryByText(CAMPAIGN_MESSAGES.editSendsBackToReview)).not.toBeInTheDocument();
  });

  it('says "Failed to update campaign" with the server message', async () => {
    const { dialog, user } = await openDialog({
      'POST /api/customer/my-campaigns/update/1': () => jsonResponse({ message: 'No such campaign' }, 404),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(await findToast('Failed to update campaign')).getByText('No such campaign')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit campaign' })).toBeInTheDocument();
  });
});

describe('Share preview', () => {
  it("makes a 7-day link to the campaign's ad from its row, and shows it once", async () => {
    const path = `/shared/preview/${'P'.repeat(43)}`;
    const { user, fetchMock } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () => list(ACTIVE, [campaign()]),
      'POST /api/customer/shared-links': () =>
        jsonResponse(
          {
            data: {
              id: 5,
              kind: 'preview',
              campaign_id: campaign().id,
              campaign_name: 'Summer sale',
              from: null,
              to: null,
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
    await user.click(await screen.findByRole('button', { name: 'Share preview of Summer sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share the preview of Summer sale' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const made = await screen.findByRole('dialog', { name: SHARED_LINK_TEXTS.madeTitle });
    expect(within(made).getByRole('textbox', { name: 'Link' })).toHaveValue(`${window.location.origin}${path}`);
    expect(requestsTo(fetchMock, 'POST /api/customer/shared-links')[0]!.body).toEqual({
      kind: 'preview',
      campaign_id: campaign().id,
    });
  });
});

describe('selection and bulk actions', () => {
  const twoCampaigns = () => list(ACTIVE, [campaign(), campaign({ id: 2, campaign_name: 'Winter boots' })]);

  it('duplicates the selected campaigns and clears the selection', async () => {
    const { fetchMock, user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: twoCampaigns,
      'POST /api/customer/my-campaigns/duplicate': () => jsonResponse({ message: CAMPAIGN_MESSAGES.duplicated }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Summer sale' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Winter boots' }));
    expect(screen.getByText('2 Campaign(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));

    expect(within(await findToast('Success')).getByText('Campaign(s) duplicated successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/duplicate')[0]?.body).toEqual({
      campaign_ids: [1, 2],
    });
    await waitFor(() => expect(screen.queryByText(/Campaign\(s\) selected/)).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Summer sale' })).not.toBeChecked();
  });

  it('asks before archiving the selected campaigns, or one from its row, and archives once confirmed', async () => {
    const { fetchMock, user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: twoCampaigns,
      'DELETE /api/customer/my-campaigns/soft-delete': () => jsonResponse({ message: CAMPAIGN_MESSAGES.deleted }),
    });
    await screen.findByText('Winter boots');
    await user.click(screen.getByRole('checkbox', { name: 'Select all campaigns on this page' }));
    expect(screen.getByText('2 Campaign(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Archive 2 campaigns?' });
    expect(
      within(dialog).getByText(
        '2 campaigns will be archived: they stop running and their open payment links are cancelled. You can restore them from the Archived tab.',
      ),
    ).toBeInTheDocument();
    // Nothing is sent until it is confirmed; the focus waits on the safe choice.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(within(await findToast('Success')).getByText('Campaign(s) deleted successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')[0]?.body).toEqual({
      campaign_ids: [1, 2],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(/Campaign\(s\) selected/)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Winter boots' }));
    const one = await screen.findByRole('dialog', { name: 'Archive "Winter boots"?' });
    expect(
      within(one).getByText(
        'This campaign will be archived: it stops running and its open payment link is cancelled. You can restore it from the Archived tab.',
      ),
    ).toBeInTheDocument();
    await user.click(within(one).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')).toHaveLength(2));
    expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')[1]?.body).toEqual({
      campaign_ids: [2],
    });
  });

  it('archives nothing when the confirmation is cancelled', async () => {
    const { fetchMock, user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: twoCampaigns,
      'DELETE /api/customer/my-campaigns/soft-delete': () => jsonResponse({ message: CAMPAIGN_MESSAGES.deleted }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Summer sale' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive "Summer sale"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Winter boots' }));
    await screen.findByRole('dialog', { name: 'Archive "Winter boots"?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')).toHaveLength(0);
    // The selection is left as it was.
    expect(screen.getByText('1 Campaign(s) selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Summer sale' })).toBeChecked();
  });

  it('says Delete is for good on the Archived tab', async () => {
    const { fetchMock, user } = openPage('/campaigns?tab=archived', {
      [`GET ${ARCHIVED}`]: () => list(ARCHIVED, [campaign({ archived_at: '2026-12-01T00:00:00.000Z' })]),
      'DELETE /api/customer/my-campaigns/soft-delete': () => jsonResponse({ message: CAMPAIGN_MESSAGES.deleted }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Summer sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Summer sale" for good?' });
    expect(
      within(dialog).getByText('This campaign will be deleted for good: it leaves your lists and cannot be restored.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/customer/my-campaigns/soft-delete')).toHaveLength(1));
  });

  it('says "Failed to delete campaigns" and "Failed to duplicate campaigns"', async () => {
    const { user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: twoCampaigns,
      'DELETE /api/customer/my-campaigns/soft-delete': () => jsonResponse({ message: 'No such campaign' }, 404),
      'POST /api/customer/my-campaigns/duplicate': () => jsonResponse({ message: QUOTA_MESSAGES.campaigns(0) }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Summer sale' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    expect(within(await findToast('Failed to delete campaigns')).getByText('No such campaign')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A quota refusal says which quota and what is left.
    await user.click(screen.getByRole('checkbox', { name: 'Select Winter boots' }));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(
      within(await findToast('Failed to duplicate campaigns')).getByText(QUOTA_MESSAGES.campaigns(0)),
    ).toBeInTheDocument();
  });

  it('clears the selection with Cancel and when the page changes', async () => {
    const { user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return list(ACTIVE, [campaign({ id: page, campaign_name: `Campaign on page ${page}` })], 2, page);
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Campaign on page 1' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Campaign\(s\) selected/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Campaign on page 1' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Campaign on page 2');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Campaign on page 1' })).not.toBeChecked();
    expect(screen.queryByText(/Campaign\(s\) selected/)).not.toBeInTheDocument();
  });
});

describe('/campaigns lists on a phone', () => {
  it('shows a card a campaign, with its status, money, switch, selection and actions as buttons', async () => {
    atPhoneWidth();
    const { user } = openPage('/campaigns', {
      [`GET ${ACTIVE}`]: () =>
        list(ACTIVE, [
          campaign({ statistics: [statistics()] }),
          campaign({
            id: 2,
            campaign_name: 'Winter boots',
            payment_status: 'unpaid',
            payment_link_url: 'https://pay.example.com/link/2',
          }),
        ]),
    });
    const cards = await screen.findByRole('list', { name: 'Active campaigns' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const summer = await within(cards).findByRole('listitem', { name: /^Summer sale/ });
    const lines = Object.fromEntries(
      within(summer)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling as HTMLElement]),
    );
    // The switch, delivery and money come first; the figures follow.
    expect(Object.keys(lines)).toEqual([
      'Off/On',
      'Delivery',
      'Payment Status',
      'Amount spent',
      'Date created',
      'Total Impressions',
      'Total Reach',
      'Date paid',
    ]);
    expect(lines['Delivery']).toHaveTextContent(/^Active$/);
    expect(lines['Amount spent']).toHaveTextContent('$320.50');
    expect(lines['Date paid']).toHaveTextContent(/^—$/);
    expect(within(lines['Off/On']!).getByRole('switch', { name: 'Summer sale on or off' })).toBeChecked();

    const winter = within(cards).getByRole('listitem', { name: 'Winter boots' });
    expect(within(winter).getByRole('link', { name: /Pay Now/ })).toHaveAttribute(
      'href',
      'https://pay.example.com/link/2',
    );
    // The row's actions are buttons that say what they do.
    expect(within(winter).getByRole('button', { name: 'Delete Winter boots' })).toHaveTextContent('Delete');
    expect(within(winter).getByRole('link', { name: /Open destination link of Winter boots/ })).toHaveTextContent(
      'Open destination link',
    );
    await user.click(within(winter).getByRole('button', { name: 'Edit Winter boots' }));
    expect(await screen.findByRole('dialog', { name: 'Edit campaign' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Selection: a box on each card, and "Select all" above them.
    await user.click(within(winter).getByRole('checkbox', { name: 'Select Winter boots' }));
    expect(screen.getByText('1 Campaign(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all campaigns on this page' }));
    expect(screen.getByText('2 Campaign(s) selected')).toBeInTheDocument();
  });

  it('restores an archived campaign from its card', async () => {
    atPhoneWidth();
    const { fetchMock, user } = openPage('/campaigns?tab=archived', {
      [`GET ${ARCHIVED}`]: () => list(ARCHIVED, [campaign({ archived_at: '2026-12-01T00:00:00.000Z' })]),
      'POST /api/customer/my-campaigns/restore/1': () =>
        jsonResponse({
          message: CAMPAIGN_MESSAGES.restoredForReview,
          data: { ...campaign({ approval_status: 'pending', on_off: 'off' }), campaign_content: [] },
        }),
    });
    const card = await within(await screen.findByRole('list', { name: 'Archived' })).findByRole('listitem', {
      name: 'Summer sale',
    });
    await user.click(within(card).getByRole('button', { name: 'Restore Summer sale' }));
    await findToast('Success');
    expect(requestsTo(fetchMock, 'POST /api/customer/my-campaigns/restore/1')).toHaveLength(1);
  });
});
