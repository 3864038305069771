import { BUDGET_ALERTS, pacingBudgetCents, type AlertKind } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';
import { budgetedCampaignOf, campaignFactsOf, type CampaignRepository, type StatisticsRepository } from '../campaigns';
import type { DomainEventPayloads, EventRepository } from '../events';
import type { PaymentRepository } from '../payments';
import type { AlertRepository } from './alert.repository';

/** What raising an alert writes: its row, and the event that tells people. */
export interface AlertRaisingRepositories {
  alerts: AlertRepository;
  campaigns: CampaignRepository;
  events: EventRepository;
}

type AlertDetails = Pick<DomainEventPayloads['campaign.alert_raised'], 'amounts' | 'time'>;

/**
 * Raises the alert unless it was sent before: its row and the event that tells people land in
 * the caller's transaction, so it is sent once or not at all. True when this call raised it.
 */
export async function raiseAlert(
  repos: AlertRaisingRepositories,
  alert: { campaignId: number; kind: AlertKind; key: string },
  details: AlertDetails,
  at: Date,
): Promise<boolean> {
  const { campaignId, kind, key } = alert;
  if (!(await repos.alerts.raise(campaignId, kind, key, at))) return false;
  const view = await repos.campaigns.findView(campaignId);
  if (!view) return false;
  await repos.events.record(
    {
      type: 'campaign.alert_raised',
      userId: view.campaign.userId,
      payload: { campaignId, kind, campaign: campaignFactsOf(view), ...details },
    },
    at,
  );
  return true;
}

/** What the budget alerts read besides the alert's own writes. */
export interface BudgetAlertRepositories extends AlertRaisingRepositories {
  statistics: StatisticsRepository;
  payments: PaymentRepository;
}

/**
 * Raises the budget alert the campaign's current amount spent has reached (docs/product/alerts.md,
 * Budget alerts). Called in the transaction that saves its figures, with the campaign locked.
 * The key is the budget measured against, so a daily campaign paid for more weeks is alerted
 * again when it reaches the thresholds of its larger budget. A save that passes both
 * thresholds sends only the 100% alert, and the 80% one counts as sent.
 */
export async function raiseBudgetAlerts(repos: BudgetAlertRepositories, campaign: CampaignRow, at: Date) {
  if (campaign.archivedAt) return;
  const spentCents = await repos.statistics.currentAmountSpentCents(campaign.id);
  if (spentCents === undefined) return;
  const budgetCents = pacingBudgetCents(budgetedCampaignOf(campaign), await repos.payments.paidCentsOf(campaign.id));
  if (budgetCents <= 0) return;
  const [highest, ...lower] = BUDGET_ALERTS.filter(({ percent }) => spentCents * 100 >= budgetCents * percent);
  if (!highest) return;
  const key = String(budgetCents);
  await raiseAlert(
    repos,
    { campaignId: campaign.id, kind: highest.kind, key },
    { amounts: { spentCents, budgetCents } },
    at,
  );
  for (const { kind } of lower) await repos.alerts.raise(campaign.id, kind, key, at);
}
