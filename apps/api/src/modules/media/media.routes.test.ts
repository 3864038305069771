import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MESSAGES, ROLE } from '@portal/contract';
import { PNG_1PX } from '../../../test/fixtures';
import { PNG_SQUARE, VIDEOS } from '../../../test/media-files';
import { wizardOf } from '../../../test/campaigns';
import { createTestAppWithCustomers, type TestApp } from '../../../test/test-app';
import { UNATTACHED_CLEANUP_JOB, UNATTACHED_FILE_LIFETIME_MS } from './media.service';

describe('campaign files', () => {
  let t: TestApp, token: string, otherToken: string;
  beforeAll(async () => ({ t, token, otherToken } = await createTestAppWithCustomers()));
  afterAll(() => t.close());

  const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  const askUpload = (payload: Record<string, unknown>, bearer = token) =>
    t.app.inject({ method: 'POST', url: '/api/ad-templates/presigned-url', headers: auth(bearer), payload });
  const askView = (key: string, bearer = token) =>
    t.app.inject({ method: 'POST', url: '/api/presigned-view-url', headers: auth(bearer), payload: { s3_key: key } });
  const remove = (key: string, bearer = token) =>
    t.app.inject({ method: 'DELETE', url: '/api/delete-s3-object', headers: auth(bearer), payload: { s3_key: key } });
  const png = { file_name: 'Photo.PNG', file_type: 'image/png', file_size: PNG_1PX.length };

  const { upload: uploadAs, putFile, saveDetails, saveAd, adBody } = wizardOf(() => t);
  /** Issues an address, uploads through it and returns the key. */
  const upload = (bearer = token) => uploadAs(bearer);

  it('issues an upload address bound to a new key of the right type, for 15 minutes', async () => {
    const answer = await askUpload(png);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.key).toMatch(/^media\/[0-9a-f-]{36}\.png$/);
    expect(body.file_name).toBe('Photo.PNG');
    expect(body.headers['content-type']).toBe('image/png');
    expect(new Date(body.expires_at).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(
      MEDIA_LIMITS.uploadUrlSeconds * 1000,
    );
    expect((await askUpload(png)).json().key).not.toBe(body.key);
  });

  it('refuses other kinds of file, a type that does not match, and sizes over the limits', async () => {
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ file_name: 'anim.gif', file_type: 'image/gif' }, 422, 'file_name', MEDIA_MESSAGES.typeNotAllowed],
      [{ file_name: 'setup.exe', file_type: 'image/png' }, 422, 'file_name', MEDIA_MESSAGES.typeNotAllowed],
      [{ file_name: 'noextension', file_type: 'image/png' }, 422, 'file_name', MEDIA_MESSAGES.typeNotAllowed],
      [{ file_name: 'a.png', file_type: 'image/jpeg' }, 422, 'file_type', MEDIA_MESSAGES.typeNotAllowed],
      [{ file_name: 'a.mp4', file_type: 'image/png' }, 422, 'file_type', MEDIA_MESSAGES.typeNotAllowed],
      [{ file_size: MEDIA_LIMITS.imageMaxBytes + 1 }, 413, 'file_size', MEDIA_MESSAGES.imageTooLarge],
      [
        { file_name: 'clip.mp4', file_type: 'video/mp4', file_size: MEDIA_LIMITS.videoMaxBytes + 1 },
        413,
        'file_size',
        MEDIA_MESSAGES.videoTooLarge,
      ],
      [{ file_size: 0 }, 422, 'file_size', MEDIA_MESSAGES.fileSizeInvalid],
      [{ file_size: 'big' }, 422, 'file_size', MEDIA_MESSAGES.fileSizeInvalid],
      [{ file_name: '' }, 422, 'file_name', MEDIA_MESSAGES.fileNameRequired],
      [{ file_name: `${'x'.repeat(256)}.png` }, 422, 'file_name', MEDIA_MESSAGES.fileNameTooLong],
    ];
    for (const [change, status, field, message] of refusals) {
      const answer = await askUpload({ ...png, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      expect(answer.json().errors[field], JSON.stringify(change)).toContain(message);
    }
    // The largest video is fine.
    const video = { file_name: 'clip.mp4', file_type: 'video/mp4', file_size: MEDIA_LIMITS.videoMaxBytes };
    expect((await askUpload(video)).statusCode).toBe(200);
  });

  describe('checking a file when its upload finishes', () => {
    const check = (key: string, bearer = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ad-templates/check-upload',
        headers: auth(bearer),
        payload: { s3_key: key },
      });
    /** The start of an MP4: an `ftyp` box of the ISO base media format. */
    const MP4_START = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isommp42'),
      Buffer.alloc(64),
    ]);
    /** Issues an address for `fileName` of `bytes`' size and uploads `bytes` to it. */
    const uploadNamed = async (fileName: string, fileType: string, bytes: Buffer) => {
      const issued = (await askUpload({ file_name: fileName, file_type: fileType, file_size: bytes.length })).json();
      expect(await putFile(issued.url, issued.headers, bytes)).toBe(200);
      return issued.key as string;
    };

    it('accepts a picture or a video whose bytes are what its name says, answering what they hold', async () => {
      const picture = await uploadNamed('Photo.PNG', 'image/png', PNG_SQUARE);
      const video = await uploadNamed('clip.mp4', 'video/mp4', VIDEOS.story);
      const expected = {
        [picture]: { width: 1080, height: 1080, duration_seconds: null, container: 'png', codec: null },
        [video]: {
          width: 720,
          height: 1280,
          duration_seconds: 3,
          container: 'mp4',
          codec: expect.stringMatching(/^avc1\./),
        },
      };
      for (const key of [picture, video]) {
        const answer = await check(key);
        expect(answer.statusCode, key).toBe(200);
        expect(answer.json()).toEqual({
          message: MEDIA_MESSAGES.checked,
          metadata: expect.objectContaining(expected[key]),
        });
        expect((await askView(key)).statusCode).toBe(200);
      }
    });

    it('refuses and deletes an MP4 whose movie header cannot be read', async () => {
      const key = await uploadNamed('clip.mp4', 'video/mp4', MP4_START);
      const answer = await check(key);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        message: MEDIA_MESSAGES.unreadable,
        errors: { s3_key: [MEDIA_MESSAGES.unreadable] },
      });
      expect((await askView(key)).statusCode).toBe(404);
    });

    it('refuses and deletes a text file named as a video or a picture, with the reason', async () => {
      const text = Buffer.from('just some text, not a video');
      const fakes: [string, string][] = [
        ['fake.mp4', 'video/mp4'],
        ['fake.png', 'image/png'],
      ];
      for (const [name, type] of fakes) {
        const key = await uploadNamed(name, type, text);
        const answer = await check(key);
        expect(answer.statusCode, name).toBe(422);
        expect(answer.json().errors.s3_key).toEqual([MEDIA_MESSAGES.contentMismatch]);
        expect((await askView(key)).statusCode, `${name} is deleted`).toBe(404);
      }
    });

    it('answers 20 checks of the same bad file at once with 422 or 404, deleting it once', async () => {
      const key = await uploadNamed('fake.mp4', 'video/mp4', Buffer.from('not a video at all'));
      const answers = await Promise.all(Array.from({ length: 20 }, () => check(key)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.every((status) => status === 422 || status === 404),
        statuses.join(),
      ).toBe(true);
      expect(statuses).toContain(422);
      expect((await askView(key)).statusCode).toBe(404);
    });

    it("says when nothing was uploaded yet, and knows no one else's file", async () => {
      const issued = (await askUpload(png)).json();
      const waiting = await check(issued.key);
      expect(waiting.statusCode).toBe(422);
      expect(waiting.json().errors.s3_key).toEqual([MEDIA_MESSAGES.notUploaded]);
      expect((await check(await upload(), otherToken)).statusCode).toBe(404);
    });
  });

  it("gives view addresses for the caller's own files only", async () => {
    const key = await upload();
    const answer = await askView(key);
    expect(answer.statusCode).toBe(200);
    const view = new URL(answer.json().url, 'http://api');
    const file = await t.app.inject({ method: 'GET', url: `${view.pathname}${view.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PNG_SQUARE);

    expect((await askView(key, otherToken)).statusCode).toBe(404);
    expect((await askView('media/00000000-0000-0000-0000-000000000000.png')).statusCode).toBe(404);
  });

  it("deletes the caller's own file from storage; another's key or a deleted one is not found", async () => {
    const key = await upload();
    expect((await remove(key, otherToken)).statusCode).toBe(404);
    expect(await t.storage.head(key)).toBeDefined();

    const answer = await remove(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: MEDIA_MESSAGES.deleted });
    expect(await t.storage.head(key)).toBeUndefined();
    expect((await remove(key)).statusCode).toBe(404);
    expect((await askView(key)).statusCode).toBe(404);
  });

  it('is for customers only', async () => {
    const admin = await t.createUser({ roleId: ROLE.admin });
    const adminToken = await t.login(admin.email);
    expect((await askUpload(png, adminToken)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ad-templates/presigned-url', payload: png })).statusCode,
    ).toBe(401);
  });

  it('removes files never attached to a campaign after 7 days, and only those', async () => {
    const { email } = await t.createUser();
    const owner = await t.login(email);
    const draft = await saveDetails(owner);
    const attached = await upload(owner);
    expect((await saveAd(owner, adBody(draft.id, [attached]))).statusCode).toBe(200);
    const forgotten = await upload(owner);
    t.clock.advance(UNATTACHED_FILE_LIFETIME_MS - 60_000);
    // Sessions last hours, not days: sign in afresh.
    const recent = await upload(await t.login(email));
    await t.app.jobs.runNow(UNATTACHED_CLEANUP_JOB);
    expect(await t.storage.head(forgotten)).toBeDefined();

    t.clock.advance(2 * 60_000);
    await t.app.jobs.runNow(UNATTACHED_CLEANUP_JOB);
    expect(await t.storage.head(forgotten)).toBeUndefined();
    expect(await t.storage.head(attached)).toBeDefined();
    expect(await t.storage.head(recent)).toBeDefined();
    const records = await t.database.db.query.mediaFiles.findMany({
      where: (file, { inArray }) => inArray(file.key, [forgotten, attached, recent]),
    });
    expect(records.map((record) => record.key).sort()).toEqual([attached, recent].sort());
  });
});
