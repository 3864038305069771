import {
  AD_MESSAGES,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  destinationUrlSchema,
  extensionOf,
  isMediaExtension,
  MEDIA_TYPES,
  type AdTemplate,
  type Campaign,
  type CampaignContent,
  type MediaMetadata,
  type CampaignObjective,
  flightProblems,
} from '@portal/contract';
import { z } from 'zod';
import { storage } from '@/lib/storage';

/** Step 1 as the form holds it (docs/product/campaigns.md, Campaign details). */
export interface DetailsValues {
  campaign_objective: CampaignObjective;
  campaign_name: string;
  status: 'active' | 'paused';
  budget_type: 'lifetime' | 'daily';
  /** '' while the field is empty. */
  budget_amount: number | '';
  keywords: string[];
  /** Flight dates, 'YYYY-MM-DD', or '' for none. */
  start_date: string;
  end_date: string;
}

/** Step 2's texts. */
export interface AdValues {
  ad_title: string;
  ad_description: string;
  destination_url: string;
}

/** A file of the ad, as the wizard knows it once stored. */
export interface StoredMedia {
  key: string;
  name: string;
  kind: 'image' | 'video';
  /** A view address from the server, when it gave one. */
  url?: string;
  /** What the server read from the file, for the checks before review; null when it could not. */
  metadata?: MediaMetadata | null;
}

export const DEFAULT_DETAILS: DetailsValues = {
  campaign_objective: 'Video view',
  campaign_name: '',
  status: 'active',
  budget_type: 'lifetime',
  budget_amount: '',
  keywords: [],
  start_date: '',
  end_date: '',
};

export const EMPTY_AD: AdValues = { ad_title: '', ad_description: '', destination_url: '' };

/** The kind of a file by its extension, or null for one the portal does not take. */
export function mediaKindOf(fileName: string): 'image' | 'video' | null {
  const extension = extensionOf(fileName);
  return isMediaExtension(extension) ? MEDIA_TYPES[extension].kind : null;
}

/** The content type the upload address is asked for: the one of the extension, whatever the browser guessed. */
export function contentTypeOf(fileName: string): string {
  const extension = extensionOf(fileName);
  return isMediaExtension(extension) ? MEDIA_TYPES[extension].contentType : '';
}

/** Adds a typed keyword: trimmed, and ignored when empty or already there. */
export function addKeyword(keywords: string[], typed: string): string[] {
  const keyword = typed.trim();
  return keyword === '' || keywords.includes(keyword) ? keywords : [...keywords, keyword];
}

/** Step 1's fields, by their API names, that a message can be shown under. */
export type DetailsErrors = Partial<Record<keyof DetailsValues, string>>;

/** The flight dates as the API takes them: null for none. */
export const flightOfValues = (values: Pick<DetailsValues, 'start_date' | 'end_date'>) => ({
  start_date: values.start_date || null,
  end_date: values.end_date || null,
});

/**
 * Step 1's checks in the documented order: each failing rule's message, keyed by its field.
 * `today` is the day in the account's time zone, which the flight dates are checked against.
 */
export function detailsErrors(values: DetailsValues, today: string): DetailsErrors {
  const errors: DetailsErrors = {};
  if (values.campaign_name.trim() === '') errors.campaign_name = CAMPAIGN_MESSAGES.nameRequired;
  if (values.budget_amount === '') errors.budget_amount = CAMPAIGN_MESSAGES.budgetRequired;
  else if (values.budget_amount === 0) errors.budget_amount = CAMPAIGN_MESSAGES.budgetZero;
  if (values.keywords.length < CAMPAIGN_LIMITS.minKeywords) errors.keywords = CAMPAIGN_MESSAGES.keywordsRequired;
  for (const problem of flightProblems(flightOfValues(values), today)) errors[problem.field] ??= problem.message;
  return errors;
}

/** The same messages in order, for the "Missing Field" toast. */
export const missingDetails = (values: DetailsValues, today: string): string[] =>
  Object.values(detailsErrors(values, today));

/** Step 2's checks: each field's message, keyed by field, for the form to show under each. */
export function adErrors(values: AdValues, mediaCount: number): Partial<Record<keyof AdValues | 'media', string>> {
  const errors: Partial<Record<keyof AdValues | 'media', string>> = {};
  if (values.ad_title.trim() === '') errors.ad_title = AD_MESSAGES.primaryTextMissing;
  if (values.ad_description.trim() === '') errors.ad_description = AD_MESSAGES.additionalTextMissing;
  const url = destinationUrlSchema.safeParse(values.destination_url);
  if (!url.success) errors.destination_url = url.error.issues[0]?.message ?? AD_MESSAGES.destinationInvalid;
  if (mediaCount === 0) errors.media = AD_MESSAGES.mediaMissing;
  return errors;
}

export const detailsOfCampaign = (campaign: Campaign): DetailsValues => ({
  campaign_objective: campaign.campaign_objective,
  campaign_name: campaign.campaign_name,
  status: campaign.status,
  budget_type: campaign.budget_type,
  budget_amount: campaign.budget_amount,
  keywords: campaign.keywords,
  start_date: campaign.start_date ?? '',
  end_date: campaign.end_date ?? '',
});

export const adOfTemplate = (template: AdTemplate | null): AdValues =>
  template
    ? {
        ad_title: template.ad_title,
        ad_description: template.ad_description,
        destination_url: template.destination_url,
      }
    : EMPTY_AD;

/** Stored files as the wizard and the review page show them. */
export const mediaOfContent = (content: CampaignContent[]): StoredMedia[] =>
  content.map((item) => ({
    key: item.s3_key,
    name: item.name,
    kind: mediaKindOf(item.name) ?? mediaKindOf(item.s3_key) ?? 'image',
    url: item.s3_url,
    metadata: item.metadata,
  }));

export const mediaOfTemplate = (template: AdTemplate | null): StoredMedia[] =>
  mediaOfContent(template?.campaign_content ?? []);

/**
 * Edits this browser holds for the wizard, per user, written a second after the last change
 * (docs/product/campaigns.md, New-campaign wizard): the draft they belong to (null before the
 * first save), the texts of both steps, and the files uploaded but not yet saved with the ad.
 */
const localEditsSchema = z.object({
  draftId: z.number().nullable(),
  details: z.custom<DetailsValues>((value) => typeof value === 'object' && value !== null),
  ad: z.custom<AdValues>((value) => typeof value === 'object' && value !== null),
  media: z.array(
    z.object({ key: z.string(), name: z.string(), kind: z.enum(['image', 'video']), url: z.string().optional() }),
  ),
});
export type LocalEdits = z.infer<typeof localEditsSchema>;

const localEditsKey = (userId: number) => `campaign-wizard:${userId}`;

export const localEdits = {
  read(userId: number): LocalEdits | null {
    try {
      const parsed = localEditsSchema.safeParse(JSON.parse(storage.get(localEditsKey(userId)) ?? 'null'));
      if (!parsed.success) return null;
      // Fields are merged over the defaults, so edits written by an older version still load.
      return {
        ...parsed.data,
        details: { ...DEFAULT_DETAILS, ...parsed.data.details },
        ad: { ...EMPTY_AD, ...parsed.data.ad },
        // View addresses expire; the wizard asks for new ones.
        media: parsed.data.media.map(({ url: _url, ...item }) => item),
      };
    } catch {
      return null;
    }
  },
  write(userId: number, edits: LocalEdits): void {
    storage.set(localEditsKey(userId), JSON.stringify(edits));
  },
  clear(userId: number): void {
    storage.set(localEditsKey(userId), null);
  },
};
