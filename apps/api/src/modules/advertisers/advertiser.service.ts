import type { BillingDetailsValues, Membership } from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import type { MembershipCheck } from '../../plugins/auth';
import type { AdvertiserRepository, MembershipRow } from './advertiser.repository';
import type { BillingRepository } from './billing.repository';

export interface AdvertiserRepositories {
  advertisers: AdvertiserRepository;
  billing: BillingRepository;
}

/**
 * The name a customer's own account takes when sign-up finishes: the company's, or the person's
 * (their e-mail until then). Owners can rename it on the team page.
 */
export function advertiserNameOf(
  user: { firstName: string | null; lastName: string | null; email: string },
  billing: BillingDetailsValues,
): string {
  if (billing.type === 'company' && billing.business_name) return billing.business_name;
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

const toMembership = (row: MembershipRow): Membership => ({
  advertiser_id: row.advertiserId,
  name: row.name,
  role: row.role,
  suspended: row.suspended,
  time_zone: row.timeZone,
});

/** Advertiser accounts and their members (docs/product/teams.md). */
export class AdvertiserService {
  constructor(private readonly options: { data: DataAccess<AdvertiserRepositories>; clock: Clock }) {}

  /** What the access hook checks on every customer request (decision 027). */
  async membership(userId: number, advertiserId: number | undefined): Promise<MembershipCheck | undefined> {
    const row = await this.options.data.repos.advertisers.membership(userId, advertiserId);
    return row && { id: row.advertiserId, role: row.role, suspended: row.suspended, timeZone: row.timeZone };
  }

  /** The caller's accounts for the switcher, the default one first. */
  async memberships(userId: number): Promise<Membership[]> {
    return (await this.options.data.repos.advertisers.memberships(userId)).map(toMembership);
  }
}
