import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { AD_MESSAGES, CAMPAIGN_MESSAGES, QUOTA_MESSAGES, ROLE, type CampaignDetail } from '@portal/contract';
import { auditLog, campaigns, domainEvents, mediaFiles } from '../../db/schema';
import { PNG_SQUARE } from '../../../test/media-files';
import { AD_TEXTS, wizardOf } from '../../../test/campaigns';
import { bearer, createTestAppWithCustomers, errorBody, type TestApp } from '../../../test/test-app';
import { copyName } from './campaign.service';

describe('publishing and looking after campaigns', () => {
  let t: TestApp, token: string, otherToken: string;
  beforeAll(async () => ({ t, token, otherToken } = await createTestAppWithCustomers()));
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const update = (id: number | string, payload: Record<string, unknown>, as = token) =>
    t.app.inject({ method: 'POST', url: `/api/customer/my-campaigns/update/${id}`, headers: bearer(as), payload });
  const resubmit = (id: number, as = token) =>
    t.app.inject({ method: 'POST', url: `/api/customer/my-campaigns/resubmit/${id}`, headers: bearer(as) });
  const duplicate = (payload: unknown, as = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/my-campaigns/duplicate',
      headers: bearer(as),
      payload: payload as object,
    });
  const softDelete = (payload: unknown, as = token) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/customer/my-campaigns/soft-delete',
      headers: bearer(as),
      payload: payload as object,
    });
  const restore = (id: number | string, as = token) =>
    t.app.inject({ method: 'POST', url: `/api/customer/my-campaigns/restore/${id}`, headers: bearer(as) });
  const auditActions = async (campaignId: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'campaign'), eq(auditLog.subjectId, campaignId)))
        .orderBy(asc(auditLog.id))
    ).map((row) => row.action);
  const stored = async (id: number) =>
    (await t.database.db.query.campaigns.findFirst({ where: (campaign, { eq }) => eq(campaign.id, id) }))!;
  const submissions = async (campaignId: number) =>
    (await t.database.db.select().from(domainEvents))
      .filter((event) => event.type === 'campaign.submitted')
      .map((event) => event.payload as { campaignId: number; reason: string })
      .filter((payload) => payload.campaignId === campaignId)
      .map((payload) => payload.reason);

  describe('publish', () => {
    it('sends the draft for review with its files and tells administrators', async () => {
      const draft = await wizard.saveDetails(token, { status: 'paused' });
      const key = await wizard.upload(token);
      const ad = (await wizard.saveAd(token, wizard.adBody(draft.id, [key]))).json().data;
      const answer = await wizard.publish(token, { campaign_id: draft.id, template_id: ad.id });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(CAMPAIGN_MESSAGES.published);
      const campaign: CampaignDetail = answer.json().data;
      expect(campaign).toMatchObject({
        id: draft.id,
        approval_status: 'pending',
        on_off: 'off',
        status: 'paused',
        ...AD_TEXTS,
        campaign_content: [{ s3_key: key, name: 'photo.png' }],
      });
      expect(campaign.submitted_at).not.toBeNull();
      expect(await submissions(draft.id)).toEqual(['new']);
      // Published: no longer a draft, so the wizard starts afresh.
      const reopened = await t.app.inject({
        method: 'GET',
        url: '/api/customer/campaign-draft',
        headers: bearer(token),
      });
      expect(reopened.json()).toEqual({ data: null });
      // Twice is refused.
      const again = await wizard.publish(token, { campaign_id: draft.id, template_id: ad.id });
      expect(again.statusCode).toBe(409);
      expect(errorBody(again).message).toBe(CAMPAIGN_MESSAGES.notPublishable);
    });

    it('needs the ad, the right template and the ids, and only on the caller’s campaign', async () => {
      const draft = await wizard.saveDetails(otherToken);
      const noAd = await wizard.publish(otherToken, { campaign_id: draft.id, template_id: 1 });
      expect(noAd.statusCode).toBe(409);
      expect(errorBody(noAd).message).toBe(CAMPAIGN_MESSAGES.adMissing);

      const ad = (await wizard.saveAd(otherToken, wizard.adBody(draft.id, [await wizard.upload(otherToken)]))).json()
        .data;
      const wrongTemplate = await wizard.publish(otherToken, { campaign_id: draft.id, template_id: ad.id + 1000 });
      expect(wrongTemplate.statusCode).toBe(422);
      expect(errorBody(wrongTemplate).errors?.template_id).toEqual([CAMPAIGN_MESSAGES.adNotThisCampaigns]);

      const missing = await wizard.publish(otherToken, {});
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(errorBody(missing).errors ?? {})).toEqual(['campaign_id', 'template_id']);

      const notTheirs = await wizard.publish(token, { campaign_id: draft.id, template_id: ad.id });
      expect(notTheirs.statusCode).toBe(404);
      expect((await stored(draft.id)).approvalStatus).toBe('draft');
    });
  });

  it('publishes once when the same request comes 20 times at once', async () => {
    const draft = await wizard.saveDetails(token);
    const ad = (await wizard.saveAd(token, wizard.adBody(draft.id, [await wizard.upload(token)]))).json().data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => wizard.publish(token, { campaign_id: draft.id, template_id: ad.id })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    expect(await submissions(draft.id)).toEqual(['new']);
  });

  describe('edit and switch', () => {
    it('switches a campaign off and on without sending it back to review', async () => {
      const campaign = await wizard.createSubmitted(token);
      await wizard.setState(campaign.id, { approvalStatus: 'approved' });
      const off = await update(campaign.id, { on_off: 'off' });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        message: CAMPAIGN_MESSAGES.updated,
        data: { on_off: 'off', status: 'paused', approval_status: 'approved' },
      });
      // As the seeds' dialog sends it: a form with the capitalised choice and the objective.
      const on = await t.app.inject({
        method: 'POST',
        url: `/api/customer/my-campaigns/update/${campaign.id}`,
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'on_off=On&campaign_objective=Consideration',
      });
      expect(on.json().data).toMatchObject({
        on_off: 'on',
        approval_status: 'approved',
        campaign_objective: 'Brand awareness',
      });
      expect(await submissions(campaign.id)).toEqual(['new']);
    });

    it('sends an approved campaign back to review when its name or link changes', async () => {
      const campaign = await wizard.createSubmitted(token);
      await wizard.setState(campaign.id, { approvalStatus: 'approved', publishedOn: new Date() });
      const renamed = await update(campaign.id, {
        campaign_name: 'Renamed',
        destination_url: campaign.destination_url,
      });
      expect(renamed.json().data).toMatchObject({ campaign_name: 'Renamed', approval_status: 'pending' });
      expect(await submissions(campaign.id)).toEqual(['new', 'edited']);

      await wizard.setState(campaign.id, { approvalStatus: 'approved' });
      const moved = await update(campaign.id, { destination_url: 'https://shop.example.com/new' });
      expect(moved.json().data).toMatchObject({
        destination_url: 'https://shop.example.com/new',
        approval_status: 'pending',
      });
      // The same values again change nothing.
      await wizard.setState(campaign.id, { approvalStatus: 'approved' });
      const same = await update(campaign.id, {
        campaign_name: 'Renamed',
        destination_url: 'https://shop.example.com/new',
      });
      expect(same.json().data.approval_status).toBe('approved');
    });

    it('keeps a declined campaign declined, and refuses drafts, archived switch-ons and bad values', async () => {
      const campaign = await wizard.createSubmitted(token);
      await wizard.setState(campaign.id, { approvalStatus: 'declined' });
      expect((await update(campaign.id, { campaign_name: 'Better' })).json().data.approval_status).toBe('declined');

      await wizard.setState(campaign.id, { archivedAt: new Date() });
      const switchOn = await update(campaign.id, { on_off: 'on' });
      expect(switchOn.statusCode).toBe(409);
      expect(errorBody(switchOn).message).toBe(CAMPAIGN_MESSAGES.archivedCannotSwitchOn);
      expect((await update(campaign.id, { campaign_name: 'Kept' })).statusCode).toBe(200);

      const draft = await wizard.saveDetails(token);
      const draftEdit = await update(draft.id, { campaign_name: 'No' });
      expect(draftEdit.statusCode).toBe(409);
      expect(errorBody(draftEdit).message).toBe(CAMPAIGN_MESSAGES.draftNotEditable);
      await t.app.inject({ method: 'DELETE', url: `/api/customer/campaign-draft/${draft.id}`, headers: bearer(token) });

      const cases: [Record<string, unknown>, string, string][] = [
        [{ campaign_name: ' ' }, 'campaign_name', CAMPAIGN_MESSAGES.nameRequired],
        [{ campaign_name: 'x'.repeat(101) }, 'campaign_name', CAMPAIGN_MESSAGES.nameTooLong],
        [{ destination_url: '' }, 'destination_url', AD_MESSAGES.destinationMissing],
        [{ destination_url: 'shop.example.com' }, 'destination_url', AD_MESSAGES.destinationInvalid],
        [{ destination_url: 'javascript:alert(1)' }, 'destination_url', AD_MESSAGES.destinationInvalid],
        [{ on_off: 'maybe' }, 'on_off', CAMPAIGN_MESSAGES.onOffInvalid],
        [{ campaign_name: 'Bad\u0007name' }, 'campaign_name', 'Campaign name must not contain control characters'],
        [{ campaign_name: ['an', 'array'] }, 'campaign_name', 'Campaign name must be text'],
        [
          { destination_url: `https://shop.example.com/${'x'.repeat(2100)}` },
          'destination_url',
          AD_MESSAGES.destinationInvalid,
        ],
      ];
      for (const [payload, field, message] of cases) {
        const answer = await update(campaign.id, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
        expect(errorBody(answer).errors?.[field]).toEqual([message]);
      }
      const empty = await update(campaign.id, { campaign_objective: 'Video view' });
      expect(empty.statusCode).toBe(422);
      expect(errorBody(empty).message).toBe(CAMPAIGN_MESSAGES.nothingToUpdate);
    });

    it("answers 404 for another customer's campaign, one deleted for good, or no campaign", async () => {
      const theirs = await wizard.createSubmitted(otherToken);
      for (const id of [theirs.id, 999_999, 'abc']) {
        const answer = await update(id, { campaign_name: 'Mine now' });
        expect(answer.statusCode, String(id)).toBe(404);
      }
      await wizard.setState(theirs.id, { archivedAt: new Date(), deletedAt: new Date() });
      expect((await update(theirs.id, { campaign_name: 'Back' }, otherToken)).statusCode).toBe(404);
      expect((await stored(theirs.id)).name).toBe('Spring launch');
    });
  });

  describe('resubmit', () => {
    it('sends a declined campaign back for review and clears the reason', async () => {
      const campaign = await wizard.createSubmitted(token);
      await wizard.setState(campaign.id, { approvalStatus: 'declined', declineReason: 'Too dark' });
      const answer = await resubmit(campaign.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        message: CAMPAIGN_MESSAGES.resubmitted,
        data: { approval_status: 'pending', decline_reason: null },
      });
      expect(await submissions(campaign.id)).toEqual(['new', 'resubmitted']);
      const twice = await resubmit(campaign.id);
      expect(twice.statusCode).toBe(409);
      expect(errorBody(twice).message).toBe(CAMPAIGN_MESSAGES.notResubmittable);
      expect((await resubmit(campaign.id, otherToken)).statusCode).toBe(404);
    });
  });

  describe('duplicate', () => {
    it('copies campaigns, sharing their stored files, pending review', async () => {
      const first = await wizard.createSubmitted(token, { campaign_name: 'Original one', status: 'paused' });
      const second = await wizard.createSubmitted(token, { campaign_name: 'x'.repeat(100) });
      await wizard.setState(first.id, { approvalStatus: 'approved', paymentStatus: 'paid' });
      const answer = await duplicate({ campaign_ids: [first.id, second.id, first.id] });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(CAMPAIGN_MESSAGES.duplicated);

      const copies = await t.database.db.query.campaigns.findMany({
        where: (campaign, { inArray }) => inArray(campaign.name, ['Original one (copy)', copyName('x'.repeat(100))]),
      });
      expect(copies).toHaveLength(2);
      const copy = copies.find((row) => row.name === 'Original one (copy)')!;
      expect(copy).toMatchObject({
        approvalStatus: 'pending',
        paymentStatus: 'unpaid',
        onOff: 'off',
        archivedAt: null,
      });
      expect(copyName('x'.repeat(100))).toHaveLength(100);
      expect(await submissions(copy.id)).toEqual(['duplicated']);

      const files = await t.database.db.query.mediaFiles.findMany({
        where: (file, { eq }) => eq(file.campaignId, copy.id),
      });
      expect(files).toHaveLength(1);
      // A record of its own, naming the original's stored file (decision 023).
      expect(files[0]!.key).toBe(first.campaign_content[0]!.s3_key);
      expect(await t.storage.readStart(files[0]!.key, 10_000)).toEqual(PNG_SQUARE);
    });

    it('copies nothing when any id is not one of the caller’s campaigns', async () => {
      const mine = await wizard.createSubmitted(token, { campaign_name: 'All or nothing' });
      const theirs = await wizard.createSubmitted(otherToken);
      const draft = await wizard.saveDetails(token);
      for (const ids of [
        [mine.id, theirs.id],
        [mine.id, draft.id],
        [mine.id, 999_999],
      ]) {
        const answer = await duplicate({ campaign_ids: ids });
        expect(answer.statusCode, JSON.stringify(ids)).toBe(404);
      }
      const copies = await t.database.db.query.campaigns.findMany({
        where: (campaign, { eq }) => eq(campaign.name, 'All or nothing (copy)'),
      });
      expect(copies).toEqual([]);
      await t.app.inject({ method: 'DELETE', url: `/api/customer/campaign-draft/${draft.id}`, headers: bearer(token) });
    });

    it('checks the list of ids', async () => {
      const cases: [unknown, string][] = [
        [{}, CAMPAIGN_MESSAGES.idsRequired],
        [{ campaign_ids: [] }, CAMPAIGN_MESSAGES.idsRequired],
        [{ campaign_ids: ['one'] }, CAMPAIGN_MESSAGES.idsInvalid],
        [{ campaign_ids: [0] }, CAMPAIGN_MESSAGES.idsInvalid],
        [{ campaign_ids: Array.from({ length: 11 }, (_, index) => index + 1) }, QUOTA_MESSAGES.duplicatesPerRequest],
      ];
      for (const [payload, message] of cases) {
        const answer = await duplicate(payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
        expect(Object.values(errorBody(answer).errors ?? {}).flat()).toEqual([message]);
      }
      // Delete takes more at once.
      const tooMany = await softDelete({ campaign_ids: Array.from({ length: 101 }, (_, index) => index + 1) });
      expect(tooMany.statusCode).toBe(422);
      expect(errorBody(tooMany).message).toBe(CAMPAIGN_MESSAGES.tooManyIds);
    });
  });

  describe('delete', () => {
    it('archives, then deletes for good, keeping the records', async () => {
      const campaign = await wizard.createSubmitted(token);
      await wizard.setState(campaign.id, { approvalStatus: 'approved', paymentStatus: 'paid' });
      // As a form sends a list.
      const archived = await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `campaign_ids[]=${campaign.id}`,
      });
      expect(archived.statusCode).toBe(200);
      expect(archived.json().message).toBe(CAMPAIGN_MESSAGES.deleted);
      expect(await stored(campaign.id)).toMatchObject({ listTab: 'archived', deletedAt: null });
      expect((await update(campaign.id, { on_off: 'on' })).statusCode).toBe(409);

      expect((await softDelete({ campaign_ids: [campaign.id] })).statusCode).toBe(200);
      const gone = await stored(campaign.id);
      expect(gone.listTab).toBeNull();
      expect(gone.deletedAt).not.toBeNull();
      // Gone from the customer's point of view: a third delete, or any action, finds nothing.
      expect((await softDelete({ campaign_ids: [campaign.id] })).statusCode).toBe(404);
      expect((await duplicate({ campaign_ids: [campaign.id] })).statusCode).toBe(404);
    });

    it('changes nothing when any id is not one of the caller’s campaigns', async () => {
      const mine = await wizard.createSubmitted(token);
      const theirs = await wizard.createSubmitted(otherToken);
      const answer = await softDelete({ campaign_ids: [mine.id, theirs.id] });
      expect(answer.statusCode).toBe(404);
      expect((await stored(mine.id)).archivedAt).toBeNull();
      expect((await stored(theirs.id)).archivedAt).toBeNull();
    });
  });

  describe('restore', () => {
    it('brings an archived approved campaign back switched off, through review again', async () => {
      const campaign = await wizard.createSubmitted(token, { campaign_name: 'Back from the archive' });
      await wizard.setState(campaign.id, {
        approvalStatus: 'approved',
        publishedOn: new Date(),
        paymentStatus: 'paid',
      });
      expect((await softDelete({ campaign_ids: [campaign.id] })).statusCode).toBe(200);
      expect((await stored(campaign.id)).onOff).toBe('on');

      const answer = await restore(campaign.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        message: CAMPAIGN_MESSAGES.restoredForReview,
        data: {
          id: campaign.id,
          approval_status: 'pending',
          on_off: 'off',
          status: 'paused',
          archived_at: null,
          delivery_status: 'off',
          payment_status: 'paid',
        },
      });
      expect(await stored(campaign.id)).toMatchObject({ listTab: 'pending', archivedAt: null, onOff: 'off' });
      // Back in the queue, as an edit sends it, with its reason for the administrators.
      expect(await submissions(campaign.id)).toEqual(['new', 'restored']);
      expect(await auditActions(campaign.id)).toEqual([
        'campaign.submitted',
        'campaign.archived',
        'campaign.restored',
        'campaign.submitted',
      ]);
    });

    it('keeps a declined campaign declined, and sends a withdrawn pending one back to the queue', async () => {
      const declined = await wizard.createSubmitted(token);
      await wizard.setState(declined.id, { approvalStatus: 'declined', declineReason: 'Too dark' });
      const pending = await wizard.createSubmitted(token);
      await softDelete({ campaign_ids: [declined.id, pending.id] });

      const declinedAnswer = await restore(declined.id);
      expect(declinedAnswer.statusCode).toBe(200);
      expect(declinedAnswer.json()).toMatchObject({
        message: CAMPAIGN_MESSAGES.restored,
        data: { approval_status: 'declined', decline_reason: 'Too dark', on_off: 'off', archived_at: null },
      });
      expect(await submissions(declined.id)).toEqual(['new']);

      const pendingAnswer = await restore(pending.id);
      expect(pendingAnswer.json()).toMatchObject({
        message: CAMPAIGN_MESSAGES.restoredForReview,
        data: { approval_status: 'pending', on_off: 'off', archived_at: null },
      });
      expect(await submissions(pending.id)).toEqual(['new', 'restored']);
    });

    it('refuses a campaign that is not archived with 409, and answers 404 for what is not the caller’s', async () => {
      const active = await wizard.createSubmitted(token);
      await wizard.setState(active.id, { approvalStatus: 'approved' });
      const notArchived = await restore(active.id);
      expect(notArchived.statusCode).toBe(409);
      expect(errorBody(notArchived).message).toBe(CAMPAIGN_MESSAGES.notRestorable);
      expect(await stored(active.id)).toMatchObject({ approvalStatus: 'approved', onOff: 'on' });

      const theirs = await wizard.createSubmitted(otherToken);
      await softDelete({ campaign_ids: [theirs.id] }, otherToken);
      for (const id of [theirs.id, 999_999]) {
        const answer = await restore(id);
        expect(answer.statusCode, String(id)).toBe(404);
        expect(errorBody(answer).message).toBe(CAMPAIGN_MESSAGES.notFound);
      }
      expect((await stored(theirs.id)).archivedAt).not.toBeNull();
      expect((await restore('abc')).statusCode).toBe(404);

      // Deleted for good is gone for its owner too.
      await softDelete({ campaign_ids: [theirs.id] }, otherToken);
      expect((await restore(theirs.id, otherToken)).statusCode).toBe(404);
    });
  });

  describe('media of submitted campaigns', () => {
    it('lets administrators view the files of submitted campaigns, not of drafts', async () => {
      const admin = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
      const campaign = await wizard.createSubmitted(token);
      const view = (s3_key: string, as: string) =>
        t.app.inject({ method: 'POST', url: '/api/presigned-view-url', headers: bearer(as), payload: { s3_key } });
      expect((await view(campaign.campaign_content[0]!.s3_key, admin)).statusCode).toBe(200);

      const draft = await wizard.saveDetails(token);
      const draftKey = await wizard.upload(token);
      await wizard.saveAd(token, wizard.adBody(draft.id, [draftKey]));
      expect((await view(draftKey, admin)).statusCode).toBe(404);
      expect((await view(draftKey, token)).statusCode).toBe(200);
      expect((await view(campaign.campaign_content[0]!.s3_key, otherToken)).statusCode).toBe(404);
      await t.app.inject({ method: 'DELETE', url: `/api/customer/campaign-draft/${draft.id}`, headers: bearer(token) });
    });

    it('refuses to delete a file of a submitted campaign', async () => {
      const campaign = await wizard.createSubmitted(token);
      const answer = await t.app.inject({
        method: 'DELETE',
        url: '/api/delete-s3-object',
        headers: bearer(token),
        payload: { s3_key: campaign.campaign_content[0]!.s3_key },
      });
      expect(answer.statusCode).toBe(409);
    });
  });

  it('keeps the campaigns table free of rows the tests did not mean', async () => {
    // Every action above ran in one database: no draft was left behind by them.
    const drafts = (await t.database.db.select().from(campaigns)).filter((row) => row.approvalStatus === 'draft');
    expect(drafts).toEqual([]);
    expect((await t.database.db.select().from(mediaFiles)).length).toBeGreaterThan(0);
  });
});
