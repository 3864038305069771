import { Button, Card, Center, Divider, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { PAYMENT_MESSAGES, paymentStatusLabel, type Receipt, type Refund } from '@portal/contract';
import { IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import logoMark from '@/assets/logo-mark.svg';
import { countryName } from '@/components/billing-form/billing-options';
import { Fact } from '@/components/fact';
import { EmptyMessage } from '@/components/panel';
import { settings } from '@/config/settings';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatUsd } from '@/lib/format';
import { useReceipt } from '../api/get-receipt';
import classes from './receipt-page.module.css';

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
  const { billing, seller } = receipt;
  return (
    <Card withBorder padding="xl" className={classes.sheet} component="article" aria-labelledby="receipt-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <img src={logoMark} alt="" width={40} height={40} />
            <Text fw={700} size="lg">
              {settings.productName}
            </Text>
          </Group>
          <Button
            className={classes.noPrint}
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
          >
            Print
          </Button>
        </Group>
        <Title order={1} size="h2" id="receipt-title">
          Receipt
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Fact label="Receipt number">{receipt.receipt_number}</Fact>
          <Fact label="Transaction ID">{receipt.transaction_id}</Fact>
          <Fact label="Date">{formatDate(receipt.created_at)}</Fact>
          <Fact label="Amount">{formatUsd(receipt.amount)}</Fact>
          <Fact label="Card">{receipt.payment_method ?? '—'}</Fact>
          <Fact label="Campaign">{receipt.campaign_name}</Fact>
          <Fact label="Status">{paymentStatusLabel(receipt.status)}</Fact>
          {receipt.refunded > 0 && <Fact label="Refunded">{formatUsd(receipt.refunded)}</Fact>}
        </SimpleGrid>
        {receipt.covers_until && <Text size="sm">Covers until {formatDate(receipt.covers_until)}</Text>}
        {receipt.refunds.length > 0 && <RefundsList refunds={receipt.refunds} />}
        <Divider />
        <div>
          <Title order={2} size="h4" mb="sm">
            Issued by
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <Fact label="Name">{seller.name}</Fact>
            {seller.address && <Fact label="Address">{seller.address}</Fact>}
            {seller.tax_id && <Fact label="Tax ID">{seller.tax_id}</Fact>}
          </SimpleGrid>
        </div>
        <div>
          <Title order={2} size="h4" mb="sm">
            Billed to
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <Fact label="Name">{billing.name}</Fact>
            <Fact label="E-mail">{billing.email}</Fact>
            {billing.company_name && <Fact label="Company">{billing.company_name}</Fact>}
            {billing.address && <Fact label="Address">{billing.address}</Fact>}
            {billing.country && <Fact label="Country">{countryName(billing.country)}</Fact>}
            {billing.tax_id && <Fact label="Tax ID">{billing.tax_id}</Fact>}
          </SimpleGrid>
        </div>
        <Text size="xs" c="dimmed">
          Amounts are in US dollars.
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /receipts/:id (docs/product/payments.md, Receipts): a payment's receipt, made to be printed,
 * on a page of its own without the portal's menu. The server answers 404 to anyone but the
 * payment's customer and administrators.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receiptId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  const receipt = useReceipt(receiptId);

  let content;
  if (receipt.data) {
    content = <ReceiptSheet receipt={receipt.data} />;
  } else if (receipt.isError) {
    const notFound = isApiError(receipt.error) && receipt.error.status === 404;
    content = (
      <Card withBorder padding="xl">
        <Title order={1} size="h3" ta="center">
          {notFound ? PAYMENT_MESSAGES.receiptNotFound : 'Something went wrong'}
        </Title>
        <EmptyMessage
          icon={<IconReceiptOff aria-hidden />}
          title={notFound ? 'There is no receipt at this address for you.' : 'The receipt could not be loaded.'}
        />
      </Card>
    );
  } else {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading the receipt" />
      </Center>
    );
  }

  return (
    <main className={classes.page}>
      <title>Receipt</title>
      {content}
    </main>
  );
}
