import { Divider, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { PAYMENT_MESSAGES, paymentStatusLabel, type Receipt, type Refund } from '@portal/contract';
import { Fact } from '@/components/fact';
import { formatDate, formatUsd } from '@/lib/format';
import { useReceipt } from '../api/get-receipt';
import { usePaymentDocuments } from '../api/invoices';
import { DocumentLinks } from '../components/document-links';
import { DocumentSheet, Parties, PrintableDocument, usePageId } from '../components/printable-document';

/** The refunds made of the payment, oldest first (docs/product/payments.md, Refunds). */
function RefundsList({ refunds }: { refunds: Refund[] }) {
  return (
    <div>
      <Title order={2} size="h4" mb="sm">
        Refunds
      </Title>
      <Table aria-label="Refunds" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(refund.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsd(refund.amount)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{refund.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const documents = usePaymentDocuments([receipt.id]);
  return (
    <DocumentSheet titleId="receipt-title" title="Receipt">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Fact label="Receipt number">{receipt.receipt_number}</Fact>
        <Fact label="Transaction ID">{receipt.transaction_id}</Fact>
        <Fact label="Date">{formatDate(receipt.created_at)}</Fact>
        <Fact label="Amount">{formatUsd(receipt.amount)}</Fact>
        <Fact label="Card">{receipt.payment_method ?? '—'}</Fact>
        <Fact label="Campaign">{receipt.campaign_name}</Fact>
        <Fact label="Status">{paymentStatusLabel(receipt.status)}</Fact>
        {receipt.refunded > 0 && <Fact label="Refunded">{formatUsd(receipt.refunded)}</Fact>}
        {documents.data && documents.data.length > 0 && (
          <Fact label="Invoice">
            <DocumentLinks documents={documents.data} />
          </Fact>
        )}
      </SimpleGrid>
      {receipt.covers_until && <Text size="sm">Covers until {formatDate(receipt.covers_until)}</Text>}
      {receipt.refunds.length > 0 && <RefundsList refunds={receipt.refunds} />}
      <Divider />
      <Parties seller={receipt.seller} billing={receipt.billing} />
    </DocumentSheet>
  );
}

/**
 * /receipts/:id (docs/product/payments.md, Receipts): a payment's receipt, made to be printed,
 * on a page of its own without the portal's menu, with its invoice (and credit notes) to open or
 * download. The server answers 404 to anyone but the payment's customer and administrators.
 */
export function ReceiptPage() {
  const receipt = useReceipt(usePageId());
  return (
    <PrintableDocument
      pageTitle="Receipt"
      what="receipt"
      query={receipt}
      notFoundTitle={PAYMENT_MESSAGES.receiptNotFound}
      render={(data) => <ReceiptSheet receipt={data} />}
    />
  );
}
