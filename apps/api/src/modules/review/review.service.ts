import {
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
import { HttpError, notFound } from '../../lib/http-errors';
import type { AdminPrincipal } from '../../lib/principal';
import { campaignFactsNow, toCampaign } from '../campaigns';
import type { CampaignService } from '../campaigns';
import type { AuditRepository } from '../audit';
import type { CampaignRepository } from '../campaigns';
import type { SessionRepository } from '../auth';
import type { SignupSessionRepository } from '../auth';
import type { EventRepository } from '../events';
import type { UserRepository } from '../users';
import { toHistoryEntry, toListedUser } from './review-answers';

/** What decisions and bans change: campaigns, users and their sessions, the audit trail, the events. */
export interface ReviewRepositories {
  campaigns: CampaignRepository;
  users: UserRepository;
  sessions: SessionRepository;
  signupSessions: SignupSessionRepository;
  audit: AuditRepository;
  events: EventRepository;
}

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
    return { ...detail, history: history.map(toHistoryEntry) };
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
      const reason = decision === 'declined' ? (values.reason ?? null) : null;
      await repos.campaigns.update(
        id,
        decision === 'approved'
          ? { approvalStatus: 'approved', publishedOn: now, declineReason: null, updatedAt: now }
          : { approvalStatus: 'declined', declineReason: reason, declinedAt: now, updatedAt: now },
      );
      await repos.audit.record(
        {
          actorId: admin.userId,
          action: `campaign.${decision}`,
          subject: { type: 'campaign', id },
          before: { approval_status: 'pending' },
          after: { approval_status: decision, ...(decision === 'declined' && { reason }) },
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
            reason,
            campaign: await campaignFactsNow(repos.campaigns, id),
          },
        },
        now,
      );
    });
    return toCampaign((await data.repos.campaigns.findView(id))!);
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
