import {
  adminPaymentEndpoints,
  type AdminPaymentsFilter,
  type AdminPaymentsQuery,
  calendarDay,
  type RefundRequest,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { invalidate, paymentKeys, staleAfter } from '@/lib/query-keys';

/** GET /api/admin/payments: one page of every payment matching the search and days, newest first. */
export function useAdminPayments(query: AdminPaymentsQuery) {
  return useQuery({
    queryKey: paymentKeys.adminList(query),
    queryFn: ({ signal }) => callApi(adminPaymentEndpoints.listAdminPayments, { query, signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The name the file gets if the server does not give one: the day of the download. */
const exportFallbackName = (today = new Date()) => `payments-${calendarDay(today)}.csv`;

/** GET /api/admin/payments/export: every payment of the same search and days, as the CSV file the browser saves. */
export function useAdminPaymentsExport() {
  return useMutation({
    mutationKey: [...paymentKeys.adminLists(), 'export'],
    mutationFn: (filter: AdminPaymentsFilter) =>
      downloadFile(adminPaymentEndpoints.exportAdminPayments, { query: filter }, exportFallbackName()),
  });
}

/** POST /api/admin/payments/{id}/refunds: the list, receipts, revenue and Total spent reload, whatever the outcome. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...paymentKeys.adminLists(), 'refund'],
    mutationFn: ({ id, body }: { id: number; body: RefundRequest }) =>
      callApi(adminPaymentEndpoints.refundPayment, { params: { id }, body }),
    onSettled: () => invalidate(queryClient, staleAfter.refund()),
  });
}
