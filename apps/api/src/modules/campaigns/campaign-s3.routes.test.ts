import { describe, expect, it } from 'vitest';
import { PNG_SQUARE } from '../../../test/media-files';
import { wizardOf } from '../../../test/campaigns';
import { useS3TestApp } from '../../../test/s3-server';
import { bearer } from '../../../test/test-app';

/** The wizard's files with an S3-compatible bucket configured: every step against the real server. */
const s3App = useS3TestApp();

describe('campaign files in an S3 bucket', () => {
  const wizard = wizardOf(() => s3App.t);

  it('go straight to the bucket, are checked, viewed, shared by copies and deleted there', async () => {
    const token = await s3App.t.login((await s3App.t.createUser()).email);
    const draft = await wizard.saveDetails(token);

    // The upload address points at the bucket and takes the file as declared, and only so.
    const issued = await s3App.t.app.inject({
      method: 'POST',
      url: '/api/ad-templates/presigned-url',
      headers: bearer(token),
      payload: { file_name: 'photo.png', file_type: 'image/png', file_size: PNG_SQUARE.length },
    });
    const { key, url, headers } = issued.json();
    expect(url.startsWith(s3App.s3.endpoint)).toBe(true);
    expect(await wizard.putFile(url, { ...headers, 'content-type': 'image/jpeg' }, PNG_SQUARE)).toBe(403);
    expect(await s3App.bucket.head(key)).toBeUndefined();
    expect(await wizard.putFile(url, headers, PNG_SQUARE)).toBe(200);
    expect(await s3App.bucket.head(key)).toEqual({ size: PNG_SQUARE.length, contentType: 'image/png' });

    // A second file whose bytes are not a PNG is read from the bucket, refused and removed.
    const fake = Buffer.from('not an image at all');
    const fakeKey = await wizard.upload(token, fake);
    const refused = await wizard.saveAd(token, wizard.adBody(draft.id, [key, fakeKey]));
    expect(refused.statusCode).toBe(422);
    expect(await s3App.bucket.head(fakeKey)).toBeUndefined();

    const ad = await wizard.saveAd(token, wizard.adBody(draft.id, [key]));
    expect(ad.statusCode).toBe(200);
    const viewUrl: string = ad.json().data.campaign_content[0].s3_url;
    expect(viewUrl.startsWith(s3App.s3.endpoint)).toBe(true);
    const viewed = await fetch(viewUrl);
    expect(Buffer.from(await viewed.arrayBuffer())).toEqual(PNG_SQUARE);

    // Removing a file the draft no longer lists deletes it from the s3App.bucket.
    const spare = await wizard.upload(token);
    const removed = await s3App.t.app.inject({
      method: 'DELETE',
      url: '/api/delete-s3-object',
      headers: bearer(token),
      payload: { s3_key: spare },
    });
    expect(removed.statusCode).toBe(200);
    expect(await s3App.bucket.head(spare)).toBeUndefined();

    // Publish, then duplicate: the copy's file is a new record of the same object in the bucket.
    const published = await wizard.publish(token, { campaign_id: draft.id, template_id: ad.json().data.id });
    expect(published.statusCode).toBe(200);
    const duplicated = await s3App.t.app.inject({
      method: 'POST',
      url: '/api/customer/my-campaigns/duplicate',
      headers: bearer(token),
      payload: { campaign_ids: [draft.id] },
    });
    expect(duplicated.statusCode).toBe(200);
    const advertiserId = await s3App.t.advertiserOf(draft.user_id);
    const records = await s3App.t.database.db.query.mediaFiles.findMany({
      where: (file, { eq }) => eq(file.advertiserId, advertiserId),
    });
    expect(records.map((file) => file.key)).toEqual([key, key]);
    expect(await s3App.bucket.readStart(key, 10_000)).toEqual(PNG_SQUARE);
  });

  it('cancelling a draft removes its files from the bucket', async () => {
    const token = await s3App.t.login((await s3App.t.createUser()).email);
    const draft = await wizard.saveDetails(token);
    const key = await wizard.upload(token);
    expect((await wizard.saveAd(token, wizard.adBody(draft.id, [key]))).statusCode).toBe(200);
    const cancelled = await s3App.t.app.inject({
      method: 'DELETE',
      url: `/api/customer/campaign-draft/${draft.id}`,
      headers: bearer(token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await s3App.bucket.head(key)).toBeUndefined();
  });
});
