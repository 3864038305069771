import { ALERTS, formatCents, formatDate, formatDateTime } from '@portal/contract';
import { recipientsOfCampaign, type AdvertiserRepository } from '../advertisers';
import type { CampaignRepository } from '../campaigns';
import type { DomainEventPayloads } from '../events';
import type { UserRepository } from '../users';

type RaisedAlert = DomainEventPayloads['campaign.alert_raised'];

/** An alert's title, text and link (a path), in the contract's words for its kind. */
export function alertNotice(alert: RaisedAlert) {
  const declaration = ALERTS[alert.kind];
  const message = declaration.message({
    campaignName: alert.campaign.name,
    ownerName: alert.campaign.ownerName,
    spent: alert.amounts ? formatCents(alert.amounts.spentCents) : '',
    budget: alert.amounts ? formatCents(alert.amounts.budgetCents) : '',
    time: alert.time ? formatDateTime(alert.time) : '',
    day: alert.day ? formatDate(alert.day) : '',
  });
  return {
    title: declaration.title,
    message,
    action: declaration.action,
    link: declaration.link({ id: alert.campaignId, name: alert.campaign.name }),
    forAdministrators: declaration.audience === 'administrators',
  };
}

/**
 * Who gets an alert, read when it is sent: every administrator who is not banned, or the
 * members of the campaign's account whose role it concerns (docs/product/teams.md, Who is told).
 */
export async function alertRecipients(
  repos: { advertisers: AdvertiserRepository; campaigns: CampaignRepository; users: UserRepository },
  alert: RaisedAlert,
): Promise<{ advertiserId: number | null; recipients: { userId: number; email: string }[] }> {
  const { audience } = ALERTS[alert.kind];
  if (audience === 'administrators')
    return { advertiserId: null, recipients: await repos.users.activeAdministrators() };
  return recipientsOfCampaign(repos, alert.campaignId, audience);
}
