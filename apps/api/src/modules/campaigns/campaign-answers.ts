import type { Campaign } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Delivery is not stored: a campaign delivers when it is approved, switched on, paid and not
 * archived (docs/product/campaigns.md, Campaign state).
 */
export function deliveryStatus(row: CampaignRow): 'active' | 'off' {
  const delivering =
    row.approvalStatus === 'approved' && row.onOff === 'on' && row.paymentStatus === 'paid' && !row.archivedAt;
  return delivering ? 'active' : 'off';
}

/** A campaign as the API answers it. */
export function toCampaign(row: CampaignRow): Campaign {
  const budget = Number(row.budgetAmount);
  return {
    id: row.id,
    user_id: row.userId,
    campaign_name: row.name,
    campaign_objective: row.objective,
    budget_type: row.budgetType,
    budget_amount: budget,
    budget,
    keywords: row.keywords,
    approval_status: row.approvalStatus,
    decline_reason: row.declineReason,
    on_off: row.onOff,
    status: row.onOff === 'on' ? 'active' : 'paused',
    archived_at: iso(row.archivedAt),
    delivery_status: deliveryStatus(row),
    payment_status: row.paymentStatus,
    created_at: row.createdAt.toISOString(),
    published_on: iso(row.publishedOn),
    submitted_at: iso(row.submittedAt),
    declined_at: iso(row.declinedAt),
  };
}
