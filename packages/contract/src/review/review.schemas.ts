import { z } from 'zod';
import { listQuerySchema, paginatedResponseSchema } from '../common/list.schemas';
import { campaignDetailSchema, campaignSchema } from '../campaigns/campaign.schemas';
import { DECLINE_REASON_MESSAGES, declineNoteSchema, declineReasonCodeSchema } from './decline-reasons';
import { changesSinceDecisionSchema } from './campaign-changes';

/** The administrators' side of campaigns and users (docs/product/review.md). */

export const REVIEW_LISTING_TYPES = ['pending', 'active', 'declined'] as const;
export type ReviewListingType = (typeof REVIEW_LISTING_TYPES)[number];

export const REVIEW_MESSAGES = {
  listingTypeInvalid: 'The listing type must be pending, active or declined',
  approvalStatusInvalid: 'The approval status must be approved or declined',
  campaignNotFound: 'Campaign not found',
  notPending: 'Only a campaign awaiting review can be approved or declined',
  approved: 'Campaign approved successfully',
  declined: 'Campaign declined successfully',
  userNotFound: 'User not found',
  cannotBanSelf: 'You cannot ban your own account',
  cannotBanAdmin: 'Administrators cannot be banned',
  userStatusUpdated: 'User status updated successfully',
} as const;

export const campaignRequestsQuerySchema = listQuerySchema.extend({
  listing_type: z.enum(REVIEW_LISTING_TYPES, { error: REVIEW_MESSAGES.listingTypeInvalid }).default('pending'),
});

export const campaignRequestsResponseSchema = paginatedResponseSchema(campaignSchema).meta({
  id: 'CampaignRequestsResponse',
});

/** How many campaigns the administrator's dashboard lists under Latest Campaigns. */
export const LATEST_APPROVED_CAMPAIGNS = 2;

export const latestApprovedResponseSchema = z
  .object({ data: z.array(campaignSchema) })
  .meta({ id: 'LatestApprovedCampaignsResponse' });

/** One line of a History: an audit row (docs/product/review.md, Audit trail). */
export const historyEntrySchema = z
  .object({
    id: z.number().int(),
    /** What happened, for example `campaign.approved` or `user.banned`. */
    action: z.string(),
    /** Who did it; null when the portal did it itself. */
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    /** The campaign the line is about, by its current name; null for a line about the user. */
    campaign: z.object({ id: z.number().int(), campaign_name: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const adminCampaignResponseSchema = z
  .object({
    data: campaignDetailSchema.extend({
      history: z.array(historyEntrySchema),
      /** What changed since the last approval or decline; null when it was never decided. */
      changes_since_decision: changesSinceDecisionSchema.nullable(),
    }),
  })
  .meta({ id: 'AdminCampaignResponse' });

/**
 * A decision. A decline names a reason in use (`decline_reason_code`) and may add a note
 * (docs/product/review.md, Decline); an approval takes neither.
 */
export const approvalRequestSchema = z
  .object({
    approval_status: z.enum(['approved', 'declined'], { error: REVIEW_MESSAGES.approvalStatusInvalid }),
    decline_reason_code: declineReasonCodeSchema.optional(),
    decline_note: declineNoteSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.approval_status === 'declined' && body.decline_reason_code === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['decline_reason_code'],
        message: DECLINE_REASON_MESSAGES.codeRequired,
      });
    }
  })
  .meta({ id: 'ApprovalRequest' });
export type ApprovalValues = z.output<typeof approvalRequestSchema>;

export const approvalResponseSchema = z
  .object({ message: z.string(), data: campaignSchema })
  .meta({ id: 'ApprovalResponse' });

/** A row of the Registered Users table. */
export const listedUserSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** The sum of the user's payments less what was refunded of them, in dollars. */
    total_spent: z.number(),
    /** true: Active; false: banned (InActive). */
    status: z.boolean(),
    /** The role id: 1 administrator, 2 customer. */
    type: z.number().int(),
  })
  .meta({ id: 'ListedUser' });
export type ListedUser = z.infer<typeof listedUserSchema>;

export const userListResponseSchema = paginatedResponseSchema(listedUserSchema).meta({ id: 'UserListResponse' });

/**
 * What the ban dialog shows before a ban: the campaigns it switches off (approved or pending,
 * switched on, not archived), and the user's history.
 */
export const adminUserResponseSchema = z
  .object({
    data: listedUserSchema.extend({
      campaigns_to_switch_off: z.array(
        z.object({ id: z.number().int(), campaign_name: z.string(), approval_status: z.string() }),
      ),
      history: z.array(historyEntrySchema),
    }),
  })
  .meta({ id: 'AdminUserResponse' });

export const userStatusResponseSchema = z
  .object({ message: z.string(), data: z.object({ id: z.number().int(), status: z.boolean() }) })
  .meta({ id: 'UserStatusResponse' });
export type AdminCampaign = z.infer<typeof adminCampaignResponseSchema>['data'];
