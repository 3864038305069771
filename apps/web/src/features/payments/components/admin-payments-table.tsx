import { Anchor, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { paymentStatusLabel, type AdminPayment } from '@portal/contract';
import { DataTable, type DataColumn } from '@/components/data-table';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { formatDate, formatUsd } from '@/lib/format';

const wrapped = (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;

/** The columns (docs/product/payments.md, Administrators' payments page); `onRefund` opens the refund dialog. */
function columns(onRefund: (payment: AdminPayment) => void): DataColumn<AdminPayment>[] {
  return [
    { key: 'date', header: 'Date', cell: (payment) => formatDate(payment.created_at), nowrap: true, card: 'lead' },
    { key: 'account', header: 'Account', cell: (payment) => wrapped(payment.advertiser_name), card: 'title' },
    {
      key: 'customer',
      header: 'Customer',
      cell: (payment) => (
        <div>
          <Text size="sm">{wrapped(payment.customer_name)}</Text>
          <Text size="xs" c="dimmed">
            {wrapped(payment.customer_email)}
          </Text>
        </div>
      ),
    },
    { key: 'campaign', header: 'Campaign', cell: (payment) => wrapped(payment.campaign_name) },
    { key: 'amount', header: 'Amount', cell: (payment) => formatUsd(payment.amount), nowrap: true, card: 'lead' },
    {
      key: 'refunded',
      header: 'Refunded',
      // Nothing refunded reads as the table's empty cell.
      cell: (payment) => (payment.refunded > 0 ? formatUsd(payment.refunded) : ''),
      nowrap: true,
    },
    { key: 'status', header: 'Status', cell: (payment) => paymentStatusLabel(payment.status), card: 'lead' },
    { key: 'card', header: 'Card', cell: (payment) => payment.payment_method, nowrap: true },
    { key: 'transaction', header: 'Transaction ID', cell: (payment) => wrapped(payment.transaction_id) },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (payment) => (
        // One above the other, so that the table fits beside the menu on a laptop's screen.
        <Stack gap={4} align="flex-start">
          <Button
            size="xs"
            variant="default"
            disabled={payment.refundable <= 0}
            aria-label={`Refund ${payment.transaction_id}`}
            onClick={() => onRefund(payment)}
          >
            Refund
          </Button>
          <Anchor href={payment.receipt_url} {...NEW_TAB_PROPS} size="sm">
            Receipt
            <VisuallyHidden> for {payment.transaction_id}</VisuallyHidden>
            <NewTabHint />
          </Anchor>
        </Stack>
      ),
    },
  ];
}

/** Every payment of the page, newest first. */
export function AdminPaymentsTable({
  payments,
  loading,
  onRefund,
}: {
  payments: AdminPayment[];
  loading: boolean;
  onRefund: (payment: AdminPayment) => void;
}) {
  return <DataTable label="Payments" columns={columns(onRefund)} rows={payments} loading={loading} minWidth={1040} />;
}
