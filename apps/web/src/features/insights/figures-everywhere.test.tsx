import { FIGURES, fieldLabelOf } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { analyticsCampaignFixture, statisticsEntryFixture } from '@/test/campaigns';
import { CampaignAnalyticsCard } from './components/campaign-analytics-card';
import { EditMetricsModal } from './components/edit-metrics-modal';
import { figureFieldLabel } from './components/edit-metrics-values';

/**
 * The contract declares each figure once (docs/product/insights.md, Names); the dialog that
 * enters them and the analytics card that shows them list exactly those, so a figure dropped
 * from either, or one added there and not declared, fails here. The dashboard's cards are
 * compared with the declaration in routes/dashboard-pages.test.tsx, and the CSV's columns in
 * the API's analytics.routes.test.ts.
 */

const show = (ui: ReactNode) =>
  render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      {ui}
    </AppProviders>,
  );

/** A label's own text, without the asterisk of a required field. */
const labelText = (element: HTMLElement) => element.textContent!.replace(/\s*\*$/, '');

const sorted = (texts: string[]) => [...texts].sort();

describe('the figures of the contract', () => {
  it('are the number fields of the Edit metrics dialog, one each', async () => {
    show(
      <EditMetricsModal
        campaign={{ id: 9, campaign_name: 'Winter boots', date_paid: null }}
        opened
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit metrics' });
    const numberFields = [...dialog.querySelectorAll<HTMLInputElement>('input[inputmode]')];
    const labels = numberFields.map((field) => labelText(field.labels![0]!));
    expect(sorted(labels)).toEqual(sorted(FIGURES.map(figureFieldLabel)));
  });

  it("are the entry's rows of an opened analytics card, one each, beside the worked-out ones", async () => {
    const campaign = analyticsCampaignFixture({ statistics: [statisticsEntryFixture()] });
    show(
      <CampaignAnalyticsCard
        campaign={campaign}
        audience="customer"
        compare={{ chosen: false, disabled: false, onChange: () => {} }}
      />,
    );
    const card = screen.getByRole('article', { name: campaign.campaign_name });
    await userEvent.click(within(card).getByRole('button', { name: `Show all figures of ${campaign.campaign_name}` }));
    const details = document.getElementById(
      within(card)
        .getByRole('button', { name: /all figures/ })
        .getAttribute('aria-controls')!,
    )!;
    // A Fact's label is its only paragraph; its value is a div.
    const rows = [...details.querySelectorAll('p')].map((label) => label.textContent!);
    const workedOut = ['Cost per click', 'Cost per lead', 'Date paid', 'Impressions', 'Posting dates'];
    expect(sorted(rows.filter((row) => !workedOut.includes(row)))).toEqual(sorted(FIGURES.map(fieldLabelOf)));
    expect(rows).toEqual(expect.arrayContaining(workedOut));
  });
});
