import { REPORT_SCHEDULE_MESSAGES, type ReportSchedule } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, jsonResponse, loginResponse, routeFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { analyticsCampaignFixture } from '@/test/campaigns';

const WEEKLY: ReportSchedule = {
  id: 7,
  frequency: 'weekly',
  campaign_ids: null,
  next_send_on: '2030-01-07',
  created_at: '2030-01-01T09:00:00.000Z',
};

describe('Scheduled reports on My account', () => {
  it('lists the reports, adds a monthly one, and deletes one', async () => {
    const added: ReportSchedule = {
      ...WEEKLY,
      id: 8,
      frequency: 'monthly',
      next_send_on: '2030-02-01',
    };
    let listed = [WEEKLY];
    const fetchMock = routeFetch({
      'GET /api/customer/report-schedules': () => jsonResponse({ data: listed }),
      'GET /api/customer/campaigns-analytics?page=1&per_page=100&search=': () =>
        jsonResponse({
          data: [analyticsCampaignFixture({ id: 3, campaign_name: 'Spring shoes' })],
          pagination: { current_page: 1, per_page: 100, last_page: 1, total: 1 },
        }),
      'POST /api/customer/report-schedules': () => {
        listed = [...listed, added];
        return jsonResponse({ message: REPORT_SCHEDULE_MESSAGES.created, data: added }, 201);
      },
      'DELETE /api/customer/report-schedules/7': () => {
        listed = listed.filter((row) => row.id !== 7);
        return jsonResponse({ message: REPORT_SCHEDULE_MESSAGES.deleted });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    const list = await screen.findByRole('list', { name: 'Your scheduled reports' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Weekly · All campaigns');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Next on 7 Jan 2030');

    await user.click(screen.getByRole('button', { name: 'Add report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a scheduled report' });
    await user.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [call] = callsTo(fetchMock, 'POST /api/customer/report-schedules');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ frequency: 'monthly', campaign_ids: null });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Monthly · All campaigns');

    await user.click(within(list).getByRole('button', { name: 'Delete Weekly report, all campaigns' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('unsubscribes from the e-mail link signed out, and says when the link is not valid', async () => {
    const fetchMock = routeFetch({
      'POST /api/report-schedules/unsubscribe?schedule=7&signature=good': () =>
        jsonResponse({ message: REPORT_SCHEDULE_MESSAGES.unsubscribed }),
      'POST /api/report-schedules/unsubscribe?schedule=7&signature=bad': () =>
        jsonResponse({ message: REPORT_SCHEDULE_MESSAGES.badSignature }, 403),
    });
    const { unmount } = renderApp('/report-unsubscribe?schedule=7&signature=good');
    expect(await screen.findByText(REPORT_SCHEDULE_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/report-schedules/unsubscribe?schedule=7&signature=good')).toHaveLength(1);
    unmount();
    renderApp('/report-unsubscribe?schedule=7&signature=bad');
    expect(await screen.findByText(REPORT_SCHEDULE_MESSAGES.badSignature)).toBeInTheDocument();
  });
});
