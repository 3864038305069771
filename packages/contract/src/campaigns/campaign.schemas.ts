import { z } from 'zod';
import {
  dollarsNumber,
  gatherIndexedField,
  idSchema,
  isWholeCents,
  numberFromText,
  textField,
} from '../common/common.schemas';
import { paginatedResponseSchema } from '../common/list.schemas';
import { amountDueSchema } from '../common/money';
import {
  additionalTextSchema,
  adTemplateSchema,
  campaignContentSchema,
  destinationUrlSchema,
  primaryTextSchema,
} from './ad-template.schemas';
import { CUSTOMER_QUOTAS, QUOTA_MESSAGES } from './quotas';
import { statisticsEntrySchema } from '../insights/statistics-entry.schemas';
import { FLIGHT_STATES, flightDaySchema } from './flight';

export const CAMPAIGN_OBJECTIVES = ['Brand awareness', 'Video view', 'Consideration'] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];

export const BUDGET_TYPES = ['lifetime', 'daily'] as const;
export const WIZARD_STATUSES = ['active', 'paused'] as const;
export const APPROVAL_STATUSES = ['draft', 'pending', 'approved', 'declined'] as const;
/** Worked out by the server (docs/product/campaigns.md, Campaign state). */
export const DELIVERY_STATUSES = ['active', 'scheduled', 'ended', 'off'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** How lists say it; `off` reads "Paused" outside the archive, which says "Off" whatever it was. */
export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
  off: 'Paused',
};
/** An archived campaign's Delivery, in every list. */
export const ARCHIVED_DELIVERY_LABEL = 'Off';
/** The Delivery a list shows for a campaign. */
export const deliveryLabel = (campaign: { archived_at: string | null; delivery_status: DeliveryStatus }) =>
  campaign.archived_at ? ARCHIVED_DELIVERY_LABEL : DELIVERY_LABELS[campaign.delivery_status];

/** docs/product/campaigns.md, Campaign details: the limits of step 1. */
export const CAMPAIGN_LIMITS = {
  nameMaxLength: 100,
  minKeywords: 3,
  maxKeywords: 30,
  keywordMaxLength: 50,
  budgetMax: 10_000_000,
} as const;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Campaign name is required',
  nameTooLong: `Campaign name must be at most ${CAMPAIGN_LIMITS.nameMaxLength} characters`,
  budgetRequired: 'Budget amount is required',
  budgetZero: 'Budget amount cannot be 0',
  budgetNotNumber: 'Budget amount must be a number',
  budgetNegative: 'Budget amount must be more than 0',
  budgetDecimals: 'Budget amount can have at most 2 decimals',
  budgetTooLarge: 'Budget amount must be at most $10,000,000.00',
  keywordsRequired: 'At least three keywords is required',
  keywordsHint: 'Please add at least 3 keywords',
  tooManyKeywords: `At most ${CAMPAIGN_LIMITS.maxKeywords} keywords are allowed`,
  keywordTooLong: `A keyword must be at most ${CAMPAIGN_LIMITS.keywordMaxLength} characters`,
  keywordNotText: 'Each keyword must be text',
  objectiveRequired: 'Please select a Campaign Objective.',
  budgetTypeInvalid: 'Budget type must be lifetime or daily',
  statusInvalid: 'Status must be active or paused',
  detailsSaved: 'Campaign details saved',
  notFound: 'No such campaign',
  published: 'Your campaign is under review',
  notPublishable: 'Only a draft or a declined campaign can be published',
  adMissing: 'Add the ad creative before publishing',
  adNotThisCampaigns: 'The ad does not belong to this campaign',
  updated: 'Campaign updated successfully',
  updatedForReview: 'Campaign updated and sent back to review',
  /** The Edit dialog's warning, shown before an approved campaign's name or link is saved. */
  editSendsBackToReview:
    'Changing the name or link sends the campaign back to review; it stops running until approved.',
  textEditSendsBackToReview:
    'Changing the texts or keywords sends the campaign back to review, unless your account is trusted; it stops running until approved.',
  nothingToUpdate:
    'Send at least one of on_off, campaign_name, destination_url, start_date, end_date, ad_title, ad_description and keywords',
  onOffInvalid: 'Status must be on or off',
  draftNotEditable: 'A draft is changed in the new-campaign wizard',
  archivedCannotSwitchOn: 'An archived campaign cannot be switched on',
  resubmitted: 'Campaign resubmitted for review',
  notResubmittable: 'Only a declined campaign that is not archived can be resubmitted',
  duplicated: 'Campaign(s) duplicated successfully',
  deleted: 'Campaign(s) deleted successfully',
  /** What Delete will do, asked before it is sent: archiving from Active and Pending. */
  archiveConfirmation: (count: number) =>
    count === 1
      ? 'This campaign will be archived: it stops running and its open payment link is cancelled. You can restore it from the Archived tab.'
      : `${count} campaigns will be archived: they stop running and their open payment links are cancelled. You can restore them from the Archived tab.`,
  /** What Delete will do on the Archived tab, where it is for good. */
  deleteConfirmation: (count: number) =>
    count === 1
      ? 'This campaign will be deleted for good: it leaves your lists and cannot be restored.'
      : `${count} campaigns will be deleted for good: they leave your lists and cannot be restored.`,
  restored: 'Campaign restored. It is switched off until you switch it on.',
  restoredForReview: 'Campaign restored and sent back to review. It is switched off until you switch it on.',
  notRestorable: 'Only an archived campaign can be restored',
  idsRequired: 'Choose at least one campaign',
  idsInvalid: 'Campaign ids must be whole numbers from 1',
  tooManyIds: 'At most 100 campaigns at a time',
  draftDeleted: 'The draft was deleted',
  draftNotFound: 'No such draft',
} as const;

