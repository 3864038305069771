import { z } from 'zod';

/**
 * What changed in a campaign since an administrator last approved or declined it
 * (docs/product/review.md, Review page: Changes since the last decision).
 */

/** The fields compared, in the order the review page lists them, with their labels. */
export const CHANGED_FIELD_LABELS = {
  campaign_name: 'Campaign name',
  ad_title: 'Primary text',
  ad_description: 'Additional details',
  destination_url: 'Destination link',
  budget_type: 'Budget type',
  budget_amount: 'Budget',
  start_date: 'Start date',
  end_date: 'End date',
} as const;
export type ChangedField = keyof typeof CHANGED_FIELD_LABELS;
export const CHANGED_FIELDS = Object.keys(CHANGED_FIELD_LABELS) as ChangedField[];

export const CAMPAIGN_CHANGES_TEXTS = {
  title: 'Changes since the last decision',
  approvedOn: (day: string) => `Compared with the campaign as approved on ${day}`,
  declinedOn: (day: string) => `Compared with the campaign as declined on ${day}`,
  nothing: 'Nothing changed since the last decision.',
  keywordsAdded: 'Keywords added',
  keywordsRemoved: 'Keywords removed',
  mediaAdded: 'Media added',
  mediaRemoved: 'Media removed',
  before: 'Before',
  after: 'Now',
  empty: '(none)',
} as const;

const fileSchema = z.object({ s3_key: z.string(), name: z.string().nullable() });

export const changesSinceDecisionSchema = z
  .object({
    decision: z.enum(['approved', 'declined']),
    decided_at: z.string(),
    /** Each field whose value differs, before (as decided) and now; budgets in dollars. */
    fields: z.array(
      z.object({
        field: z.enum(CHANGED_FIELDS as [ChangedField, ...ChangedField[]]),
        before: z.union([z.string(), z.number()]).nullable(),
        after: z.union([z.string(), z.number()]).nullable(),
      }),
    ),
    keywords: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
    media: z.object({ added: z.array(fileSchema), removed: z.array(fileSchema) }),
  })
  .meta({ id: 'ChangesSinceDecision' });
export type ChangesSinceDecision = z.infer<typeof changesSinceDecisionSchema>;
