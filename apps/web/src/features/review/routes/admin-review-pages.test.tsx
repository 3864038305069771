import {
  DECLINE_REASON_MESSAGES,
  REVIEW_MESSAGES,
  ROLE,
  FIGURES,
  FIGURES_BY_KEY,
  STATISTICS_MESSAGES,
  type Campaign,
  type DeclineReason,
  type ListedUser,
  type StatisticsEntry,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { watchForPlaceholders } from '@/test/placeholders';
import { renderApp } from '@/test/render-app';
import { statisticsEntry } from '@/test/answers';
import { campaignFixture, WINTER_BOOTS } from '@/test/campaigns';

const REASONS: DeclineReason[] = [
  {
    code: 'destination_link',
    text: 'Destination link does not work',
    retired_at: null,
    created_at: '2026-11-01T00:00:00Z',
  },
  { code: 'old_reason', text: 'Old reason', retired_at: '2026-11-02T00:00:00Z', created_at: '2026-11-01T00:00:01Z' },
];

function openAsAdmin(path: string, handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi(handlers);
  sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
  return { ...renderApp(path), fetchMock };
}

const page = <T,>(data: T[]) =>
  jsonResponse({ data, pagination: { current_page: 1, per_page: 10, last_page: 1, total: data.length } });

function user(overrides: Partial<ListedUser> = {}): ListedUser {
  return {
    id: 5,
    first_name: 'Bo',
    last_name: 'Banned',
    email: 'bo@example.com',
    total_spent: 0,
    status: true,
    type: ROLE.customer,
    ...overrides,
  };
}

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return campaignFixture({
    ...WINTER_BOOTS,
    user_last_name: 'Banned',
    approval_status: 'pending',
    delivery_status: 'off',
    payment_status: 'unpaid',
    created_at: '2026-11-20T10:00:00.000Z',
    published_on: null,
    submitted_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}

/** A row's cells by column header. */
function cellsOf(row: HTMLElement) {
  const headers = within(row.closest('table')!)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const cells = within(row).getAllByRole('cell');
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]!.textContent]));
}