/**
 * The budget as JSON sends it (a number) or a form does (a string of digits). Cents only: a
 * third decimal is refused rather than rounded away.
 */
const budgetAmountSchema = numberFromText(
  dollarsNumber(CAMPAIGN_MESSAGES.budgetRequired, CAMPAIGN_MESSAGES.budgetNotNumber)
    .refine((value) => value !== 0, { error: CAMPAIGN_MESSAGES.budgetZero, abort: true })
    .refine((value) => value > 0, { error: CAMPAIGN_MESSAGES.budgetNegative, abort: true })
    .refine(isWholeCents, {
      error: CAMPAIGN_MESSAGES.budgetDecimals,
      abort: true,
    })
    .max(CAMPAIGN_LIMITS.budgetMax, { error: CAMPAIGN_MESSAGES.budgetTooLarge }),
);

const campaignNameSchema = textField(
  'Campaign name',
  CAMPAIGN_MESSAGES.nameRequired,
  z
    .string()
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.nameRequired, abort: true })
    .max(CAMPAIGN_LIMITS.nameMaxLength, { error: CAMPAIGN_MESSAGES.nameTooLong }),
);

/** Keywords trimmed, empty ones dropped, each kept once, in the order given. */
const keywordsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string({ error: CAMPAIGN_MESSAGES.keywordNotText }), { error: CAMPAIGN_MESSAGES.keywordsRequired })
    .transform((keywords) => [...new Set(keywords.map((keyword) => keyword.trim()).filter(Boolean))])
    .pipe(
      z
        .array(
          textField(
            'A keyword',
            CAMPAIGN_MESSAGES.keywordNotText,
            z.string().max(CAMPAIGN_LIMITS.keywordMaxLength, { error: CAMPAIGN_MESSAGES.keywordTooLong }),
          ),
        )
        .min(CAMPAIGN_LIMITS.minKeywords, { error: CAMPAIGN_MESSAGES.keywordsRequired })
        .max(CAMPAIGN_LIMITS.maxKeywords, { error: CAMPAIGN_MESSAGES.tooManyKeywords }),
    ),
);

