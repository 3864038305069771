import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyError, notifyRequestError, notifySuccess } from '@/lib/notify';
import { uploadToSignedUrl } from '@/lib/uploader';
import { checkUpload, deleteMedia, requestUploadUrl } from '../../api/upload-media';
import { contentTypeOf, mediaKindOf, type StoredMedia } from '../../utils/wizard-values';

/** A file of the ad on screen: stored already, or on its way with its progress. */
export interface MediaItem extends Partial<StoredMedia> {
  id: string;
  name: string;
  kind: 'image' | 'video';
  /** The chosen file's bytes in this page, for its preview before the server has it. */
  localUrl?: string;
  /** `refused`: the server found the bytes were not what the name says and deleted the file. */
  state: 'uploading' | 'uploaded' | 'removing' | 'refused';
  /** 0–100 while uploading. */
  percent: number;
  /** Why the file was refused, shown on its tile. */
  error?: string;
}

export const isStored = (item: MediaItem): item is MediaItem & StoredMedia =>
  (item.state === 'uploaded' || item.state === 'removing') && item.key !== undefined;

/**
 * Asks the server to check a finished upload's bytes. Its refusal (a text file named .mp4, say)
 * is answered with the reason for the file's tile; any other failure leaves the file in place,
 * since saving the ad checks every file again.
 */
async function refusalOf(key: string): Promise<string | undefined> {
  try {
    await checkUpload(key);
    return undefined;
  } catch (error) {
    return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined;
  }
}

let nextId = 0;
const newId = () => `media-${++nextId}`;

/** An address to upload the file to; undefined, with the failure shown, when none could be issued. */
async function uploadAddressFor(file: File) {
  try {
    return await requestUploadUrl({
      file_name: file.name,
      file_type: contentTypeOf(file.name),
      file_size: file.size,
    });
  } catch (error) {
    notifyRequestError(error, 'Failed to fetch campaigns', 'Unknown error');
    return undefined;
  }
}

/**
 * The chosen files there is room for and whose kind is allowed, each with its tile; the others
 * are refused with a message.
 */
function acceptFiles(files: File[], room: number): [MediaItem, File][] {
  if (files.length > room) {
    notifyError('Maximum Limit Reached', MEDIA_MESSAGES.tooManyFiles);
  }
  const accepted: [MediaItem, File][] = [];
  for (const file of files.slice(0, Math.max(room, 0))) {
    const kind = mediaKindOf(file.name);
    if (!kind) {
      notifyError('Failed to upload media files', MEDIA_MESSAGES.typeNotAllowed);
      continue;
    }
    accepted.push([
      { id: newId(), name: file.name, kind, localUrl: URL.createObjectURL(file), state: 'uploading', percent: 0 },
      file,
    ]);
  }
  return accepted;
}

/** The files on screen, and the changes the uploads make to them one file at a time. */
function useMediaItems(initial: StoredMedia[]) {
  const [items, setItems] = useState<MediaItem[]>(() =>
    initial.map((media) => ({ ...media, id: newId(), state: 'uploaded', percent: 100 })),
  );
  // How many files there are, for addFiles to check the limit against without waiting for a render.
  const countRef = useRef(items.length);
  useEffect(() => {
    countRef.current = items.length;
  }, [items.length]);

  const patch = useCallback((id: string, change: Partial<MediaItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const drop = useCallback((id: string) => {
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone?.localUrl) URL.revokeObjectURL(gone.localUrl);
      return current.filter((item) => item.id !== id);
    });
  }, []);

  /** After the ad is saved: the server's list, in its order, with fresh view addresses. */
  const replaceWithStored = useCallback((stored: StoredMedia[]) => {
    setItems((current) =>
      stored.map((media) => {
        const existing = current.find((item) => item.key === media.key);
        return { ...existing, ...media, id: existing?.id ?? newId(), state: 'uploaded', percent: 100 };
      }),
    );
  }, []);

  return { items, setItems, countRef, patch, drop, replaceWithStored };
}

/**
 * The wizard's files (docs/product/campaigns.md, Ad creative and Media): each chosen file is
 * uploaded at once, straight to storage through an address the API issues, with its own
 * progress; removing a stored one deletes it from storage first.
 */
export function useMediaUploads(initial: StoredMedia[]) {
  const { items, setItems, countRef, patch, drop, replaceWithStored } = useMediaItems(initial);
  const aborts = useRef(new Map<string, AbortController>());

  // Leaving the page stops uploads still running and frees the previews' memory.
  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback(
    async (item: MediaItem, file: File) => {
      const controller = new AbortController();
      aborts.current.set(item.id, controller);
      try {
        const target = await uploadAddressFor(file);
        if (!target) {
          drop(item.id);
          return;
        }
        await uploadToSignedUrl(target, file, {
          signal: controller.signal,
          onProgress: (percent) => patch(item.id, { percent }),
        });
        const refusal = await refusalOf(target.key);
        patch(
          item.id,
          refusal
            ? { state: 'refused', percent: 100, error: refusal }
            : { state: 'uploaded', percent: 100, key: target.key },
        );
      } catch (error) {
        if (!controller.signal.aborted) notifyRequestError(error, 'Failed to upload media files', 'Unknown error');
        drop(item.id);
      } finally {
        aborts.current.delete(item.id);
      }
    },
    [drop, patch],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const accepted = acceptFiles(files, MEDIA_LIMITS.filesPerCampaign - countRef.current);
      if (accepted.length === 0) return;
      countRef.current += accepted.length;
      setItems((current) => [...current, ...accepted.map(([item]) => item)]);
      for (const [item, file] of accepted) void upload(item, file);
    },
    [countRef, setItems, upload],
  );

  const remove = useCallback(
    async (item: MediaItem) => {
      if (item.state === 'uploading' || item.state === 'refused') {
        // A refused file is gone from the server already; only its tile is left.
        aborts.current.get(item.id)?.abort();
        drop(item.id);
        return;
      }
      if (!item.key) return;
      patch(item.id, { state: 'removing' });
      try {
        await deleteMedia(item.key);
        notifySuccess('Deleted successfully', item.name);
        drop(item.id);
      } catch (error) {
        notifyRequestError(error, 'Failed to delete', 'Unknown error');
        patch(item.id, { state: 'uploaded' });
      }
    },
    [drop, patch],
  );

  return { items, addFiles, remove, replaceWithStored, uploading: items.some((item) => item.state === 'uploading') };
}
