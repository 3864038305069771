import { Anchor, Stack, VisuallyHidden } from '@mantine/core';
import { paymentStatusLabel, type PaymentActivity, type PaymentDocument } from '@portal/contract';
import { IconReceipt } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { ListPagination } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage, Panel } from '@/components/panel';
import { formatDate, formatUsd } from '@/lib/format';
import { notifyRequestError } from '@/lib/notify';
import { useListParams } from '@/lib/use-list-params';
import { usePaymentDocuments } from '../api/invoices';
import { usePaymentActivities } from '../api/list-payment-activities';
import { DocumentLinks } from './document-links';
import { ACTIVITY_PAGE_SIZE } from '../api/list-payment-activities';

const COLUMNS: DataColumn<PaymentActivity>[] = [
  {
    key: 'transaction',
    header: 'Transaction ID',
    card: 'title',
    cell: (payment) => <span style={{ overflowWrap: 'anywhere' }}>{payment.transaction_id}</span>,
  },
  { key: 'date', header: 'Date', cell: (payment) => formatDate(payment.created_at), nowrap: true },
  {
    key: 'campaign',
    header: 'Campaign',
    cell: (payment) => <span style={{ overflowWrap: 'anywhere' }}>{payment.campaign_name}</span>,
  },
  // "Paid", not the provider's "succeeded"; "Partly refunded" or "Refunded" once refunds were made
  // (docs/product/payments.md, Payment activity).
  { key: 'status', header: 'Status', cell: (payment) => paymentStatusLabel(payment.status), card: 'lead' },
  { key: 'amount', header: 'Amount', cell: (payment) => formatUsd(payment.amount), nowrap: true, card: 'lead' },
  {
    key: 'refunded',
    header: 'Refunded',
    // What was refunded of it (docs/product/payments.md, Refunds); nothing reads as the empty cell.
    cell: (payment) => (payment.refunded > 0 ? formatUsd(payment.refunded) : ''),
    nowrap: true,
  },
  {
    key: 'method',
    header: 'Payment method',
    cell: (payment) => payment.payment_method,
    nowrap: true,
  },
  {
    key: 'actions',
    header: 'Actions',
    card: 'actions',
    cell: (payment) => (
      <Anchor href={payment.receipt_url} {...NEW_TAB_PROPS} size="sm">
        Receipt
        <VisuallyHidden> for {payment.transaction_id}</VisuallyHidden>
        <NewTabHint />
      </Anchor>
    ),
  },
];

/**
 * The columns with each payment's invoice and credit notes, once they are known: an invoice is
 * issued moments after its payment, so a payment just made may show none until the next visit.
 */
function columnsWith(documents: PaymentDocument[] | undefined): DataColumn<PaymentActivity>[] {
  const invoice: DataColumn<PaymentActivity> = {
    key: 'invoice',
    header: 'Invoice',
    cell: (payment) => {
      const own = documents?.filter((document) => document.payment_id === payment.id) ?? [];
      return own.length > 0 ? <DocumentLinks documents={own} /> : null;
    },
  };
  // Before the receipt link, the last column.
  return [...COLUMNS.slice(0, -1), invoice, ...COLUMNS.slice(-1)];
}

/**
 * Payment activity on /balance (docs/product/payments.md): the customer's payments, newest
 * first, 5 a page, each with its invoice (docs/product/payments.md, Invoices) and a link to its
 * receipt. The page is kept in the address.
 */
export function PaymentActivityPanel() {
  const { page, setPage } = useListParams();
  const list = usePaymentActivities({ page, per_page: ACTIVITY_PAGE_SIZE });

  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);

  const loading = list.data === undefined && !list.isError;
  const rows = list.isError ? [] : (list.data?.data ?? []);
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);
  const documents = usePaymentDocuments(rows.map((payment) => payment.id));
  const columns = useMemo(() => columnsWith(documents.data), [documents.data]);

  return (
    <Panel title="Payment activity">
      <Stack gap="md">
        {list.isError ? (
          <LoadFailedMessage what="payments" onRetry={() => void list.refetch()} />
        ) : !loading && rows.length === 0 ? (
          <EmptyMessage icon={<IconReceipt aria-hidden />} title="No payments to display" />
        ) : (
          <DataTable label="Payment activity" columns={columns} rows={rows} loading={loading} minWidth={1080} />
        )}
        <ListPagination label="Payment activity" page={page} lastPage={lastPage} setPage={setPage} />
      </Stack>
    </Panel>
  );
}
