import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_MESSAGES, MEDIA_MESSAGES } from '@portal/contract';
import { PNG_1PX } from '../../../test/fixtures';
import { PNG_SQUARE } from '../../../test/media-files';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

describe('the ad creative (wizard step 2)', () => {
  let t: TestApp;
  let token: string;
  let campaignId: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login((await t.createUser()).email);
    campaignId = (await saveDetails(token)).id;
  });
  afterAll(() => t.close());

  const { saveDetails, upload, adBody, saveAd: save } = wizardOf(() => t);
  const ad = (keys: string[], change: Record<string, unknown> = {}) => adBody(campaignId, keys, change);
  const saveAd = (payload: Record<string, unknown>, token_ = token) => save(token_, payload);

  it('saves the ad with its files in order, each with a view address', async () => {
    const keys = [await upload(token), await upload(token)];
    const answer = await saveAd(ad(keys));
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({
      campaign_id: campaignId,
      ad_title: 'New shoes for spring',
      destination_url: 'https://shop.example.com/spring',
    });
    expect(data.campaign_content.map((item: { s3_key: string }) => item.s3_key)).toEqual(keys);
    const view = new URL(data.campaign_content[0].s3_url, 'http://api');
    expect((await t.app.inject({ method: 'GET', url: `${view.pathname}${view.search}` })).rawPayload).toEqual(
      PNG_SQUARE,
    );

    // Saving again replaces the list: one file now, the same template.
    const again = await saveAd(ad([keys[1]!]));
    expect(again.json().data.id).toBe(data.id);
    expect(again.json().data.campaign_content).toHaveLength(1);
  });

  it('checks the texts, the address and the files with the documented messages', async () => {
    const key = await upload(token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ad_title: ' ' }, 'ad_title', AD_MESSAGES.primaryTextMissing],
      [{ ad_title: 'x'.repeat(2201) }, 'ad_title', AD_MESSAGES.primaryTextTooLong],
      [{ ad_description: '' }, 'ad_description', AD_MESSAGES.additionalTextMissing],
      [{ ad_description: 'x'.repeat(2201) }, 'ad_description', AD_MESSAGES.additionalTextTooLong],
      [{ destination_url: '' }, 'destination_url', AD_MESSAGES.destinationMissing],
      [{ destination_url: 'shop.example.com' }, 'destination_url', AD_MESSAGES.destinationInvalid],
      [{ destination_url: 'javascript:alert(1)' }, 'destination_url', AD_MESSAGES.destinationInvalid],
      [
        { destination_url: `https://example.com/${'a'.repeat(2048)}` },
        'destination_url',
        AD_MESSAGES.destinationInvalid,
      ],
      [{ campaign_content: [] }, 'campaign_content', AD_MESSAGES.mediaMissing],
      [{ campaign_content: undefined }, 'campaign_content', AD_MESSAGES.mediaMissing],
      [
        { campaign_content: Array.from({ length: 21 }, () => ({ s3_key: key })) },
        'campaign_content',
        MEDIA_MESSAGES.tooManyFiles,
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await saveAd(ad([key], change));
      expect(answer.statusCode, JSON.stringify(change).slice(0, 80)).toBe(422);
      expect(answer.json().errors[field], JSON.stringify(change).slice(0, 80)).toContain(message);
    }
  });

  it('refuses a file that is not uploaded, and deletes one whose bytes are not what its name says', async () => {
    const waiting = await upload(token, PNG_1PX, { send: false });
    const notUploaded = await saveAd(ad([waiting]));
    expect(notUploaded.statusCode).toBe(422);
    expect(notUploaded.json().errors['campaign_content.0']).toEqual([MEDIA_MESSAGES.notUploaded]);

    const fake = await upload(token, Buffer.from('just some text, not a picture'));
    const mismatch = await saveAd(ad([fake]));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors['campaign_content.0']).toEqual([MEDIA_MESSAGES.contentMismatch]);
    expect(await t.storage.head(fake)).toBeUndefined();
  });

  it("refuses another customer's files and campaigns as if they did not exist", async () => {
    const other = await t.login((await t.createUser()).email);
    const theirCampaign = (await saveDetails(other)).id;
    const theirKey = await upload(other);
    const myKey = await upload(token);

    expect((await saveAd(ad([myKey, theirKey]))).statusCode).toBe(404);
    expect((await saveAd(ad([myKey], { campaign_id: theirCampaign }))).statusCode).toBe(404);
    // Nothing changed for either of them.
    const theirs = await saveAd(ad([theirKey], { campaign_id: theirCampaign }), other);
    expect(theirs.statusCode).toBe(200);
  });

  it('never gives a campaign more than 20 files, even when saves race', async () => {
    const lists = await Promise.all(
      [0, 1].map(async () => Promise.all(Array.from({ length: 20 }, () => upload(token)))),
    );
    const answers = await Promise.all(lists.map((keys) => saveAd(ad(keys))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const draft = await t.database.db.query.mediaFiles.findMany({
      where: (file, { eq }) => eq(file.campaignId, campaignId),
    });
    expect(draft).toHaveLength(20);
    // All twenty from one save or the other, not a mix.
    const attached = new Set(draft.map((file) => file.key));
    expect(lists.some((keys) => keys.every((key) => attached.has(key)))).toBe(true);
  });

  it('cancelling the draft deletes its files from storage', async () => {
    const key = await upload(token);
    expect((await saveAd(ad([key]))).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/campaign-draft/${campaignId}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.storage.head(key)).toBeUndefined();
  });
});
