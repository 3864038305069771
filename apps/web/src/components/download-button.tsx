import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifyRequestError } from '@/lib/notify';

/**
 * A button that downloads a file the server makes (a PDF, a CSV export): busy while it comes,
 * and a "Something went wrong" toast with the server's reason when it does not.
 */
export function DownloadButton({
  download,
  pending,
  children,
  ...props
}: ButtonProps & {
  /** Starts the download; a failure is told in a toast. */
  download: (onError: (error: unknown) => void) => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={pending}
      onClick={() => download((error) => notifyRequestError(error, 'Something went wrong'))}
      {...props}
    >
      {children}
    </Button>
  );
}
