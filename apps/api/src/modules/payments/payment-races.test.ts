import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { SandboxProvider } from '../../adapters/payments/sandbox-provider';
import type { DatabaseHandle } from '../../db/database';
import { paymentLinks, payments, sandboxCharges } from '../../db/schema';
import { insertCampaigns } from '../../../test/campaigns';
import { openTestDatabase } from '../../../test/test-database';
import { SANDBOX_CARDS, saveSandboxCard } from '../../../test/payments';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { AUTO_PAY_JOB } from './auto-pay.service';
import { newPaymentLink } from './payment-links';

const GOOD_CARD = SANDBOX_CARDS.visa;
const RACES = 50;
const NO_FLIGHT = { startDate: null, endDate: null, flightState: 'running' as const };

/**
 * Money paths racing each other on one payment link. Meaningful on PostgreSQL, where the requests
 * really run at once; on PGlite they take turns.
 */
describe('payment races', () => {
  let t: TestApp, database: DatabaseHandle, sandbox: SandboxProvider;
  let captured: MockInstance<SandboxProvider['capture']>;

  beforeAll(async () => {
    // The app's sandbox is made here, so the test can count the charges it takes.
    database = await openTestDatabase();
    sandbox = new SandboxProvider(database.db);
    t = await createTestApp({ database, payments: sandbox });
    // What the races did to the rows, as the database saw it: every change of a link's status, and
    // every payment inserted for a campaign already archived.
    const statements = [
      'create table test_link_changes (link_id integer, old_status text, new_status text)',
      'create table test_payments_on_archived (link_id integer)',
      `create function test_note_link_change() returns trigger language plpgsql as $$
       begin
         if old.status is distinct from new.status then
           insert into test_link_changes values (new.id, old.status, new.status);
         end if;
         return new;
       end $$`,
      `create trigger test_link_changes after update on payment_links
       for each row execute function test_note_link_change()`,
      `create function test_note_payment() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from campaigns where id = new.campaign_id and archived_at is not null) then
           insert into test_payments_on_archived values (new.link_id);
         end if;
         return new;
       end $$`,
      `create trigger test_payments_on_archived before insert on payments
       for each row execute function test_note_payment()`,
    ];
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    captured = vi.spyOn(sandbox, 'capture');
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  /** The links the approval of these $100 lifetime campaigns would have opened. */
  const openLinks = (campaignIds: number[], advertiserId: number) =>
    t.database.db
      .insert(paymentLinks)
      .values(
        campaignIds.map((id) =>
          newPaymentLink(
            { id, advertiserId, budgetType: 'lifetime', budgetAmount: '100.00', ...NO_FLIGHT },
            'UTC',
            t.clock.now(),
            t.config.tax,
          )!,
        ),
      )
      .returning();

  // Archiving a campaign while its link is being paid (decision 016, the lock order).
  it(`answers every one of ${RACES} archives racing payments, pays only open links and takes only recorded charges`, async () => {
    const customer = await t.createUser({ withBilling: true });
    const token = await t.login(customer.email);
    const ids = await insertCampaigns(
      t,
      customer.id,
      Array.from({ length: RACES }, () => ({ approvalStatus: 'approved' as const, onOff: 'on' as const })),
    );
    const advertiserId = await t.advertiserOf(customer.id);
    const links = await openLinks(ids, advertiserId);

    const charged: string[] = [];
    for (const [index, link] of links.entries()) {
      const archive = () =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/customer/my-campaigns/soft-delete',
          headers: bearer(token),
          payload: { campaign_ids: [link.campaignId] },
        });
      const pay = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/checkout/${link.token}/pay`,
          headers: bearer(token),
          payload: GOOD_CARD,
        });
      // Either one sent first, so that each wins some of the races.
      const [archived, paid] =
        index % 2 === 0
          ? await Promise.all([archive(), pay()])
          : await Promise.all([pay(), archive()]).then(([p, a]) => [a, p] as const);
      expect(archived.statusCode, archived.body).toBe(200);
      expect([200, 409], paid.body).toContain(paid.statusCode);
      if (paid.statusCode === 200) charged.push(paid.json().data.transaction_id as string);
    }

    // Both drivers answer a raw query with its rows under `rows`.
    const rowsOf = async (query: string) =>
      ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(`select * from test_link_changes where old_status <> 'open'`)).toEqual([]);
    expect(await rowsOf('select * from test_payments_on_archived')).toEqual([]);

    // Every charge taken is a payment recorded against its link, and every link ended paid
    // (with its one payment) or cancelled (with none).
    const recorded = await t.database.db.select().from(payments);
    const capturedIds = captured.mock.results.map(
      (result) => (result.value as { transactionId: string }).transactionId,
    );
    expect(recorded.map((row) => row.transactionId).sort()).toEqual([...charged].sort());
    expect([...capturedIds].sort()).toEqual([...charged].sort());
    const finalLinks = await t.database.db.select().from(paymentLinks);
    for (const link of finalLinks) {
      const payment = recorded.find((row) => row.linkId === link.id);
      expect(link.status).toBe(payment ? 'paid' : 'cancelled');
    }
  }, 120_000);

  // Automatic payment's round racing the customer paying the same link by hand (decision 031:
  // one charge per amount due).
  it(`takes exactly one charge in each of ${RACES} races, and records it`, async () => {
    const customer = await t.createUser({ withBilling: true });
    const token = await t.login(customer.email);
    const call = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });
    await saveSandboxCard(t, token);
    expect((await call('/api/customer/auto-pay', { enabled: true })).statusCode).toBe(200);
    t.clock.advance(1000);

    const ids = await insertCampaigns(
      t,
      customer.id,
      Array.from({ length: RACES }, () => ({ approvalStatus: 'approved' as const, onOff: 'on' as const })),
    );
    const advertiserId = await t.advertiserOf(customer.id);
    captured.mockClear();
    const answers: number[] = [];
    for (const [index, id] of ids.entries()) {
      // One link due at a time, as approval opens it, so each round charges only this one.
      const [link] = await openLinks([id], advertiserId);
      const pay = () => call(`/api/checkout/${link!.token}/pay`, GOOD_CARD);
      const round = () => t.app.jobs.runNow(AUTO_PAY_JOB);
      // Either one sent first, so that each wins some of the races.
      const [paid] =
        index % 2 === 0
          ? await Promise.all([pay(), round()])
          : await Promise.all([round(), pay()]).then(([, p]) => [p] as const);
      // 200 when the hand was first, 409 when the round was (closed, or under way).
      expect([200, 409], paid.body).toContain(paid.statusCode);
      answers.push(paid.statusCode);
    }

    // This customer's payments only: the test before paid for other links.
    const recorded = await t.database.db.select().from(payments).where(inArray(payments.campaignId, ids));
    const automatic = await t.database.db.select().from(sandboxCharges);
    const byHand = captured.mock.results.map((result) => (result.value as { transactionId: string }).transactionId);
    // Every link paid once, and every charge taken is the payment recorded for its link.
    expect(recorded).toHaveLength(RACES);
    expect(new Set(recorded.map((row) => row.linkId)).size).toBe(RACES);
    expect(automatic.length + byHand.length).toBe(RACES);
    expect(recorded.map((row) => row.transactionId).sort()).toEqual(
      [...automatic.map((row) => row.transactionId), ...byHand].sort(),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(byHand.length);
  }, 120_000);
});
