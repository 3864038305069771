import { notificationStreamEventSchema, type Notification } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect, useRef } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { API_BASE, forgetChosenAdvertiser, lostAccount, signedInHeaders } from '@/lib/api-client';
import { advertiserStore, useChosenAdvertiser } from '@/stores/advertiser-store';
import { endSession } from '@/lib/end-session';
import { notifyInfo } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { notificationKeys } from '@/lib/query-keys';

/** After a dropped stream, the next try waits this long (the server may say otherwise with `retry:`). */
const DEFAULT_RETRY_MS = 5_000;

/**
 * Keeps the notifications current while the portal is open (docs/product/review.md, Live
 * updates; decision 014): reads `GET /api/my-notifications/stream` with fetch, so the token goes
 * in the Authorization header and never in an address. A new notification sets the unread
 * count, reloads the lists that show notifications, is announced in a toast and handed to
 * `onNotification` (the layout reloads what the news changed). A dropped
 * stream is opened again; a refused one means the session ended, and the page signs out.
 * The stream opens once the page has loaded: it never ends, so opened during the load it
 * would keep the page from ever going network-quiet and compete with the page's own requests.
 */
export function useNotificationStream(enabled: boolean, onNotification?: (notification: Notification) => void) {
  const queryClient = useQueryClient();
  // The latest callback, without opening the stream again when it changes.
  const onNotificationRef = useRef(onNotification);
  useEffect(() => {
    onNotificationRef.current = onNotification;
  });

  // A stream belongs to one advertiser account: choosing another opens a new one.
  const advertiserId = useChosenAdvertiser();

  useEffect(() => {
    if (!enabled) return;
    const stop = new AbortController();
    let retryMs = DEFAULT_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const parser = createParser({
      onRetry: (interval) => (retryMs = interval),
      onEvent: (event) => {
        if (event.event !== 'notification') return;
        const parsed = notificationStreamEventSchema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return;
        queryClient.setQueryData(notificationKeys.unread(), parsed.data.unread_count);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
        notifyInfo('New notification', parsed.data.notification.message);
        onNotificationRef.current?.(parsed.data.notification);
      },
    });

    async function connect() {
      const token = sessionStore.getState().token;
      if (!token || stop.signal.aborted) return;
      try {
        const chosen = advertiserStore.get();
        const response = await fetch(`${API_BASE}/my-notifications/stream`, {
          headers: signedInHeaders(),
          signal: stop.signal,
        });
        // 401: the session is over (signed out elsewhere, revoked, banned): so is this page's.
        if (response.status === 401 && sessionStore.getState().token === token) return endSession({ ended: true });
        // 403: the chosen account is no longer the user's; forgetting it opens the stream anew.
        if (response.status === 403 && chosen !== null && lostAccount(await response.json().catch(() => null))) {
          return forgetChosenAdvertiser(chosen);
        }
        if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
        // Anything missed while disconnected is in the list: reload it.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // A dropped connection or the page going away; the retry below decides.
      }
      parser.reset();
      if (!stop.signal.aborted) timer = setTimeout(() => void connect(), retryMs);
    }

    const cancelOpening = afterPageLoad(() => void connect());
    return () => {
      cancelOpening();
      stop.abort();
      clearTimeout(timer);
    };
  }, [enabled, queryClient, advertiserId]);
}
