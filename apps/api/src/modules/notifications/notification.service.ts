import type { ListQuery, Notification } from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import type { Principal } from '../../lib/principal';
import type { NotificationRepository, NotificationView } from './notification.repository';

/** Each user's notifications: reading them and marking them read (docs/product/review.md, Notifications). */
export class NotificationService {
  constructor(
    private readonly options: {
      data: DataAccess<{ notifications: NotificationRepository }>;
      clock: Clock;
      productName: string;
    },
  ) {}

  async list(principal: Principal, query: Pick<ListQuery, 'page' | 'per_page'>) {
    const { repos } = this.options.data;
    const [page, unread] = await Promise.all([
      repos.notifications.list(principal.userId, query),
      repos.notifications.unreadCount(principal.userId),
    ]);
    return { data: page.data.map((view) => this.toAnswer(view)), pagination: page.pagination, unread_count: unread };
  }

  /** Marks the caller's notifications in `ids` read (or all of them); answers the unread count left. */
  async markRead(principal: Principal, ids: number[] | undefined): Promise<number> {
    const { repos } = this.options.data;
    await repos.notifications.markRead(principal.userId, ids, this.options.clock.now());
    return repos.notifications.unreadCount(principal.userId);
  }

  /**
   * The notifications of `ids` that still exist, each with its user's unread count, for open
   * streams: two queries however many there are, since one commit may announce hundreds.
   */
  async forStreams(ids: readonly number[]): Promise<{ userId: number; notification: Notification; unread: number }[]> {
    const { repos } = this.options.data;
    const views = await repos.notifications.findMany(ids);
    const unread = await repos.notifications.unreadCounts([...new Set(views.map((view) => view.userId))]);
    return views
      .sort((a, b) => a.id - b.id)
      .map((view) => ({
        userId: view.userId,
        notification: this.toAnswer(view),
        unread: unread.get(view.userId) ?? 0,
      }));
  }

  toAnswer(view: NotificationView): Notification {
    const { sender, campaign } = view;
    return {
      id: view.id,
      message: view.message,
      event_type: view.eventType,
      created_at: view.createdAt.toISOString(),
      read_at: view.readAt ? view.readAt.toISOString() : null,
      link: view.link,
      sender: sender
        ? { name: [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.email, logo: sender.logo }
        : { name: this.options.productName, logo: null },
      campaign: campaign
        ? {
            id: campaign.id,
            campaign_name: campaign.name,
            status: campaign.approvalStatus,
            created_at: campaign.createdAt.toISOString(),
          }
        : null,
    };
  }
}
