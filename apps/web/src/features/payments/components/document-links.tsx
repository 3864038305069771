import { Anchor, Group, Stack, VisuallyHidden } from '@mantine/core';
import { INVOICE_TITLES, invoicePath, type PaymentDocument } from '@portal/contract';
import { DownloadButton } from '@/components/download-button';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { useDownloadInvoicePdf } from '../api/invoices';

/**
 * A payment's invoice and credit notes (docs/product/payments.md, Invoices): each number opens
 * its page in a new tab, and "PDF" downloads it. On Payment activity and on the receipt.
 */
export function DocumentLinks({ documents }: { documents: PaymentDocument[] }) {
  const download = useDownloadInvoicePdf();
  return (
    <Stack gap={4}>
      {documents.map((document) => (
        <Group key={document.id} gap="xs" wrap="nowrap">
          <Anchor href={invoicePath(document.id)} {...NEW_TAB_PROPS} size="sm" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{INVOICE_TITLES[document.kind]} </VisuallyHidden>
            {document.number}
            <NewTabHint />
          </Anchor>
          <DownloadButton
            variant="subtle"
            size="compact-xs"
            pending={download.isPending && download.variables?.id === document.id}
            download={(onError) => download.mutate(document, { onError })}
          >
            PDF<VisuallyHidden> of {document.number}</VisuallyHidden>
          </DownloadButton>
        </Group>
      ))}
    </Stack>
  );
}