/** Step 1 of the wizard (docs/product/campaigns.md, Campaign details). */
export const campaignDetailsRequestSchema = z
  .preprocess(
    gatherIndexedField('keywords'),
    z.object({
      campaign_name: campaignNameSchema,
      budget_amount: budgetAmountSchema,
      keywords: keywordsSchema,
      campaign_objective: z.enum(CAMPAIGN_OBJECTIVES, { error: CAMPAIGN_MESSAGES.objectiveRequired }),
      budget_type: z.enum(BUDGET_TYPES, { error: CAMPAIGN_MESSAGES.budgetTypeInvalid }),
      status: z.enum(WIZARD_STATUSES, { error: CAMPAIGN_MESSAGES.statusInvalid }),
      /** Flight dates (docs/product/campaigns.md, Flight dates); left out, none. */
      start_date: flightDaySchema.default(null),
      end_date: flightDaySchema.default(null),
    }),
  )
  .meta({ id: 'CampaignDetailsRequest' });
export type CampaignDetailsValues = z.output<typeof campaignDetailsRequestSchema>;

/**
 * A campaign as the API answers it (docs/product/campaigns.md, Campaign record). Lists carry
 * this; answers about one campaign add its files (`campaignDetailSchema`).
 */
export const campaignSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    user_first_name: z.string(),
    user_last_name: z.string(),
    user_email: z.string(),
    /** The member's profile picture (`logo`, docs/product/accounts.md), shown in the ad's previews; null without one. */
    user_logo: z.string().nullable(),
    campaign_name: z.string(),
    campaign_objective: z.enum(CAMPAIGN_OBJECTIVES),
    budget_type: z.enum(BUDGET_TYPES),
    budget_amount: z.number(),
    budget: z.number(),
    keywords: z.array(z.string()),
    /** The first and last days it runs, in its account's time zone; null: on approval and payment, and until stopped. */
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    flight_state: z.enum(FLIGHT_STATES),
    approval_status: z.enum(APPROVAL_STATUSES),
    /** What the customer is told of the last decline: the reason's text and the note; null when not declined. */
    decline_reason: z.string().nullable(),
    /** The decline's reason code (docs/product/review.md, Decline reasons); null for a decline kept as free text only. */
    decline_reason_code: z.string().nullable(),
    /** The administrator's note beside the reason; null without one. */
    decline_note: z.string().nullable(),
    on_off: z.enum(['on', 'off']),
    status: z.enum(WIZARD_STATUSES),
    archived_at: z.string().nullable(),
    delivery_status: z.enum(DELIVERY_STATUSES),
    payment_status: z.enum(['paid', 'unpaid']),
    /** The open payment link's checkout page; else null. */
    payment_link_url: z.string().nullable().meta({
      description:
        "The open payment link's checkout page, a path on the portal's own origin (`/checkout/{token}`); null without one.",
    }),
    /** What the open payment link asks, and how it is made ("7 days × $250.50"); null without one. */
    amount_due: amountDueSchema.nullable(),
    date_paid: z.string().nullable(),
    created_at: z.string(),
    published_on: z.string().nullable(),
    submitted_at: z.string().nullable(),
    declined_at: z.string().nullable(),
    /** The ad creative; null until step 2 of the wizard is saved. */
    ad_title: z.string().nullable(),
    ad_description: z.string().nullable(),
    destination_url: z.string().nullable(),
    /** Figures entered by administrators, newest first; lists carry the current entry only. */
    statistics: z.array(statisticsEntrySchema),
    /** From the current entry (docs/product/insights.md, Cost per click and per lead); null without one. */
    impressions: z.number().int().nullable(),
    link_clicks: z.number().int().nullable(),
    /** Dollars to the cent; null without an entry or when the divisor is 0. */
    cost_per_click: z.number().nullable(),
    cost_per_lead: z.number().nullable(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

/** One campaign with its files in display order. */
export const campaignDetailSchema = campaignSchema
  .extend({ campaign_content: z.array(campaignContentSchema) })
  .meta({ id: 'CampaignDetail' });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignResponseSchema = z
  .object({ message: z.string(), data: campaignSchema })
  .meta({ id: 'CampaignResponse' });

export const campaignDetailResponseSchema = z
  .object({ message: z.string(), data: campaignDetailSchema })
  .meta({ id: 'CampaignDetailResponse' });

/** The customer's draft, if any, with what the wizard needs to reopen it at its step. */
export const campaignDraftResponseSchema = z
  .object({ data: z.object({ campaign: campaignSchema, ad_template: adTemplateSchema.nullable() }).nullable() })
  .meta({ id: 'CampaignDraftResponse' });

/** The customer's three tabs (docs/product/campaigns.md, Campaign lists), as each list names itself. */
export const CUSTOMER_LIST_TYPES = { active: 'Active', pending: 'Pending', archived: 'Archive' } as const;
export type CustomerListTab = keyof typeof CUSTOMER_LIST_TYPES;

export const campaignListResponseSchema = paginatedResponseSchema(campaignSchema)
  .extend({ type: z.enum(['Active', 'Pending', 'Archive']) })
  .meta({ id: 'CampaignList' });

/** The Edit dialog and the Active list's switch (docs/product/campaigns.md, Editing a campaign). */
/** The fields the Edit dialog changes (docs/product/campaigns.md, Editing a campaign). */
const UPDATABLE_FIELDS = [
  'on_off',
  'campaign_name',
  'destination_url',
  'start_date',
  'end_date',
  'ad_title',
  'ad_description',
  'keywords',
] as const;

export const campaignUpdateRequestSchema = z
  .preprocess(
    gatherIndexedField('keywords'),
    z
      .object({
        on_off: z.preprocess(
          (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
          z.enum(['on', 'off'], { error: CAMPAIGN_MESSAGES.onOffInvalid }),
        ),
        campaign_name: campaignNameSchema,
        destination_url: destinationUrlSchema,
        start_date: flightDaySchema,
        end_date: flightDaySchema,
        ad_title: primaryTextSchema,
        ad_description: additionalTextSchema,
        keywords: keywordsSchema,
        /** Shown in the dialog and sent by it, but fixed once the campaign exists: ignored. */
        campaign_objective: z.unknown(),
      })
      .partial()
      .refine((body) => UPDATABLE_FIELDS.some((field) => body[field] !== undefined), {
        error: CAMPAIGN_MESSAGES.nothingToUpdate,
      }),
  )
  .meta({ id: 'CampaignUpdateRequest' });
export type CampaignUpdateValues = z.output<typeof campaignUpdateRequestSchema>;

export const CAMPAIGN_BULK_LIMIT = 100;

const campaignIdSchema = idSchema(CAMPAIGN_MESSAGES.idsInvalid);

/** A list of the caller's campaigns, at most `max` of them; each id counts once. */
const campaignIdsSchema = (max: number, tooMany: string) =>
  z.preprocess(
    gatherIndexedField('campaign_ids'),
    z.object({
      campaign_ids: z.preprocess(
        (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
        z
          .array(campaignIdSchema, { error: CAMPAIGN_MESSAGES.idsRequired })
          .min(1, { error: CAMPAIGN_MESSAGES.idsRequired })
          .max(max, { error: tooMany })
          .transform((ids) => [...new Set(ids)]),
      ),
    }),
  );

/** Delete takes up to 100 campaigns. */
export const campaignIdsRequestSchema = campaignIdsSchema(CAMPAIGN_BULK_LIMIT, CAMPAIGN_MESSAGES.tooManyIds).meta({
  id: 'CampaignIdsRequest',
});

/** Duplicate takes fewer: each copy goes to review and counts against the campaign quota. */
export const duplicateCampaignsRequestSchema = campaignIdsSchema(
  CUSTOMER_QUOTAS.duplicatesPerRequest,
  QUOTA_MESSAGES.duplicatesPerRequest,
).meta({ id: 'DuplicateCampaignsRequest' });

/** Publishing the wizard's campaign (step 3), or a declined one again. */
export const publishCampaignRequestSchema = z
  .object({
    campaign_id: campaignIdSchema,
    template_id: campaignIdSchema,
  })
  .meta({ id: 'PublishCampaignRequest' });
