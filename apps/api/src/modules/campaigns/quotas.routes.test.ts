import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CUSTOMER_QUOTAS, MEDIA_LIMITS, MEDIA_MESSAGES, QUOTA_MESSAGES } from '@portal/contract';
import { campaigns, mediaFiles } from '../../db/schema';
import { insertCampaigns, wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { UNATTACHED_CLEANUP_JOB, UNATTACHED_FILE_LIFETIME_MS } from '../media/media.service';

const GB = 1024 ** 3;
const VIDEO = { file_name: 'clip.mp4', file_type: 'video/mp4', file_size: 2 * GB };
const TINY_IMAGE = { file_name: 'photo.png', file_type: 'image/png', file_size: 1 };

/**
 * docs/product/campaigns.md, Quotas, and decision 023. Each test has a customer of its own, so
 * one test's use does not count against another's quota. The parallel tests mean most on
 * PostgreSQL (DATABASE_URL), where the requests really overlap; PGlite runs one query at a time.
 */
describe('quotas per customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const customer = async () => {
    const user = await t.createUser();
    return { userId: user.id, email: user.email, token: await t.login(user.email) };
  };
  const presign = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/ad-templates/presigned-url', headers: bearer(token), payload });
  const duplicate = (token: string, ids: number[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/my-campaigns/duplicate',
      headers: bearer(token),
      payload: { campaign_ids: ids },
    });
  const restore = (token: string, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/customer/my-campaigns/restore/${id}`, headers: bearer(token) });
  const createDraft = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/create-campaign-details',
      headers: bearer(token),
      payload: {
        campaign_name: 'Quota',
        campaign_objective: 'Brand awareness',
        status: 'active',
        budget_type: 'daily',
        budget_amount: 40,
        keywords: ['a', 'b', 'c'],
      },
    });
  // Counted here rather than through the repositories, so that the tests hold without the change they test.
  const notArchived = async (userId: number) =>
    (
      await t.database.db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.userId, userId), isNull(campaigns.archivedAt)))
    ).length;
  const filesOf = async (userId: number) =>
    t.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.advertiserId, await t.advertiserOf(userId)));
  /** Campaigns written straight to the database: `count` approved ones, so tests start near the quota. */
  const fillCampaigns = (userId: number, count: number, row: Partial<typeof campaigns.$inferInsert> = {}) =>
    insertCampaigns(
      t,
      userId,
      Array.from({ length: count }, () => row),
    );
  const objectsInStorage = async () => (await readdir(path.join(t.config.storageDir, 'media'))).length;

  describe('campaigns that are not archived', () => {
    it('refuses a new draft past the quota with 409, saying how many are left; archived ones do not count', async () => {
      const { userId, token } = await customer();
      await fillCampaigns(userId, CUSTOMER_QUOTAS.campaigns - 1);
      await fillCampaigns(userId, 3, { archivedAt: t.clock.now() });
      expect((await createDraft(token)).statusCode).toBe(200);
      // Saving the draft again is no new campaign.
      expect((await createDraft(token)).statusCode).toBe(200);
      const draft = await t.database.db.query.campaigns.findFirst({
        where: (row, { and, eq: equals }) => and(equals(row.userId, userId), equals(row.approvalStatus, 'draft')),
      });
      await wizard.setState(draft!.id, { approvalStatus: 'pending' });

      const refused = await createDraft(token);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.campaigns(0));
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns);

      await wizard.setState(draft!.id, { archivedAt: t.clock.now() });
      expect((await createDraft(token)).statusCode).toBe(200);
    });

    it('refuses a duplicate whose copies would pass the quota, copying nothing, and says how many are left', async () => {
      const { userId, token } = await customer();
      const original = await wizard.createSubmitted(token, { campaign_name: 'Near the quota' });
      await fillCampaigns(userId, CUSTOMER_QUOTAS.campaigns - 5);
      const ids = await fillCampaigns(userId, 2);

      const refused = await duplicate(token, [original.id, ...ids]);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.campaigns(2));
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns - 2);

      expect((await duplicate(token, [original.id, ids[0]!])).statusCode).toBe(200);
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns);
    });

    it('takes at most 10 campaigns in one Duplicate request', async () => {
      const { userId, token } = await customer();
      const ids = await fillCampaigns(userId, CUSTOMER_QUOTAS.duplicatesPerRequest + 1);
      const refused = await duplicate(token, ids);
      expect(refused.statusCode).toBe(422);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.duplicatesPerRequest);
      expect(await notArchived(userId)).toBe(ids.length);
      expect((await duplicate(token, ids.slice(1))).statusCode).toBe(200);
    });

    it('lets no more than the room left through when 20 duplicates come at once', async () => {
      const { userId, token } = await customer();
      // Twenty different campaigns, so that the requests do not wait for each other on the original's lock.
      const ids = await fillCampaigns(userId, CUSTOMER_QUOTAS.campaigns - 5);
      const answers = await Promise.all(ids.slice(0, 20).map((id) => duplicate(token, [id])));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(409)]);
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns);
      const messages = new Set(answers.filter((answer) => answer.statusCode === 409).map((a) => errorBody(a).message));
      expect([...messages]).toEqual([QUOTA_MESSAGES.campaigns(0)]);
    });

    it('refuses to restore an archived campaign past the quota, leaving it archived', async () => {
      const { userId, token } = await customer();
      const [archived] = await fillCampaigns(userId, 1, { archivedAt: t.clock.now() });
      await fillCampaigns(userId, CUSTOMER_QUOTAS.campaigns);

      const refused = await restore(token, archived!);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.campaigns(0));
      const row = await t.database.db.query.campaigns.findFirst({
        where: (c, { eq: equals }) => equals(c.id, archived!),
      });
      expect(row!.archivedAt).not.toBeNull();
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns);
    });

    it('lets no more than the room left through when 20 restores come at once', async () => {
      const { userId, token } = await customer();
      const ids = await fillCampaigns(userId, 20, { archivedAt: t.clock.now() });
      await fillCampaigns(userId, CUSTOMER_QUOTAS.campaigns - 3);
      const answers = await Promise.all(ids.map((id) => restore(token, id)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(17).fill(409)]);
      expect(await notArchived(userId)).toBe(CUSTOMER_QUOTAS.campaigns);
      const messages = new Set(answers.filter((answer) => answer.statusCode === 409).map((a) => errorBody(a).message));
      expect([...messages]).toEqual([QUOTA_MESSAGES.campaigns(0)]);
    });
  });

  describe('stored media bytes', () => {
    it('reserves each upload address’s declared size and refuses past 50 GB with 409, saying what is left', async () => {
      const { token } = await customer();
      for (let index = 0; index < 24; index++) expect((await presign(token, VIDEO)).statusCode).toBe(200);
      const image = await presign(token, { ...TINY_IMAGE, file_size: 20 * 1024 * 1024 });
      expect(image.statusCode).toBe(200);

      const refused = await presign(token, VIDEO);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.storedBytes(2 * GB - 20 * 1024 * 1024));

      // Removing a file gives its room back.
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/delete-s3-object',
        headers: bearer(token),
        payload: { s3_key: image.json().key },
      });
      expect(removed.json().message).toBe(MEDIA_MESSAGES.deleted);
      expect((await presign(token, VIDEO)).statusCode).toBe(200);
      const full = await presign(token, TINY_IMAGE);
      expect(full.statusCode).toBe(409);
      expect(errorBody(full).message).toBe(QUOTA_MESSAGES.storedBytes(0));
    });

    it('lets no more than the room left through when 20 upload addresses are asked for at once', async () => {
      const { userId, token } = await customer();
      for (let index = 0; index < 22; index++) expect((await presign(token, VIDEO)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 20 }, () => presign(token, VIDEO)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(17).fill(409)]);
      const sizes = (await filesOf(userId)).map((file) => file.size);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(CUSTOMER_QUOTAS.storedBytes);
    });
  });

  describe('uploads waiting to be saved', () => {
    it('refuses the 61st address with 429 until the oldest expires or a file is saved', async () => {
      const { token } = await customer();
      for (let index = 0; index < CUSTOMER_QUOTAS.pendingUploads; index++) {
        expect((await presign(token, TINY_IMAGE)).statusCode).toBe(200);
      }
      const refused = await presign(token, TINY_IMAGE);
      expect(refused.statusCode).toBe(429);
      expect(errorBody(refused).message).toBe(QUOTA_MESSAGES.pendingUploads(15));
      expect(refused.headers['retry-after']).toBe(String(MEDIA_LIMITS.uploadUrlSeconds));

      t.clock.advance(MEDIA_LIMITS.uploadUrlSeconds * 1000 + 1);
      expect((await presign(token, TINY_IMAGE)).statusCode).toBe(200);
    });

    it('lets no more than the room left through when 20 addresses are asked for at once', async () => {
      const { userId, token } = await customer();
      for (let index = 0; index < CUSTOMER_QUOTAS.pendingUploads - 5; index++) {
        expect((await presign(token, TINY_IMAGE)).statusCode).toBe(200);
      }
      const answers = await Promise.all(Array.from({ length: 20 }, () => presign(token, TINY_IMAGE)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
      expect(await filesOf(userId)).toHaveLength(CUSTOMER_QUOTAS.pendingUploads);
    });
  });

  describe('copies share the stored files', () => {
    it('gives a duplicate records of the same keys, copying no bytes and taking no storage room', async () => {
      const { userId, token } = await customer();
      const original = await wizard.createSubmitted(token, { campaign_name: 'Shared' });
      const objects = await objectsInStorage();

      expect((await duplicate(token, [original.id, original.id])).statusCode).toBe(200);
      expect((await duplicate(token, [original.id])).statusCode).toBe(200);
      const copies = await t.database.db.query.campaigns.findMany({
        where: (row, { eq: equals }) => equals(row.name, 'Shared (copy)'),
      });
      expect(copies).toHaveLength(2);
      const copyFiles = await t.database.db
        .select()
        .from(mediaFiles)
        .where(inArray(mediaFiles.campaignId, [copies[0]!.id, copies[1]!.id]));
      const key = original.campaign_content[0]!.s3_key;
      expect(copyFiles.map((file) => file.key)).toEqual([key, key]);
      expect(await objectsInStorage()).toBe(objects);
      // Every record of the customer names the one stored file, which the storage quota counts once.
      expect(new Set((await filesOf(userId)).map((file) => file.key))).toEqual(new Set([key]));
    });

    it('keeps a shared object while a campaign uses it and deletes it with the last one', async () => {
      const { email, token } = await customer();
      const original = await wizard.createSubmitted(token, { campaign_name: 'Released' });
      const key = original.campaign_content[0]!.s3_key;
      expect((await duplicate(token, [original.id])).statusCode).toBe(200);
      const [copyRow] = await t.database.db.select().from(campaigns).where(eq(campaigns.name, 'Released (copy)'));
      const [copyFile] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.campaignId, copyRow!.id));
      expect(copyFile!.key).toBe(key);

      // The portal never deletes a submitted campaign's row today (Delete keeps its records);
      // when one goes, its files are let go (set null) and the hourly sweep removes their records.
      const sweep = async () => {
        t.clock.advance(UNATTACHED_FILE_LIFETIME_MS + 60_000);
        await t.app.jobs.runNow(UNATTACHED_CLEANUP_JOB);
      };
      await t.database.db.delete(campaigns).where(eq(campaigns.id, copyRow!.id));
      await sweep();
      expect(await t.storage.head(key)).toBeDefined();
      expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, key))).toHaveLength(1);
      // The remaining campaign's file still shows, and its owner still cannot delete it.
      const signedIn = await t.login(email);
      const view = await t.app.inject({
        method: 'POST',
        url: '/api/presigned-view-url',
        headers: bearer(signedIn),
        payload: { s3_key: key },
      });
      expect(view.statusCode).toBe(200);
      const refused = await t.app.inject({
        method: 'DELETE',
        url: '/api/delete-s3-object',
        headers: bearer(signedIn),
        payload: { s3_key: key },
      });
      expect(refused.statusCode).toBe(409);

      await t.database.db.delete(campaigns).where(eq(campaigns.id, original.id));
      await sweep();
      expect(await t.storage.head(key)).toBeUndefined();
      expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, key))).toEqual([]);
    });
  });
});
