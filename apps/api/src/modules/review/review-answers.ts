import { centsToDollars } from '@portal/contract';
import type { HistoryEntry, ListedUser } from '@portal/contract';
import type { User } from '../../db/schema';
import type { AuditRecord } from '../audit';

/** An audit row as a History line. */
export const toHistoryEntry = (record: AuditRecord): HistoryEntry => ({
  id: record.id,
  action: record.action,
  actor: record.actor,
  before: record.before,
  after: record.after,
  campaign: record.campaign && { id: record.campaign.id, campaign_name: record.campaign.name },
  created_at: record.createdAt.toISOString(),
});

/** A row of the Registered Users table; total spent is the sum of the user's payments less refunds (docs/product/payments.md). */
export const toListedUser = (user: User, spentCents: number): ListedUser => ({
  id: user.id,
  first_name: user.firstName ?? '',
  last_name: user.lastName ?? '',
  email: user.email,
  total_spent: centsToDollars(spentCents),
  status: user.status,
  type: user.roleId,
});
