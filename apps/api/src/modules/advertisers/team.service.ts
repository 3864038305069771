import {
  ADVERTISER_MESSAGES,
  ADVERTISER_ROLE_LABELS,
  REVIEW_MESSAGES,
  type AdminAdvertiser,
  type AdvertiserAudit,
  formatDate,
  INVITATION_LIFETIME_MS,
  MAX_ADVERTISER_MEMBERS,
  MAX_PENDING_INVITATIONS,
  ROLE,
  SIGNUP_STEP,
  TEAM_PAGES,
  type AdvertiserInvitation,
  type AdvertiserMember,
  type AdvertiserRole,
  type AdvertiserTeam,
  type InvitationPreview,
  type InvitationSignupValues,
  type LoginAnswer,
  type Membership,
} from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import type { InvitationRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import type { ClientInfo } from '../../lib/client-info';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import { commonPasswordError, isCommonPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { AdminPrincipal, AdvertiserPrincipal, Principal } from '../../lib/principal';
import { generateToken, hashToken } from '../../lib/tokens';
import type { AuditRepository } from '../audit';
import type { Mailer, MailRepository } from '../mail';
import { invitationNotice } from '../mail';
import type { UserRepository } from '../users';
import type { AdvertiserRepository } from './advertiser.repository';
import type { InvitationRepository } from './invitation.repository';

export interface TeamRepositories {
  advertisers: AdvertiserRepository;
  invitations: InvitationRepository;
  users: UserRepository;
  audit: AuditRepository;
  mail: MailRepository;
}

/** Tries of invitation links from one address (preview and sign-up), answered 429 past it. */
const INVITATION_TRIES_PER_ADDRESS = {
  name: 'invitation-address',
  points: 30,
  durationSeconds: 60 * 60,
} as const;
/** How an account's trail names what an administrator did. */
const ADMINISTRATOR_ACTOR = 'An administrator';
/** Lines of the audit trail a page holds. */
const TRAIL_PAGE = 50;
/** A pending invitation is sent again at most once a minute. */
const RESEND_INTERVAL_MS = 60_000;

const conflict = (message: string) => new HttpError(409, message);
const invitationGone = () => notFound(ADVERTISER_MESSAGES.invitationNotFound);

const toInvitation = (row: InvitationRow, now: Date): AdvertiserInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role ?? 'viewer',
  invited_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now.getTime(),
});

export interface TeamServiceOptions {
  data: DataAccess<TeamRepositories>;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
  limiterFactory: LimiterFactory;
  /** Signs in a new user whose invitation link proved their address (the auth module's `signInProven`). */
  signIn(userId: number, client: ClientInfo): Promise<LoginAnswer>;
}

/**
 * An advertiser account's members and invitations (docs/product/teams.md): the owners' team
 * page, the invitee's link, and the administrators' invitations of administrators.
 */
export class TeamService {
  private readonly triesPerAddress;

  constructor(private readonly options: TeamServiceOptions) {
    this.triesPerAddress = options.limiterFactory(INVITATION_TRIES_PER_ADDRESS);
  }

  async team(principal: AdvertiserPrincipal): Promise<AdvertiserTeam> {
    const { repos } = this.options.data;
    const id = principal.advertiser.id;
    const [advertiser, members, invitations] = [
      (await repos.advertisers.find(id))!,
      await repos.advertisers.members(id),
      await repos.invitations.pending(id),
    ];
    const now = this.options.clock.now();
    return {
      advertiser: {
        advertiser_id: id,
        name: advertiser.name,
        suspended: advertiser.suspendedAt !== null,
        time_zone: advertiser.timeZone,
      },
      members: members.map(toMember),
      invitations: invitations.map((row) => toInvitation(row, now)),
    };
  }

