import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { campaignKeys } from '@/lib/query-keys';
import { localEdits, type StoredMedia } from '../../utils/wizard-values';
import type { WizardState } from '../../utils/wizard-state';
import { isStored, type MediaItem } from './use-media-uploads';

/** docs/product/campaigns.md, New-campaign wizard: edits are written this long after the last change. */
const AUTOSAVE_DELAY_MS = 1000;

/**
 * This browser's copy of the wizard's edits, written a second after the last change:
 * `scheduleWrite` after a change the user made, `onWritten` once it is written, and `forget`
 * when the draft is published or cancelled.
 */
export function useLocalEdits(
  userId: number,
  { draftId, details, ad }: Pick<WizardState, 'draftId' | 'details' | 'ad'>,
  media: readonly MediaItem[],
  onWritten: () => void,
) {
  const queryClient = useQueryClient();
  const writeEdits = useDebouncedCallback(
    () => {
      const stored: StoredMedia[] = media.filter(isStored).map(({ key, name, kind }) => ({ key, name, kind }));
      localEdits.write(userId, { draftId, details, ad, media: stored });
      onWritten();
    },
    { delay: AUTOSAVE_DELAY_MS, flushOnUnmount: true },
  );
  // Uploads finish, and the draft gets its id, outside any handler: written the same way.
  const firstRender = useRef(true);
  const storedKeys = media
    .filter(isStored)
    .map((item) => item.key)
    .join();
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    writeEdits();
  }, [storedKeys, draftId, writeEdits]);

  const forget = () => {
    writeEdits.cancel();
    localEdits.clear(userId);
    queryClient.setQueryData(campaignKeys.draft(), { data: null });
  };
  return { scheduleWrite: writeEdits, forget };
}
