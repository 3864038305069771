import { z } from 'zod';
import type { SeededDeclineReasonCode } from '../review/decline-reasons';

/**
 * The checks before review (docs/product/campaigns.md, Checks before review): one set of rules
 * that the wizard's review step runs in the browser and the server runs on every submission to
 * review, with the same limits (the settings below, which the server reads from its environment
 * and hands the pages in the settings block, decision 004).
 */

const MB = 1024 * 1024;

/** How strictly the brand or campaign name is asked for in the ad's texts. */
export const BRAND_IN_TEXT_MODES = ['off', 'warning', 'error'] as const;

/** An aspect ratio as written in the settings: `width:height`, such as `1.91:1`. */
const ratioPattern = /^\d+(\.\d+)?:\d+(\.\d+)?$/;

export const adCheckSettingsSchema = z.object({
  /** AD_PRIMARY_TEXT_MAX_LENGTH: longer refuses publishing. */
  primaryTextMaxLength: z.number().int().positive(),
  /** AD_PRIMARY_TEXT_VISIBLE_LENGTH: what the feed shows before "more"; longer warns. */
  primaryTextVisibleLength: z.number().int().positive(),
  /** AD_DETAILS_MAX_LENGTH: longer additional details refuse publishing. */
  detailsMaxLength: z.number().int().positive(),
  /** AD_MEDIA_MIN_WIDTH and AD_MEDIA_MIN_HEIGHT: the smallest picture or video, in pixels. */
  mediaMinWidth: z.number().int().positive(),
  mediaMinHeight: z.number().int().positive(),
  /** AD_ASPECT_RATIOS: the shapes a picture or video may have, `width:height`. */
  aspectRatios: z.array(z.string().regex(ratioPattern)).min(1),
  /** AD_ASPECT_RATIO_TOLERANCE: how far from one of them (a fraction: 0.03 is 3%) still counts. */
  aspectRatioTolerance: z.number().min(0).max(0.5),
  /** AD_VIDEO_MAX_SECONDS: the longest video. */
  videoMaxSeconds: z.number().positive(),
  /** AD_VIDEO_MAX_MB: the largest video file. */
  videoMaxBytes: z.number().int().positive(),
  /** AD_BRAND_IN_TEXT: whether the texts must name the brand (the account) or the campaign. */
  brandInText: z.enum(BRAND_IN_TEXT_MODES),
});
export type AdCheckSettings = z.infer<typeof adCheckSettingsSchema>;

/**
 * The defaults: Instagram's caption limit and the 125 characters its feed shows before "more";
 * the smallest 1.91:1 picture 600 pixels wide; the shapes of a feed post (1:1, 4:5, 1.91:1) and
 * of a story or reel (9:16); a minute of video, the longest a story plays at once; 250 MB.
 */
export const DEFAULT_AD_CHECK_SETTINGS: AdCheckSettings = {
  primaryTextMaxLength: 2200,
  primaryTextVisibleLength: 125,
  detailsMaxLength: 2200,
  mediaMinWidth: 600,
  mediaMinHeight: 314,
  aspectRatios: ['1:1', '4:5', '1.91:1', '9:16'],
  aspectRatioTolerance: 0.03,
  videoMaxSeconds: 60,
  videoMaxBytes: 250 * MB,
  brandInText: 'warning',
};

/** What the server read from a stored file's own bytes (docs/product/campaigns.md, Media). */
export const mediaMetadataSchema = z
  .object({
    width: z.number().int(),
    height: z.number().int(),
    /** Seconds, for a video; null for a picture. */
    duration_seconds: z.number().nullable(),
    /** Bytes. */
    size: z.number().int(),
    /** `png`, `jpeg`, `webp` or `mp4`: what the bytes are, not what the name says. */
    container: z.string(),
    /** The video track's codec (`avc1.640028`); null for a picture. */
    codec: z.string().nullable(),
  })
  .meta({ id: 'MediaMetadata' });
