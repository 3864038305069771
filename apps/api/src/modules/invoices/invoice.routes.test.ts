import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVOICE_MESSAGES, ROLE, type Invoice, type PaymentDocument } from '@portal/contract';
import { domainEvents } from '../../db/schema';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { approvedCampaigns, dollarsOf, payCampaign, pdfLines, recordAndDispatch } from '../../../test/invoices';

const PUBLIC_ORIGIN = 'https://ads.example.com';
/** The business that issues the documents, and its tax: 20%, in the prices. */
const SETTINGS = {
  PUBLIC_ORIGIN,
  TAX_RATE: '20',
  SELLER_NAME: 'Ads Ltd',
  SELLER_ADDRESS: '2 Market Street, Leeds LS1 6DT',
  SELLER_TAX_ID: 'GB123456789',
};

describe('invoices and credit notes', () => {
  let t: TestApp, adminId: number, adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: SETTINGS });
    const admin = await t.createUser({ roleId: ROLE.admin });
    adminId = admin.id;
    adminToken = await t.login(admin.email);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const newCustomer = async () => {
    const user = await t.createUser({ firstName: 'Ada', lastName: 'Byron', withBilling: true });
    return { id: user.id, email: user.email, token: await t.login(user.email, undefined, { remember: true }) };
  };

  /** The documents of payments, as Payment activity asks for them. */
  const documentsOf = async (token: string, paymentIds: number[]) => {
    const answer = await get(`/api/payment-documents?payment_ids=${paymentIds.join(',')}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as PaymentDocument[];
  };
  const invoiceOf = async (token: string, id: number) => {
    const answer = await get(`/api/invoices/${id}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Invoice;
  };

  it('issues an invoice for every payment, numbered in the year of the payment without a gap', async () => {
    const customer = await newCustomer();
    const [lifetime, daily] = await approvedCampaigns(t, { adminId, userId: customer.id }, [
      { name: 'Spring launch', budgetType: 'lifetime', budgetAmount: '175.00' },
      { name: 'Daily push', budgetType: 'daily', budgetAmount: '10.00' },
    ]);
    const first = await payCampaign(t, customer.token, lifetime!);
    const second = await payCampaign(t, customer.token, daily!);

    const documents = await documentsOf(customer.token, [first, second]);
    expect(documents.map(({ number, kind, payment_id }) => ({ number, kind, payment_id }))).toEqual([
      { number: '2026-000001', kind: 'invoice', payment_id: first },
      { number: '2026-000002', kind: 'invoice', payment_id: second },
    ]);

    // The lifetime budget: $175.00 contains 20% of tax.
    const invoice = await invoiceOf(customer.token, documents[0]!.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: '2026-000001',
      issued_at: '2026-11-20T10:00:00.000Z',
      payment_id: first,
      receipt_number: `R-${String(first).padStart(6, '0')}`,
      credits: null,
      reason: null,
      seller: { name: 'Ads Ltd', address: '2 Market Street, Leeds LS1 6DT', tax_id: 'GB123456789' },
      lines: [{ description: 'Spring launch', period: 'Lifetime budget', amount: 145.83 }],
      subtotal: 145.83,
      tax: 29.17,
      total: 175,
      tax_rate: 20,
      tax_mode: 'inclusive',
    });
    expect(invoice.billing).toMatchObject({ name: 'Ada Byron', company_name: 'Acme Ads', tax_id: 'TAX-1' });

    // The daily budget's week, in the account's days: paid on the 20th at 10:00, to the 27th at 10:00.
    const week = await invoiceOf(customer.token, documents[1]!.id);
    expect(week.lines).toEqual([{ description: 'Daily push', period: '20 Nov 2026 – 27 Nov 2026', amount: 58.33 }]);
    expect(week).toMatchObject({ subtotal: 58.33, tax: 11.67, total: 70 });

    // The series starts again each year: a payment of 1 January is the first of its year.
    const [nextYear] = await approvedCampaigns(t, { adminId, userId: customer.id }, [
      {
        name: 'New year',
        budgetType: 'lifetime',
        budgetAmount: '50.00',
        startDate: '2027-01-01',
        endDate: '2027-01-31',
      },
    ]);
    t.clock.set('2027-01-01T00:00:30.000Z');
    const token = await t.login(customer.email);
    const third = await payCampaign(t, token, nextYear!);
    const [newYear] = await documentsOf(token, [third]);
    expect(newYear!.number).toBe('2027-000001');
    expect((await invoiceOf(token, newYear!.id)).lines[0]!.period).toBe('Flight 1 Jan 2027 – 31 Jan 2027');
  });

  it('answers the same document as a PDF, whose text and totals read back', async () => {
    const customer = await newCustomer();
    const [id] = await approvedCampaigns(t, { adminId, userId: customer.id }, [
      { name: 'Winter boots', budgetType: 'lifetime', budgetAmount: '1234.50' },
    ]);
    const [document] = await documentsOf(customer.token, [await payCampaign(t, customer.token, id!)]);

    const pdf = await get(`/api/invoices/${document!.id}/pdf`, customer.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${document!.number}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The same document, the same file: it is dated with the document, not with the request.
    t.clock.advance(60_000);
    expect((await get(`/api/invoices/${document!.id}/pdf`, customer.token)).rawPayload.equals(pdf.rawPayload)).toBe(
      true,
    );

    const lines = await pdfLines(pdf.rawPayload);
    const text = lines.join('\n');
    for (const expected of [
      'Advertiser Portal',
      'Invoice',
      document!.number,
      '20 Nov 2026',
      'Ads Ltd',
      '2 Market Street, Leeds LS1 6DT',
      'Tax ID GB123456789',
      'Ada Byron',
      'Acme Ads',
      'United States',
      'Tax ID TAX-1',
      'Winter boots',
      'Lifetime budget',
      'Amounts are in US dollars.',
    ]) {
      expect(text).toContain(expected);
    }
    // The totals as printed: the lines add up to the subtotal, and subtotal + tax = total.
    const amountOn = (label: string) =>
      dollarsOf(
        lines
          .find((line) => line.startsWith(label))!
          .split(' ')
          .at(-1)!,
      );
    const invoice = await invoiceOf(customer.token, document!.id);
    expect(amountOn('Winter boots')).toBe(invoice.lines[0]!.amount);
    expect(amountOn('Subtotal')).toBe(1028.75);
    expect(amountOn('Tax 20% (included)')).toBe(205.75);
    expect(amountOn('Total')).toBe(1234.5);
    expect(amountOn('Subtotal') + amountOn('Tax 20% (included)')).toBeCloseTo(amountOn('Total'), 2);
  });

  it('attaches the invoice to the receipt e-mail and names it there', async () => {
    const customer = await newCustomer();
    const [id] = await approvedCampaigns(t, { adminId, userId: customer.id }, [
      { name: 'Mail me', budgetType: 'lifetime', budgetAmount: '80.00' },
    ]);
    const paymentId = await payCampaign(t, customer.token, id!);
    const [document] = await documentsOf(customer.token, [paymentId]);

    const receipt = (await t.mail()).find(
      (message) => message.to === customer.email && /^Receipt/.test(message.subject),
    )!;
    expect(receipt.subject).toContain(`Receipt R-${String(paymentId).padStart(6, '0')} for Mail me`);
    expect(receipt.text).toContain(`Invoice number: ${document!.number}, attached as a PDF.`);
    expect(receipt.text).toContain(`${PUBLIC_ORIGIN}/receipts/${paymentId}`);
    expect(receipt.attachments).toEqual([`invoice-${document!.number}.pdf`]);

    const parsed = await simpleParser(await readFile(path.join(t.config.outboxDir, receipt.file)));
    const attachment = parsed.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const text = (await pdfLines(attachment.content)).join('\n');
    expect(text).toContain(document!.number);
    expect(text).toContain('Mail me');
  });

  it("is not found for another account, found for administrators, and not listed for others' payments", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const [id] = await approvedCampaigns(t, { adminId, userId: customer.id }, [{ budgetType: 'lifetime' }]);
    const paymentId = await payCampaign(t, customer.token, id!);
    const [document] = await documentsOf(customer.token, [paymentId]);

    for (const url of [`/api/invoices/${document!.id}`, `/api/invoices/${document!.id}/pdf`]) {
      const refused = await get(url, other.token);
      expect(refused.statusCode).toBe(404);
      expect(errorBody(refused).message).toBe(INVOICE_MESSAGES.notFound);
      expect((await get(url, adminToken)).statusCode).toBe(200);
    }
    for (const url of ['/api/invoices/999999', '/api/invoices/abc', '/api/invoices/0/pdf']) {
      expect((await get(url, customer.token)).statusCode).toBe(404);
    }
    expect(await documentsOf(other.token, [paymentId])).toEqual([]);
    expect((await documentsOf(adminToken, [paymentId])).map((row) => row.id)).toEqual([document!.id]);
    for (const bad of ['', 'abc', '1,,2', '-1', Array.from({ length: 101 }, (_, index) => index + 1).join(',')]) {
      const refused = await get(`/api/payment-documents?payment_ids=${bad}`, customer.token);
      expect(refused.statusCode, bad).toBe(422);
      expect(errorBody(refused).errors?.payment_ids).toEqual([INVOICE_MESSAGES.paymentIds]);
    }
  });

  it("issues a credit note for each refund, in its own series, taking exactly the invoice's tax off in parts", async () => {
    const customer = await newCustomer();
    const [id] = await approvedCampaigns(t, { adminId, userId: customer.id }, [
      { name: 'Refunded', budgetType: 'lifetime', budgetAmount: '175.00' },
    ]);
    const paymentId = await payCampaign(t, customer.token, id!);
    t.clock.set('2026-11-25T09:00:00.000Z');
    await recordAndDispatch(t, 'payment.refunded', {
      paymentId,
      refundId: 501,
      amountCents: 10_000,
      reason: 'Ran short',
    });
    // The same refund told twice makes one credit note.
    await recordAndDispatch(t, 'payment.refunded', {
      paymentId,
      refundId: 501,
      amountCents: 10_000,
      reason: 'Ran short',
    });
    await recordAndDispatch(t, 'payment.refunded', {
      paymentId,
      refundId: 502,
      amountCents: 7_500,
      reason: 'The rest',
    });

    const [invoice, firstNote, secondNote] = await documentsOf(customer.token, [paymentId]);
    expect([invoice, firstNote, secondNote].map((document) => [document!.kind, document!.number])).toEqual([
      ['invoice', invoice!.number],
      ['credit_note', 'CN-2026-000001'],
      ['credit_note', 'CN-2026-000002'],
    ]);
    const first = await invoiceOf(customer.token, firstNote!.id);
    const second = await invoiceOf(customer.token, secondNote!.id);
    expect(first).toMatchObject({
      kind: 'credit_note',
      issued_at: '2026-11-25T09:00:00.000Z',
      credits: { id: invoice!.id, number: invoice!.number },
      reason: 'Ran short',
      lines: [{ description: 'Refunded', period: 'Lifetime budget', amount: -83.33 }],
      subtotal: -83.33,
      tax: -16.67,
      total: -100,
      tax_rate: 20,
    });
    // The second takes off what is left, so together they reverse the invoice to the cent.
    expect(second).toMatchObject({ subtotal: -62.5, tax: -12.5, total: -75, reason: 'The rest' });
    const original = await invoiceOf(customer.token, invoice!.id);
    expect(Math.round((first.tax + second.tax) * 100)).toBe(-Math.round(original.tax * 100));
    expect(Math.round((first.subtotal + second.subtotal) * 100)).toBe(-Math.round(original.subtotal * 100));

    const pdf = await get(`/api/invoices/${firstNote!.id}/pdf`, customer.token);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="credit-note-CN-2026-000001.pdf"');
    const text = (await pdfLines(pdf.rawPayload)).join('\n');
    for (const expected of [
      'Credit note',
      'CN-2026-000001',
      'Credits invoice',
      invoice!.number,
      'Ran short',
      '-$100.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("issues a refunded payment's missing invoice before its credit note", async () => {
    const customer = await newCustomer();
    const [id] = await approvedCampaigns(t, { adminId, userId: customer.id }, [{ budgetType: 'lifetime' }]);
    const paymentId = await payCampaign(t, customer.token, id!, { dispatch: false });
    // As for a payment made before invoices existed: its event was handled without issuing one.
    await t.database.db
      .update(domainEvents)
      .set({ processedAt: t.clock.now() })
      .where(eq(domainEvents.type, 'campaign.paid'));
    expect(await documentsOf(customer.token, [paymentId])).toEqual([]);

    await recordAndDispatch(t, 'payment.refunded', { paymentId, refundId: 601, amountCents: 10_000, reason: 'Whole' });
    const [invoice, note] = await documentsOf(customer.token, [paymentId]);
    expect(invoice!.kind).toBe('invoice');
    expect(note).toMatchObject({ kind: 'credit_note', total: -100 });
    expect((await invoiceOf(customer.token, note!.id)).credits?.id).toBe(invoice!.id);
  });

  it('keeps documents as issued: the database refuses to change or delete one', async () => {
    await expect(t.database.db.execute('update invoices set total_cents = 0')).rejects.toThrow();
    await expect(t.database.db.execute('delete from invoices')).rejects.toThrow();
  });
});

