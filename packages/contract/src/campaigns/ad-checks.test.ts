import { describe, expect, it } from 'vitest';
import {
  AD_CHECK_MESSAGES,
  adCheckFailures,
  blockingErrors,
  DEFAULT_AD_CHECK_SETTINGS as S,
  hasAllowedRatio,
  type AdCheckInput,
  type MediaMetadata,
} from './ad-checks';
import { SEEDED_DECLINE_REASONS } from '../review/decline-reasons';

const picture = (width: number, height: number): MediaMetadata => ({
  width,
  height,
  duration_seconds: null,
  size: 1000,
  container: 'png',
  codec: null,
});
const video = (width: number, height: number, seconds: number, size = 1000): MediaMetadata => ({
  width,
  height,
  duration_seconds: seconds,
  size,
  container: 'mp4',
  codec: 'avc1.640028',
});

const GOOD: AdCheckInput = {
  campaignName: 'Spring launch',
  accountName: 'Acme',
  primaryText: 'Acme: new shoes for spring',
  additionalText: 'Free delivery',
  destinationUrl: 'https://shop.example.com/spring',
  media: [{ name: 'photo.png', kind: 'image', metadata: picture(1080, 1080) }],
};

const codes = (input: Partial<AdCheckInput>, settings = S) =>
  adCheckFailures({ ...GOOD, ...input }, settings).map((failure) => `${failure.severity}:${failure.code}`);

describe('the checks before review', () => {
  it('passes a good ad', () => {
    expect(adCheckFailures(GOOD, S)).toEqual([]);
  });

  it('asks for an absolute https link', () => {
    for (const url of ['http://shop.example.com', 'shop.example.com', 'ftp://shop.example.com', 'https://', '']) {
      expect(codes({ destinationUrl: url }), url).toEqual(['error:destination_not_https']);
    }
    const [failure] = adCheckFailures({ ...GOOD, destinationUrl: 'http://a.example' }, S);
    expect(failure).toEqual({
      code: 'destination_not_https',
      severity: 'error',
      reason: 'destination_link',
      field: 'destination_url',
      message: AD_CHECK_MESSAGES.destinationNotHttps,
    });
  });

  it('warns past what the feed shows and refuses past the limits of the texts', () => {
    const title = (length: number) => `Acme ${'a'.repeat(length - 5)}`;
    expect(codes({ primaryText: title(S.primaryTextVisibleLength) })).toEqual([]);
    expect(codes({ primaryText: title(S.primaryTextVisibleLength + 1) })).toEqual(['warning:primary_text_truncated']);
    const strict = { ...S, primaryTextMaxLength: 200, detailsMaxLength: 50 };
    expect(codes({ primaryText: title(201), additionalText: 'd'.repeat(51) }, strict)).toEqual([
      'error:primary_text_too_long',
      'error:details_too_long',
    ]);
    expect(codes({ primaryText: title(200), additionalText: 'd'.repeat(50) }, strict)).toEqual([
      'warning:primary_text_truncated',
    ]);
  });

  it('asks for the brand or the campaign name as the setting says', () => {
    const none = { primaryText: 'New shoes', additionalText: 'Free delivery' };
    expect(codes(none)).toEqual(['warning:brand_missing']);
    expect(codes(none, { ...S, brandInText: 'error' })).toEqual(['error:brand_missing']);
    expect(codes(none, { ...S, brandInText: 'off' })).toEqual([]);
    expect(codes({ ...none, additionalText: 'the SPRING LAUNCH sale' }, { ...S, brandInText: 'error' })).toEqual([]);
    expect(adCheckFailures({ ...GOOD, ...none }, S)[0]!.message).toBe(
      AD_CHECK_MESSAGES.brandMissing('"Acme" or "Spring launch"'),
    );
  });

  it('allows the shapes of feed posts, stories and reels within the tolerance', () => {
    for (const [width, height] of [
      [1080, 1080],
      [1080, 1350],
      [1200, 628],
      [1080, 1920],
      [1080, 1100],
    ]) {
      expect(hasAllowedRatio(width!, height!, S), `${width}x${height}`).toBe(true);
    }
    for (const [width, height] of [
      [1600, 900],
      [1000, 1500],
      [1080, 1150],
      [0, 100],
    ]) {
      expect(hasAllowedRatio(width!, height!, S), `${width}x${height}`).toBe(false);
    }
  });

  it('checks pictures and videos from their metadata', () => {
    const media = (kind: 'image' | 'video', metadata: MediaMetadata | null) => ({
      media: [{ name: 'file', kind, metadata }],
    });
    expect(codes(media('image', picture(500, 500)))).toEqual(['error:image_too_small']);
    expect(codes(media('image', picture(1600, 900)))).toEqual(['error:aspect_ratio']);
    expect(codes(media('video', video(720, 1280, 60)))).toEqual([]);
    expect(codes(media('video', video(720, 1280, 61)))).toEqual(['error:video_too_long']);
    expect(codes(media('video', video(320, 320, 10)))).toEqual(['error:video_resolution_too_low']);
    expect(codes(media('video', video(720, 1280, 10, S.videoMaxBytes + 1)))).toEqual(['error:video_file_too_large']);
    expect(codes(media('video', null))).toEqual(['warning:media_unreadable']);
    const [failure] = adCheckFailures({ ...GOOD, ...media('video', video(720, 1280, 90)) }, S);
    expect(failure).toMatchObject({ field: 'campaign_content.0', reason: 'video_too_long' });
    expect(failure!.message).toBe('file lasts 90 seconds: trim it to at most 60 seconds');
  });

  it('lists the errors by field, leaving the warnings out', () => {
    const failures = adCheckFailures(
      { ...GOOD, destinationUrl: 'http://a.example', primaryText: 'no names here', additionalText: '' },
      S,
    );
    expect(blockingErrors(failures)).toEqual({ destination_url: [AD_CHECK_MESSAGES.destinationNotHttps] });
    expect(blockingErrors(adCheckFailures({ ...GOOD, primaryText: 'no names' }, S))).toBeNull();
  });

  it('names every failure by a seeded decline reason', () => {
    const failing = (media: AdCheckInput['media'][number], input: Partial<AdCheckInput> = {}) =>
      adCheckFailures({ ...GOOD, media: [media], ...input }, { ...S, brandInText: 'error' });
    const failures = [
      ...failing(
        { name: 'small.png', kind: 'image', metadata: picture(500, 100) },
        {
          destinationUrl: 'http://a.example',
          primaryText: 'p'.repeat(S.primaryTextMaxLength + 1),
          additionalText: 'd'.repeat(S.detailsMaxLength + 1),
        },
      ),
      ...failing({ name: 'long.mp4', kind: 'video', metadata: video(320, 320, 90, S.videoMaxBytes + 1) }),
      ...failing({ name: 'unread.png', kind: 'image', metadata: null }, { primaryText: 'Acme '.repeat(30) }),
    ];
    // Every check is among them, so a new one cannot slip past this test.
    expect(new Set(failures.map((failure) => failure.code))).toEqual(
      new Set([
        'destination_not_https',
        'primary_text_too_long',
        'primary_text_truncated',
        'details_too_long',
        'brand_missing',
        'image_too_small',
        'aspect_ratio',
        'video_resolution_too_low',
        'video_too_long',
        'video_file_too_large',
        'media_unreadable',
      ]),
    );
    const seeded: string[] = SEEDED_DECLINE_REASONS.map((reason) => reason.code);
    for (const failure of failures) expect(seeded, failure.code).toContain(failure.reason);
  });
});
