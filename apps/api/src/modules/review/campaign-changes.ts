import { CHANGED_FIELDS, type ChangesSinceDecision } from '@portal/contract';

/** The campaign as a decision saw it, kept in the decision's audit row. */
export interface CampaignSnapshot {
  campaign_name: string;
  ad_title: string | null;
  ad_description: string | null;
  destination_url: string | null;
  budget_type: string;
  budget_amount: number;
  start_date: string | null;
  end_date: string | null;
  keywords: string[];
  media: { s3_key: string; name: string | null }[];
}

/** The differences between the campaign as decided and as it is now. */
function campaignChanges(
  before: Partial<CampaignSnapshot>,
  now: CampaignSnapshot,
): Omit<ChangesSinceDecision, 'decision' | 'decided_at'> {
  const fields = CHANGED_FIELDS.filter((field) => field in before && before[field] !== now[field]).map((field) => ({
    field,
    before: before[field] ?? null,
    after: now[field],
  }));
  const beforeKeywords = before.keywords ?? now.keywords;
  const beforeMedia = before.media ?? now.media;
  const keys = (files: { s3_key: string }[]) => new Set(files.map((file) => file.s3_key));
  const [hadKeys, hasKeys] = [keys(beforeMedia), keys(now.media)];
  return {
    fields,
    keywords: {
      added: now.keywords.filter((keyword) => !beforeKeywords.includes(keyword)),
      removed: beforeKeywords.filter((keyword) => !now.keywords.includes(keyword)),
    },
    media: {
      added: now.media.filter((file) => !hadKeys.has(file.s3_key)),
      removed: beforeMedia.filter((file) => !hasKeys.has(file.s3_key)),
    },
  };
}

/** The campaign as the review page shows it, as a snapshot to compare. */
export function snapshotOf(
  campaign: Omit<CampaignSnapshot, 'media'>,
  files: { s3_key: string; name: string | null }[],
): CampaignSnapshot {
  return {
    campaign_name: campaign.campaign_name,
    ad_title: campaign.ad_title,
    ad_description: campaign.ad_description,
    destination_url: campaign.destination_url,
    budget_type: campaign.budget_type,
    budget_amount: campaign.budget_amount,
    start_date: campaign.start_date,
    end_date: campaign.end_date,
    keywords: [...campaign.keywords],
    media: files.map((file) => ({ s3_key: file.s3_key, name: file.name })),
  };
}

const DECISIONS = ['campaign.approved', 'campaign.declined'];
/** The rows whose `before` holds a field's value before an edit (decisions made before snapshots were kept). */
const EDITS = ['campaign.edited', 'campaign.edited_trusted', 'campaign.flight_changed'];

/**
 * What changed since the last decision, from the campaign's audit rows (oldest first) and the
 * campaign now; null when it was never decided. A decision keeps the campaign as decided in its
 * row (`after.campaign`); one recorded before that was kept is compared with the values the
 * edits after it replaced, so only fields an edit recorded can show.
 */
export function changesSinceDecision(
  history: {
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    createdAt: Date;
  }[],
  now: CampaignSnapshot,
): ChangesSinceDecision | null {
  const index = history.findLastIndex((row) => DECISIONS.includes(row.action));
  if (index < 0) return null;
  const decision = history[index]!;
  let before = decision.after?.campaign as Partial<CampaignSnapshot> | undefined;
  if (!before) {
    const replaced: Record<string, unknown> = {};
    for (const row of history.slice(index + 1).filter((entry) => EDITS.includes(entry.action))) {
      for (const [field, value] of Object.entries(row.before ?? {})) if (!(field in replaced)) replaced[field] = value;
    }
    before = replaced as Partial<CampaignSnapshot>;
  }
  return {
    decision: decision.action === 'campaign.approved' ? 'approved' : 'declined',
    decided_at: decision.createdAt.toISOString(),
    ...campaignChanges(before, now),
  };
}
