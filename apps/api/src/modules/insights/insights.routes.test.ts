import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIGURES,
  FIGURES_BY_KEY,
  ROLE,
  STATISTICS_MESSAGES,
  addCalendarDays,
  calendarDay,
  dayStart,
  formatLegacyDateTime,
  type HistoryEntry,
} from '@portal/contract';
import { multipart } from '../../../test/fixtures';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

/** The day `days` from today (UTC), as answers carry it ('2026-11-18T00:00:00.000Z'). */
const isoDay = (days: number) => dayStart(addCalendarDays(calendarDay(new Date()), days));
/** The same day as the dialog sends it ('18 Nov 2026 00:00:00'). */
const dialogDay = (days: number) => formatLegacyDateTime(new Date(isoDay(days)));

describe('entering figures', () => {
  let t: TestApp, adminToken: string, customerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin, firstName: 'Ada', lastName: 'Admin' })).email);
    customerToken = await t.login((await t.createUser()).email);
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  /** The dialog's form: every figure, the two days and one posting date, as the seeds' front end sends them. */
  const form = (change: Record<string, string> = {}) => ({
    user_id: '1',
    ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, '100'])),
    amount_spent: '120.50',
    created_at: dialogDay(-2),
    date_paid: '2 Nov 2026 00:00:00',
    'dates[0]': '18 Nov 2026 10:30:00',
    no_of_posts_completed: '0',
    cost_per_click: '0',
    ...change,
  });
  const save = async (id: number, fields: Record<string, string>, as = adminToken) => {
    const body = await multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/campaign/add-update-performance-stats/${id}`,
      headers: { ...bearer(as), ...body.headers },
      payload: body.payload,
    });
  };
  const approved = async () => {
    const campaign = await wizard.createSubmitted(customerToken);
    await t.app.inject({
      method: 'POST',
      url: `/api/update-campaign-approval-status/${campaign.id}`,
      headers: bearer(adminToken),
      payload: { approval_status: 'approved' },
    });
    return campaign;
  };

  it('adds an entry of an approved campaign, as of its day, audited on the History', async () => {
    const campaign = await approved();
    const answer = await save(campaign.id, form());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: STATISTICS_MESSAGES.updated,
      data: {
        created_at: isoDay(-2),
        date_paid: '2026-11-02T00:00:00.000Z',
        amount_spent: 120.5,
        followers_count: 100,
        link_clicks: 0,
        lead_generated: 0,
        dates: ['2026-11-18T10:30:00.000Z'],
      },
    });
    const history: HistoryEntry[] = (
      await t.app.inject({ method: 'GET', url: `/api/admin/campaign/${campaign.id}`, headers: bearer(adminToken) })
    ).json().data.history;
    expect(history.at(-1)).toMatchObject({
      action: 'campaign.statistics',
      actor: { name: 'Ada Admin' },
      after: { amount_spent: 120.5, created_at: isoDay(-2) },
    });
  });

  it('refuses a campaign that is not approved (409), an unknown one (404) and customers (403)', async () => {
    const pending = await wizard.createSubmitted(customerToken);
    const refused = await save(pending.id, form());
    expect(refused.statusCode).toBe(409);
    expect(errorBody(refused).message).toBe(STATISTICS_MESSAGES.notApproved);
    expect((await save(999_999, form())).statusCode).toBe(404);
    expect((await save(pending.id, form(), customerToken)).statusCode).toBe(403);
  });

  it('answers every message of the dialog, and a day after today', async () => {
    const campaign = await approved();
    const empty = await save(campaign.id, { amount_spent: '-1', posts: '' });
    expect(empty.statusCode).toBe(422);
    const errors = errorBody(empty).errors!;
    expect(errors.amount_spent).toEqual([STATISTICS_MESSAGES.negative]);
    expect(errors.posts).toEqual([FIGURES_BY_KEY.posts.required]);
    expect(errors.created_at).toEqual([STATISTICS_MESSAGES.dateRequired]);
    expect(errors.dates).toEqual([STATISTICS_MESSAGES.datesRequired]);
    const huge = await save(campaign.id, form({ amount_spent: '1e300', posts: '99999999999999999999' }));
    expect(huge.statusCode).toBe(422);
    expect(errorBody(huge).errors).toEqual({
      amount_spent: [STATISTICS_MESSAGES.tooLarge],
      posts: [STATISTICS_MESSAGES.tooLarge],
    });
    const future = await save(campaign.id, form({ created_at: dialogDay(1) }));
    expect(errorBody(future).errors).toEqual({ created_at: [STATISTICS_MESSAGES.dateInFuture] });
  });
});