describe('/admin/campaigns', () => {
  it('shows each tab with its columns and keeps the tab in the address', async () => {
    const {
      fetchMock,
      router,
      user: person,
    } = openAsAdmin('/admin/campaigns', {
      'GET /api/get-campaign-requests': (url) =>
        url.searchParams.get('listing_type') === 'declined'
          ? page([
              campaign({
                approval_status: 'declined',
                declined_at: '2026-11-22T00:00:00Z',
                decline_reason: 'Too dark',
              }),
            ])
          : page([campaign()]),
    });
    const row = (await screen.findByText('Winter boots')).closest('tr')!;
    expect(cellsOf(row)).toEqual({
      Campaign: 'Winter boots',
      Customer: 'Bo Bannedbo@example.com',
      Submitted: '21 Nov 2026',
      Objective: 'Consideration',
      Budget: 'Daily $40.00',
      View: 'View',
    });
    await person.click(screen.getByRole('tab', { name: 'Declined' }));
    expect(await screen.findByText('Too dark')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=declined');
    const asked = requestsTo(fetchMock, 'GET /api/get-campaign-requests').map((request) =>
      request.url.searchParams.get('listing_type'),
    );
    expect(asked).toEqual(['pending', 'declined']);
  });

  it('says so when a tab is empty', async () => {
    openAsAdmin('/admin/campaigns?tab=approved', { 'GET /api/get-campaign-requests': () => page([]) });
    expect(await screen.findByText('No approved campaigns yet')).toBeInTheDocument();
  });
});

describe('the review page', () => {
  it('declines with a reason and a note from a dialog that starts in the reason, then puts the focus on the campaign', async () => {
    let decided = false;
    const { fetchMock, user: person } = openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({
          data: {
            ...campaign(decided ? { approval_status: 'declined', decline_reason: 'Too dark' } : {}),
            campaign_content: [],
            history: [],
            changes_since_decision: null,
          },
        }),
      'GET /api/admin/decline-reasons': () => jsonResponse({ data: REASONS }),
      'POST /api/update-campaign-approval-status/9': () => {
        decided = true;
        return jsonResponse({ message: REVIEW_MESSAGES.declined, data: campaign({ approval_status: 'declined' }) });
      },
    });
    const decline = await screen.findByRole('button', { name: 'Decline' });
    await person.click(decline);
    const dialog = await screen.findByRole('dialog', { name: 'Decline campaign' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Reason/ })).toHaveFocus());
    await person.type(within(dialog).getByLabelText('Note (optional)'), 'Too');
    await person.keyboard('{Escape}');
    await waitFor(() => expect(decline).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Closed, the dialog forgets what was typed: it opens empty, and the note is sent once.
    await person.click(decline);
    const opened = await screen.findByRole('dialog');
    const note = await within(opened).findByLabelText('Note (optional)');
    expect(note).toHaveValue('');
    // No reason chosen: the dialog says so and sends nothing.
    await person.click(within(opened).getByRole('button', { name: 'Decline' }));
    expect(await within(opened).findByText(DECLINE_REASON_MESSAGES.codeRequired)).toBeInTheDocument();
    // The retired reason is not offered.
    await person.click(within(opened).getByRole('combobox', { name: /^Reason/ }));
    expect(screen.queryByRole('option', { name: 'Old reason' })).not.toBeInTheDocument();
    await person.click(await screen.findByRole('option', { name: 'Destination link does not work' }));
    await person.type(note, 'Too dark');
    await person.click(within(opened).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Success')).toHaveAttribute('role', 'status');
    // Approve and Decline are gone with the decision: the keyboard is on the campaign's name.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Winter boots' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/update-campaign-approval-status/9').map((request) => request.body)).toEqual(
      [{ approval_status: 'declined', decline_reason_code: 'destination_link', decline_note: 'Too dark' }],
    );
  }, 30_000);

  it('asks for the campaign before it is drawn, so it appears without a placeholder, asked for once', async () => {
    const placeholders = watchForPlaceholders('[aria-label="Loading the campaign"]');
    const { fetchMock } = openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({ data: { ...campaign(), campaign_content: [], history: [], changes_since_decision: null } }),
    });
    expect(await screen.findByRole('heading', { name: 'Winter boots' })).toBeInTheDocument();
    expect(placeholders.seen()).toBe(false);
    expect(requestsTo(fetchMock, 'GET /api/admin/campaign/9')).toHaveLength(1);
    placeholders.stop();
  });

  it('shows what changed since the last decision above the campaign', async () => {
    openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({
          data: {
            ...campaign(),
            campaign_content: [],
            history: [],
            changes_since_decision: {
              decision: 'declined',
              decided_at: '2026-11-22T10:00:00.000Z',
              fields: [
                { field: 'campaign_name', before: 'Winter shoes', after: 'Winter boots' },
                { field: 'budget_amount', before: 40, after: 55.5 },
              ],
              keywords: { added: ['boots'], removed: ['shoes'] },
              media: {
                added: [{ s3_key: 'media/b.png', name: 'new.png' }],
                removed: [{ s3_key: 'media/a.png', name: 'old.png' }],
              },
            },
          },
        }),
    });
    const card = (await screen.findByRole('heading', { name: 'Changes since the last decision' })).closest('section')!;
    expect(within(card).getByText('Compared with the campaign as declined on 22 Nov 2026')).toBeInTheDocument();
    const name = within(card).getByRole('rowheader', { name: 'Campaign name' }).closest('tr')!;
    expect(name).toHaveTextContent('Winter shoesWinter boots');
    expect(within(card).getByRole('rowheader', { name: 'Budget' }).closest('tr')).toHaveTextContent('$40.00$55.50');
    expect(within(card).getByText('Keywords added').parentElement).toHaveTextContent('boots');
    expect(within(card).getByText('Keywords removed').parentElement).toHaveTextContent('shoes');
    expect(within(card).getByText('Media added').parentElement).toHaveTextContent('new.png');
    expect(within(card).getByText('Media removed').parentElement).toHaveTextContent('old.png');
  });

  it('puts the focus on the campaign when another administrator decided it first (409)', async () => {
    let decidedElsewhere = false;
    const { user: person } = openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({
          data: {
            ...campaign(decidedElsewhere ? { approval_status: 'approved' } : {}),
            campaign_content: [],
            history: [],
            changes_since_decision: null,
          },
        }),
      'POST /api/update-campaign-approval-status/9': () => {
        decidedElsewhere = true;
        return jsonResponse({ message: REVIEW_MESSAGES.notPending }, 409);
      },
    });
    await person.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await findToast('Failed to update campaign')).toHaveTextContent(REVIEW_MESSAGES.notPending);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Winter boots' })).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
  }, 20_000);
});

