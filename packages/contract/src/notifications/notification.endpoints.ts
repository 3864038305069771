import { defineEndpoints, eventStreamResponseSchema } from '../common/endpoint';
import { listQuerySchema } from '../common/list.schemas';
import { markReadRequestSchema, markReadResponseSchema, notificationListResponseSchema } from './notification.schemas';

/** Each signed-in user's own notifications (docs/product/review.md, Notifications). */
export const notificationEndpoints = defineEndpoints({
  listNotifications: {
    method: 'GET',
    path: '/my-notifications',
    access: 'user',
    tag: 'notifications',
    summary: "The caller's notifications, newest first, with the unread count",
    query: listQuerySchema.pick({ page: true, per_page: true }),
    response: notificationListResponseSchema,
    errors: [401, 422],
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/my-notifications/read',
    access: 'user',
    tag: 'notifications',
    summary: "Mark the caller's notifications read: those in `ids`, or all",
    body: markReadRequestSchema,
    response: markReadResponseSchema,
    errors: [401, 422],
  },
  notificationStream: {
    method: 'GET',
    path: '/my-notifications/stream',
    access: 'user',
    tag: 'notifications',
    summary: 'New notifications as server-sent events while the portal is open',
    description:
      'Open it with the Authorization header (fetch), never a token in the address. Each `notification` event carries `{ notification, unread_count }` as JSON; a comment line every 25 s keeps the connection open. The stream ends when the session does.',
    response: eventStreamResponseSchema,
    errors: [401],
  },
});
