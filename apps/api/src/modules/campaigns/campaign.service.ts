import {
  AD_MESSAGES,
  CAMPAIGN_MESSAGES,
  MEDIA_MESSAGES,
  type AdTemplate,
  type Campaign,
  type CampaignDetailsValues,
} from '@portal/contract';
import type { DataAccess } from '../../db/repositories';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { Principal } from '../auth/auth.service';
import type { JobRunner } from '../jobs/job-runner';
import type { MediaService } from '../media/media.service';
import { toCampaign } from './campaign-answers';

/** docs/product/campaigns.md, Drafts: a draft untouched this long is removed. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const DRAFT_CLEANUP_JOB = 'campaigns.drafts.cleanup';

/** The customer's campaigns: the new-campaign wizard and its draft (docs/product/campaigns.md). */
export class CampaignService {
  constructor(private readonly options: { data: DataAccess; clock: Clock; jobs: JobRunner; media: MediaService }) {
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

  /** Cancel: the draft goes, with its files. Another user's campaign, or one that is no draft, is not found. */
  async deleteDraft(principal: Principal, id: number): Promise<void> {
    const { repos } = this.options.data;
    const keys = await repos.campaigns.fileKeys([id]);
    if (!(await repos.campaigns.deleteDraft(principal.userId, id))) throw notFound(CAMPAIGN_MESSAGES.draftNotFound);
    await this.options.media.deleteFiles(keys);
  }

  /**
   * Step 2: the draft's ad and its files, in order. The files are checked first (outside any
   * transaction: reading storage can be slow); then, with the draft locked, the list given
   * becomes its files, so concurrent saves cannot add up past 20.
   */
  async saveAdTemplate(
    principal: Principal,
    body: {
      campaign_id: number;
      ad_title: string;
      ad_description: string;
      destination_url: string;
      campaign_content: { s3_key: string }[];
    },
  ): Promise<AdTemplate> {
    const { data, clock, media } = this.options;
    const notADraft = () => notFound(AD_MESSAGES.campaignNotFound);
    if (!(await data.repos.campaigns.findDraft(principal.userId))) throw notADraft();
    const keys = body.campaign_content.map((item) => item.s3_key);
    await media.verifyUploads(principal, keys);

    const { template, files } = await data.withTransaction(async (repos) => {
      const now = clock.now();
      const campaign = await repos.campaigns.lockDraft(principal.userId, body.campaign_id);
      if (!campaign) throw notADraft();
      // A file attached to another campaign meanwhile is no longer the caller's to attach.
      if ((await repos.campaigns.replaceFiles(principal.userId, campaign.id, keys)) < keys.length) {
        throw notFound(MEDIA_MESSAGES.notFound);
      }
      const saved = await repos.campaigns.saveAdTemplate(
        campaign.id,
        { adTitle: body.ad_title, adDescription: body.ad_description, destinationUrl: body.destination_url },
        now,
      );
      await repos.campaigns.touch(campaign.id, now);
      return { template: saved, files: await repos.campaigns.files(campaign.id) };
    });

    return {
      id: template.id,
      campaign_id: template.campaignId,
      ad_title: template.adTitle,
      ad_description: template.adDescription,
      destination_url: template.destinationUrl,
      campaign_content: await Promise.all(
        files.map(async (file) => ({ s3_key: file.key, s3_url: await media.viewUrlOf(file.key), name: file.fileName })),
      ),
    };
  }

  /** Removes every draft untouched for 7 days, with its files; resolves with how many. */
  async removeStaleDrafts(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - DRAFT_LIFETIME_MS);
    // The drafts are locked while their files are listed and they are deleted, so a save in
    // between cannot keep a draft whose files are about to go.
    const { ids, keys } = await this.options.data.withTransaction(async (repos) => {
      const stale = await repos.campaigns.lockDraftsUntouchedSince(before);
      const staleKeys = await repos.campaigns.fileKeys(stale);
      await repos.campaigns.deleteByIds(stale);
      return { ids: stale, keys: staleKeys };
    });
    await this.options.media.deleteFiles(keys);
    return ids.length;
  }
}
