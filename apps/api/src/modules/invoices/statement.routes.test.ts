import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, ROLE, type Statement } from '@portal/contract';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { approvedCampaigns, dollarsOf, payCampaign, pdfLines, recordAndDispatch } from '../../../test/invoices';
import { AdvertiserRepository } from '../advertisers/advertiser.repository';

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Monthly statements (docs/product/payments.md, Statements), for an account in New York: its
 * months begin at midnight there, five hours after midnight UTC in November.
 */
describe('monthly statements', () => {
  let t: TestApp, customer: { id: number; email: string };
  let november: Statement;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  /** A session at the clock's time: the months below are longer than a session lives. */
  const signIn = () => t.login(customer.email);
  const statementOf = async (month: string, token: string) => {
    const answer = await get(`/api/statements/${month}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Statement;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SELLER_NAME: 'Ads Ltd', TAX_RATE: '20' } });
    const admin = await t.createUser({ roleId: ROLE.admin });
    customer = await t.createUser({ withBilling: true });
    await new AdvertiserRepository(t.database.db).setTimeZone(await t.advertiserOf(customer.id), 'America/New_York');

    t.clock.set('2026-10-31T10:00:00.000Z');
    const [october, first, second, december] = await approvedCampaigns(
      t,
      { adminId: admin.id, userId: customer.id },
      ['October', 'First', 'Second', 'December'].map((name, index) => ({
        name,
        budgetType: 'lifetime' as const,
        budgetAmount: ['30.00', '175.00', '50.00', '20.00'][index],
      })),
    );
    // 31 Oct, 08:00 in New York.
    t.clock.set('2026-10-31T12:00:00.000Z');
    await payCampaign(t, await signIn(), october!);
    t.clock.set('2026-11-20T10:00:00.000Z');
    const firstPayment = await payCampaign(t, await signIn(), first!);
    // 30 Nov, 22:00 in New York, though 1 December in UTC: November's.
    t.clock.set('2026-12-01T03:00:00.000Z');
    await payCampaign(t, await signIn(), second!);
    t.clock.set('2026-12-01T03:30:00.000Z');
    await recordAndDispatch(t, 'payment.refunded', {
      paymentId: firstPayment,
      refundId: 9001,
      amountCents: 4_000,
      reason: 'Goodwill',
    });
    // 1 Dec, 01:00 in New York.
    t.clock.set('2026-12-01T06:00:00.000Z');
    await payCampaign(t, await signIn(), december!);
    t.clock.set('2026-12-05T12:00:00.000Z');
    november = await statementOf('2026-11', await signIn());
  });
  afterAll(() => t.close());

  it("lists the month's invoices, payments, credit notes and refunds in the account's days", () => {
    expect(november).toMatchObject({ month: '2026-11', time_zone: 'America/New_York', seller: { name: 'Ads Ltd' } });
    expect(november.lines.map(({ day, kind, amount }) => [day, kind, amount])).toEqual([
      ['2026-11-20', 'invoice', 175],
      ['2026-11-20', 'payment', -175],
      ['2026-11-30', 'invoice', 50],
      ['2026-11-30', 'payment', -50],
      ['2026-11-30', 'credit_note', -40],
      ['2026-11-30', 'refund', 40],
    ]);
    const [invoice, payment, , , creditNote, refund] = november.lines;
    expect(invoice!.reference).toMatch(/^2026-\d{6}$/);
    expect(invoice!.description).toBe('First, Lifetime budget');
    expect(payment!.reference).toMatch(/^pi_sbx_/);
    expect(payment!.description).toBe('First, Visa •••• 4242');
    expect(creditNote!.reference).toBe('CN-2026-000001');
    expect(creditNote!.description).toBe(`Credits invoice ${invoice!.reference}: Goodwill`);
    expect(refund!.reference).toMatch(/^R-\d{6}$/);
    expect(refund!.description).toBe('Back to the card, for CN-2026-000001');
  });

  it('adds up: each total is the sum of its lines, and the closing balance the opening one plus every line', async () => {
    const token = await signIn();
    for (const month of ['2026-10', '2026-11', '2026-12']) {
      const statement = await statementOf(month, token);
      const sumOf = (kind: string) =>
        Math.abs(
          statement.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + cents(line.amount), 0),
        );
      expect(cents(statement.totals.invoiced)).toBe(sumOf('invoice'));
      expect(cents(statement.totals.paid)).toBe(sumOf('payment'));
      expect(cents(statement.totals.credited)).toBe(sumOf('credit_note'));
      expect(cents(statement.totals.refunded)).toBe(sumOf('refund'));
      let balance = cents(statement.opening_balance);
      for (const line of statement.lines) {
        balance += cents(line.amount);
        expect(cents(line.balance)).toBe(balance);
      }
      expect(cents(statement.closing_balance)).toBe(balance);
    }
    expect(november.totals).toEqual({ invoiced: 225, paid: 225, credited: 40, refunded: 40 });
    const december = await statementOf('2026-12', token);
    expect(december.opening_balance).toBe(november.closing_balance);
    expect(december.lines.map((line) => [line.day, line.kind, line.amount])).toEqual([
      ['2026-12-01', 'invoice', 20],
      ['2026-12-01', 'payment', -20],
    ]);
    expect((await statementOf('2026-10', token)).lines.map((line) => line.amount)).toEqual([30, -30]);
  });

  it('comes as a CSV file with the same lines between the opening and closing balances', async () => {
    const answer = await get('/api/statements/2026-11/csv', await signIn());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="statement-2026-11.csv"');
    const rows = parse(answer.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Date', 'Type', 'Reference', 'Description', 'Amount', 'Balance']);
    expect(rows[0]).toMatchObject({ Type: 'Opening balance', Balance: '0.00' });
    expect(rows.at(-1)).toMatchObject({ Type: 'Closing balance', Balance: '0.00' });
    const lines = rows.slice(1, -1);
    expect(lines.map((row) => `${row.Date} ${row.Type} ${row.Amount}`)).toEqual([
      '2026-11-20 Invoice 175.00',
      '2026-11-20 Payment -175.00',
      '2026-11-30 Invoice 50.00',
      '2026-11-30 Payment -50.00',
      '2026-11-30 Credit note -40.00',
      '2026-11-30 Refund 40.00',
    ]);
    expect(lines.reduce((sum, row) => sum + cents(Number(row.Amount)), 0)).toBe(0);
  });

  it('comes as a PDF with the same lines and balances', async () => {
    const answer = await get('/api/statements/2026-11/pdf', await signIn());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="statement-2026-11.pdf"');
    const lines = await pdfLines(answer.rawPayload);
    const text = lines.join('\n');
    for (const expected of [
      'Statement, November 2026',
      'Test User · Issued by Ads Ltd · America/New_York',
      'Opening balance $0.00',
      'Invoiced $225.00',
      'Paid $225.00',
      'Credited $40.00',
      'Refunded $40.00',
      'Closing balance $0.00',
    ]) {
      expect(lines).toContain(expected);
    }
    // A long reference may wrap in its column.
    for (const line of november.lines) expect(text.replace(/\s/g, '')).toContain(line.reference);
    // The amounts of the table's rows, read back, add up to the closing balance.
    const rows = lines.filter((line) => /^\d{1,2} \w{3} 2026 (Invoice|Payment|Credit note|Refund) /.test(line));
    expect(rows).toHaveLength(november.lines.length);
    const amounts = rows.map((row) => dollarsOf(row.split(' ').at(-2)!));
    expect(amounts).toEqual(november.lines.map((line) => line.amount));
  });

  it('shows an account its own documents only, and no statement to administrators', async () => {
    const other = await t.createUser();
    const statement = await statementOf('2026-11', await t.login(other.email));
    expect(statement).toMatchObject({ opening_balance: 0, closing_balance: 0, lines: [] });
    const admin = await t.createUser({ roleId: ROLE.admin });
    expect((await get('/api/statements/2026-11', await t.login(admin.email))).statusCode).toBe(403);
  });

  it('refuses a month that is not one, or has not begun, with 422', async () => {
    const token = await signIn();
    for (const month of ['2026-13', 'abc', '2026-1', '1999-12', '2026-00', '2026-11-01']) {
      for (const form of ['', '/pdf', '/csv']) {
        const answer = await get(`/api/statements/${month}${form}`, token);
        expect(answer.statusCode, `${month}${form}`).toBe(422);
        expect(errorBody(answer).errors?.month).toEqual([INVOICE_MESSAGES.monthInvalid]);
      }
    }
    // Now is 5 Dec 2026: December is under way, January has not begun.
    expect((await get('/api/statements/2026-12', token)).statusCode).toBe(200);
    const ahead = await get('/api/statements/2027-01', token);
    expect(ahead.statusCode).toBe(422);
    expect(errorBody(ahead)).toEqual({
      message: INVOICE_MESSAGES.monthAhead,
      errors: { month: [INVOICE_MESSAGES.monthAhead] },
    });
  });
});
