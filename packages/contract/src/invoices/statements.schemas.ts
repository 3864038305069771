import { utc } from '@date-fns/utc';
import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import { answerOf, INVOICE_MESSAGES, INVOICE_TEXTS } from './invoices.schemas';

/**
 * A monthly statement of an advertiser account (docs/product/payments.md, Statements): what was
 * invoiced, paid, credited and refunded in a calendar month of the account's time zone, each
 * line moving the balance, from the balance before the month to the balance at its end.
 */

/**
 * What moves a statement's balance, in the order lines of one instant are listed, with the words
 * of its Type column: an invoice and a refund raise the balance, a payment and a credit note lower it.
 */
export const STATEMENT_LINE_LABELS = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  refund: 'Refund',
} as const;
export type StatementLineKind = keyof typeof STATEMENT_LINE_LABELS;
export const STATEMENT_LINE_KINDS = Object.keys(STATEMENT_LINE_LABELS) as [StatementLineKind, ...StatementLineKind[]];

/** The statement's other words, on the page, in the PDF and in the CSV alike. */
export const STATEMENT_TEXTS = {
  title: 'Statement',
  opening: 'Opening balance',
  closing: 'Closing balance',
  invoiced: 'Invoiced',
  paid: 'Paid',
  credited: 'Credited',
  refunded: 'Refunded',
  date: 'Date',
  type: 'Type',
  reference: 'Reference',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
  empty: 'Nothing was invoiced, paid or refunded this month.',
  signs: 'Invoices and refunds raise the balance; payments and credit notes lower it.',
} as const;

/** 'YYYY-MM': a calendar month, from 2000 on. */
const MONTH_SHAPE = /^2\d{3}-(0[1-9]|1[0-2])$/;

export const statementMonthParams = z.object({
  month: z
    .string({ error: INVOICE_MESSAGES.monthInvalid })
    .regex(MONTH_SHAPE, { error: INVOICE_MESSAGES.monthInvalid })
    .meta({ description: 'The month, YYYY-MM, in the account’s time zone' }),
});

/** "November 2026" of '2026-11'. */
export const monthWords = (month: string): string =>
  format(parseISO(`${month}-01`, { in: utc }), 'MMMM yyyy', { in: utc });

/** "Statement, November 2026": the page's and the PDF's title. */
export const statementTitle = (month: string): string => `${STATEMENT_TEXTS.title}, ${monthWords(month)}`;

/** Whose statement it is, by whom, in which time zone: the line under its title. */
export const statementSubtitle = ({ account_name, seller, time_zone }: Statement): string =>
  `${account_name} · ${INVOICE_TEXTS.issuedBy} ${seller.name} · ${time_zone}`;

/** The files' names: "statement-2026-11.pdf", "statement-2026-11.csv". */
export const statementFileName = (month: string, form: 'pdf' | 'csv'): string => `statement-${month}.${form}`;

const dollars = z.number().meta({ description: 'US dollars, at most two decimals' });

export const statementLineSchema = z
  .object({
    /** The day it happened in the account's time zone, 'YYYY-MM-DD'. */
    day: z.string(),
    kind: z.enum(STATEMENT_LINE_KINDS),
    /** The document's number, or the payment's transaction id. */
    reference: z.string(),
    description: z.string(),
    /** What the line does to the balance: positive raises it, negative lowers it. */
    amount: dollars,
    /** The balance after the line. */
    balance: dollars,
  })
  .meta({ id: 'StatementLine' });

/** The month's statement: closing_balance = opening_balance + the lines' amounts, and each total is its lines' sum. */
export const statementSchema = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM, a month of the account’s calendar' }),
    time_zone: z.string(),
    account_name: z.string(),
    seller: z.object({ name: z.string(), address: z.string().nullable(), tax_id: z.string().nullable() }),
    opening_balance: dollars,
    closing_balance: dollars,
    totals: z.object({ invoiced: dollars, paid: dollars, credited: dollars, refunded: dollars }),
    lines: z.array(statementLineSchema),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;

export const statementResponseSchema = answerOf(statementSchema, 'StatementResponse');
