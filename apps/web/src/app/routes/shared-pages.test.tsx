import { REPORT_FIGURES, SHARED_LINK_TEXTS, type SharedReport } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const TOKEN = 'A'.repeat(43);
const zeros = Object.fromEntries(REPORT_FIGURES.map((figure) => [figure.key, 0])) as SharedReport['totals'];

const REPORT: SharedReport = {
  title: 'Winter boots',
  subject: 'campaign',
  from: '2026-11-04',
  to: '2026-11-05',
  totals: { ...zeros, amount_spent: 55, link_clicks: 5 },
  days: [
    { date: '2026-11-04', ...zeros },
    { date: '2026-11-05', ...zeros, amount_spent: 55, link_clicks: 5 },
  ],
  expires_at: '2026-12-20T10:00:00.000Z',
};

describe('Shared links’ public pages', () => {
  it('shows a report link’s figures without signing in, asking once', async () => {
    const fetchMock = stubApi({ [`GET /api/shared/report/${TOKEN}`]: () => jsonResponse({ data: REPORT }) });
    renderApp(`/shared/report/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Report: Winter boots' })).toBeInTheDocument();
    expect(screen.getByText(/The link works until 20 Dec 2026/)).toBeInTheDocument();
    expect(screen.getByText('4 Nov 2026 – 5 Nov 2026')).toBeInTheDocument();
    expect(screen.getAllByText('$55.00').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('table', { name: /Figures per day/ })).getAllByRole('row')).toHaveLength(3);
    // No way into the portal from here.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET /api/shared/report/${TOKEN}`)).toHaveLength(1);
  });

  it('says a dead link has expired or was revoked', async () => {
    stubApi({
      [`GET /api/shared/report/${TOKEN}`]: () => jsonResponse({ message: SHARED_LINK_TEXTS.gone }, 404),
    });
    renderApp(`/shared/report/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: SHARED_LINK_TEXTS.gone })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SHARED_LINK_TEXTS.goneHint);
  });

  it('shows a preview link’s ad in its placements, under the profile picture, with its files', async () => {
    stubApi({
      [`GET /api/shared/preview/${TOKEN}`]: () =>
        jsonResponse({
          data: {
            account_name: 'Acme Agency',
            logo: 'avatars/picture.png',
            primary_text: 'New shoes for spring',
            additional_text: 'Free delivery this week',
            destination_url: 'https://shop.example.com/spring',
            media: [{ url: '/api/storage/files/a.png?signature=x', kind: 'image' }],
            expires_at: '2026-11-27T10:00:00.000Z',
          },
        }),
    });
    renderApp(`/shared/preview/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ad preview: Acme Agency' })).toBeInTheDocument();
    const post = screen.getByRole('figure', { name: 'Preview of the ad' });
    expect(within(post).getByText('New shoes for spring')).toBeInTheDocument();
    expect(within(post).getByRole('img', { name: 'Image 1 of the ad' })).toHaveAttribute(
      'src',
      '/api/storage/files/a.png?signature=x',
    );
    expect(within(post).getByRole('link', { name: /shop\.example\.com/ })).toBeInTheDocument();
    expect(post.querySelector('img[src$="/avatars/picture.png"]')).not.toBeNull();
    // The story and the reel, in Instagram's dark theme too.
    await userEvent.click(screen.getByRole('radio', { name: 'Story' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    const story = screen.getByRole('figure', { name: 'Preview of the ad' });
    expect(story).toHaveAttribute('data-placement', 'story');
    expect(story).toHaveAttribute('data-scheme', 'dark');
    expect(within(story).getByRole('img', { name: 'Image 1 of the ad' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Reel' }));
    expect(screen.getByRole('figure', { name: 'Preview of the ad' })).toHaveAttribute('data-placement', 'reel');
  });
});
