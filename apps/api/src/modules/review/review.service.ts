import {
  declineText,
  DECLINE_REASON_MESSAGES,
  isAdminRole,
  LATEST_APPROVED_CAMPAIGNS,
  REVIEW_MESSAGES,
  type ApprovalValues,
  type Campaign,
  type ListQuery,
  type ReviewListingType,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { AdminPrincipal } from '../../lib/principal';
import { campaignFactsNow, toCampaign } from '../campaigns';
import type { CampaignService } from '../campaigns';
import type { AuditRepository } from '../audit';
import type { CampaignRepository } from '../campaigns';
import type { SessionRepository } from '../auth';
import type { SignupSessionRepository } from '../auth';
import type { EventRepository } from '../events';
import type { UserRepository } from '../users';
import type { MediaRepository } from '../media';
import { toHistoryEntry, toListedUser } from './review-answers';
import type { DeclineReasonRepository } from './decline-reason.repository';
import { changesSinceDecision, snapshotOf } from './campaign-changes';

/**
 * What decisions and bans change: campaigns, users and their sessions, the audit trail, the
 * events; the files and the decline reasons a decision reads.
 */
export interface ReviewRepositories {
  campaigns: CampaignRepository;
  users: UserRepository;
  sessions: SessionRepository;
  signupSessions: SignupSessionRepository;
  audit: AuditRepository;
  events: EventRepository;
  /** The files a decision's snapshot lists (docs/product/review.md, Review page). */
  media: MediaRepository;
  declineReasons: DeclineReasonRepository;
}

/** An approval or a resubmission clears the last decline. */
const NO_DECLINE = { declineReason: null, declineReasonCode: null, declineNote: null };

/**
 * The administrators' side (docs/product/review.md): the review queue and its decisions, and
 * the users with their bans. Every decision and ban is written to the audit trail in the
 * transaction of the change.
 */
export class ReviewService {
  constructor(
    private readonly options: { data: DataAccess<ReviewRepositories>; clock: Clock; campaigns: CampaignService },
  ) {}

  async listRequests(listingType: ReviewListingType, query: ListQuery) {
    const page = await this.options.data.repos.campaigns.listForReview(listingType, query);
    return { data: page.data.map(toCampaign), pagination: page.pagination };
  }

  /** The administrator's dashboard's Latest Campaigns: approved, and not archived by their customers. */
  async latestApproved(): Promise<Campaign[]> {
    return (await this.options.data.repos.campaigns.latestApproved(LATEST_APPROVED_CAMPAIGNS)).map(toCampaign);
  }

  /** A submitted campaign with its files and History; a draft or an unknown id is not found. */
  async campaign(id: number) {
    const { repos } = this.options.data;
    const view = await repos.campaigns.findView(id);
    if (!view || view.campaign.approvalStatus === 'draft') throw notFound(REVIEW_MESSAGES.campaignNotFound);
    const [detail, history] = await Promise.all([
      this.options.campaigns.detailOf(view),
      repos.audit.campaignHistory(id),
    ]);
    return {
      ...detail,
      history: history.map(toHistoryEntry),
      changes_since_decision: changesSinceDecision(history, snapshotOf(detail, detail.campaign_content)),
    };
  }

  /**
   * Approves (publishes) or declines a pending campaign. The row is locked first, so of two
   * administrators deciding at once the second finds it decided and gets 409.
   */
  async decide(admin: AdminPrincipal, id: number, values: ApprovalValues): Promise<Campaign> {
    const { data, clock } = this.options;
    await data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockSubmitted(id);
      if (!campaign) throw notFound(REVIEW_MESSAGES.campaignNotFound);
      if (campaign.approvalStatus !== 'pending' || campaign.archivedAt) {
        throw new HttpError(409, REVIEW_MESSAGES.notPending);
      }
      const now = clock.now();
      const decision = values.approval_status;
      const decline = decision === 'declined' ? await this.declineOf(repos, values) : null;
      await repos.campaigns.update(
        id,
        decline
          ? {
              approvalStatus: 'declined',
              declineReason: decline.reason,
              declineReasonCode: decline.reason_code,
              declineNote: decline.note,
              declinedAt: now,
              updatedAt: now,
            }
          : { approvalStatus: 'approved', publishedOn: now, ...NO_DECLINE, updatedAt: now },
      );
      await repos.audit.record(
        {
          actorId: admin.userId,
          action: `campaign.${decision}`,
          subject: { type: 'campaign', id },
          before: { approval_status: 'pending' },
          // The campaign as decided, which the next review compares with (Review page).
          after: { approval_status: decision, ...decline, campaign: await this.snapshotIn(repos, id) },
        },
        now,
      );
      await repos.events.record(
        {
          type: 'campaign.reviewed',
          userId: campaign.userId,
          payload: {
            campaignId: id,
            adminId: admin.userId,
            decision,
            reason: decline?.reason ?? null,
            campaign: await campaignFactsNow(repos.campaigns, id),
          },
        },
        now,
      );
    });
    return toCampaign((await data.repos.campaigns.findView(id))!);
  }

  /**
   * A decline's reason, which must be in use (locked, so it cannot be retired meanwhile), and
   * what the customer is told: its text as it is now, and the note.
   */
  private async declineOf(repos: ReviewRepositories, values: ApprovalValues) {
    const found = await repos.declineReasons.lockInUse(values.decline_reason_code ?? '');
    if (!found) throw fieldError(422, 'decline_reason_code', DECLINE_REASON_MESSAGES.codeNotInUse);
    const note = values.decline_note ?? null;
    return { reason_code: found.code, reason_text: found.text, note, reason: declineText(found.text, note) };
  }

  /** The campaign as the review page compares it, read in the decision's transaction. */
  private async snapshotIn(repos: ReviewRepositories, id: number) {
    const view = await repos.campaigns.findView(id);
    const files = await repos.media.ofCampaign(id);
    return snapshotOf(
      toCampaign(view!),
      files.map((file) => ({ s3_key: file.key, name: file.fileName })),
    );
  }

  async listUsers(query: ListQuery) {
    const page = await this.options.data.repos.users.list(query);
    return { data: page.data.map((user) => toListedUser(user, user.spentCents)), pagination: page.pagination };
  }

  /** A user, what a ban would switch off, and their History. */
  async user(id: number) {
    const { repos } = this.options.data;
    const found = await repos.users.findById(id);
    if (!found) throw notFound(REVIEW_MESSAGES.userNotFound);
    const [touched, history, spentCents] = await Promise.all([
      repos.campaigns.switchedOnForReviewOrDelivery(id),
      repos.audit.userHistory(id),
      repos.users.spentCents(id),
    ]);
    return {
      ...toListedUser(found.user, spentCents),
      campaigns_to_switch_off: touched.map((row) => ({
        id: row.id,
        campaign_name: row.name,
        approval_status: row.approvalStatus,
      })),
      history: history.map(toHistoryEntry),
    };
  }

  /**
   * Bans or unbans a customer. A ban ends their sessions and any unfinished sign-up at once and
   * switches off their approved and pending campaigns that are not archived; an unban only lets
   * them log in again.
   */
  async toggleStatus(admin: AdminPrincipal, id: number): Promise<{ id: number; status: boolean }> {
    const { data, clock } = this.options;
    return data.withTransaction(async (repos) => {
      const user = await repos.users.lock(id);
      if (!user) throw notFound(REVIEW_MESSAGES.userNotFound);
      if (user.id === admin.userId) throw new HttpError(409, REVIEW_MESSAGES.cannotBanSelf);
      if (isAdminRole(user.roleId)) throw new HttpError(409, REVIEW_MESSAGES.cannotBanAdmin);
      const now = clock.now();
      const status = !user.status;
      await repos.users.update(id, { status });
      let switchedOff: number[] = [];
      if (!status) {
        await repos.sessions.revokeAllOfUser(id, now);
        await repos.signupSessions.deleteAllOfUser(id);
        switchedOff = await repos.campaigns.switchOffForBan(id, now);
      }
      await repos.audit.record(
        {
          actorId: admin.userId,
          action: status ? 'user.unbanned' : 'user.banned',
          subject: { type: 'user', id },
          before: { status: user.status },
          after: { status, ...(!status && { campaigns_switched_off: switchedOff }) },
        },
        now,
      );
      return { id, status };
    });
  }
}
