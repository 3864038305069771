import { VisuallyHidden } from '@mantine/core';
import { monthWords } from '@portal/contract';
import { DownloadButton } from '@/components/download-button';
import { useDownloadStatement } from '../api/statements';

/** "Download PDF" and "Download CSV" of a month's statement (docs/product/payments.md, Statements). */
export function StatementDownloads({ month }: { month: string }) {
  const download = useDownloadStatement();
  return (['pdf', 'csv'] as const).map((form) => (
    <DownloadButton
      key={form}
      pending={download.isPending && download.variables?.form === form}
      download={(onError) => download.mutate({ month, form }, { onError })}
    >
      Download {form.toUpperCase()}
      <VisuallyHidden> of {monthWords(month)}</VisuallyHidden>
    </DownloadButton>
  ));
}
