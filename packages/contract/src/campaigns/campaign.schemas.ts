import { z } from 'zod';
import { textField } from '../common/common.schemas';

export const CAMPAIGN_OBJECTIVES = ['Brand awareness', 'Video view', 'Consideration'] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];

export const BUDGET_TYPES = ['lifetime', 'daily'] as const;
export const WIZARD_STATUSES = ['active', 'paused'] as const;
export const APPROVAL_STATUSES = ['draft', 'pending', 'approved', 'declined'] as const;

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
  draftDeleted: 'The draft was deleted',
  draftNotFound: 'No such draft',
} as const;

/**
 * The budget as JSON sends it (a number) or a form does (a string of digits). Cents only: a
 * third decimal is refused rather than rounded away.
 */
const budgetAmountSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? CAMPAIGN_MESSAGES.budgetRequired
          : CAMPAIGN_MESSAGES.budgetNotNumber,
    })
    .refine((value) => Number.isFinite(value), { error: CAMPAIGN_MESSAGES.budgetNotNumber, abort: true })
    .refine((value) => value !== 0, { error: CAMPAIGN_MESSAGES.budgetZero, abort: true })
    .refine((value) => value > 0, { error: CAMPAIGN_MESSAGES.budgetNegative, abort: true })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: CAMPAIGN_MESSAGES.budgetDecimals,
      abort: true,
    })
    .max(CAMPAIGN_LIMITS.budgetMax, { error: CAMPAIGN_MESSAGES.budgetTooLarge }),
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

/** Forms send a list as `keywords[0]`, `keywords[1]` …; they are gathered into `keywords`. */
function gatherIndexedKeywords(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const indexed = Object.keys(record)
    .map((key) => /^keywords\[(\d+)\]$/.exec(key))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (indexed.length === 0) return body;
  const rest = Object.fromEntries(Object.entries(record).filter(([key]) => !/^keywords\[\d+\]$/.test(key)));
  return { ...rest, keywords: indexed.map((match) => record[match[0]]) };
}

/** Step 1 of the wizard (docs/product/campaigns.md, Campaign details). */
export const campaignDetailsRequestSchema = z
  .preprocess(
    gatherIndexedKeywords,
    z.object({
      campaign_name: textField(
        'Campaign name',
        CAMPAIGN_MESSAGES.nameRequired,
        z
          .string()
          .trim()
          .min(1, { error: CAMPAIGN_MESSAGES.nameRequired, abort: true })
          .max(CAMPAIGN_LIMITS.nameMaxLength, { error: CAMPAIGN_MESSAGES.nameTooLong }),
      ),
      budget_amount: budgetAmountSchema,
      keywords: keywordsSchema,
      campaign_objective: z.enum(CAMPAIGN_OBJECTIVES, { error: CAMPAIGN_MESSAGES.objectiveRequired }),
      budget_type: z.enum(BUDGET_TYPES, { error: CAMPAIGN_MESSAGES.budgetTypeInvalid }),
      status: z.enum(WIZARD_STATUSES, { error: CAMPAIGN_MESSAGES.statusInvalid }),
    }),
  )
  .meta({ id: 'CampaignDetailsRequest' });
export type CampaignDetailsValues = z.output<typeof campaignDetailsRequestSchema>;

/**
 * A campaign as the API answers it (docs/product/campaigns.md, Campaign record). Fields that
 * belong to later parts of the record (the ad creative, figures, payments) are added with them.
 */
export const campaignSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    campaign_name: z.string(),
    campaign_objective: z.enum(CAMPAIGN_OBJECTIVES),
    budget_type: z.enum(BUDGET_TYPES),
    budget_amount: z.number(),
    budget: z.number(),
    keywords: z.array(z.string()),
    approval_status: z.enum(APPROVAL_STATUSES),
    decline_reason: z.string().nullable(),
    on_off: z.enum(['on', 'off']),
    status: z.enum(WIZARD_STATUSES),
    archived_at: z.string().nullable(),
    delivery_status: z.enum(['active', 'off']),
    payment_status: z.enum(['paid', 'unpaid']),
    created_at: z.string(),
    published_on: z.string().nullable(),
    submitted_at: z.string().nullable(),
    declined_at: z.string().nullable(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z
  .object({ message: z.string(), data: campaignSchema })
  .meta({ id: 'CampaignResponse' });

/** The customer's draft, if any, with what the wizard needs to reopen it. */
export const campaignDraftResponseSchema = z
  .object({ data: z.object({ campaign: campaignSchema }).nullable() })
  .meta({ id: 'CampaignDraftResponse' });
