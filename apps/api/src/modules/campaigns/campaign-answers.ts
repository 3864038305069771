import {
  type Campaign,
  type CampaignContent,
  type CampaignDetail,
  type DeliveryStatus,
  checkoutPath,
  costPerUnit,
} from '@portal/contract';
import type { CampaignRow, CampaignStatisticsRow } from '../../db/schema';
import { toStatisticsEntry } from './statistics-entry-answers';
import { amountDueOf } from '../payments';
import type { CampaignView } from './campaign-views';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Delivery is not stored (docs/product/campaigns.md, Campaign state): a campaign whose flight is
 * over has ended; otherwise one approved, switched on, paid and not archived delivers, or will
 * from its start day.
 */
function deliveryStatus(row: CampaignRow): DeliveryStatus {
  if (row.archivedAt) return 'off';
  if (row.flightState === 'ended') return 'ended';
  const ready = row.approvalStatus === 'approved' && row.onOff === 'on' && row.paymentStatus === 'paid';
  if (!ready) return 'off';
  return row.flightState === 'scheduled' ? 'scheduled' : 'active';
}

/** The figures a campaign record works out from its current entry (docs/product/insights.md). */
function figuresOf(current: CampaignStatisticsRow | null) {
  if (!current) return { impressions: null, link_clicks: null, cost_per_click: null, cost_per_lead: null };
  return {
    impressions: current.totalImpressions,
    link_clicks: current.linkClicks,
    cost_per_click: costPerUnit(current.amountSpentCents, current.linkClicks),
    cost_per_lead: costPerUnit(current.amountSpentCents, current.leadGenerated),
  };
}

/** A campaign as the API answers it in lists. */
export function toCampaign({ campaign: row, owner, ad, current, openLink }: CampaignView): Campaign {
  const budget = Number(row.budgetAmount);
  return {
    id: row.id,
    user_id: row.userId,
    user_first_name: owner.firstName ?? '',
    user_last_name: owner.lastName ?? '',
    user_email: owner.email,
    user_logo: owner.logo,
    campaign_name: row.name,
    campaign_objective: row.objective,
    budget_type: row.budgetType,
    budget_amount: budget,
    budget,
    keywords: row.keywords,
    start_date: row.startDate,
    end_date: row.endDate,
    flight_state: row.flightState,
    approval_status: row.approvalStatus,
    decline_reason: row.declineReason,
    decline_reason_code: row.declineReasonCode,
    decline_note: row.declineNote,
    on_off: row.onOff,
    status: row.onOff === 'on' ? 'active' : 'paused',
    archived_at: iso(row.archivedAt),
    delivery_status: deliveryStatus(row),
    payment_status: row.paymentStatus,
    payment_link_url: openLink ? checkoutPath(openLink.token) : null,
    amount_due: openLink ? amountDueOf(openLink) : null,
    // The latest payment's, only: the day entered with the figures is no payment, and showed
    // as Date paid beside a campaign's "Pay Now".
    date_paid: iso(row.datePaid),
    created_at: row.createdAt.toISOString(),
    published_on: iso(row.publishedOn),
    submitted_at: iso(row.submittedAt),
    declined_at: iso(row.declinedAt),
    ad_title: ad?.adTitle ?? null,
    ad_description: ad?.adDescription ?? null,
    destination_url: ad?.destinationUrl ?? null,
    // Lists carry the current entry only; answers about one campaign carry them all.
    statistics: current ? [toStatisticsEntry(current)] : [],
    ...figuresOf(current),
  };
}

/** One campaign with its files and every statistics entry, newest first. */
export const toCampaignDetail = (
  view: CampaignView,
  content: CampaignContent[],
  entries: CampaignStatisticsRow[],
): CampaignDetail => ({
  ...toCampaign(view),
  statistics: entries.map(toStatisticsEntry),
  campaign_content: content,
});
