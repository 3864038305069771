import { CAMPAIGN_MESSAGES, type Campaign, type CampaignDetailsValues } from '@portal/contract';
import type { DataAccess } from '../../db/repositories';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { Principal } from '../auth/auth.service';
import type { JobRunner } from '../jobs/job-runner';
import { toCampaign } from './campaign-answers';

/** docs/product/campaigns.md, Drafts: a draft untouched this long is removed. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const DRAFT_CLEANUP_JOB = 'campaigns.drafts.cleanup';

/** The customer's campaigns: the new-campaign wizard and its draft (docs/product/campaigns.md). */
export class CampaignService {
  constructor(private readonly options: { data: DataAccess; clock: Clock; jobs: JobRunner }) {
    // Hourly, in one process at a time (the job's advisory lock).
    options.jobs.register({ name: DRAFT_CLEANUP_JOB, everyMs: 60 * 60_000, run: () => this.removeStaleDrafts() });
  }

  /** Step 1: the caller's draft is created, or updated when there is one. */
  async saveDetails(principal: Principal, details: CampaignDetailsValues): Promise<Campaign> {
    const row = await this.options.data.repos.campaigns.saveDraftDetails(
      principal.userId,
      details,
      this.options.clock.now(),
    );
    return toCampaign(row);
  }

  async draft(principal: Principal): Promise<{ campaign: Campaign } | null> {
    const row = await this.options.data.repos.campaigns.findDraft(principal.userId);
    return row ? { campaign: toCampaign(row) } : null;
  }

  /** Cancel: the draft goes. Another user's campaign, or one that is no draft, is not found. */
  async deleteDraft(principal: Principal, id: number): Promise<void> {
    if (!(await this.options.data.repos.campaigns.deleteDraft(principal.userId, id))) {
      throw notFound(CAMPAIGN_MESSAGES.draftNotFound);
    }
  }

  /** Removes every draft untouched for 7 days; resolves with how many. */
  async removeStaleDrafts(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - DRAFT_LIFETIME_MS);
    return (await this.options.data.repos.campaigns.deleteDraftsUntouchedSince(before)).length;
  }
}
