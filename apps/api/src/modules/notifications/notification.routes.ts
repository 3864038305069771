import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_MESSAGES, notificationEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { NotificationHub } from './notification-hub';
import type { NotificationService } from './notification.service';

/** Each user's notifications and their live stream (docs/product/review.md, Notifications). */
export async function notificationRoutes(
  app: FastifyInstance,
  {
    notificationService,
    notificationHub,
  }: { notificationService: NotificationService; notificationHub: NotificationHub },
) {
  route(app, notificationEndpoints.listNotifications, async (request) =>
    notificationService.list(request.principal, request.query),
  );

  route(app, notificationEndpoints.markNotificationsRead, async (request) => ({
    message: NOTIFICATION_MESSAGES.marked,
    unread_count: await notificationService.markRead(request.principal, request.body.ids),
  }));

  route(app, notificationEndpoints.notificationStream, async (request, reply) => {
    const stream = await notificationHub.open(request.principal, reply.raw);
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // Proxies such as nginx would otherwise hold events back in their buffers.
        .header('x-accel-buffering', 'no')
        // A stream holds its connection until it ends; then the connection closes rather than
        // idling for reuse, so a shutdown never waits on it (EventSource reconnects anew anyway).
        .header('connection', 'close')
        .send(stream)
    );
  });
}