describe('/admin/users and the ban dialog', () => {
  it('bans after saying what the ban switches off, then shows the user InActive', async () => {
    let banned = false;
    const { fetchMock, user: person } = openAsAdmin('/admin/users', {
      'GET /api/get-all-users': () => page([user({ status: !banned })]),
      'GET /api/admin/user/5': () =>
        jsonResponse({
          data: {
            ...user(),
            campaigns_to_switch_off: [{ id: 9, campaign_name: 'Winter boots', approval_status: 'approved' }],
            history: [],
          },
        }),
      'POST /api/toggle-user-status/5': () => {
        banned = true;
        return jsonResponse({ message: REVIEW_MESSAGES.userStatusUpdated, data: { id: 5, status: false } });
      },
    });
    await person.click(await screen.findByRole('button', { name: 'Active: ban Bo Banned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bo Banned?' });
    expect(await within(dialog).findByText('Winter boots (approved)')).toBeInTheDocument();
    expect(within(dialog).getByText('No earlier bans or decisions')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await person.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await findToast('Success')).toHaveTextContent(REVIEW_MESSAGES.userStatusUpdated);
    expect(await screen.findByRole('button', { name: 'InActive: unban Bo Banned' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/toggle-user-status/5')).toHaveLength(1);
  });

  it("says what Total spent is, so it is not taken for the figures' Amount spent", async () => {
    openAsAdmin('/admin/users', { 'GET /api/get-all-users': () => page([user()]) });
    expect(await screen.findByRole('columnheader', { name: 'Total spent' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Total spent: what the customer paid, less refunds. Amount spent: what the campaigns spent, from the figures.',
      ),
    ).toBeInTheDocument();
  });

  it('names the campaign of each history line about one', async () => {
    const line = (id: number, action: string, campaign: { id: number; campaign_name: string } | null) => ({
      id,
      action,
      actor: { id: 1, name: 'Ada Admin' },
      before: null,
      after: action === 'user.banned' ? { status: false, campaigns_switched_off: [9] } : null,
      campaign,
      created_at: '2026-11-23T10:00:00.000Z',
    });
    const { user: person } = openAsAdmin('/admin/users', {
      'GET /api/get-all-users': () => page([user()]),
      'GET /api/admin/user/5': () =>
        jsonResponse({
          data: {
            ...user(),
            campaigns_to_switch_off: [],
            history: [
              line(1, 'campaign.approved', { id: 9, campaign_name: 'Winter boots' }),
              line(2, 'campaign.declined', { id: 10, campaign_name: 'Summer hats' }),
              line(3, 'user.banned', null),
            ],
          },
        }),
    });
    await person.click(await screen.findByRole('button', { name: 'Active: ban Bo Banned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bo Banned?' });
    /** The whole History line whose title is `title`. */
    const lineOf = async (title: string) =>
      (await within(dialog).findByText(title)).closest('.mantine-Timeline-item')?.textContent;
    expect(await lineOf('Approved by Ada Admin')).toMatch(/^Approved by Ada AdminCampaign: Winter boots/);
    expect(await lineOf('Declined by Ada Admin')).toMatch(/^Declined by Ada AdminCampaign: Summer hatsNo reason given/);
    // A line about the user names no campaign.
    expect(await lineOf('Banned by Ada Admin')).toMatch(/^Banned by Ada Admin1 campaign switched off\d/);
  });

  it("shows the server's refusal in an Error toast", async () => {
    const { user: person } = openAsAdmin('/admin/users', {
      'GET /api/get-all-users': () => page([user()]),
      'GET /api/admin/user/5': () => jsonResponse({ data: { ...user(), campaigns_to_switch_off: [], history: [] } }),
      'POST /api/toggle-user-status/5': () => jsonResponse({ message: REVIEW_MESSAGES.cannotBanAdmin }, 409),
    });
    await person.click(await screen.findByRole('button', { name: 'Active: ban Bo Banned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bo Banned?' });
    expect(
      await within(dialog).findByText('None of their campaigns is running or waiting for review.'),
    ).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await findToast('Error')).toHaveTextContent(REVIEW_MESSAGES.cannotBanAdmin);
  });
});

describe('Edit metrics', () => {
  const approved = (overrides: Partial<Campaign> = {}) =>
    campaign({ approval_status: 'approved', published_on: '2026-11-22T10:00:00.000Z', ...overrides });

  function entry(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
    return { ...statisticsEntry(), followers_count: 1500, ...overrides };
  }

  /** The labels of the required figures other than Amount spent and Duration. */
  const FIGURE_LABELS = [
    'Ad Cost',
    'Followers',
    'Posts',
    'Total Reach',
    'Post Reach',
    'Story Reach',
    'Total Impressions',
    'Post Impressions',
    'Story Impressions',
    'Likes',
    'Comments',
    'Shares',
    'Saves',
    'Story Account Taps',
    'Stories With Link',
  ];

  /** A field of the dialog by its label; required ones carry an asterisk after it. */
  const fieldOf = (dialog: HTMLElement, label: string) =>
    within(dialog).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

  it('sends every field from the Approved tab, multipart, with its defaults and its date formats', async () => {
    const { fetchMock, user: person } = openAsAdmin('/admin/campaigns?tab=approved', {
      'GET /api/get-campaign-requests': () => page([approved()]),
      'POST /api/campaign/add-update-performance-stats/9': () =>
        jsonResponse({ message: STATISTICS_MESSAGES.updated, data: entry() }),
    });
    const opener = await screen.findByRole('button', { name: 'Edit metrics for Winter boots' });
    await person.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit metrics' });
    const field = (label: string) => fieldOf(dialog, label);
    await waitFor(() => expect(field('Amount spent')).toHaveFocus());
    expect(field('Duration (hours)')).toHaveValue('24');
    expect(field('Link Clicks')).toHaveValue('0');
    expect(field('Leads')).toHaveValue('0');
    expect(field('Followers')).toHaveValue('');
    expect(field('Date')).toHaveValue(new Date().toISOString().slice(0, 10));
    expect(within(dialog).getByRole('heading', { name: 'Engagement' })).toBeInTheDocument();

    // Nothing is sent while a required field is empty; the messages are the server's.
    await person.click(within(dialog).getByRole('button', { name: 'Save metrics' }));
    expect(await within(dialog).findByText(FIGURES_BY_KEY.amount_spent.required!)).toBeInTheDocument();
    expect(within(dialog).getByText(STATISTICS_MESSAGES.datesRequired)).toBeInTheDocument();
    await waitFor(() => expect(field('Amount spent')).toHaveFocus());

    await person.type(field('Amount spent'), '120.5');
    // The other figures are filled in one change each: typing into all 15 is slow in jsdom.
    for (const label of FIGURE_LABELS) fireEvent.change(field(label), { target: { value: '7' } });
    fireEvent.change(field('Date'), { target: { value: '2026-11-18' } });
    fireEvent.change(field('Date paid'), { target: { value: '2026-11-02' } });
    const posting = field('Posting date and time (UTC)');
    fireEvent.change(posting, { target: { value: '2026-11-18T10:30' } });
    await person.click(within(dialog).getByRole('button', { name: 'Add date' }));
    fireEvent.change(posting, { target: { value: '2026-11-20T09:15' } });
    await person.click(within(dialog).getByRole('button', { name: 'Add date' }));
    // Enter in the date adds it rather than sending the form.
    fireEvent.change(posting, { target: { value: '2026-11-19T08:05' } });
    posting.focus();
    await person.keyboard('{Enter}');
    const dates = within(dialog).getByRole('list', { name: 'Posting dates' });
    expect(
      within(dates)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['18 Nov 2026, 10:30 UTC', '20 Nov 2026, 09:15 UTC', '19 Nov 2026, 08:05 UTC']);
    await person.click(within(dates).getByRole('button', { name: 'Remove 20 Nov 2026, 09:15 UTC' }));
    expect(within(dates).getAllByRole('listitem')).toHaveLength(2);
    expect(requestsTo(fetchMock, 'POST /api/campaign/add-update-performance-stats/9')).toHaveLength(0);

    await person.click(within(dialog).getByRole('button', { name: 'Save metrics' }));
    expect(await findToast('Updated')).toHaveTextContent(STATISTICS_MESSAGES.updated);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit metrics' })).not.toBeInTheDocument());
    // The focus goes back to the row's button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit metrics for Winter boots' })).toHaveFocus());
    const [sent] = requestsTo(fetchMock, 'POST /api/campaign/add-update-performance-stats/9');
    expect(sent?.form).toBeInstanceOf(FormData);
    expect(Object.fromEntries(sent!.form!.entries())).toEqual({
      ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, '7'])),
      amount_spent: '120.5',
      duration: '24',
      link_clicks: '0',
      lead_generated: '0',
      created_at: '18 Nov 2026 00:00:00',
      date_paid: '2 Nov 2026 00:00:00',
      'dates[0]': '18 Nov 2026 10:30:00',
      'dates[1]': '19 Nov 2026 08:05:00',
    });
    // The tab reloads, since it shows the amount spent.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/get-campaign-requests')).toHaveLength(2));
  }, 30_000);

  it('starts from the current figures on the review page, and shows one toast per refused message', async () => {
    let answers = 0;
    const { fetchMock, user: person } = openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({
          data: {
            ...approved({ statistics: [entry()] }),
            campaign_content: [],
            history: [],
            changes_since_decision: null,
          },
        }),
      'POST /api/campaign/add-update-performance-stats/9': () =>
        ++answers === 1
          ? jsonResponse(
              {
                message: 'The given data was invalid.',
                errors: {
                  amount_spent: [STATISTICS_MESSAGES.negative],
                  'dates.0': [STATISTICS_MESSAGES.dateInvalid],
                  created_at: [STATISTICS_MESSAGES.dateInFuture],
                },
              },
              422,
            )
          : jsonResponse({ message: STATISTICS_MESSAGES.notApproved }, 409),
    });
    await person.click(await screen.findByRole('button', { name: 'Edit metrics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit metrics' });
    const field = (label: string) => fieldOf(dialog, label);
    expect(field('Amount spent')).toHaveValue('$120.50');
    expect(field('Followers')).toHaveValue('1,500');
    expect(field('Date paid')).toHaveValue('2026-11-02');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('18 Nov 2026, 10:30 UTC');

    await person.click(within(dialog).getByRole('button', { name: 'Save metrics' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Amount spent: ${STATISTICS_MESSAGES.negative}`),
        expect.stringContaining(`Posting dates: ${STATISTICS_MESSAGES.dateInvalid}`),
        expect.stringContaining(`Date: ${STATISTICS_MESSAGES.dateInFuture}`),
      ]),
    );
    expect(field('Amount spent')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Amount spent')).toHaveAccessibleDescription(STATISTICS_MESSAGES.negative);
    expect(field('Posting date and time (UTC)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit metrics' })).toBeInTheDocument();

    // Any other refusal: the usual toast, with the server's sentence.
    await person.click(within(dialog).getByRole('button', { name: 'Save metrics' }));
    expect(await findToast('Something went wrong')).toHaveTextContent(STATISTICS_MESSAGES.notApproved);
    expect(requestsTo(fetchMock, 'POST /api/campaign/add-update-performance-stats/9')).toHaveLength(2);
  });

  it('is offered for approved campaigns only', async () => {
    openAsAdmin('/admin/view-campaign/9', {
      'GET /api/admin/campaign/9': () =>
        jsonResponse({ data: { ...campaign(), campaign_content: [], history: [], changes_since_decision: null } }),
    });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit metrics/ })).not.toBeInTheDocument();
  });

  it('is not offered on the Pending tab', async () => {
    openAsAdmin('/admin/campaigns', { 'GET /api/get-campaign-requests': () => page([campaign()]) });
    expect(await screen.findByRole('link', { name: 'View Winter boots' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit metrics/ })).not.toBeInTheDocument();
  });
});
