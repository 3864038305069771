import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type PaymentDocument } from '@portal/contract';
import { approveCampaign, wizardOf } from '../../../test/campaigns';
import { pdfLines } from '../../../test/invoices';
import { saveSandboxCard } from '../../../test/payments';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { AUTO_PAY_JOB } from '../payments/auto-pay.service';

/**
 * Billing end to end through the API (docs/product/payments.md): a payment made automatically has
 * its invoice, an administrator's refund of part of it issues a credit note, and the month's
 * statement lists them, its totals the sums of its lines.
 */
describe('a payment made automatically, then refunded in part', () => {
  let t: TestApp, adminToken: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { SELLER_NAME: 'Ads Ltd' } });
    t.clock.set('2026-11-20T10:00:00.000Z');
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });

  it('has its invoice, a credit note for the refund, and both on the statement', async () => {
    const customer = await t.createUser({ withBilling: true });
    const token = await t.login(customer.email);
    await saveSandboxCard(t, token);
    expect((await post('/api/customer/auto-pay', token, { enabled: true })).statusCode).toBe(200);
    t.clock.advance(1000);
    const campaign = await wizard.createSubmitted(token, { budget_type: 'lifetime', budget_amount: 120 });
    await approveCampaign(t, adminToken, campaign.id);
    await t.app.jobs.runNow(AUTO_PAY_JOB);
    await t.app.events.dispatchPending();

    const [payment] = (await get('/api/my-payment-activities', token)).json().data;
    expect(payment).toMatchObject({ amount: 120, campaign_id: campaign.id });
    const documents = async () =>
      (await get(`/api/payment-documents?payment_ids=${payment.id}`, token)).json().data as PaymentDocument[];
    const [invoice] = await documents();
    expect(invoice).toMatchObject({ kind: 'invoice', total: 120 });
    expect(invoice!.number).toMatch(/^2026-\d{6}$/);

    const refunded = await post(`/api/admin/payments/${payment.id}/refunds`, adminToken, {
      amount: 20,
      reason: 'Two days did not run',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await t.app.events.dispatchPending();
    const creditNote = (await documents()).find((document) => document.kind === 'credit_note')!;
    expect(creditNote.number).toMatch(/^CN-2026-\d{6}$/);
    expect(Math.abs(creditNote.total)).toBe(20);

    // The credit note's PDF says what it credits and how much.
    const pdf = await get(`/api/invoices/${creditNote.id}/pdf`, token);
    expect(pdf.statusCode).toBe(200);
    const lines = await pdfLines(pdf.rawPayload);
    expect(lines.join('\n')).toContain(creditNote.number);
    expect(lines.join('\n')).toContain(invoice!.number);

    const statement = (await get('/api/statements/2026-11', token)).json().data;
    const kinds = statement.lines.map((line: { kind: string }) => line.kind);
    expect(kinds).toEqual(expect.arrayContaining(['invoice', 'payment', 'credit_note']));
    const sum = statement.lines.reduce((total: number, line: { amount: number }) => total + line.amount * 100, 0);
    expect(Math.round(statement.opening_balance * 100 + sum)).toBe(Math.round(statement.closing_balance * 100));
    expect(statement.totals.credited).toBe(20);
  });
});
