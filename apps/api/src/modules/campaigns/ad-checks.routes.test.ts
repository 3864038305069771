import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AD_CHECK_MESSAGES, DEFAULT_AD_CHECK_SETTINGS, MEDIA_MESSAGES } from '@portal/contract';
import { advertisers, mediaFiles } from '../../db/schema';
import { AD_TEXTS, wizardOf } from '../../../test/campaigns';
import { jpegOf, pngOf, PNG_SQUARE, VIDEOS } from '../../../test/media-files';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

/** Limits below the defaults where a test needs them to bite, and the brand asked for as an error. */
const ENV = {
  AD_PRIMARY_TEXT_MAX_LENGTH: '200',
  AD_DETAILS_MAX_LENGTH: '100',
  AD_BRAND_IN_TEXT: 'error',
  AD_VIDEO_MAX_MB: '1',
};
const SETTINGS = {
  ...DEFAULT_AD_CHECK_SETTINGS,
  primaryTextMaxLength: 200,
  detailsMaxLength: 100,
  brandInText: 'error' as const,
  videoMaxBytes: 1024 * 1024,
};

/** An MP4 padded with a `free` box to more than `bytes`: still a valid movie, only larger. */
function paddedVideo(bytes: number): Buffer {
  const free = Buffer.alloc(bytes);
  free.writeUInt32BE(bytes, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([VIDEOS.story, free]);
}

describe('the checks before review', () => {
  let t: TestApp, token: string;
  const wizard = wizardOf(() => t);
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    token = await t.login((await t.createUser({ firstName: 'Acme', lastName: 'Shoes' })).email);
  });
  afterAll(() => t.close());

  /** Brand "Acme Shoes" named, https link, short texts: passes every check. */
  const GOOD_TEXTS = { ...AD_TEXTS, ad_title: 'Acme Shoes: new shoes for spring' };

  const uploadNamed = (bytes: Buffer, name: string, type: string) => wizard.upload(token, bytes, { name, type });

  /** The caller's draft with these texts and files, saved as the wizard does; answers its ids. */
  async function draftWith(texts: Record<string, unknown>, files: [Buffer, string, string][]) {
    const draft = await wizard.saveDetails(token);
    const keys = [];
    for (const file of files) keys.push(await uploadNamed(...file));
    const ad = await wizard.saveAd(token, { ...wizard.adBody(draft.id, keys), ...texts });
    expect(ad.statusCode, ad.body).toBe(200);
    return { campaign_id: draft.id, template_id: ad.json().data.id as number, ad: ad.json().data };
  }

  it('refuses to publish with 422 listing every failed error, and publishes once they are fixed', async () => {
    const bad = await draftWith(
      {
        ad_title: 'x'.repeat(250),
        ad_description: 'y'.repeat(150),
        destination_url: 'http://shop.example.com/spring',
      },
      [[pngOf(400, 300), 'small.png', 'image/png']],
    );
    const refused = await wizard.publish(token, bad);
    expect(refused.statusCode).toBe(422);
    const tooSmall = AD_CHECK_MESSAGES.mediaTooSmall('small.png', 400, 300, SETTINGS);
    const wrongRatio = AD_CHECK_MESSAGES.wrongRatio('small.png', 400, 300, SETTINGS);
    const errors = {
      destination_url: [AD_CHECK_MESSAGES.destinationNotHttps],
      ad_title: [
        AD_CHECK_MESSAGES.primaryTooLong(250, 200),
        AD_CHECK_MESSAGES.brandMissing('"Acme Shoes" or "Spring launch"'),
      ],
      ad_description: [AD_CHECK_MESSAGES.detailsTooLong(150, 100)],
      'campaign_content.0': [tooSmall, wrongRatio],
    };
    expect(errorBody(refused)).toEqual({
      message: AD_CHECK_MESSAGES.refused(Object.values(errors).flat()),
      errors,
    });
    const draft = await t.app.inject({ method: 'GET', url: '/api/customer/campaign-draft', headers: bearer(token) });
    expect(draft.json().data.campaign.approval_status).toBe('draft');

    // Fixed: an https link, the brand named, shorter texts and a 4:5 picture 1080 wide.
    const fixed = await wizard.saveAd(token, {
      ...wizard.adBody(bad.campaign_id, [await uploadNamed(jpegOf(1080, 1350), 'tall.jpg', 'image/jpeg')]),
      ...GOOD_TEXTS,
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.campaign_content[0].metadata).toMatchObject({
      width: 1080,
      height: 1350,
      container: 'jpeg',
    });
    const published = await wizard.publish(token, bad);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.approval_status).toBe('pending');
  });

  it('lets warnings through: primary text past what the feed shows, the brand named through the campaign', async () => {
    const draft = await draftWith({ ad_title: `Spring launch ${'z'.repeat(150)}` }, [
      [PNG_SQUARE, 'photo.png', 'image/png'],
    ]);
    const published = await wizard.publish(token, draft);
    expect(published.statusCode, published.body).toBe(200);
  });

  it('reads videos from their own bytes: duration, resolution and size', async () => {
    const draft = await draftWith(GOOD_TEXTS, [
      [VIDEOS.story, 'story.mp4', 'video/mp4'],
      [VIDEOS.storyFastStart, 'first.mp4', 'video/mp4'],
      [VIDEOS.longSquare, 'long.mp4', 'video/mp4'],
      [VIDEOS.tiny, 'tiny.mp4', 'video/mp4'],
      [paddedVideo(1024 * 1024), 'big.mp4', 'video/mp4'],
    ]);
    expect(draft.ad.campaign_content.map((item: { metadata: unknown }) => item.metadata)).toEqual([
      expect.objectContaining({ width: 720, height: 1280, duration_seconds: 3, container: 'mp4' }),
      expect.objectContaining({ width: 720, height: 1280, duration_seconds: 3 }),
      expect.objectContaining({ width: 640, height: 640, duration_seconds: 61 }),
      expect.objectContaining({ width: 160, height: 160, duration_seconds: 2 }),
      expect.objectContaining({ width: 720, height: 1280, size: VIDEOS.story.length + 1024 * 1024 }),
    ]);
    const refused = await wizard.publish(token, draft);
    expect(refused.statusCode).toBe(422);
    expect(errorBody(refused).errors).toEqual({
      'campaign_content.2': [AD_CHECK_MESSAGES.videoTooLong('long.mp4', 61, 60)],
      'campaign_content.3': [AD_CHECK_MESSAGES.mediaTooSmall('tiny.mp4', 160, 160, SETTINGS)],
      'campaign_content.4': [
        AD_CHECK_MESSAGES.videoTooLarge('big.mp4', VIDEOS.story.length + 1024 * 1024, 1024 * 1024),
      ],
    });
    // Without the three, the two good videos publish.
    const keys = draft.ad.campaign_content.slice(0, 2).map((item: { s3_key: string }) => item.s3_key);
    expect((await wizard.saveAd(token, { ...wizard.adBody(draft.campaign_id, keys), ...GOOD_TEXTS })).statusCode).toBe(
      200,
    );
    expect((await wizard.publish(token, draft)).statusCode).toBe(200);
  });

  it('judges a file by its content, not its name', async () => {
    const check = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ad-templates/check-upload',
        headers: bearer(token),
        payload: { s3_key: key },
      });
    for (const [bytes, name, type] of [
      [VIDEOS.webm, 'clip.mp4', 'video/mp4'],
      [Buffer.from('just some text, not a video'), 'text.mp4', 'video/mp4'],
      [PNG_SQUARE, 'photo.jpg', 'image/jpeg'],
      [jpegOf(1080, 1080), 'photo.png', 'image/png'],
    ] as const) {
      const answer = await check(await uploadNamed(bytes, name, type));
      expect(answer.statusCode, name).toBe(422);
      expect(errorBody(answer).message).toBe(MEDIA_MESSAGES.contentMismatch);
    }
  });

  it('checks every submission to review: a resubmission and an edit that sends the campaign back', async () => {
    const draft = await draftWith(GOOD_TEXTS, [[PNG_SQUARE, 'photo.png', 'image/png']]);
    expect((await wizard.publish(token, draft)).statusCode).toBe(200);
    await wizard.setState(draft.campaign_id, { approvalStatus: 'approved' });
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/customer/my-campaigns/update/${draft.campaign_id}`,
      headers: bearer(token),
      payload: { destination_url: 'http://shop.example.com/plain' },
    });
    expect(edit.statusCode).toBe(422);
    expect(errorBody(edit).errors).toEqual({ destination_url: [AD_CHECK_MESSAGES.destinationNotHttps] });
    const campaign = await t.database.db.query.campaigns.findFirst({
      where: (row, { eq }) => eq(row.id, draft.campaign_id),
    });
    expect(campaign!.approvalStatus).toBe('approved');

    // A declined campaign whose name no longer appears and whose account is renamed: resubmit is refused.
    await wizard.setState(draft.campaign_id, { approvalStatus: 'declined', name: 'Autumn' });
    const rename = (name: string) =>
      t.database.db.update(advertisers).set({ name }).where(eq(advertisers.id, campaign!.advertiserId));
    await rename('Other');
    const resubmit = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/customer/my-campaigns/resubmit/${draft.campaign_id}`,
        headers: bearer(token),
      });
    const refused = await resubmit();
    expect(refused.statusCode).toBe(422);
    expect(errorBody(refused).errors).toEqual({ ad_title: [AD_CHECK_MESSAGES.brandMissing('"Other" or "Autumn"')] });
    await rename('Acme Shoes');
    expect((await resubmit()).statusCode).toBe(200);
  });

  it('checks a trusted account’s edit that skips review: errors refuse it, warnings do not', async () => {
    const draft = await draftWith(GOOD_TEXTS, [[PNG_SQUARE, 'photo.png', 'image/png']]);
    expect((await wizard.publish(token, draft)).statusCode).toBe(200);
    await wizard.setState(draft.campaign_id, { approvalStatus: 'approved' });
    const stored = () =>
      t.database.db.query.campaigns.findFirst({ where: (row, { eq }) => eq(row.id, draft.campaign_id) });
    const { advertiserId } = (await stored())!;
    await t.database.db.update(advertisers).set({ trustedAt: new Date() }).where(eq(advertisers.id, advertiserId));
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/customer/my-campaigns/update/${draft.campaign_id}`,
        headers: bearer(token),
        payload,
      });

    // Too long, and without the brand or the campaign's name: refused, the ad left as it was.
    const tooLong = await edit({ ad_title: 'w'.repeat(250) });
    expect(tooLong.statusCode).toBe(422);
    const errors = {
      ad_title: [
        AD_CHECK_MESSAGES.primaryTooLong(250, 200),
        AD_CHECK_MESSAGES.brandMissing('"Acme Shoes" or "Spring launch"'),
      ],
    };
    expect(errorBody(tooLong)).toEqual({ message: AD_CHECK_MESSAGES.refused(Object.values(errors).flat()), errors });
    const noBrand = await edit({ ad_title: 'New shoes', ad_description: 'Free delivery' });
    expect(errorBody(noBrand).errors).toEqual({
      ad_title: [AD_CHECK_MESSAGES.brandMissing('"Acme Shoes" or "Spring launch"')],
    });
    const ads = await t.database.db.query.adTemplates.findFirst({
      where: (row, { eq }) => eq(row.campaignId, draft.campaign_id),
    });
    expect(ads!.adTitle).toBe(GOOD_TEXTS.ad_title);

    // Past what the feed shows is a warning: the edit goes through and the campaign stays approved.
    const longer = `Acme Shoes ${'z'.repeat(150)}`;
    const kept = await edit({ ad_title: longer });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ approval_status: 'approved', ad_title: longer });
  });

  it('reads the files uploaded before the checks when the campaign is submitted, and warns of one it cannot read', async () => {
    const draft = await draftWith(GOOD_TEXTS, [[PNG_SQUARE, 'photo.png', 'image/png']]);
    const [file] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.campaignId, draft.campaign_id));
    const forget = { metadataReadAt: null, width: null, height: null, durationMs: null, container: null, codec: null };
    await t.database.db.update(mediaFiles).set(forget).where(eq(mediaFiles.id, file!.id));

    // The draft reopened in the wizard reads it first, so the review step can check it.
    const reopened = await t.app.inject({ method: 'GET', url: '/api/customer/campaign-draft', headers: bearer(token) });
    expect(reopened.json().data.ad_template.campaign_content[0].metadata).toMatchObject({ width: 1080, height: 1080 });

    // One whose bytes cannot be read: a warning, so publishing goes ahead.
    await t.database.db
      .update(mediaFiles)
      .set({ ...forget, metadataReadAt: new Date() })
      .where(eq(mediaFiles.id, file!.id));
    expect((await wizard.publish(token, draft)).statusCode).toBe(200);
  });
});
