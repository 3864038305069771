import { z } from 'zod';
import { gatherIndexedField, idSchema } from '../common/common.schemas';
import { paginatedResponseSchema } from '../common/list.schemas';

/** A user's notifications (docs/product/review.md, Notifications). */

export const NOTIFICATION_EVENT_TYPES = ['request', 'review', 'system', 'alert'] as const;

export const NOTIFICATION_MESSAGES = {
  idsInvalid: 'Each notification id must be a whole number',
  tooManyIds: 'At most 100 notifications can be marked at once',
  marked: 'Notifications marked as read',
} as const;

export const notificationSchema = z
  .object({
    id: z.number().int(),
    message: z.string(),
    event_type: z.enum(NOTIFICATION_EVENT_TYPES),
    created_at: z.string(),
    /** null while unread. */
    read_at: z.string().nullable(),
    /** Who it is from; the portal itself has its name and no logo. */
    sender: z.object({ name: z.string(), logo: z.string().nullable() }),
    /** The campaign it concerns, if any. */
    campaign: z
      .object({ id: z.number().int(), campaign_name: z.string(), status: z.string(), created_at: z.string() })
      .nullable(),
    /** The portal page where the user acts on it (a path), if any: alerts have one. */
    link: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = paginatedResponseSchema(notificationSchema)
  .extend({ unread_count: z.number().int() })
  .meta({ id: 'NotificationListResponse' });

const notificationId = idSchema(NOTIFICATION_MESSAGES.idsInvalid);

/** Marks the caller's notifications named in `ids` read, or all of them without `ids`. */
export const markReadRequestSchema = z
  .preprocess(
    (body) => gatherIndexedField('ids')(body ?? {}),
    z.object({
      ids: z
        .preprocess(
          (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
          z
            .array(notificationId, { error: NOTIFICATION_MESSAGES.idsInvalid })
            .max(100, { error: NOTIFICATION_MESSAGES.tooManyIds }),
        )
        .optional(),
    }),
  )
  .meta({ id: 'MarkNotificationsReadRequest' });

export const markReadResponseSchema = z
  .object({ message: z.string(), unread_count: z.number().int() })
  .meta({ id: 'MarkNotificationsReadResponse' });

/** What the stream sends: a `notification` event with the new notification and the unread count. */
export const notificationStreamEventSchema = z.object({
  notification: notificationSchema,
  unread_count: z.number().int(),
});
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;