describe('invoices with tax added to the price (TAX_INCLUSIVE=false)', () => {
  let t: TestApp, adminId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { TAX_RATE: '8.25', TAX_INCLUSIVE: 'false' } });
    adminId = (await t.createUser({ roleId: ROLE.admin })).id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  it('asks the budget and the tax on it, and invoices the budget as the net amount', async () => {
    const user = await t.createUser({ withBilling: true });
    const token = await t.login(user.email);
    const [lifetime, daily] = await approvedCampaigns(t, { adminId, userId: user.id }, [
      { name: 'Lifetime', budgetType: 'lifetime', budgetAmount: '100.00' },
      { name: 'Daily', budgetType: 'daily', budgetAmount: '10.50' },
    ]);
    // $100.00 and 8.25%; 7 days × $10.50 = $73.50 and $6.06 of tax.
    const due = (await t.app.inject({ method: 'GET', url: '/api/customer/balance', headers: bearer(token) })).json()
      .data;
    expect(due.campaigns_due.map((row: { amount: number }) => row.amount).sort()).toEqual([108.25, 79.56]);

    const paid = [await payCampaign(t, token, lifetime!), await payCampaign(t, token, daily!)];
    const documents = (
      await t.app.inject({
        method: 'GET',
        url: `/api/payment-documents?payment_ids=${paid.join(',')}`,
        headers: bearer(token),
      })
    ).json().data as PaymentDocument[];
    const [first, second] = await Promise.all(
      documents.map(
        async (document) =>
          (await t.app.inject({ method: 'GET', url: `/api/invoices/${document.id}`, headers: bearer(token) })).json()
            .data as Invoice,
      ),
    );
    expect(first).toMatchObject({ subtotal: 100, tax: 8.25, total: 108.25, tax_rate: 8.25, tax_mode: 'exclusive' });
    expect(second).toMatchObject({ subtotal: 73.5, tax: 6.06, total: 79.56, tax_mode: 'exclusive' });
    expect(second!.lines[0]!.amount).toBe(73.5);
  });
});
