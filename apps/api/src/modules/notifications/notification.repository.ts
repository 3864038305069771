import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery, Paginated } from '@portal/contract';
import type { Database } from '../../db/database';
import { campaigns, notifications, users, type NotificationEventType } from '../../db/schema';
import { fetchPage, type WithTotal } from '../../lib/lists';

/** The NOTIFY channel that tells every process of a new notification: `{userId}:{id}`. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

export interface NewNotification {
  userId: number;
  message: string;
  eventType: NotificationEventType;
  /** null: from the portal itself. */
  senderId: number | null;
  campaignId: number | null;
  /** The advertiser account it is about; null for administrators' notices. */
  advertiserId?: number | null;
  /** The portal page where the user acts on it (a path). */
  link?: string | null;
}

/** A notification with its sender and campaign, as answers show it. */
export interface NotificationView {
  id: number;
  userId: number;
  message: string;
  eventType: NotificationEventType;
  createdAt: Date;
  readAt: Date | null;
  link: string | null;
  sender: { id: number; firstName: string | null; lastName: string | null; email: string; logo: string | null } | null;
  campaign: { id: number; name: string; approvalStatus: string; createdAt: Date } | null;
}

const sender = alias(users, 'sender');

/** The `notifications` table (docs/product/review.md, Notifications). */
export class NotificationRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes the notifications and announces each on NOTIFICATIONS_CHANNEL; both take effect
   * when the caller's transaction commits, so an open page hears only of what was kept.
   */
  async create(entries: NewNotification[], at: Date): Promise<void> {
    if (entries.length === 0) return;
    const rows = await this.db
      .insert(notifications)
      .values(entries.map((entry) => ({ ...entry, createdAt: at })))
      .returning({ id: notifications.id, userId: notifications.userId });
    const payloads = rows.map((row) => `${row.userId}:${row.id}`);
    await this.db.execute(
      sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`,
    );
  }

  private selectViews<Extra extends Record<string, SQL.Aliased | SQL>>(extra?: Extra) {
    return this.db
      .select({
        ...(extra as Extra),
        id: notifications.id,
        userId: notifications.userId,
        message: notifications.message,
        eventType: notifications.eventType,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
        link: notifications.link,
        sender: {
          id: sender.id,
          firstName: sender.firstName,
          lastName: sender.lastName,
          email: sender.email,
          logo: sender.logo,
        },
        campaign: {
          id: campaigns.id,
          name: campaigns.name,
          approvalStatus: campaigns.approvalStatus,
          createdAt: campaigns.createdAt,
        },
      })
      .from(notifications)
      .leftJoin(sender, eq(sender.id, notifications.senderId))
      .leftJoin(campaigns, eq(campaigns.id, notifications.campaignId));
  }

  /** One page of the user's notifications, newest first. */
  async list(userId: number, query: Pick<ListQuery, 'page' | 'per_page'>): Promise<Paginated<NotificationView>> {
    const mine = eq(notifications.userId, userId);
    const total = this.db.select({ total: count() }).from(notifications).where(mine);
    return fetchPage(query, {
      rows: ({ limit, offset }) =>
        this.selectViews({ total: sql<number>`(${total})`.mapWith(Number) })
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(offset) as Promise<WithTotal<NotificationView>[]>,
      count: async () => (await total)[0]!.total,
    });
  }

  /** Those of the notifications in `ids` that still exist, in no particular order. */
  async findMany(ids: readonly number[]): Promise<NotificationView[]> {
    if (ids.length === 0) return [];
    return (await this.selectViews().where(inArray(notifications.id, [...ids]))) as NotificationView[];
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row!.unread;
  }

  /** Each user's unread count, in one query; a user with none is absent from the map. */
  async unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: notifications.userId, unread: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    return new Map(rows.map((row) => [row.userId, row.unread]));
  }

  /** Marks the user's notifications read: those in `ids` (others' ids are ignored), or all. */
  async markRead(userId: number, ids: number[] | undefined, at: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === undefined ? undefined : inArray(notifications.id, ids.length > 0 ? ids : [0]),
        ),
      );
  }
}
