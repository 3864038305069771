import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AD_CHECK_MESSAGES, DEFAULT_AD_CHECK_SETTINGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DETAILS } from '../../utils/wizard-values';
import { ReviewStep } from './review-step';
import type { MediaItem } from './use-media-uploads';

const picture = (name: string, width: number, height: number): MediaItem => ({
  id: name,
  key: `media/${name}`,
  name,
  kind: 'image',
  url: `/api/files/media/${name}`,
  state: 'uploaded',
  percent: 100,
  metadata: { width, height, duration_seconds: null, size: 1000, container: 'png', codec: null },
});

function renderReview(ad: { ad_title: string; ad_description: string; destination_url: string }, media: MediaItem[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <ReviewStep
          details={{ ...DEFAULT_DETAILS, campaign_name: 'Autumn shoes', keywords: ['a', 'b', 'c'] }}
          ad={ad}
          media={media}
          accountName="Ann Lee"
          brandName="Acme"
          pictureUrl={null}
          onEditDetails={() => {}}
          onEditAd={() => {}}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the review step', () => {
  it('shows each failed check with what to change, errors first', async () => {
    renderReview(
      {
        ad_title: 'New shoes '.repeat(15),
        ad_description: 'Free delivery',
        destination_url: 'http://shop.example.com',
      },
      [picture('wide.png', 1600, 900)],
    );
    const checks = await screen.findByRole('region', { name: 'Checks before review' }, { timeout: 3000 });
    const items = within(checks).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Fix before publishing${AD_CHECK_MESSAGES.destinationNotHttps}`,
      `Fix before publishing${AD_CHECK_MESSAGES.wrongRatio('wide.png', 1600, 900, DEFAULT_AD_CHECK_SETTINGS)}`,
      `Worth a look${AD_CHECK_MESSAGES.primaryTruncated(125)}`,
      `Worth a look${AD_CHECK_MESSAGES.brandMissing('"Acme" or "Autumn shoes"')}`,
    ]);
  });

  it('says when the ad passes, and previews it in each placement and theme', async () => {
    renderReview(
      { ad_title: 'Acme shoes', ad_description: 'Free delivery', destination_url: 'https://shop.example.com' },
      [picture('square.png', 1080, 1080)],
    );
    expect(
      await screen.findByText('Your ad passes the checks before review.', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const preview = screen.getByRole('figure', { name: 'Preview of the ad' });
    expect(preview).toHaveAttribute('data-placement', 'feed');
    expect(within(preview).getByText('Ann Lee', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Reel' }));
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(preview).toHaveAttribute('data-placement', 'reel');
    expect(preview).toHaveAttribute('data-scheme', 'dark');
    expect(within(preview).getByRole('img', { name: 'square.png' })).toBeInTheDocument();
  });
});
