import { useEffect } from 'react';
import { notifyRequestError } from '@/lib/notify';

/**
 * docs/product/insights.md, Dashboards: a part that fails to load shows the toast "Something
 * went wrong" with the server's message.
 */
export function useDashboardErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) notifyRequestError(error, 'Something went wrong');
  }, [error]);
}
