import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MEDIA_LIMITS } from '@portal/contract';
import { notifyRequestError } from '@/lib/notify';
import { requestViewUrl } from '../../api/upload-media';

/**
 * A view address for a stored file: the one the server already gave, else a new one asked for
 * (files restored from this browser's edits have none). Addresses last an hour; they are
 * refreshed before that.
 */
export function useMediaViewUrl(key: string | undefined, known: string | undefined): string | undefined {
  const query = useQuery({
    queryKey: ['campaigns', 'media-view', key],
    queryFn: async () => (await requestViewUrl(key!)).url,
    enabled: key !== undefined && known === undefined,
    staleTime: (MEDIA_LIMITS.viewUrlSeconds - 5 * 60) * 1000,
  });
  useEffect(() => {
    if (query.error) notifyRequestError(query.error, 'Failed to load media file(s)', 'Unknown error');
  }, [query.error]);
  return known ?? query.data;
}
