import { invoiceEndpoints, invoiceFileName, type PaymentDocument } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { paymentKeys } from '@/lib/query-keys';

/** GET /api/invoices/{id}: an invoice or a credit note, as issued. */
const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.invoice(id),
    queryFn: async ({ signal }) => (await callApi(invoiceEndpoints.getInvoice, { params: { id }, signal })).data,
  });

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}

/**
 * GET /api/payment-documents: the invoices and credit notes of the payments shown (Payment
 * activity's page, a receipt). An invoice is issued moments after its payment, so a payment
 * shown at once may have none yet; the list is asked again when the page is next in front.
 */
export function usePaymentDocuments(paymentIds: number[]) {
  return useQuery({
    queryKey: paymentKeys.documents(paymentIds),
    queryFn: async ({ signal }) =>
      (await callApi(invoiceEndpoints.listPaymentDocuments, { query: { payment_ids: paymentIds }, signal })).data,
    enabled: paymentIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/invoices/{id}/pdf, saved under the server's name (docs/product/payments.md, Invoices). */
export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: (document: Pick<PaymentDocument, 'id' | 'kind' | 'number'>) =>
      downloadFile(
        invoiceEndpoints.getInvoicePdf,
        { params: { id: document.id } },
        invoiceFileName(document.kind, document.number),
      ),
  });
}
