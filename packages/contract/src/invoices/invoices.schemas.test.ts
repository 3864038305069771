import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  invoiceFileName,
  invoicePeriod,
  paymentDocumentsQuerySchema,
  taxLabel,
} from './invoices.schemas';
import { monthWords, statementFileName, statementMonthParams } from './statements.schemas';

describe("invoices' words (docs/product/payments.md, Invoices and Statements)", () => {
  it('names the period a line covers', () => {
    expect(invoicePeriod({ kind: 'days', first: '2026-11-20', last: '2026-11-27' })).toBe('20 Nov 2026 – 27 Nov 2026');
    expect(invoicePeriod({ kind: 'flight', start: '2026-12-01', end: '2026-12-31' })).toBe(
      'Flight 1 Dec 2026 – 31 Dec 2026',
    );
    expect(invoicePeriod({ kind: 'flight', start: '2026-12-01', end: null })).toBe('Flight from 1 Dec 2026');
    expect(invoicePeriod({ kind: 'flight', start: null, end: '2026-12-31' })).toBe('Flight until 31 Dec 2026');
    expect(invoicePeriod({ kind: 'flight', start: null, end: null })).toBe('Lifetime budget');
  });

  it('writes the rate and the tax line', () => {
    expect([20, 8.25, 8.875, 0].map(formatPercent)).toEqual(['20%', '8.25%', '8.875%', '0%']);
    expect(taxLabel(20, 'inclusive')).toBe('Tax 20% (included)');
    expect(taxLabel(8.25, 'exclusive')).toBe('Tax 8.25%');
    expect(taxLabel(0, 'inclusive')).toBe('Tax 0%');
  });

  it('names the files and the months', () => {
    expect(invoiceFileName('invoice', '2026-000123')).toBe('invoice-2026-000123.pdf');
    expect(invoiceFileName('credit_note', 'CN-2026-000001')).toBe('credit-note-CN-2026-000001.pdf');
    expect(statementFileName('2026-11', 'csv')).toBe('statement-2026-11.csv');
    expect(monthWords('2026-11')).toBe('November 2026');
  });

  it('reads a month and a list of payments, or refuses them', () => {
    expect(statementMonthParams.safeParse({ month: '2026-11' }).success).toBe(true);
    for (const month of ['2026-13', '2026-00', 'abc', '1999-12', '2026-1', '']) {
      expect(statementMonthParams.safeParse({ month }).success, month).toBe(false);
    }
    expect(paymentDocumentsQuerySchema.parse({ payment_ids: '3,1,3' }).payment_ids).toEqual([3, 1]);
    expect(paymentDocumentsQuerySchema.safeParse({ payment_ids: '0' }).success).toBe(false);
  });
});
