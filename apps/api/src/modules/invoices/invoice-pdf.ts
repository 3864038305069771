import {
  countryName,
  formatDate,
  formatUsd,
  INVOICE_TEXTS,
  INVOICE_TITLES,
  type Invoice,
  taxLabel,
} from '@portal/contract';
import {
  BOLD,
  type Column,
  contentWidth,
  facts,
  FONT,
  heading,
  left,
  lines,
  type Pdf,
  renderPdf,
  table,
  tableRow,
} from './pdf-document';

/** The number, the date and the receipt; on a credit note, the invoice it corrects and why. */
function documentFacts(doc: Pdf, invoice: Invoice): void {
  facts(doc, [
    [INVOICE_TEXTS.number, invoice.number],
    [INVOICE_TEXTS.date, formatDate(invoice.issued_at)],
    [INVOICE_TEXTS.receipt, invoice.receipt_number],
  ]);
  if (invoice.credits) {
    facts(doc, [
      [INVOICE_TEXTS.credits, invoice.credits.number],
      [INVOICE_TEXTS.reason, invoice.reason ?? ''],
    ]);
  }
}

/** The seller and the buyer side by side, as they were when the document was issued. */
function parties(doc: Pdf, { seller, billing }: Invoice): void {
  const top = doc.y;
  const half = contentWidth(doc) / 2;
  heading(doc, INVOICE_TEXTS.issuedBy, 11);
  lines(
    doc,
    [seller.name, seller.address, seller.tax_id && `${INVOICE_TEXTS.taxId} ${seller.tax_id}`],
    left,
    half - 10,
  );
  const sellerBottom = doc.y;
  doc.y = top;
  doc
    .font(BOLD)
    .fontSize(11)
    .text(INVOICE_TEXTS.billedTo, left + half, top);
  doc.font(FONT).fontSize(10).moveDown(0.3);
  lines(
    doc,
    [
      billing.name,
      billing.email,
      billing.company_name,
      billing.address,
      billing.country && countryName(billing.country),
      billing.tax_id && `${INVOICE_TEXTS.taxId} ${billing.tax_id}`,
    ],
    left + half,
    half - 10,
  );
  doc.x = left;
  doc.y = Math.max(sellerBottom, doc.y) + 14;
}

const LINE_COLUMNS: Column[] = [
  { header: INVOICE_TEXTS.description, share: 0.4 },
  { header: INVOICE_TEXTS.period, share: 0.4 },
  { header: INVOICE_TEXTS.amount, share: 0.2, right: true },
];

/** The lines, then the subtotal, the tax and the total under the amounts. */
function amounts(doc: Pdf, invoice: Invoice): void {
  table(
    doc,
    LINE_COLUMNS,
    invoice.lines.map((line) => [line.description, line.period, formatUsd(line.amount)]),
  );
  const totals: Column[] = [{ header: '', share: 0.8, right: true }, LINE_COLUMNS[2]!];
  tableRow(doc, totals, [INVOICE_TEXTS.subtotal, formatUsd(invoice.subtotal)]);
  tableRow(doc, totals, [taxLabel(invoice.tax_rate, invoice.tax_mode), formatUsd(invoice.tax)]);
  tableRow(doc, totals, [INVOICE_TEXTS.total, formatUsd(invoice.total)], BOLD);
}

/**
 * An invoice or a credit note as a PDF: what its page shows (docs/product/payments.md,
 * Invoices), under the product's name.
 */
export function invoicePdf(invoice: Invoice, productName: string): Promise<Buffer> {
  const title = INVOICE_TITLES[invoice.kind];
  return renderPdf(
    { title: `${title} ${invoice.number}`, author: invoice.seller.name, created: new Date(invoice.issued_at) },
    (doc) => {
      lines(doc, [productName]);
      doc.moveDown(0.5);
      heading(doc, title, 20);
      documentFacts(doc, invoice);
      parties(doc, invoice);
      amounts(doc, invoice);
      doc.moveDown(1);
      lines(doc, [INVOICE_TEXTS.currency]);
    },
  );
}
