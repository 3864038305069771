import { STATISTICS_MESSAGES, type StatisticsEntry, type StatisticsValues } from '@portal/contract';
import type { DataAccess } from '../../db/repositories';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { Principal } from '../auth/auth.service';
import { toStatisticsEntry } from './statistics-answers';

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** Figures: entering them (docs/product/insights.md, Statistics entries). */
export class InsightsService {
  constructor(private readonly options: { data: DataAccess; clock: Clock }) {}

  /**
   * Adds an entry of an approved campaign's figures, with its audit row, in one transaction.
   * The entry's day cannot be after today (UTC).
   */
  async saveEntry(admin: Principal, campaignId: number, values: StatisticsValues): Promise<StatisticsEntry> {
    const { data, clock } = this.options;
    const now = clock.now();
    const today = now.toISOString().slice(0, 10);
    if (values.created_at.toISOString().slice(0, 10) > today) {
      throw fieldError(422, 'created_at', STATISTICS_MESSAGES.dateInFuture);
    }
    return data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockSubmitted(campaignId);
      if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
      if (campaign.approvalStatus !== 'approved') throw new HttpError(409, STATISTICS_MESSAGES.notApproved);
      const entry = toStatisticsEntry(await repos.statistics.add(campaignId, admin.userId, values, now));
      const { id: _id, ...figures } = entry;
      await repos.audit.record(
        {
          actorId: admin.userId,
          action: 'campaign.statistics',
          subject: { type: 'campaign', id: campaignId },
          after: figures,
        },
        now,
      );
      return entry;
    });
  }
}
