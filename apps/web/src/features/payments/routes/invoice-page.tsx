import { Anchor, Divider, SimpleGrid, Table } from '@mantine/core';
import {
  INVOICE_MESSAGES,
  INVOICE_TEXTS,
  INVOICE_TITLES,
  invoicePath,
  receiptPath,
  taxLabel,
  type Invoice,
} from '@portal/contract';
import { DownloadButton } from '@/components/download-button';
import { Fact } from '@/components/fact';
import { ScrollRegion } from '@/components/scroll-region';
import { formatDate, formatUsd } from '@/lib/format';
import { useDownloadInvoicePdf, useInvoice } from '../api/invoices';
import { DocumentSheet, Parties, PrintableDocument, usePageId } from '../components/printable-document';

/** Its number and date, the receipt of the payment it answers; a credit note's invoice and reason. */
function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label={INVOICE_TEXTS.number}>{invoice.number}</Fact>
      <Fact label={INVOICE_TEXTS.date}>{formatDate(invoice.issued_at)}</Fact>
      <Fact label={INVOICE_TEXTS.receipt}>
        <Anchor href={receiptPath(invoice.payment_id)} size="sm">
          {invoice.receipt_number}
        </Anchor>
      </Fact>
      {invoice.credits && (
        <Fact label={INVOICE_TEXTS.credits}>
          <Anchor href={invoicePath(invoice.credits.id)} size="sm">
            {invoice.credits.number}
          </Anchor>
        </Fact>
      )}
      {invoice.reason && <Fact label={INVOICE_TEXTS.reason}>{invoice.reason}</Fact>}
    </SimpleGrid>
  );
}

/** The lines, then the subtotal, the tax and the total, as the PDF prints them. */
function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const total = (label: string, amount: number, bold = false) => (
    <Table.Tr>
      <Table.Th scope="row" colSpan={2} ta="right" fw={bold ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={bold ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {formatUsd(amount)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <ScrollRegion label={`${INVOICE_TITLES[invoice.kind]} lines`} minWidth={480}>
      <Table aria-label={`${INVOICE_TITLES[invoice.kind]} lines`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{INVOICE_TEXTS.description}</Table.Th>
            <Table.Th>{INVOICE_TEXTS.period}</Table.Th>
            <Table.Th ta="right">{INVOICE_TEXTS.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description}</Table.Td>
              <Table.Td>{line.period}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatUsd(line.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {total(INVOICE_TEXTS.subtotal, invoice.subtotal)}
          {total(taxLabel(invoice.tax_rate, invoice.tax_mode), invoice.tax)}
          {total(INVOICE_TEXTS.total, invoice.total, true)}
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const download = useDownloadInvoicePdf();
  const pdf = (
    <DownloadButton pending={download.isPending} download={(onError) => download.mutate(invoice, { onError })}>
      Download PDF
    </DownloadButton>
  );
  return (
    <DocumentSheet titleId="invoice-title" title={INVOICE_TITLES[invoice.kind]} actions={pdf}>
      <InvoiceFacts invoice={invoice} />
      <Divider />
      <Parties seller={invoice.seller} billing={invoice.billing} />
      <InvoiceLines invoice={invoice} />
    </DocumentSheet>
  );
}

/**
 * /invoices/:id (docs/product/payments.md, Invoices): an invoice or a credit note as issued, made
 * to be printed, with its PDF to download. The server answers 404 to anyone but the members of
 * its account who manage billing and administrators.
 */
export function InvoicePage() {
  const invoice = useInvoice(usePageId());
  return (
    <PrintableDocument
      pageTitle={invoice.data ? `${INVOICE_TITLES[invoice.data.kind]} ${invoice.data.number}` : 'Invoice'}
      what="invoice"
      query={invoice}
      notFoundTitle={INVOICE_MESSAGES.notFound}
      render={(data) => <InvoiceSheet invoice={data} />}
    />
  );
}
