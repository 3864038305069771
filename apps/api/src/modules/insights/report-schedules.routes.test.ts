import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { simpleParser } from 'mailparser';
import { eq } from 'drizzle-orm';
import { MAX_REPORT_SCHEDULES, REPORT_SCHEDULE_MESSAGES, ROLE, type ReportSchedule } from '@portal/contract';
import { advertisers, reportDeliveries } from '../../db/schema';
import { createTransactor } from '../../db/transactor';
import { enterFigures, insertCampaigns } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { CampaignRepository } from '../campaigns';
import { MailRepository } from '../mail';
import { ReportScheduleRepository } from './report-schedule.repository';
import { REPORT_SCHEDULE_JOB, ReportScheduleService } from './report-schedule.service';

const PUBLIC_ORIGIN = 'https://ads.example.com';

describe('scheduled reports', () => {
  let t: TestApp, adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN }, deliverMailAfterActions: false });
    const admin = await t.createUser({ roleId: ROLE.admin });
    adminToken = await t.login(admin.email);
  });
  afterAll(() => t.close());

  async function customer(timeZone = 'UTC') {
    const user = await t.createUser();
    const advertiserId = await t.advertiserOf(user.id);
    await t.database.db
      .update(advertisers)
      .set({ timeZone, name: 'Acme Shoes' })
      .where(eq(advertisers.id, advertiserId));
    return { user, advertiserId, session: await t.login(user.email) };
  }

  const schedules = (session: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', suffix = '', payload?: object) =>
    t.app.inject({ method, url: `/api/customer/report-schedules${suffix}`, headers: bearer(session), payload });

  /** The scheduled reports in the outbox to `email`, parsed whole (attachments and headers too), newest first. */
  async function messagesTo(email: string) {
    await t.mail();
    const files = (await readdir(t.config.outboxDir).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    const messages = await Promise.all(
      files.sort().map(async (file) => {
        const raw = await readFile(path.join(t.config.outboxDir, file), 'utf8');
        return { raw: raw.replace(/\r?\n[ \t]+/g, ' '), parsed: await simpleParser(raw) };
      }),
    );
    return messages
      .filter(
        ({ parsed }) => JSON.stringify(parsed.to ?? '').includes(email) && / report for /.test(parsed.subject ?? ''),
      )
      .reverse();
  }

  it('adds, lists, edits and deletes schedules, refusing bad input and campaigns not on the page', async () => {
    const { user, session } = await customer('Europe/Berlin');
    const [campaignId] = await insertCampaigns(t, user.id, [{}]);
    const [draft] = await insertCampaigns(t, user.id, [{ approvalStatus: 'draft' }]);
    const stranger = await customer();
    const [othersCampaign] = await insertCampaigns(t, stranger.user.id, [{}]);

    t.clock.set('2026-11-18T10:00:00Z');
    const created = await schedules(session, 'POST', '', { frequency: 'weekly', campaign_ids: null });
    expect(created.statusCode).toBe(201);
    const schedule = created.json<{ message: string; data: ReportSchedule }>();
    expect(schedule).toMatchObject({
      message: REPORT_SCHEDULE_MESSAGES.created,
      data: { frequency: 'weekly', campaign_ids: null, next_send_on: '2026-11-23' },
    });

    for (const [body, field] of [
      [{ frequency: 'daily', campaign_ids: null }, 'frequency'],
      [{ frequency: 'weekly' }, 'campaign_ids'],
      [{ frequency: 'weekly', campaign_ids: [] }, 'campaign_ids'],
      [{ frequency: 'weekly', campaign_ids: ['x'] }, 'campaign_ids.0'],
      [{ frequency: 'weekly', campaign_ids: [draft] }, 'campaign_ids'],
      [{ frequency: 'weekly', campaign_ids: [othersCampaign] }, 'campaign_ids'],
    ] as const) {
      const refused = await schedules(session, 'POST', '', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorBody(refused).errors ?? {}), JSON.stringify(body)).toContain(field);
    }

    const edited = await schedules(session, 'PUT', `/${schedule.data.id}`, {
      frequency: 'monthly',
      campaign_ids: [campaignId],
    });
    expect(edited.json().data).toMatchObject({
      frequency: 'monthly',
      campaign_ids: [campaignId],
      next_send_on: '2026-12-01',
    });
    expect(
      (await schedules(stranger.session, 'PUT', `/${schedule.data.id}`, { frequency: 'weekly', campaign_ids: null }))
        .statusCode,
    ).toBe(404);
    expect((await schedules(stranger.session, 'DELETE', `/${schedule.data.id}`)).statusCode).toBe(404);
    expect((await schedules(session, 'GET')).json().data).toHaveLength(1);
    expect((await schedules(stranger.session, 'GET')).json().data).toHaveLength(0);
    expect((await schedules(session, 'DELETE', `/${schedule.data.id}`)).json()).toEqual({
      message: REPORT_SCHEDULE_MESSAGES.deleted,
    });
    expect((await schedules(session, 'GET')).json().data).toHaveLength(0);
  });

  it(`keeps at most ${MAX_REPORT_SCHEDULES} schedules per user, also when added at once`, async () => {
    const { session } = await customer();
    const answers = await Promise.all(
      Array.from({ length: MAX_REPORT_SCHEDULES + 3 }, () =>
        schedules(session, 'POST', '', { frequency: 'weekly', campaign_ids: null }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_REPORT_SCHEDULES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(errorBody(answers.find((answer) => answer.statusCode === 409)!).message).toBe(
      REPORT_SCHEDULE_MESSAGES.tooMany,
    );
  });

  it("e-mails the week's totals with the change and the CSV file, on Monday in the account's zone, once", async () => {
    const { user, session } = await customer('America/New_York');
    const [first, second] = await insertCampaigns(t, user.id, [{ name: 'Spring shoes' }, { name: 'Summer sandals' }]);
    t.clock.set('2026-11-10T12:00:00Z');
    const created = await schedules(session, 'POST', '', { frequency: 'weekly', campaign_ids: null });
    const scheduleId = created.json().data.id as number;

    t.clock.set('2026-11-16T04:30:00Z'); // Sunday 23:30 in New York
    await enterFigures(t, adminToken, first!, '2026-11-01', { amount_spent: 10, total_reach: 100 });
    await enterFigures(t, adminToken, first!, '2026-11-05', { amount_spent: 30, total_reach: 300 });
    await enterFigures(t, adminToken, first!, '2026-11-12', { amount_spent: 60, total_reach: 350 });
    await enterFigures(t, adminToken, second!, '2026-11-13', { amount_spent: 15, total_reach: 50 });
    await t.app.jobs.runNow(REPORT_SCHEDULE_JOB);
    // The week of 2 to 8 November had ended before the schedule was made, and this one has not ended there.
    expect(await messagesTo(user.email)).toHaveLength(0);

    t.clock.set('2026-11-16T05:30:00Z'); // Monday 00:30 in New York
    await t.app.jobs.runNow(REPORT_SCHEDULE_JOB);
    await t.app.jobs.runNow(REPORT_SCHEDULE_JOB);
    const sent = await messagesTo(user.email);
    expect(sent).toHaveLength(1);
    const { parsed, raw } = sent[0]!;
    expect(parsed.subject).toContain('Weekly report for Acme Shoes, 9 Nov 2026 to 15 Nov 2026');
    expect(parsed.text).toContain(
      'The totals of 2 campaigns from 9 Nov 2026 to 15 Nov 2026, with the change from 2 Nov 2026 to 8 Nov 2026',
    );
    expect(parsed.text).toContain('Amount Spent: $45.00 (+125.0%)');
    expect(parsed.text).toContain('Total Reach: 100 (-50.0%)');

    const [attachment] = parsed.attachments;
    expect(attachment!.filename).toBe('campaigns-analytics-totals-2026-11-09-to-2026-11-15.csv');
    const rows = parse(attachment!.content.toString('utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.campaign_name ?? row.name, row.from, row.to, row.amount_spent])).toEqual([
      ['Summer sandals', '2026-11-09', '2026-11-15', '15.00'],
      ['Spring shoes', '2026-11-09', '2026-11-15', '30.00'],
    ]);

    const link = parsed.text!.match(
      /https:\/\/ads\.example\.com\/report-unsubscribe\?schedule=(\d+)&signature=([\w-]+)/,
    );
    expect(link?.[1]).toBe(String(scheduleId));
    expect(raw).toContain(
      `List-Unsubscribe: <${PUBLIC_ORIGIN}/api/report-schedules/unsubscribe?schedule=${scheduleId}&signature=${link![2]}>`,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // One click: the mail program's POST (RFC 8058), then the web page's, then a tampered link.
    const unsubscribe = (schedule: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/report-schedules/unsubscribe?schedule=${schedule}&signature=${signature}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const tampered = await unsubscribe(link![1]!, `${link![2]!.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(403);
    expect(errorBody(tampered).message).toBe(REPORT_SCHEDULE_MESSAGES.badSignature);
    expect((await unsubscribe('abc', link![2]!)).statusCode).toBe(403);
    expect((await unsubscribe(String(scheduleId + 1), link![2]!)).statusCode).toBe(403);
    const done = await unsubscribe(link![1]!, link![2]!);
    expect(done.json()).toEqual({ message: REPORT_SCHEDULE_MESSAGES.unsubscribed });
    expect((await unsubscribe(link![1]!, link![2]!)).json()).toEqual({
      message: REPORT_SCHEDULE_MESSAGES.alreadyUnsubscribed,
    });
    expect((await schedules(session, 'GET')).json().data).toHaveLength(0);
  });

  it('sends a monthly report once per period when two processes and two unlocked runs send at once', async () => {
    const { user, session } = await customer('Asia/Tokyo');
    const [campaign] = await insertCampaigns(t, user.id, [{ name: 'Autumn boots' }]);
    t.clock.set('2026-10-10T00:00:00Z');
    const created = await schedules(session, 'POST', '', { frequency: 'monthly', campaign_ids: [campaign] });
    const scheduleId = created.json().data.id as number;
    t.clock.set('2026-10-31T15:30:00Z'); // 1 November, 00:30 in Tokyo
    await enterFigures(t, adminToken, campaign!, '2026-10-20', { amount_spent: 25 });

    const other = await createTestApp({ database: t.database, env: { PUBLIC_ORIGIN } });
    other.clock.set(t.clock.now());
    const unlocked = () =>
      new ReportScheduleService({
        data: createTransactor(t.database.db, {
          reportSchedules: (db) => new ReportScheduleRepository(db),
          campaigns: (db) => new CampaignRepository(db),
          mail: (db) => new MailRepository(db),
        }),
        clock: t.clock,
        mailer: t.app.mailer,
        publicOrigin: PUBLIC_ORIGIN,
        linkSecret: 'a test secret that is long enough to sign',
      });
    try {
      await Promise.all([
        t.app.jobs.runNow(REPORT_SCHEDULE_JOB),
        other.app.jobs.runNow(REPORT_SCHEDULE_JOB),
        unlocked().sendDue(),
        unlocked().sendDue(),
      ]);
    } finally {
      await other.close();
    }
    const deliveries = await t.database.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.scheduleId, scheduleId));
    expect(deliveries.map((row) => row.periodStart)).toEqual(['2026-10-01']);
    const sent = await messagesTo(user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.parsed.subject).toContain('Monthly report for Acme Shoes, 1 Oct 2026 to 31 Oct 2026');
    expect(sent[0]!.parsed.text).toContain('Amount Spent: $25.00 (new)');
    expect(sent[0]!.parsed.text).toContain('This report covers the campaigns you chose');
  });
});
