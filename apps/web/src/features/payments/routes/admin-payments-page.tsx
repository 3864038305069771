import { Button, Card, Group, Stack } from '@mantine/core';
import type { AdminPayment } from '@portal/contract';
import { IconDownload, IconReceipt2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListPagination, ListSearch } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { useListParams } from '@/lib/use-list-params';
import { useAdminPayments, useAdminPaymentsExport } from '../api/admin-payments';
import { AdminPaymentsTable } from '../components/admin-payments-table';
import { PaymentDaysFilter, type DayFilter } from '../components/payment-days-filter';
import { RefundDialog } from '../components/refund-dialog';

const DAY_KEYS = ['from', 'to'] as const;

/** The list's filter, as the address keeps it: page, size, search and days. */
function usePaymentsFilter() {
  const params = useListParams(DAY_KEYS);
  const { page, per_page, search, from, to } = params;
  const days: DayFilter = { from, to };
  const setDays = (next: DayFilter) => {
    params.setParam('from', next.from || undefined);
    params.setParam('to', next.to || undefined);
  };
  return { page, per_page, search, days, setDays, setSearch: params.setSearch, setPage: params.setPage };
}

/**
 * /admin/payments (docs/product/payments.md, Administrators' payments page): every payment,
 * newest first, searched and filtered by days kept in the address, the same filter as a CSV
 * file, and a refund dialog for each payment.
 */
export function AdminPaymentsPage() {
  const filter = usePaymentsFilter();
  const { page, per_page, search, days } = filter;
  const list = useAdminPayments({ page, per_page, search, ...days });
  const download = useAdminPaymentsExport();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);

  const payments = list.isError ? [] : (list.data?.data ?? []);
  const loading = list.data === undefined && !list.isError;
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);
  const filtered = search !== '' || days.from !== undefined || days.to !== undefined;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm">
            <ListSearch
              label="Search by customer, account, campaign or transaction"
              applied={search}
              setSearch={filter.setSearch}
            />
            <PaymentDaysFilter key={`${days.from}/${days.to}`} days={days} onChange={filter.setDays} />
          </Group>
          {(list.data?.pagination.total ?? 0) > 0 && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(
                  { search, ...days },
                  { onError: (error) => notifyRequestError(error, 'Something went wrong') },
                )
              }
            >
              Download CSV
            </Button>
          )}
        </Group>
        {list.isError ? (
          <LoadFailedMessage what="payments" onRetry={() => void list.refetch()} />
        ) : !loading && payments.length === 0 ? (
          <EmptyMessage
            icon={<IconReceipt2 aria-hidden />}
            title="No payments found"
            description={filtered ? 'No payment matches the search and dates.' : undefined}
          />
        ) : (
          <AdminPaymentsTable payments={payments} loading={loading} onRefund={setRefunding} />
        )}
        <ListPagination label="Payments" page={page} lastPage={lastPage} setPage={filter.setPage} />
      </Stack>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </Card>
  );
}
