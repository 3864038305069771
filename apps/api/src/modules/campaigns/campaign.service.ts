import {
  AD_CHECK_MESSAGES,
  AD_MESSAGES,
  adCheckFailures,
  blockingErrors,
  type AdCheckSettings,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  CUSTOMER_LIST_TYPES,
  CUSTOMER_QUOTAS,
  MEDIA_MESSAGES,
  QUOTA_MESSAGES,
  type AdTemplate,
  type Campaign,
  type CampaignDetail,
  type CampaignDetailsValues,
  type CampaignUpdateValues,
  type CustomerListTab,
  type ListQuery,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { AdTemplateRow, CampaignRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { AdvertiserPrincipal } from '../../lib/principal';
import type { JobDefinition } from '../../lib/job-runner';
import type { AuditRepository } from '../audit';
import type { EventRepository } from '../events';
import type { StatisticsRepository } from './statistics.repository';
import { toMediaMetadata, type MediaRepository, type MediaService } from '../media';
import type { PaymentRepository } from '../payments';
import type { AdvertiserRepository } from '../advertisers';
import type { AdTemplateRepository, AdTexts } from './ad-template.repository';
import type { CampaignRepository } from './campaign.repository';
import type { CampaignView } from './campaign-views';
import { campaignFactsOf } from './campaign-facts';
import { toCampaign, toCampaignDetail } from './campaign-answers';
import { checkedFlight, copiedFlight } from './flight-rules';

/** The person whose wizard draft a request works on: the caller, in the account the request names. */
const draftOwner = (principal: AdvertiserPrincipal) => ({
  advertiserId: principal.advertiser.id,
  userId: principal.userId,
});

/** What a trusted account may change in an approved campaign without review (docs/product/campaigns.md). */
const TRUSTED_EDIT_FIELDS: string[] = ['ad_title', 'ad_description', 'keywords'];

const sameKeywords = (a: string[], b: string[]) => a.length === b.length && a.every((word, i) => word === b[i]);

/**
 * What an edit changes of the campaign and its ad, and the fields it changes as the History
 * keeps them (before and after, by their names in the API).
 */
function editOf(campaign: CampaignRow, ad: AdTemplateRow | undefined, changes: CampaignUpdateValues) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (field: string, was: unknown, now: unknown) => {
    before[field] = was;
    after[field] = now;
  };
  const differs = <T>(value: T | undefined, current: T | undefined): value is T =>
    value !== undefined && value !== current;
  const adChanges: Partial<AdTexts> = {};
  const campaignChanges: Partial<CampaignRow> = {};
  if (differs(changes.campaign_name, campaign.name)) {
    campaignChanges.name = changes.campaign_name;
    note('campaign_name', campaign.name, changes.campaign_name);
  }
  if (differs(changes.destination_url, ad?.destinationUrl)) {
    adChanges.destinationUrl = changes.destination_url;
    note('destination_url', ad?.destinationUrl ?? null, changes.destination_url);
  }
  if (ad && differs(changes.ad_title, ad.adTitle)) {
    adChanges.adTitle = changes.ad_title;
    note('ad_title', ad.adTitle, changes.ad_title);
  }
  if (ad && differs(changes.ad_description, ad.adDescription)) {
    adChanges.adDescription = changes.ad_description;
    note('ad_description', ad.adDescription, changes.ad_description);
  }
  if (changes.keywords && !sameKeywords(changes.keywords, campaign.keywords)) {
    campaignChanges.keywords = changes.keywords;
    note('keywords', campaign.keywords, changes.keywords);
  }
  return { before, after, campaign: campaignChanges, ad: Object.keys(adChanges).length ? adChanges : null };
}

/** Why a campaign went (back) to the review queue, for the administrators' notification. */
export type SubmissionReason = 'new' | 'resubmitted' | 'edited' | 'duplicated' | 'restored';

const COPY_SUFFIX = ' (copy)';

/** "{name} (copy)", shortened so that it stays within the name's limit. */
export const copyName = (name: string) =>
  name.slice(0, CAMPAIGN_LIMITS.nameMaxLength - COPY_SUFFIX.length) + COPY_SUFFIX;

/** docs/product/campaigns.md, Drafts: a draft untouched this long is removed. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const DRAFT_CLEANUP_JOB = 'campaigns.drafts.cleanup';

/** Hourly, in one process at a time (the job's advisory lock). */
export const campaignJobs = (campaigns: CampaignService): JobDefinition[] => [
  { name: DRAFT_CLEANUP_JOB, everyMs: 60 * 60_000, run: () => campaigns.removeStaleDrafts() },
];

/**
 * What the customer's campaign actions read and change: the campaigns with their ads and file
 * records, the owner's row (the quota lock), the History and the review event, the open payment
 * links an archive cancels, and the figures a campaign's detail shows.
 */
export interface CampaignRepositories {
  campaigns: CampaignRepository;
  ads: AdTemplateRepository;
  media: MediaRepository;
  advertisers: AdvertiserRepository;
  audit: AuditRepository;
  events: EventRepository;
  payments: PaymentRepository;
  statistics: StatisticsRepository;
}

/** The customer's campaigns: the new-campaign wizard and its draft (docs/product/campaigns.md). */
export class CampaignService {
  constructor(
    private readonly options: {
      data: DataAccess<CampaignRepositories>;
      clock: Clock;
      media: MediaService;
      /** The limits of the checks before review (docs/product/campaigns.md). */
      adChecks: AdCheckSettings;
    },
  ) {}

  /** Step 1: the caller's draft is created, within the campaign quota, or updated when there is one. */
  async saveDetails(principal: AdvertiserPrincipal, details: CampaignDetailsValues): Promise<Campaign> {
    const { data, clock } = this.options;
    // A draft has not started, so its dates are checked as a new campaign's.
    const flightState = checkedFlight(details, principal.advertiser.timeZone, clock.now());
    const row = await data.withTransaction(async (repos) => {
      await this.lockQuotas(repos, principal.advertiser.id);
      // Saving the draft again adds no campaign.
      const creating = !(await repos.campaigns.findDraft(draftOwner(principal)));
      if (creating) await this.checkCampaignRoom(repos, principal.advertiser.id, 1);
      return repos.campaigns.saveDraftDetails(draftOwner(principal), details, flightState, clock.now());
    });
    return toCampaign((await data.repos.campaigns.findView(row.id))!);
  }

  /**
   * Takes the lock that runs one advertiser account's quota checks one at a time (decision 023),
   * so that of parallel requests each sees what the ones before it added.
   */
  private async lockQuotas(repos: CampaignRepositories, advertiserId: number): Promise<void> {
    await repos.advertisers.lock(advertiserId);
  }

  /** Refuses (409) when `adding` more campaigns would pass the quota of campaigns not archived. */
  private async checkCampaignRoom(repos: CampaignRepositories, advertiserId: number, adding: number): Promise<void> {
    const left = Math.max(0, CUSTOMER_QUOTAS.campaigns - (await repos.campaigns.countNotArchived(advertiserId)));
    if (adding > left) throw new HttpError(409, QUOTA_MESSAGES.campaigns(left));
  }

  /** The caller's draft with its ad and files, so the wizard reopens it where it was left. */
  async draft(principal: AdvertiserPrincipal): Promise<{ campaign: Campaign; ad_template: AdTemplate | null } | null> {
    const view = await this.options.data.repos.campaigns.findDraftView(draftOwner(principal));
    if (!view) return null;
    // Files uploaded before the checks before review are read now, so the review step checks them.
    await this.options.media.readMissingMetadata(principal, view.campaign.id);
    return {
      campaign: toCampaign(view),
      ad_template: view.ad ? await this.adTemplateOf(view.campaign.id, view.ad) : null,
    };
  }

  /** One page of one of the caller's tabs (docs/product/campaigns.md, Campaign lists). */
  async list(principal: AdvertiserPrincipal, tab: CustomerListTab, query: ListQuery) {
    const page = await this.options.data.repos.campaigns.listForCustomer(principal.advertiser.id, tab, query);
    return { type: CUSTOMER_LIST_TYPES[tab], data: page.data.map(toCampaign), pagination: page.pagination };
  }

  /**
   * Sends the caller's draft, or declined campaign, for review: it needs its ad (the template
   * the wizard saved) with at least one file.
   */
  async publish(
    principal: AdvertiserPrincipal,
    body: { campaign_id: number; template_id: number },
  ): Promise<CampaignDetail> {
    await this.options.media.readMissingMetadata(principal, body.campaign_id);
    await this.options.data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockOwned(principal.advertiser.id, body.campaign_id);
      if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound);
      const publishable =
        (campaign.approvalStatus === 'draft' || campaign.approvalStatus === 'declined') && !campaign.archivedAt;
      if (!publishable) throw new HttpError(409, CAMPAIGN_MESSAGES.notPublishable);
      const ad = await repos.ads.find(campaign.id);
      if (!ad) throw new HttpError(409, CAMPAIGN_MESSAGES.adMissing);
      if (ad.id !== body.template_id) throw fieldError(422, 'template_id', CAMPAIGN_MESSAGES.adNotThisCampaigns);
      if ((await repos.media.ofCampaign(campaign.id)).length === 0) {
        throw fieldError(422, 'campaign_content', AD_MESSAGES.mediaMissing);
      }
      await this.submitForReview(
        repos,
        campaign,
        principal.userId,
        campaign.approvalStatus === 'draft' ? 'new' : 'resubmitted',
      );
    });
    return this.detail(body.campaign_id);
  }

  /** A declined campaign goes back to review, with or without edits. */
  async resubmit(principal: AdvertiserPrincipal, id: number): Promise<CampaignDetail> {
    await this.options.media.readMissingMetadata(principal, id);
    await this.options.data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockOwned(principal.advertiser.id, id);
      if (!campaign || campaign.approvalStatus === 'draft') throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (campaign.approvalStatus !== 'declined' || campaign.archivedAt) {
        throw new HttpError(409, CAMPAIGN_MESSAGES.notResubmittable);
      }
      await this.submitForReview(repos, campaign, principal.userId, 'resubmitted');
    });
    return this.detail(id);
  }

  /**
   * The switch and the Edit dialog (docs/product/campaigns.md, Editing a campaign). A change of
   * the name, the link, the texts or the keywords of an approved campaign that is not archived
   * sends it back to review, but for a trusted account's change of only texts or keywords, which
   * it keeps approved once the ad passes the checks before review. The switch and the dates never
   * do. The campaign's row is locked first, so edits at once are decided one after the other, each
   * on the state the one before left.
   */
  async update(principal: AdvertiserPrincipal, id: number, changes: CampaignUpdateValues): Promise<CampaignDetail> {
    const { data, clock } = this.options;
    await this.options.media.readMissingMetadata(principal, id);
    await data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockOwned(principal.advertiser.id, id);
      if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (campaign.approvalStatus === 'draft') throw new HttpError(409, CAMPAIGN_MESSAGES.draftNotEditable);
      if (changes.on_off === 'on' && campaign.archivedAt) {
        throw new HttpError(409, CAMPAIGN_MESSAGES.archivedCannotSwitchOn);
      }
      const now = clock.now();
      const ad = await repos.ads.find(campaign.id);
      const edit = editOf(campaign, ad, changes);
      if (edit.ad) await repos.ads.update(campaign.id, edit.ad, now);
      const flight = await this.changeFlight(repos, principal, campaign, changes);
      await repos.campaigns.update(campaign.id, {
        ...(changes.on_off !== undefined && { onOff: changes.on_off }),
        ...edit.campaign,
        ...flight,
        updatedAt: now,
      });
      const fields = Object.keys(edit.after);
      if (fields.length === 0) return;
      const live = campaign.approvalStatus === 'approved' && !campaign.archivedAt;
      const trusted =
        live &&
        fields.every((field) => TRUSTED_EDIT_FIELDS.includes(field)) &&
        (await repos.advertisers.find(campaign.advertiserId))?.trustedAt != null;
      // Skipping review skips no check: the edited ad passes the same checks before review.
      if (trusted) await this.checkBeforeReview(repos, campaign);
      await repos.audit.record(
        {
          actorId: principal.userId,
          action: trusted ? 'campaign.edited_trusted' : 'campaign.edited',
          subject: { type: 'campaign', id: campaign.id },
          before: edit.before,
          after: edit.after,
        },
        now,
      );
      if (live && !trusted) await this.submitForReview(repos, campaign, principal.userId, 'edited');
    });
    return this.detail(id);
  }

  /**
   * New flight dates from the Edit dialog (docs/product/campaigns.md, Flight dates): checked, kept
   * in the History, and announced so that what is due follows them (payments.md). Dates are no
   * part of the ad, so they never send a campaign back to review. Answers the columns to set.
   */
  private async changeFlight(
    repos: CampaignRepositories,
    principal: AdvertiserPrincipal,
    campaign: CampaignRow,
    changes: CampaignUpdateValues,
  ): Promise<Partial<CampaignRow>> {
    const dates = {
      start_date: changes.start_date === undefined ? campaign.startDate : changes.start_date,
      end_date: changes.end_date === undefined ? campaign.endDate : changes.end_date,
    };
    if (dates.start_date === campaign.startDate && dates.end_date === campaign.endDate) return {};
    const now = this.options.clock.now();
    const flightState = checkedFlight(dates, principal.advertiser.timeZone, now, campaign);
    const before = { startDate: campaign.startDate, endDate: campaign.endDate };
    await repos.audit.record(
      {
        actorId: principal.userId,
        action: 'campaign.flight_changed',
        subject: { type: 'campaign', id: campaign.id },
        before: { start_date: before.startDate, end_date: before.endDate },
        after: dates,
      },
      now,
    );
    await repos.events.record(
      { type: 'campaign.flight_changed', userId: principal.userId, payload: { campaignId: campaign.id, before } },
      now,
    );
    return { startDate: dates.start_date, endDate: dates.end_date, flightState };
  }

  /**
   * Copies each campaign and its ad into a new campaign awaiting review; the copy's files are
   * new records of the same stored objects, so no bytes are copied (decision 023). All or
   * nothing: every id must be one of the caller's submitted campaigns, and the copies must fit
   * in the campaign quota.
   */
  async duplicate(principal: AdvertiserPrincipal, ids: number[]): Promise<void> {
    const { data, clock } = this.options;
    for (const id of ids) await this.options.media.readMissingMetadata(principal, id);
    await data.withTransaction(async (repos) => {
      await this.lockQuotas(repos, principal.advertiser.id);
      // Locked, the originals' files cannot be released while their records are copied.
      const rows = await repos.campaigns.lockOwnedMany(principal.advertiser.id, ids);
      if (rows.length !== ids.length) throw notFound(CAMPAIGN_MESSAGES.notFound);
      await this.checkCampaignRoom(repos, principal.advertiser.id, rows.length);
      // Each copy goes to review as it is, so it passes the checks before review first.
      for (const row of rows) await this.checkBeforeReview(repos, row);
      const now = clock.now();
      for (const row of rows) {
        const ad = await repos.ads.find(row.id);
        const files = await repos.media.ofCampaign(row.id);
        const campaignId = await repos.campaigns.insertCopy({
          advertiserId: row.advertiserId,
          userId: principal.userId,
          name: copyName(row.name),
          objective: row.objective,
          budgetType: row.budgetType,
          budgetAmount: row.budgetAmount,
          keywords: row.keywords,
          ...copiedFlight(row, principal.advertiser.timeZone, now),
          approvalStatus: 'pending',
          onOff: row.onOff,
          submittedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if (ad) {
          const { adTitle, adDescription, destinationUrl } = ad;
          await repos.ads.save(campaignId, { adTitle, adDescription, destinationUrl }, now);
        }
        await repos.media.insertCopies(
          campaignId,
          files.map(({ id: _id, campaignId: _campaignId, ...file }) => ({ ...file, issuedAt: now })),
        );
        await this.recordSubmission(repos, campaignId, principal.userId, 'duplicated', now);
      }
    });
  }

  /**
   * Delete from the lists: a campaign not archived yet is archived; an archived one is deleted
   * for good from the customer's view. All or nothing.
   */
  async archiveOrDelete(principal: AdvertiserPrincipal, ids: number[]): Promise<void> {
    const { data, clock } = this.options;
    await data.withTransaction(async (repos) => {
      const rows = await repos.campaigns.lockOwnedMany(principal.advertiser.id, ids);
      if (rows.length !== ids.length) throw notFound(CAMPAIGN_MESSAGES.notFound);
      const now = clock.now();
      await repos.campaigns.archiveOrDelete(ids, now);
      // The campaign's History shows the archive, so that a later restore has its beginning.
      for (const row of rows.filter((campaign) => !campaign.archivedAt)) {
        await repos.audit.record(
          {
            actorId: principal.userId,
            action: 'campaign.archived',
            subject: { type: 'campaign', id: row.id },
            before: { on_off: row.onOff, approval_status: row.approvalStatus },
          },
          now,
        );
      }
      // Nothing is owed for an archived campaign (docs/product/payments.md, Payment links). The
      // links are locked after their campaigns, the order every payment takes (decision 016).
      await repos.payments.cancelOpenLinks(ids, now);
    });
  }

  /**
   * Brings the caller's archived campaign back to the tab it had, switched off: nothing runs
   * again without the customer's say. An approved or pending one goes back to review, since it
   * left the queue (or stopped running) when archived. It counts against the campaign quota
   * again, checked under the same lock as new drafts and duplicates (decision 023).
   */
  async restore(
    principal: AdvertiserPrincipal,
    id: number,
  ): Promise<{ campaign: CampaignDetail; sentToReview: boolean }> {
    const { data, clock } = this.options;
    await this.options.media.readMissingMetadata(principal, id);
    const sentToReview = await data.withTransaction(async (repos) => {
      // The customer's lock before the campaign's, the order Duplicate takes.
      await this.lockQuotas(repos, principal.advertiser.id);
      const campaign = await repos.campaigns.lockOwned(principal.advertiser.id, id);
      if (!campaign || campaign.approvalStatus === 'draft') throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (!campaign.archivedAt) throw new HttpError(409, CAMPAIGN_MESSAGES.notRestorable);
      await this.checkCampaignRoom(repos, principal.advertiser.id, 1);
      const now = clock.now();
      await repos.campaigns.update(campaign.id, { archivedAt: null, onOff: 'off', updatedAt: now });
      await repos.audit.record(
        {
          actorId: principal.userId,
          action: 'campaign.restored',
          subject: { type: 'campaign', id: campaign.id },
          before: { archived_at: campaign.archivedAt.toISOString(), on_off: campaign.onOff },
          after: { archived_at: null, on_off: 'off' },
        },
        now,
      );
      const toReview = campaign.approvalStatus === 'approved' || campaign.approvalStatus === 'pending';
      if (toReview) await this.submitForReview(repos, campaign, principal.userId, 'restored');
      return toReview;
    });
    return { campaign: await this.detail(id), sentToReview };
  }

  /** Makes a locked campaign pending, with its submission recorded for the administrators. */
  private async submitForReview(
    repos: CampaignRepositories,
    campaign: CampaignRow,
    actorId: number,
    reason: SubmissionReason,
  ): Promise<void> {
    await this.checkBeforeReview(repos, campaign);
    const now = this.options.clock.now();
    await repos.campaigns.update(campaign.id, {
      approvalStatus: 'pending',
      // The last decline stays in the History (docs/product/campaigns.md, Resubmit).
      declineReason: null,
      declineReasonCode: null,
      declineNote: null,
      submittedAt: now,
      updatedAt: now,
    });
    await this.recordSubmission(repos, campaign.id, actorId, reason, now);
  }

  /**
   * The checks before review (docs/product/campaigns.md, Checks before review) on what the
   * campaign goes to review with, as it is in this transaction: any failed error refuses the
   * submission (422, every failed error under its field); warnings let it through. The files'
   * metadata was read beforehand (`readMissingMetadata`), outside the transaction.
   */
  private async checkBeforeReview(repos: CampaignRepositories, campaign: CampaignRow): Promise<void> {
    // Read again: an edit in this transaction may have changed the name or the link.
    const view = await repos.campaigns.findView(campaign.id);
    const ad = view?.ad;
    if (!ad) return;
    const files = await repos.media.ofCampaign(campaign.id);
    const account = await repos.advertisers.find(campaign.advertiserId);
    const failures = adCheckFailures(
      {
        campaignName: view.campaign.name,
        accountName: account?.name ?? '',
        primaryText: ad.adTitle,
        additionalText: ad.adDescription,
        destinationUrl: ad.destinationUrl,
        media: files.map((file) => ({
          name: file.fileName,
          kind: file.contentType.startsWith('video/') ? 'video' : 'image',
          metadata: toMediaMetadata(file),
        })),
      },
      this.options.adChecks,
    );
    const errors = blockingErrors(failures);
    if (errors) throw new HttpError(422, AD_CHECK_MESSAGES.refused(Object.values(errors).flat()), { errors });
  }

  /** The event the administrators are notified by, and the campaign's History line. */
  private async recordSubmission(
    repos: CampaignRepositories,
    campaignId: number,
    actorId: number,
    reason: SubmissionReason,
    at: Date,
  ) {
    const view = await repos.campaigns.findView(campaignId);
    await repos.events.record(
      {
        type: 'campaign.submitted',
        userId: actorId,
        payload: { campaignId, reason, campaign: view && campaignFactsOf(view) },
      },
      at,
    );
    await repos.audit.record(
      {
        actorId,
        action: 'campaign.submitted',
        subject: { type: 'campaign', id: campaignId },
        after: { reason },
      },
      at,
    );
  }

  /** One campaign with its files, for answers about it; its access was checked by the caller. */
  async detail(id: number): Promise<CampaignDetail> {
    // The three reads at once: the campaign, its files and its figures.
    const [view, content, entries] = await Promise.all([
      this.options.data.repos.campaigns.findView(id),
      this.contentOf(id),
      this.options.data.repos.statistics.ofCampaign(id),
    ]);
    return toCampaignDetail(view!, content, entries);
  }

  /** The detail of a campaign whose view the caller has read already: its files and figures beside it. */
  async detailOf(view: CampaignView): Promise<CampaignDetail> {
    const { repos } = this.options.data;
    const id = view.campaign.id;
    const [content, entries] = await Promise.all([this.contentOf(id), repos.statistics.ofCampaign(id)]);
    return toCampaignDetail(view, content, entries);
  }

  private async contentOf(campaignId: number) {
    const files = await this.options.data.repos.media.ofCampaign(campaignId);
    return Promise.all(
      files.map(async (file) => ({
        s3_key: file.key,
        s3_url: await this.options.media.viewUrlOf(file.key),
        name: file.fileName,
        metadata: toMediaMetadata(file),
      })),
    );
  }

  private async adTemplateOf(
    campaignId: number,
    ad: { id: number; adTitle: string; adDescription: string; destinationUrl: string },
  ): Promise<AdTemplate> {
    return {
      id: ad.id,
      campaign_id: campaignId,
      ad_title: ad.adTitle,
      ad_description: ad.adDescription,
      destination_url: ad.destinationUrl,
      campaign_content: await this.contentOf(campaignId),
    };
  }

  /** Cancel: the draft goes, with its files. Another user's campaign, or one that is no draft, is not found. */
  async deleteDraft(principal: AdvertiserPrincipal, id: number): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const fileIds = await repos.media.idsOfCampaigns([id]);
      if (!(await repos.campaigns.deleteDraft(draftOwner(principal), id)))
        throw notFound(CAMPAIGN_MESSAGES.draftNotFound);
      await this.options.media.removeFiles(repos, fileIds);
    });
  }

  /**
   * Step 2: the draft's ad and its files, in order. The files are checked first (outside any
   * transaction: reading storage can be slow); then, with the draft locked, the list given
   * becomes its files, so concurrent saves cannot add up past 20.
   */
  async saveAdTemplate(
    principal: AdvertiserPrincipal,
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
    if (!(await data.repos.campaigns.findDraft(draftOwner(principal)))) throw notADraft();
    const keys = body.campaign_content.map((item) => item.s3_key);
    await media.verifyUploads(principal, keys);

    const template = await data.withTransaction(async (repos) => {
      const now = clock.now();
      const campaign = await repos.campaigns.lockDraft(draftOwner(principal), body.campaign_id);
      if (!campaign) throw notADraft();
      // A file attached to another campaign meanwhile is no longer the caller's to attach.
      if ((await repos.media.attach(principal.advertiser.id, campaign.id, keys)) < keys.length) {
        throw notFound(MEDIA_MESSAGES.notFound);
      }
      const saved = await repos.ads.save(
        campaign.id,
        { adTitle: body.ad_title, adDescription: body.ad_description, destinationUrl: body.destination_url },
        now,
      );
      await repos.campaigns.touch(campaign.id, now);
      return saved;
    });
    return this.adTemplateOf(template.campaignId, template);
  }

  /** Removes every draft untouched for 7 days, with its files; resolves with how many. */
  async removeStaleDrafts(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - DRAFT_LIFETIME_MS);
    // The drafts are locked while their files are listed and they are deleted, so a save in
    // between cannot keep a draft whose files are about to go.
    let removed = 0;
    await this.options.data.withTransaction(async (repos) => {
      const stale = await repos.campaigns.lockDraftsUntouchedSince(before);
      const fileIds = await repos.media.idsOfCampaigns(stale);
      await repos.campaigns.deleteByIds(stale);
      removed = stale.length;
      await this.options.media.removeFiles(repos, fileIds);
    });
    return removed;
  }
}
