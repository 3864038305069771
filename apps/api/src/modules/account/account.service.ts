import {
  ADVERTISER_MESSAGES,
  AUTH_MESSAGES,
  ACCOUNT_MESSAGES,
  type BillingDetail,
  type BillingDetailsValues,
  type CurrentSessionResponse,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fieldError, forbidden, unauthorized } from '../../lib/http-errors';
import { commonPasswordError, isCommonPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { codeError, OneTimeCodes, revokeOutstandingProofs } from '../credentials';
import type { PasswordTries } from '../credentials';
import type { Mailer } from '../mail';
import { emailChangeCode } from '../mail';
import { toUserData } from '../users';
import type { AvatarStore } from '../users';
import type { OneTimeCodeRepository } from '../credentials';
import type { ResetTokenRepository } from '../credentials';
import type { SessionRepository } from '../auth';
import type { EventRepository } from '../events';
import type { MailRepository } from '../mail';
import type { BillingRepository } from '../advertisers';
import type { UserRepository } from '../users';

/** The tables the account pages change. */
export interface AccountRepositories {
  users: UserRepository;
  billing: BillingRepository;
  codes: OneTimeCodeRepository;
  resetTokens: ResetTokenRepository;
  sessions: SessionRepository;
  events: EventRepository;
  mail: MailRepository;
}

export interface AccountServiceOptions {
  data: DataAccess<AccountRepositories>;
  clock: Clock;
  mailer: Mailer;
  avatars: AvatarStore;
  passwordTries: PasswordTries;
}

/** My account (docs/product/accounts.md, My account), for customers and administrators alike. */
export class AccountService {
  constructor(private readonly options: AccountServiceOptions) {}

  private get repos() {
    return this.options.data.repos;
  }

  currentSession({ session }: Principal): CurrentSessionResponse {
    // An API token reaches no endpoint without a token scope (plugins/auth.ts); this keeps the type true.
    if (!session) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    return {
      data: {
        os: session.os,
        browser: session.browser,
        ip: session.ip,
        city: session.city,
        country: session.country,
        created_at: session.createdAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
      },
    };
  }

  async updateNames(principal: Principal, names: { first_name: string; last_name: string }) {
    const user = await this.repos.users.update(principal.userId, {
      firstName: names.first_name,
      lastName: names.last_name,
    });
    return { first_name: user.firstName!, last_name: user.lastName! };
  }

  async updateLogo(principal: Principal, photo: Buffer): Promise<string> {
    const user = await this.user(principal);
    const logo = await this.options.avatars.replace(user.logo, photo);
    await this.repos.users.update(user.id, { logo });
    return logo;
  }

  /** The billing details of the account the request names (its permission was checked by the access hook). */
  async updateBilling(principal: Principal, billing: BillingDetailsValues): Promise<BillingDetail> {
    const user = await this.user(principal);
    // Administrators are not billed: they have no advertiser account.
    if (!principal.advertiser) throw forbidden(ADVERTISER_MESSAGES.noAccount);
    const saved = await this.repos.billing.save(principal.advertiser.id, billing);
    return toUserData(user, saved).billing_detail!;
  }

  /** Sends a code to the new address; the change happens only when that code comes back. */
  async requestEmailChange(principal: Principal, newEmail: string): Promise<void> {
    const user = await this.user(principal);
    if (newEmail === user.email) throw fieldError(422, 'new_email', ACCOUNT_MESSAGES.emailSameAsCurrent);
    if (await this.repos.users.emailTaken(newEmail)) throw fieldError(409, 'new_email', ACCOUNT_MESSAGES.emailTaken);

    const { data, clock, mailer } = this.options;
    await data.withTransaction(async (repos) => {
      const code = await new OneTimeCodes(repos).issue(user.id, 'change_email', newEmail, clock.now());
      await mailer.queue(repos, newEmail, emailChangeCode.with({ code }));
    });
    mailer.kick();
  }

  /** Checks the code sent to the new address, switches to it and tells the old address. */
  async confirmEmailChange(principal: Principal, newEmail: string, otp: string): Promise<string> {
    const user = await this.user(principal);
    const { data, clock } = this.options;
    const check = await new OneTimeCodes(data.repos).check(user.id, 'change_email', newEmail, otp, clock.now());
    if (check !== 'ok') throw codeError(check);

    await data.withTransaction(async (repos) => {
      // The address may have been taken since the code was sent.
      if (await repos.users.emailTaken(newEmail)) throw fieldError(409, 'new_email', ACCOUNT_MESSAGES.emailTaken);
      await repos.users.update(user.id, { email: newEmail });
      await revokeOutstandingProofs(repos, user.id, clock.now());
      await repos.events.record(
        { type: 'account.email_changed', userId: user.id, payload: { oldEmail: user.email, newEmail } },
        clock.now(),
      );
    });
    return newEmail;
  }

  /** Changes the password and ends every session of the user, this one included (docs/product/accounts.md, Password change). */
  async changePassword(principal: Principal, currentPassword: string, newPassword: string, ip: string): Promise<void> {
    const user = await this.user(principal);
    const { passwordTries } = this.options;
    await passwordTries.take(user.email, ip);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw fieldError(422, 'current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    await passwordTries.succeeded(user.email);
    if (newPassword === currentPassword)
      throw fieldError(422, 'new_password', ACCOUNT_MESSAGES.newPasswordSameAsCurrent);
    if (isCommonPassword(newPassword)) throw commonPasswordError('new_password');

    const passwordHash = await hashPassword(newPassword);
    const { data, clock } = this.options;
    await data.withTransaction(async (repos) => {
      await repos.users.update(user.id, { passwordHash });
      await repos.sessions.revokeAllOfUser(user.id, clock.now());
      await revokeOutstandingProofs(repos, user.id, clock.now());
      await repos.events.record(
        { type: 'account.password_changed', userId: user.id, payload: { email: user.email } },
        clock.now(),
      );
    });
  }

  private async user(principal: Principal): Promise<User> {
    const found = await this.repos.users.findById(principal.userId);
    // The session outlived its user: treat it as signed out.
    if (!found) throw unauthorized('Your session has ended. Please log in again.');
    return found.user;
  }
}
