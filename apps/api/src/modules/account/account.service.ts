import {
  ACCOUNT_MESSAGES,
  SIGNUP_MESSAGES,
  type BillingDetail,
  type BillingDetailsValues,
  type CurrentSessionResponse,
} from '@portal/contract';
import type { Database } from '../../db/database';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { isCommonPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AuthRepository } from '../auth/auth.repository';
import { toUserData, type Principal } from '../auth/auth.service';
import { OneTimeCodes } from '../auth/one-time-codes';
import type { PasswordTries } from '../auth/password-tries';
import { codeError, commonPasswordError } from '../auth/signup.service';
import type { Mailer } from '../mail/mail.service';
import { emailChangeCode, emailChangedNotice, passwordChangedNotice } from '../mail/mail.templates';
import { AccountRepository } from './account.repository';
import type { AvatarStore } from './avatar-store';

export interface AccountServiceOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  avatars: AvatarStore;
  passwordTries: PasswordTries;
}

const fieldError = (status: number, field: string, message: string) =>
  new HttpError(status, message, { errors: { [field]: [message] } });

/** My account (docs/product/accounts.md, My account), for customers and administrators alike. */
export class AccountService {
  constructor(private readonly options: AccountServiceOptions) {}

  private get repository() {
    return new AccountRepository(this.options.db);
  }

  async currentSession(principal: Principal): Promise<CurrentSessionResponse> {
    const session = await this.repository.findSession(principal.sessionId);
    if (!session) throw notFound('Session not found');
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
    const user = await this.repository.updateUser(principal.userId, {
      firstName: names.first_name,
      lastName: names.last_name,
    });
    return { first_name: user.firstName!, last_name: user.lastName! };
  }

  async updateLogo(principal: Principal, photo: Buffer): Promise<string> {
    const user = await this.user(principal);
    const logo = await this.options.avatars.replace(user.logo, photo);
    await this.repository.updateUser(user.id, { logo });
    return logo;
  }

  async updateBilling(principal: Principal, billing: BillingDetailsValues): Promise<BillingDetail> {
    const user = await this.user(principal);
    const saved = await this.repository.saveBilling(user.id, billing);
    return toUserData(user, saved).billing_detail!;
  }

  /** Sends a code to the new address; the change happens only when that code comes back. */
  async requestEmailChange(principal: Principal, newEmail: string): Promise<void> {
    const user = await this.user(principal);
    if (newEmail === user.email) throw fieldError(422, 'new_email', ACCOUNT_MESSAGES.emailSameAsCurrent);
    if (await this.repository.findUserByEmail(newEmail))
      throw fieldError(409, 'new_email', ACCOUNT_MESSAGES.emailTaken);

    const { db, clock, mailer } = this.options;
    await db.transaction(async (tx) => {
      const codes = new OneTimeCodes(tx);
      const now = clock.now();
      const wait = await codes.cooldownSeconds(user.id, 'change_email', now);
      if (wait > 0) throw tooManyRequests(SIGNUP_MESSAGES.codeCooldown(wait), wait);
      const code = await codes.issue(user.id, 'change_email', newEmail, now);
      await mailer.queue(tx, newEmail, emailChangeCode.with({ code }));
    });
    mailer.kick();
  }

  /** Checks the code sent to the new address, switches to it and tells the old address. */
  async confirmEmailChange(principal: Principal, newEmail: string, otp: string): Promise<string> {
    const user = await this.user(principal);
    const { db, clock, mailer } = this.options;
    const check = await new OneTimeCodes(db).check(user.id, 'change_email', newEmail, otp, clock.now());
    if (check !== 'ok') throw codeError(check);

    await db.transaction(async (tx) => {
      const repository = new AccountRepository(tx);
      // The address may have been taken since the code was sent.
      if (await repository.findUserByEmail(newEmail)) throw fieldError(409, 'new_email', ACCOUNT_MESSAGES.emailTaken);
      await repository.updateUser(user.id, { email: newEmail });
      await new AuthRepository(tx).revokeOutstandingProofs(user.id, clock.now());
      await mailer.queue(tx, user.email, emailChangedNotice.with({ newEmail }));
    });
    mailer.kick();
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
    const { db, clock, mailer } = this.options;
    await db.transaction(async (tx) => {
      await new AccountRepository(tx).updateUser(user.id, { passwordHash });
      const auth = new AuthRepository(tx);
      await auth.revokeAllSessions(user.id, clock.now());
      await auth.revokeOutstandingProofs(user.id, clock.now());
      await mailer.queue(tx, user.email, passwordChangedNotice.with({}));
    });
    mailer.kick();
  }

  private async user(principal: Principal): Promise<User> {
    const found = await this.repository.findUserById(principal.userId);
    // The session outlived its user: treat it as signed out.
    if (!found) throw unauthorized('Your session has ended. Please log in again.');
    return found.user;
  }
}
