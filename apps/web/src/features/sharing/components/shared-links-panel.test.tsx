import { SHARED_LINK_TEXTS, type SharedLink } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const link = (overrides: Partial<SharedLink>): SharedLink => ({
  id: 1,
  kind: 'report',
  campaign_id: null,
  campaign_name: null,
  from: '2026-11-01',
  to: '2026-11-30',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-12-20T10:00:00.000Z',
  views: 3,
  last_viewed_at: '2026-11-21T08:15:00.000Z',
  created_by: 'Ann Lee',
  ...overrides,
});

const REPORT = link({});
const PREVIEW = link({
  id: 2,
  kind: 'preview',
  campaign_id: 7,
  campaign_name: 'Winter boots',
  from: null,
  to: null,
  views: 0,
  last_viewed_at: null,
  expires_at: '2026-11-27T10:00:00.000Z',
});

describe('Shared links on My account', () => {
  it('lists the active links with what they show and their views, and revokes one', async () => {
    let listed = [REPORT, PREVIEW];
    const fetchMock = stubApi({
      'GET /api/customer/shared-links': () => jsonResponse({ data: listed }),
      'DELETE /api/customer/shared-links/2': () => {
        listed = [REPORT];
        return jsonResponse({ message: SHARED_LINK_TEXTS.revoked });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await screen.findByRole('table', { name: 'Shared links' });

    const table = screen.getByRole('table', { name: 'Shared links' });
    const report = (await within(table).findByText('Report on all campaigns of Ann Lee')).closest('tr')!;
    expect(within(report).getByText('1 Nov 2026 to 30 Nov 2026')).toBeInTheDocument();
    expect(within(report).getByText('Report')).toBeInTheDocument();
    expect(within(report).getByText('20 Dec 2026')).toBeInTheDocument();
    expect(within(report).getByText('3')).toBeInTheDocument();
    expect(within(report).getByText('21 Nov 2026, 08:15 UTC')).toBeInTheDocument();
    const preview = within(table).getByText('Preview of Winter boots').closest('tr')!;
    expect(within(preview).getByText('—')).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: 'Revoke Preview of Winter boots' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await findToast('Done');
    expect(requestsTo(fetchMock, 'DELETE /api/customer/shared-links/2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Preview of Winter boots')).not.toBeInTheDocument());
  });

  it('says when there is none', async () => {
    stubApi({ 'GET /api/customer/shared-links': () => jsonResponse({ data: [] }) });
    sessionStore.signIn(loginResponse());
    renderApp('/my-account');
    expect(await screen.findByText(SHARED_LINK_TEXTS.listEmpty)).toBeInTheDocument();
  });
});
