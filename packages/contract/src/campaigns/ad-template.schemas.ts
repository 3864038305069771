import { z } from 'zod';
import { idSchema, textField } from '../common/common.schemas';
import { MEDIA_LIMITS, MEDIA_MESSAGES, mediaKeySchema } from '../media/media.schemas';
import { mediaMetadataSchema } from './ad-checks';

/** docs/product/campaigns.md, Ad creative: Instagram's caption limit and the longest address kept. */
export const AD_LIMITS = { textMaxLength: 2200, urlMaxLength: 2048 } as const;

export const AD_MESSAGES = {
  primaryTextMissing: 'Primary text is missing',
  primaryTextTooLong: `Primary text must be at most ${AD_LIMITS.textMaxLength} characters`,
  additionalTextMissing: 'Additional text is missing',
  additionalTextTooLong: `Additional text must be at most ${AD_LIMITS.textMaxLength} characters`,
  destinationMissing: 'Destination URL is missing',
  destinationInvalid: 'Please enter a valid URL',
  mediaMissing: 'Please select media files',
  campaignRequired: 'The campaign is required',
  userIdInvalid: 'The user id must be a whole number from 1',
  campaignNotFound: 'No such draft campaign',
  saved: 'Ad creative saved',
} as const;

/** An absolute http or https address. */
export const destinationUrlSchema = textField(
  'Destination URL',
  AD_MESSAGES.destinationMissing,
  z
    .string()
    .trim()
    .min(1, { error: AD_MESSAGES.destinationMissing, abort: true })
    .max(AD_LIMITS.urlMaxLength, { error: AD_MESSAGES.destinationInvalid, abort: true })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
        } catch {
          return false;
        }
      },
      { error: AD_MESSAGES.destinationInvalid },
    ),
);

const adText = (label: string, missing: string, tooLong: string) =>
  textField(
    label,
    missing,
    z.string().trim().min(1, { error: missing, abort: true }).max(AD_LIMITS.textMaxLength, { error: tooLong }),
  );

export const primaryTextSchema = adText('Primary text', AD_MESSAGES.primaryTextMissing, AD_MESSAGES.primaryTextTooLong);
export const additionalTextSchema = adText(
  'Additional text',
  AD_MESSAGES.additionalTextMissing,
  AD_MESSAGES.additionalTextTooLong,
);

const mediaItemSchema = z.object({
  s3_key: mediaKeySchema,
  /** Sent back by the wizard as it got it; the server makes its own view addresses. */
  s3_url: z.string().max(4096).optional(),
  name: textField(
    'The file name',
    MEDIA_MESSAGES.fileNameRequired,
    z.string().max(MEDIA_LIMITS.fileNameMaxLength, { error: MEDIA_MESSAGES.fileNameTooLong }),
  ).optional(),
});

/** Step 2 of the wizard (docs/product/campaigns.md, Ad creative). */
export const adTemplateRequestSchema = z
  .object({
    /** Sent by the wizard; the campaign's owner is the caller, whatever it says. */
    user_id: idSchema(AD_MESSAGES.userIdInvalid).optional(),
    campaign_id: idSchema(AD_MESSAGES.campaignRequired),
    ad_title: primaryTextSchema,
    ad_description: additionalTextSchema,
    destination_url: destinationUrlSchema,
    campaign_content: z
      .array(mediaItemSchema, { error: AD_MESSAGES.mediaMissing })
      .min(1, { error: AD_MESSAGES.mediaMissing })
      .max(MEDIA_LIMITS.filesPerCampaign, { error: MEDIA_MESSAGES.tooManyFiles })
      .refine((items) => new Set(items.map((item) => item.s3_key)).size === items.length, {
        error: 'The same file is listed twice',
      }),
  })
  .meta({ id: 'AdTemplateRequest' });

/**
 * A campaign file as answers carry it: `s3_url` is a view address valid for an hour; `metadata`
 * what the server read from the file (null when it could not), for the checks before review.
 */
export const campaignContentSchema = z
  .object({ s3_key: z.string(), s3_url: z.string(), name: z.string(), metadata: mediaMetadataSchema.nullable() })
  .meta({ id: 'CampaignContent' });
export type CampaignContent = z.infer<typeof campaignContentSchema>;

export const adTemplateSchema = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    ad_title: z.string(),
    ad_description: z.string(),
    destination_url: z.string(),
    campaign_content: z.array(campaignContentSchema),
  })
  .meta({ id: 'AdTemplate' });
export type AdTemplate = z.infer<typeof adTemplateSchema>;

export const adTemplateResponseSchema = z
  .object({ message: z.string(), data: adTemplateSchema })
  .meta({ id: 'AdTemplateResponse' });
