import { z } from 'zod';
import { MAX_ID } from '../common/common.schemas';
import { pagePath } from '../common/page-paths';
import { checkReportRange, reportRangeFields, reportResponseSchema } from '../insights/reports.schemas';

/**
 * Shared links (docs/product/campaigns.md, Preview share links; docs/product/insights.md, Report
 * links): a tokenised address that shows one thing of an advertiser account, read-only, to
 * someone without a sign-in, until it expires or is revoked. One mechanism for both kinds.
 */

export const SHARED_LINK_KINDS = ['preview', 'report'] as const;
export type SharedLinkKind = (typeof SHARED_LINK_KINDS)[number];

/** How long a report link lives, chosen when it is made; a preview link always lives 7 days. */
export const REPORT_LINK_DAYS = [7, 30, 90] as const;
export type ReportLinkDays = (typeof REPORT_LINK_DAYS)[number];

export const SHARED_LINK_LIMITS = {
  /** Active links (neither revoked nor expired) of one advertiser account, both kinds together. */
  perAccount: 50,
  previewDays: 7,
  /** The view addresses of a preview's files: a page open longer reloads for new ones. */
  mediaViewSeconds: 15 * 60,
  /** Views of shared pages (any token, good or bad) from one address per hour. */
  viewsPerAddressPerHour: 120,
} as const;

/** The public pages. The token is the whole credential: it is never logged (lib/logging.ts). */
export const SHARED_LINK_PAGES = {
  preview: pagePath('/shared/preview/:token', 'token'),
  report: pagePath('/shared/report/:token', 'token'),
} as const;

export const SHARED_LINK_TEXTS = {
  /** The one answer for an expired, revoked, tampered or unknown link, and for one whose account stopped. */
  gone: 'This link has expired or was revoked.',
  goneHint: 'Ask the person who shared it for a new link.',
  tooMany: `An advertiser account can have at most ${SHARED_LINK_LIMITS.perAccount} active shared links. Revoke one on My account first.`,
  tooManyViews: 'Too many views of shared links from this address. Try again later.',
  campaignNotFound: 'Campaign not found',
  kind: 'The kind must be preview or report',
  campaign: 'The campaign must be a campaign id',
  expiresIn: 'A report link expires in 7, 30 or 90 days',
  revoked: 'Link revoked',
  notFound: 'Shared link not found',
  madeTitle: 'Link ready to share',
  made: (expiresOn: string) =>
    `Anyone with this link can see it without signing in until ${expiresOn}. Copy it now: it is shown only once. My account lists your links and revokes them.`,
  readOnly: 'Shared with you, read-only.',
  listEmpty: 'No active links',
} as const;

/** What a link shows, as My account's list says it: "Preview of Winter boots", "Report on Acme, 1 Nov 2026 to 30 Nov 2026". */
export const sharedLinkSubject = (link: Pick<SharedLink, 'kind' | 'campaign_name'>, accountName: string): string =>
  link.kind === 'preview'
    ? `Preview of ${link.campaign_name ?? 'a campaign'}`
    : `Report on ${link.campaign_name ?? `all campaigns of ${accountName}`}`;

const campaignIdField = z
  .number({ error: SHARED_LINK_TEXTS.campaign })
  .int({ error: SHARED_LINK_TEXTS.campaign })
  .min(1, { error: SHARED_LINK_TEXTS.campaign })
  .max(MAX_ID, { error: SHARED_LINK_TEXTS.campaign });

const previewRequestSchema = z.object({
  kind: z.literal('preview'),
  campaign_id: campaignIdField.meta({ description: 'The campaign whose ad the link shows' }),
});

const reportRequestSchema = z
  .object({
    kind: z.literal('report'),
    campaign_id: campaignIdField
      .nullable()
      .optional()
      .meta({ description: "A campaign of the analytics page; null or left out: the account's campaigns together" }),
    ...reportRangeFields,
    expires_in_days: z
      .union(
        REPORT_LINK_DAYS.map((days) => z.literal(days)),
        { error: SHARED_LINK_TEXTS.expiresIn },
      )
      .meta({ description: 'How many days the link works: 7, 30 or 90' }),
  })
  .superRefine((body, context) => checkReportRange(context, body));

export const createSharedLinkSchema = z
  .discriminatedUnion('kind', [previewRequestSchema, reportRequestSchema], { error: SHARED_LINK_TEXTS.kind })
  .meta({ id: 'CreateSharedLinkRequest' });
export type CreateSharedLinkRequest = z.output<typeof createSharedLinkSchema>;

/** A link as its account's members see it: what it shows, its life and its views (never its token). */
export const sharedLinkSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(SHARED_LINK_KINDS),
    campaign_id: z.number().int().nullable(),
    /** The campaign it shows; null for a report on the whole account. */
    campaign_name: z.string().nullable(),
    /** A report's days, YYYY-MM-DD; null for a preview. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
    views: z.number().int(),
    last_viewed_at: z.string().nullable(),
    /** The member who made it, first and last name. */
    created_by: z.string(),
  })
  .meta({ id: 'SharedLink' });
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedLinkListSchema = z.object({ data: z.array(sharedLinkSchema) }).meta({ id: 'SharedLinkList' });

export const createdSharedLinkSchema = z
  .object({
    data: sharedLinkSchema.extend({
      /** The page's path with the token: shown once, as only the token's hash is kept. */
      path: z.string(),
    }),
  })
  .meta({ id: 'CreatedSharedLink' });
export type CreatedSharedLink = z.infer<typeof createdSharedLinkSchema>['data'];

/** The token in a public page's path: any text, so a malformed one answers the same 404 as an unknown one. */
export const sharedTokenParams = z.object({
  token: z.string().meta({ description: 'The link token from the page address' }),
});

/** What a preview link shows: the ad and nothing else of the account. */
export const sharedPreviewSchema = z
  .object({
    data: z.object({
      /** The name the post appears under: the advertiser account's. */
      account_name: z.string(),
      /**
       * The profile picture the post shows beside that name: the campaign's member's `logo`, public
       * by its unguessable stored name (docs/product/accounts.md, Profile pictures); null for initials.
       */
      logo: z.string().nullable(),
      primary_text: z.string(),
      additional_text: z.string(),
      destination_url: z.string(),
      /** The ad's files in order, each with a view address that works for 15 minutes. */
      media: z.array(z.object({ url: z.string(), kind: z.enum(['image', 'video']) })),
      expires_at: z.string(),
    }),
  })
  .meta({ id: 'SharedPreview' });
export type SharedPreview = z.infer<typeof sharedPreviewSchema>['data'];

/** What a report link shows: a campaign's or the account's report over the link's days, without ids. */
export const sharedReportSchema = z
  .object({
    data: reportResponseSchema.shape.data.extend({
      /** The campaign's name, or the account's for a report on all its campaigns. */
      title: z.string(),
      subject: z.enum(['campaign', 'account']),
      expires_at: z.string(),
    }),
  })
  .meta({ id: 'SharedReport' });
export type SharedReport = z.infer<typeof sharedReportSchema>['data'];