export type MediaMetadata = z.infer<typeof mediaMetadataSchema>;

export type AdCheckSeverity = 'error' | 'warning';

export interface AdCheckFailure {
  code: string;
  severity: AdCheckSeverity;
  /**
   * The seeded decline reason the check stands for (docs/product/review.md, Decline reasons), so
   * a customer learns before review what a decline would say.
   */
  reason: SeededDeclineReasonCode;
  /** The field the failure is about (`destination_url`, `ad_title`, `campaign_content.2`…). */
  field: string;
  message: string;
}

export interface AdCheckInput {
  campaignName: string;
  /** The advertiser account's name: the brand. */
  accountName: string;
  primaryText: string;
  additionalText: string;
  destinationUrl: string;
  /** The ad's files in order; `metadata` null when the file could not be read. */
  media: { name: string; kind: 'image' | 'video'; metadata: MediaMetadata | null }[];
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The messages, each saying what to change. */
export const AD_CHECK_MESSAGES = {
  destinationNotHttps: 'Use a full https:// address for the destination link, such as https://example.com/offer',
  primaryTooLong: (length: number, max: number) =>
    `Shorten the primary text to at most ${count(max)} characters (it has ${count(length)})`,
  primaryTruncated: (visible: number) =>
    `Only the first ${count(visible)} characters of the primary text show before "more": put the key message first`,
  detailsTooLong: (length: number, max: number) =>
    `Shorten the additional details to at most ${count(max)} characters (they have ${count(length)})`,
  mediaTooSmall: (name: string, width: number, height: number, s: AdCheckSettings) =>
    `${name} is ${width}×${height} pixels: use a file at least ${s.mediaMinWidth} pixels wide and ${s.mediaMinHeight} high`,
  wrongRatio: (name: string, width: number, height: number, s: AdCheckSettings) =>
    `${name} is ${width}×${height} pixels: crop it to one of the shapes ${s.aspectRatios.join(', ')}`,
  videoTooLong: (name: string, seconds: number, max: number) =>
    `${name} lasts ${Math.round(seconds)} seconds: trim it to at most ${max} seconds`,
  videoTooLarge: (name: string, bytes: number, max: number) =>
    `${name} is ${megabytes(bytes)}: export it smaller, at most ${megabytes(max)}`,
  unreadable: (name: string) =>
    `We could not read the size of ${name}: an administrator will check it, or upload it again`,
  brandMissing: (names: string) => `Name your brand or campaign (${names}) in the primary text or additional details`,
  refused: (problems: string[]) => `The ad cannot be sent for review yet. ${problems.join('. ')}.`,
} as const;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

const ratioOf = (text: string) => {
  const [width, height] = text.split(':').map(Number);
  return width! / height!;
};

/** Whether width:height is within the tolerance of one of the allowed shapes. */
export function hasAllowedRatio(width: number, height: number, settings: AdCheckSettings): boolean {
  if (width <= 0 || height <= 0) return false;
  const ratio = width / height;
  return settings.aspectRatios.some(
    (allowed) => Math.abs(ratio / ratioOf(allowed) - 1) <= settings.aspectRatioTolerance,
  );
}

function textChecks(input: AdCheckInput, s: AdCheckSettings): AdCheckFailure[] {
  const failures: AdCheckFailure[] = [];
  const primary = input.primaryText.trim().length;
  if (primary > s.primaryTextMaxLength) {
    failures.push({
      code: 'primary_text_too_long',
      severity: 'error',
      reason: 'text_too_long',
      field: 'ad_title',
      message: AD_CHECK_MESSAGES.primaryTooLong(primary, s.primaryTextMaxLength),
    });
  } else if (primary > s.primaryTextVisibleLength) {
    failures.push({
      code: 'primary_text_truncated',
      severity: 'warning',
      reason: 'text_too_long',
      field: 'ad_title',
      message: AD_CHECK_MESSAGES.primaryTruncated(s.primaryTextVisibleLength),
    });
  }
  const details = input.additionalText.trim().length;
  if (details > s.detailsMaxLength) {
    failures.push({
      code: 'details_too_long',
      severity: 'error',
      reason: 'text_too_long',
      field: 'ad_description',
      message: AD_CHECK_MESSAGES.detailsTooLong(details, s.detailsMaxLength),
    });
  }
  return failures;
}

function brandCheck(input: AdCheckInput, s: AdCheckSettings): AdCheckFailure[] {
  if (s.brandInText === 'off') return [];
  const names = [input.accountName, input.campaignName].map((name) => name.trim()).filter(Boolean);
  const text = `${input.primaryText}\n${input.additionalText}`.toLocaleLowerCase('en-US');
  if (names.length === 0 || names.some((name) => text.includes(name.toLocaleLowerCase('en-US')))) return [];
  return [
    {
      code: 'brand_missing',
      severity: s.brandInText,
      reason: 'missing_brand',
      field: 'ad_title',
      message: AD_CHECK_MESSAGES.brandMissing(names.map((name) => `"${name}"`).join(' or ')),
    },
  ];
}

function mediaChecks(item: AdCheckInput['media'][number], field: string, s: AdCheckSettings): AdCheckFailure[] {
  const { name, metadata } = item;
  const fail = (
    code: string,
    reason: SeededDeclineReasonCode,
    message: string,
    severity: AdCheckSeverity = 'error',
  ) => ({
    code,
    severity,
    reason,
    field,
    message,
  });
  if (!metadata) return [fail('media_unreadable', 'image_size', AD_CHECK_MESSAGES.unreadable(name), 'warning')];
  const failures: AdCheckFailure[] = [];
  const { width, height } = metadata;
  if (width < s.mediaMinWidth || height < s.mediaMinHeight) {
    const code = item.kind === 'video' ? 'video_resolution_too_low' : 'image_too_small';
    failures.push(fail(code, 'image_size', AD_CHECK_MESSAGES.mediaTooSmall(name, width, height, s)));
  }
  if (!hasAllowedRatio(width, height, s)) {
    failures.push(fail('aspect_ratio', 'image_size', AD_CHECK_MESSAGES.wrongRatio(name, width, height, s)));
  }
  if (item.kind !== 'video') return failures;
  if ((metadata.duration_seconds ?? 0) > s.videoMaxSeconds) {
    const message = AD_CHECK_MESSAGES.videoTooLong(name, metadata.duration_seconds!, s.videoMaxSeconds);
    failures.push(fail('video_too_long', 'video_too_long', message));
  }
  if (metadata.size > s.videoMaxBytes) {
    const message = AD_CHECK_MESSAGES.videoTooLarge(name, metadata.size, s.videoMaxBytes);
    failures.push(fail('video_file_too_large', 'video_too_long', message));
  }
  return failures;
}

/** Every check the ad fails, errors and warnings, in the order of the form. */
export function adCheckFailures(input: AdCheckInput, settings: AdCheckSettings): AdCheckFailure[] {
  const failures: AdCheckFailure[] = [];
  if (!isHttpsUrl(input.destinationUrl)) {
    failures.push({
      code: 'destination_not_https',
      severity: 'error',
      reason: 'destination_link',
      field: 'destination_url',
      message: AD_CHECK_MESSAGES.destinationNotHttps,
    });
  }
  failures.push(...textChecks(input, settings), ...brandCheck(input, settings));
  input.media.forEach((item, index) => failures.push(...mediaChecks(item, `campaign_content.${index}`, settings)));
  return failures;
}

/** The failures that refuse publishing, as the 422's `errors` (field: messages). */
export function blockingErrors(failures: AdCheckFailure[]): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const failure of failures.filter((item) => item.severity === 'error')) {
    (errors[failure.field] ??= []).push(failure.message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
