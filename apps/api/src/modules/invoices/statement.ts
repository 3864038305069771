import {
  cardLabel,
  centsToDollars,
  INVOICE_TEXTS,
  STATEMENT_LINE_KINDS,
  type Statement,
  type StatementLineKind,
  todayIn,
} from '@portal/contract';
import type { InvoiceRow, PaymentRow, SellerSnapshot } from '../../db/schema';
import { receiptNumber } from '../payments';
import type { DocumentTotals } from './invoice.repository';

/** What a month's statement is made of, read by `InvoiceService.statement`. */
export interface StatementFacts {
  month: string;
  timeZone: string;
  accountName: string;
  seller: SellerSnapshot;
  /** The account's documents and payments before the month began. */
  before: DocumentTotals & { paidCents: number };
  /** Its documents issued in the month, with the numbers of the invoices its credit notes correct. */
  documents: InvoiceRow[];
  creditedNumbers: Map<number, string>;
  /** Its payments made in the month. */
  payments: PaymentRow[];
}

/** A line before the running balance is added: the instant orders it, the cents move the balance. */
interface Movement {
  at: Date;
  kind: StatementLineKind;
  id: number;
  reference: string;
  description: string;
  cents: number;
}

const KIND_ORDER = new Map(STATEMENT_LINE_KINDS.map((kind, index) => [kind, index]));

/**
 * Each document and payment as the lines it makes: an invoice raises the balance by its total, its
 * payment lowers it by the amount paid; a credit note lowers it by what it credits (its total is
 * negative) and the refund it answers, the money going back to the card, raises it by as much.
 */
function movements({ documents, creditedNumbers, payments }: StatementFacts): Movement[] {
  const fromDocuments = documents.flatMap((document): Movement[] => {
    const line = document.lines[0];
    const about = line ? `${line.description}, ${line.period}` : '';
    if (document.kind === 'invoice') {
      return [
        {
          at: document.issuedAt,
          kind: 'invoice',
          id: document.id,
          reference: document.number,
          description: about,
          cents: document.totalCents,
        },
      ];
    }
    const credited = creditedNumbers.get(document.creditedInvoiceId ?? 0) ?? '';
    return [
      {
        at: document.issuedAt,
        kind: 'credit_note',
        id: document.id,
        reference: document.number,
        description: `${INVOICE_TEXTS.credits} ${credited}: ${document.reason ?? ''}`,
        cents: document.totalCents,
      },
      {
        at: document.issuedAt,
        kind: 'refund',
        id: document.id,
        reference: receiptNumber(document.paymentId),
        description: `Back to the card, for ${document.number}`,
        cents: -document.totalCents,
      },
    ];
  });
  const fromPayments = payments.map((payment): Movement => ({
    at: payment.paidAt,
    kind: 'payment',
    id: payment.id,
    reference: payment.transactionId,
    description: [
      payment.campaignName,
      payment.cardBrand && payment.cardLast4 && cardLabel(payment.cardBrand, payment.cardLast4),
    ]
      .filter(Boolean)
      .join(', '),
    cents: -payment.amountCents,
  }));
  return [...fromDocuments, ...fromPayments].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.id - b.id,
  );
}

/** The sum of the movements of one kind, as a positive amount in cents. */
const sizeOf = (all: Movement[], kind: StatementLineKind) =>
  Math.abs(all.filter((movement) => movement.kind === kind).reduce((sum, movement) => sum + movement.cents, 0));

/**
 * The month's statement (docs/product/payments.md, Statements): the balance before it, each line
 * with the balance after it, the month's totals by kind and the closing balance. Everything is
 * added in cents, so the closing balance is the opening one plus the lines, to the cent.
 */
export function buildStatement(facts: StatementFacts): Statement {
  const { before } = facts;
  // Before the month: what was invoiced, less what was paid, less what credit notes took off
  // (their totals are negative), plus the refunds they answer, as much again.
  const refundedBefore = -before.creditedCents;
  const openingCents = before.invoicedCents - before.paidCents + before.creditedCents + refundedBefore;
  let balance = openingCents;
  const all = movements(facts);
  const lines = all.map((movement) => {
    balance += movement.cents;
    return {
      day: todayIn(facts.timeZone, movement.at),
      kind: movement.kind,
      reference: movement.reference,
      description: movement.description,
      amount: centsToDollars(movement.cents),
      balance: centsToDollars(balance),
    };
  });
  return {
    month: facts.month,
    time_zone: facts.timeZone,
    account_name: facts.accountName,
    seller: facts.seller,
    opening_balance: centsToDollars(openingCents),
    closing_balance: centsToDollars(balance),
    totals: {
      invoiced: centsToDollars(sizeOf(all, 'invoice')),
      paid: centsToDollars(sizeOf(all, 'payment')),
      credited: centsToDollars(sizeOf(all, 'credit_note')),
      refunded: centsToDollars(sizeOf(all, 'refund')),
    },
    lines,
  };
}