  async rename(principal: AdvertiserPrincipal, name: string): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const before = await repos.advertisers.lock(principal.advertiser.id);
      await repos.advertisers.rename(principal.advertiser.id, name);
      await this.record(repos, principal, 'team.renamed', { name: before?.name }, { name });
    });
  }

  /** The zone the account's flight dates are days of; the flight job follows it from its next round. */
  async setTimeZone(principal: AdvertiserPrincipal, timeZone: string): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const before = await repos.advertisers.lock(principal.advertiser.id);
      if (before?.timeZone === timeZone) return;
      await repos.advertisers.setTimeZone(principal.advertiser.id, timeZone);
      await this.record(
        repos,
        principal,
        'team.time_zone_changed',
        { time_zone: before?.timeZone },
        { time_zone: timeZone },
      );
    });
  }

  /** Invites the address with the role; one open invitation per address and account. */
  async invite(principal: AdvertiserPrincipal, email: string, role: AdvertiserRole): Promise<AdvertiserInvitation> {
    const { data, clock } = this.options;
    const advertiserId = principal.advertiser.id;
    const row = await data.withTransaction(async (repos) => {
      // The account's lock: the counts below hold against invitations and joins at the same time.
      const advertiser = (await repos.advertisers.lock(advertiserId))!;
      const members = await repos.advertisers.members(advertiserId);
      if (members.some((member) => member.email === email)) throw conflict(ADVERTISER_MESSAGES.alreadyMember);
      if (members.length >= MAX_ADVERTISER_MEMBERS) throw conflict(ADVERTISER_MESSAGES.tooManyMembers);
      if ((await repos.invitations.countPending(advertiserId)) >= MAX_PENDING_INVITATIONS) {
        throw conflict(ADVERTISER_MESSAGES.tooManyInvitations);
      }
      const token = generateToken();
      const now = clock.now();
      const created = await repos.invitations.create({
        advertiserId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: principal.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      });
      if (!created) throw conflict(ADVERTISER_MESSAGES.alreadyInvited);
      await this.sendInvitation(repos, principal.userId, created, token, advertiser.name);
      await this.record(repos, principal, 'team.invited', null, { email, role });
      return created;
    });
    this.options.mailer.kick();
    return toInvitation(row, clock.now());
  }

  /** A new link for a pending invitation, expired or not; the old link stops working. */
  async resend(principal: Principal, id: number, advertiserId: number | null): Promise<AdvertiserInvitation> {
    const { data, clock } = this.options;
    const row = await data.withTransaction(async (repos) => {
      const found = await repos.invitations.lockOpen(id, advertiserId);
      if (!found) throw invitationGone();
      const now = clock.now();
      const waited = now.getTime() - found.createdAt.getTime();
      if (waited < RESEND_INTERVAL_MS) {
        throw tooManyRequests(ADVERTISER_MESSAGES.resendTooSoon, Math.ceil((RESEND_INTERVAL_MS - waited) / 1000));
      }
      const token = generateToken();
      const renewed = await repos.invitations.renew(
        id,
        hashToken(token),
        now,
        new Date(now.getTime() + INVITATION_LIFETIME_MS),
      );
      const joining = advertiserId === null ? undefined : (await repos.advertisers.find(advertiserId))?.name;
      await this.sendInvitation(repos, principal.userId, renewed, token, joining);
      return renewed;
    });
    this.options.mailer.kick();
    return toInvitation(row, clock.now());
  }

  async withdraw(principal: Principal, id: number, advertiserId: number | null): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const found = await repos.invitations.lockOpen(id, advertiserId);
      if (!found) throw invitationGone();
      await repos.invitations.withdraw(id, this.options.clock.now());
      if (advertiserId !== null) {
        await this.recordIn(
          repos,
          principal.userId,
          advertiserId,
          'team.invitation_withdrawn',
          { email: found.email },
          null,
        );
      }
    });
  }

  /**
   * Changes a member's role. The account's lock runs changes one at a time, so two owners who
   * demote each other at once leave one owner: the second sees the first's change.
   */
  async changeRole(principal: AdvertiserPrincipal, userId: number, role: AdvertiserRole): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const current = await this.lockMember(repos, principal.advertiser.id, userId);
      if (current === role) return;
      if (current === 'owner') await this.keepAnOwner(repos, principal.advertiser.id);
      await repos.advertisers.setRole(principal.advertiser.id, userId, role);
      await this.record(
        repos,
        principal,
        'team.role_changed',
        { user_id: userId, role: current },
        { user_id: userId, role },
      );
    });
  }

  /** Removes a member (or, with their own id, the caller leaves); their requests lose the account at once. */
  async removeMember(principal: AdvertiserPrincipal, userId: number): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const current = await this.lockMember(repos, principal.advertiser.id, userId);
      if (current === 'owner') await this.keepAnOwner(repos, principal.advertiser.id);
      await repos.advertisers.removeMember(principal.advertiser.id, userId);
      const action = userId === principal.userId ? 'team.left' : 'team.member_removed';
      await this.record(repos, principal, action, { user_id: userId, role: current }, null);
    });
  }

  /** What an invitation link is for, before its page asks the invitee to sign in. */
  async preview(token: string, ip: string): Promise<InvitationPreview> {
    await this.limitTries(ip);
    const row = await this.openInvitation(token);
    const advertiser =
      row.advertiserId === null ? undefined : await this.options.data.repos.advertisers.find(row.advertiserId);
    return {
      advertiser_name: advertiser?.name ?? null,
      kind: row.advertiserId === null ? 'admin' : 'advertiser',
      role: row.role,
      email: row.email,
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /** A signed-in customer joins the account of an invitation sent to their address. */
  async accept(principal: Principal, token: string): Promise<Membership> {
    const { data, clock } = this.options;
    const row = await this.openInvitation(token);
    const found = await data.repos.users.findById(principal.userId);
    if (!found || found.user.email !== row.email) throw new HttpError(403, ADVERTISER_MESSAGES.invitationWrongEmail);
    // An administrator's invitation makes a new user; a customer cannot turn into one.
    if (row.advertiserId === null || found.user.roleId === ROLE.admin) {
      throw new HttpError(403, ADVERTISER_MESSAGES.invitationWrongKind);
    }
    const advertiserId = row.advertiserId;
    await data.withTransaction(async (repos) => {
      await repos.advertisers.lock(advertiserId);
      if (!(await repos.invitations.accept(row.id, clock.now()))) throw invitationGone();
      await repos.advertisers.addMember(advertiserId, principal.userId, row.role ?? 'viewer', clock.now());
      await this.recordIn(repos, principal.userId, advertiserId, 'team.joined', null, { role: row.role });
    });
    const membership = await data.repos.advertisers.membership(principal.userId, advertiserId);
    return {
      advertiser_id: advertiserId,
      name: membership!.name,
      role: membership!.role,
      suspended: membership!.suspended,
      time_zone: membership!.timeZone,
    };
  }

  /**
   * A new person's account from an invitation: the link proves the address, so sign-up's code
   * step is skipped. They join the inviting account (or become an administrator) and are
   * signed in, or asked for the second step a login would ask for; no account of their own is made.
   */
  async signUp(values: InvitationSignupValues, client: ClientInfo): Promise<LoginAnswer> {
    await this.limitTries(client.ip);
    const { data, clock } = this.options;
    const row = await this.openInvitation(values.token);
    if (await data.repos.users.emailTaken(row.email)) throw conflict(ADVERTISER_MESSAGES.invitationEmailTaken);
    if (isCommonPassword(values.password)) throw commonPasswordError('password');
    const passwordHash = await hashPassword(values.password);
    const userId = await data.withTransaction(async (repos) => {
      const now = clock.now();
      if (row.advertiserId !== null) await repos.advertisers.lock(row.advertiserId);
      if (!(await repos.invitations.accept(row.id, now))) throw invitationGone();
      const user = await repos.users.createIfAbsent({
        email: row.email,
        passwordHash,
        roleId: row.advertiserId === null ? ROLE.admin : ROLE.customer,
        firstName: values.first_name,
        lastName: values.last_name,
        registrationStep: SIGNUP_STEP.complete,
      });
      if (!user) throw conflict(ADVERTISER_MESSAGES.invitationEmailTaken);
      if (row.advertiserId !== null) {
        await repos.advertisers.addMember(row.advertiserId, user.id, row.role ?? 'viewer', now);
      }
      await repos.audit.record(
        {
          actorId: user.id,
          action: 'team.joined',
          subject:
            row.advertiserId === null ? { type: 'user', id: user.id } : { type: 'advertiser', id: row.advertiserId },
          after: { role: row.role ?? 'administrator' },
        },
        now,
      );
      return user.id;
    });
    return this.options.signIn(userId, client);
  }

  /** An administrator invites another; the same link and page as an account's invitation. */
  async inviteAdmin(principal: AdminPrincipal, email: string): Promise<AdvertiserInvitation> {
    const { data, clock } = this.options;
    if (await data.repos.users.emailTaken(email)) throw conflict(ADVERTISER_MESSAGES.invitationEmailTaken);
    const row = await data.withTransaction(async (repos) => {
      const token = generateToken();
      const now = clock.now();
      const created = await repos.invitations.create({
        advertiserId: null,
        email,
        role: null,
        tokenHash: hashToken(token),
        invitedBy: principal.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      });
      if (!created) throw conflict(ADVERTISER_MESSAGES.alreadyInvited);
      await this.sendInvitation(repos, principal.userId, created, token, undefined);
      return created;
    });
    this.options.mailer.kick();
    return toInvitation(row, clock.now());
  }

  /** One page of the account's audit trail, newest first (docs/product/teams.md, The audit trail). */
  async trail(principal: AdvertiserPrincipal, before: number | undefined): Promise<AdvertiserAudit> {
    const rows = await this.options.data.repos.audit.advertiserTrail(principal.advertiser.id, before, TRAIL_PAGE + 1);
    const page = rows.slice(0, TRAIL_PAGE);
    return {
      data: page.map((record) => ({
        id: record.id,
        action: record.action,
        // Administrators are named by their role: advertisers need not know who reviewed them.
        actor: record.actor && (record.actor.administrator ? ADMINISTRATOR_ACTOR : record.actor.name),
        subject_type: record.subject.type,
        subject_id: record.subject.id,
        campaign_name: record.campaign?.name ?? null,
        before: record.before,
        after: record.after,
        created_at: record.createdAt.toISOString(),
      })),
      next_before: rows.length > TRAIL_PAGE ? page.at(-1)!.id : null,
    };
  }

  /** A user's accounts, each with its members, for the administrators' users pages. */
  async advertisersOfUser(userId: number): Promise<AdminAdvertiser[]> {
    const { repos } = this.options.data;
    if (!(await repos.users.findById(userId))) throw notFound(REVIEW_MESSAGES.userNotFound);
    const accounts = [];
    for (const membership of await repos.advertisers.memberships(userId)) {
      accounts.push({
        advertiser_id: membership.advertiserId,
        name: membership.name,
        suspended: membership.suspended,
        trusted: membership.trusted,
        time_zone: membership.timeZone,
        members: (await repos.advertisers.members(membership.advertiserId)).map(toMember),
      });
    }
    return accounts;
  }

  /** Suspends or reinstates an account (docs/product/teams.md, Suspended accounts). */
  async setSuspended(principal: AdminPrincipal, advertiserId: number, suspended: boolean): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const now = this.options.clock.now();
      const found = await repos.advertisers.lock(advertiserId);
      if (!found) throw notFound(ADVERTISER_MESSAGES.advertiserNotFound);
      if ((found.suspendedAt !== null) === suspended) return;
      await repos.advertisers.setSuspended(advertiserId, suspended ? now : null);
      const action = suspended ? 'advertiser.suspended' : 'advertiser.reinstated';
      await this.recordIn(repos, principal.userId, advertiserId, action, null, null);
    });
  }

  /**
   * Marks an account trusted or not (docs/product/review.md, Trusted advertisers), an audited
   * action. The account's row is locked, so two administrators at once record one change each
   * only when each changed something.
   */
  async setTrusted(principal: AdminPrincipal, advertiserId: number, trusted: boolean): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const now = this.options.clock.now();
      const found = await repos.advertisers.lock(advertiserId);
      if (!found) throw notFound(ADVERTISER_MESSAGES.advertiserNotFound);
      if ((found.trustedAt !== null) === trusted) return;
      await repos.advertisers.setTrusted(advertiserId, trusted ? now : null);
      const action = trusted ? 'advertiser.trusted' : 'advertiser.untrusted';
      await this.recordIn(repos, principal.userId, advertiserId, action, { trusted: !trusted }, { trusted });
    });
  }

  async adminInvitations(): Promise<AdvertiserInvitation[]> {
    const now = this.options.clock.now();
    return (await this.options.data.repos.invitations.pending(null)).map((row) => toInvitation(row, now));
  }

  private async limitTries(ip: string): Promise<void> {
    const tries = await this.triesPerAddress.consume(ip);
    if (!tries.allowed) throw tooManyRequests(ADVERTISER_MESSAGES.invitationInvalid, tries.retryAfterSeconds);
  }

  /** The open invitation of a link: 404 for an unknown, used or withdrawn one, 410 once expired. */
  private async openInvitation(token: string): Promise<InvitationRow> {
    const row = await this.options.data.repos.invitations.findByToken(hashToken(token));
    if (!row || row.acceptedAt || row.withdrawnAt) throw notFound(ADVERTISER_MESSAGES.invitationInvalid);
    if (row.expiresAt.getTime() <= this.options.clock.now().getTime()) {
      throw new HttpError(410, ADVERTISER_MESSAGES.invitationExpired);
    }
    return row;
  }

  /** The member's role, with the account locked first (the lock every team change takes); 404 for a non-member. */
  private async lockMember(repos: TeamRepositories, advertiserId: number, userId: number): Promise<AdvertiserRole> {
    await repos.advertisers.lock(advertiserId);
    const role = await repos.advertisers.roleOf(advertiserId, userId);
    if (!role) throw notFound(ADVERTISER_MESSAGES.memberNotFound);
    return role;
  }

  /** Refuses (409) a change that would leave the account without an owner. */
  private async keepAnOwner(repos: TeamRepositories, advertiserId: number): Promise<void> {
    const { owners } = await repos.advertisers.countMembers(advertiserId);
    if (owners <= 1) throw conflict(ADVERTISER_MESSAGES.lastOwner);
  }

  private async sendInvitation(
    repos: TeamRepositories,
    inviterId: number,
    invitation: InvitationRow,
    token: string,
    advertiserName: string | undefined,
  ): Promise<void> {
    const inviter = (await repos.users.findById(inviterId))?.user;
    const inviterName =
      [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || inviter?.email || 'Someone';
    await this.options.mailer.queue(
      repos,
      invitation.email,
      invitationNotice.with({
        inviter: inviterName,
        joining: advertiserName === undefined ? 'administer the portal' : `the advertiser account ${advertiserName}`,
        role: invitation.role ? ADVERTISER_ROLE_LABELS[invitation.role].toLowerCase() : '',
        link: `${this.options.publicOrigin}${TEAM_PAGES.invitation.to(token)}`,
        expiresOn: formatDate(invitation.expiresAt),
      }),
    );
  }

  private record(
    repos: TeamRepositories,
    principal: AdvertiserPrincipal,
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    return this.recordIn(repos, principal.userId, principal.advertiser.id, action, before, after);
  }

  /** A line of the account's trail (docs/product/teams.md, The audit trail). */
  private async recordIn(
    repos: TeamRepositories,
    actorId: number,
    advertiserId: number,
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await repos.audit.record(
      { actorId, action, subject: { type: 'advertiser', id: advertiserId }, before, after },
      this.options.clock.now(),
    );
  }
}

function toMember(row: Awaited<ReturnType<AdvertiserRepository['members']>>[number]): AdvertiserMember {
  return {
    user_id: row.userId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    joined_at: row.joinedAt.toISOString(),
  };
}
