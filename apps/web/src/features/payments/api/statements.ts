import { invoiceEndpoints, statementFileName } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { paymentKeys } from '@/lib/query-keys';

/** GET /api/statements/{month}: the account's statement of a month of its calendar. */
export function useStatement(month: string) {
  return useQuery({
    queryKey: paymentKeys.statement(month),
    queryFn: async ({ signal }) => (await callApi(invoiceEndpoints.getStatement, { params: { month }, signal })).data,
  });
}

const FILE_ENDPOINTS = { pdf: invoiceEndpoints.getStatementPdf, csv: invoiceEndpoints.getStatementCsv } as const;

/** GET /api/statements/{month}/pdf or /csv, saved under the server's name (docs/product/payments.md, Statements). */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: ({ month, form }: { month: string; form: 'pdf' | 'csv' }) =>
      downloadFile(FILE_ENDPOINTS[form], { params: { month } }, statementFileName(month, form)),
  });
}
