import type { Readable } from 'node:stream';
import type { Statement } from '@portal/contract';
import {
  formatDay,
  formatUsd,
  INVOICE_TEXTS,
  STATEMENT_LINE_LABELS,
  STATEMENT_TEXTS,
  statementSubtitle,
  statementTitle,
} from '@portal/contract';
import { writeCsv } from '../../lib/csv';
import { type Column, heading, lines, renderPdf, table, tableRow } from './pdf-document';

/** The statement's columns, in the PDF and the CSV alike. */
const COLUMNS: Column[] = [
  { header: STATEMENT_TEXTS.date, share: 0.12 },
  { header: STATEMENT_TEXTS.type, share: 0.11 },
  // Wide enough for a Stripe payment's id (27 characters) at the table's size.
  { header: STATEMENT_TEXTS.reference, share: 0.28 },
  { header: STATEMENT_TEXTS.description, share: 0.25 },
  { header: STATEMENT_TEXTS.amount, share: 0.12, right: true },
  { header: STATEMENT_TEXTS.balance, share: 0.12, right: true },
];

/** The balances and the month's totals, a label and an amount a row. */
const TOTALS: Column[] = [
  { header: '', share: 0.25 },
  { header: '', share: 0.15, right: true },
];

/** The statement as a PDF: what its page shows (docs/product/payments.md, Statements). */
export function statementPdf(statement: Statement, productName: string, created: Date): Promise<Buffer> {
  const { seller, totals } = statement;
  return renderPdf({ title: statementTitle(statement.month), author: seller.name, created }, (doc) => {
    lines(doc, [productName]);
    doc.moveDown(0.5);
    heading(doc, statementTitle(statement.month), 18);
    lines(doc, [statementSubtitle(statement)]);
    doc.moveDown(0.5);
    for (const [label, dollars] of [
      [STATEMENT_TEXTS.opening, statement.opening_balance],
      [STATEMENT_TEXTS.invoiced, totals.invoiced],
      [STATEMENT_TEXTS.paid, totals.paid],
      [STATEMENT_TEXTS.credited, totals.credited],
      [STATEMENT_TEXTS.refunded, totals.refunded],
      [STATEMENT_TEXTS.closing, statement.closing_balance],
    ] as const) {
      tableRow(doc, TOTALS, [label, formatUsd(dollars)]);
    }
    doc.moveDown(1);
    // Smaller, so that a provider's transaction id fits its column.
    doc.fontSize(8.5);
    table(
      doc,
      COLUMNS,
      statement.lines.map((line) => [
        formatDay(line.day),
        STATEMENT_LINE_LABELS[line.kind],
        line.reference,
        line.description,
        formatUsd(line.amount),
        formatUsd(line.balance),
      ]),
      STATEMENT_TEXTS.empty,
    );
    doc.fontSize(10).moveDown(0.5);
    lines(doc, [STATEMENT_TEXTS.signs, INVOICE_TEXTS.currency]);
  });
}

/** Dollars as a spreadsheet reads them: "175.00", "-175.00". */
const plain = (dollars: number) => dollars.toFixed(2);

/**
 * The statement as CSV: a header row, the opening balance, a row per line, the closing balance.
 * Amounts are plain numbers (a negative one is not a formula); the rest is text.
 */
export function statementCsv(statement: Statement): Readable {
  const headers = COLUMNS.map((column) => column.header);
  const [date, type, reference, description, amount, balance] = headers as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const edge = (label: string, dollars: number) => ({
    [date]: '',
    [type]: label,
    [reference]: '',
    [description]: '',
    [amount]: '',
    [balance]: plain(dollars),
  });
  const rows = [
    edge(STATEMENT_TEXTS.opening, statement.opening_balance),
    ...statement.lines.map((line) => ({
      [date]: line.day,
      [type]: STATEMENT_LINE_LABELS[line.kind],
      [reference]: line.reference,
      [description]: line.description,
      [amount]: plain(line.amount),
      [balance]: plain(line.balance),
    })),
    edge(STATEMENT_TEXTS.closing, statement.closing_balance),
  ];
  async function* each() {
    yield* rows;
  }
  return writeCsv(each(), headers, new Set([amount, balance]));
}
