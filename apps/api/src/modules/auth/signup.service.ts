import {
  AUTH_MESSAGES,
  ROLE,
  SIGNUP_MESSAGES,
  type AlreadyRegisteredResponse,
  type BillingDetailsValues,
  type IncompleteRegistrationResponse,
  type RegistrationUser,
  type SignupBillingResponse,
  SIGNUP_STEP,
} from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import type { DataAccess } from '../../db/transactor';
import type { User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ClientInfo } from '../../lib/client-info';
import { forbidden, HttpError, tooManyRequests } from '../../lib/http-errors';
import { commonPasswordError, isCommonPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AvatarStore } from '../users';
import type { Mailer } from '../mail';
import { signupCode } from '../mail';
import { toRegistrationUser, toUserData } from '../users';
import { incompleteRegistrationBody, type AuthService } from './auth.service';
import { codeError, OneTimeCodes } from '../credentials';
import type { PasswordTries } from '../credentials';
import type { OneTimeCodeRepository } from '../credentials';
import type { MailRepository } from '../mail';
import { advertiserNameOf, type AdvertiserRepository, type BillingRepository } from '../advertisers';
import type { UserRepository } from '../users';

/** The tables a sign-up writes: the user, their advertiser account and its billing details, their codes, the mail queue. */
export interface SignupRepositories {
  users: UserRepository;
  advertisers: AdvertiserRepository;
  billing: BillingRepository;
  codes: OneTimeCodeRepository;
  mail: MailRepository;
}

export interface SignupServiceOptions {
  data: DataAccess<SignupRepositories>;
  clock: Clock;
  authService: AuthService;
  passwordTries: PasswordTries;
  limiterFactory: LimiterFactory;
  mailer: Mailer;
  avatars: AvatarStore;
}

/** Sign-ups from one address: each sends an e-mail, so a flood is cut off (docs/decisions/003-login-limits.md). */
export const REGISTRATIONS_PER_ADDRESS = { name: 'register-address', points: 20, durationSeconds: 60 * 60 } as const;

export type RegisterOutcome =
  | { kind: 'registered'; user: RegistrationUser; signupToken: string }
  | { kind: 'incomplete'; body: IncompleteRegistrationResponse; signupToken: string }
  | { kind: 'complete'; body: AlreadyRegisteredResponse };

/**
 * Sign-up (docs/product/accounts.md, Sign-up): register, verify the
 * e-mail code, personal info, billing. Every step after register acts only for the browser
 * holding that user's sign-up cookie, and never on a finished account.
 */
export class SignupService {
  private readonly registrationsByAddress;

  constructor(private readonly options: SignupServiceOptions) {
    this.registrationsByAddress = options.limiterFactory(REGISTRATIONS_PER_ADDRESS);
  }

  async register(email: string, password: string, ip: string): Promise<RegisterOutcome> {
    const { data, authService } = this.options;
    const byAddress = await this.registrationsByAddress.consume(ip);
    if (!byAddress.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests, byAddress.retryAfterSeconds);
    const existing = await data.repos.users.findByEmail(email);
    if (existing) return this.registerExisting(existing.user, password, ip);
    if (isCommonPassword(password)) throw commonPasswordError('password');

    const passwordHash = await hashPassword(password);
    const user = await data.withTransaction(async (repos) => {
      const created = await repos.users.createIfAbsent({
        email,
        passwordHash,
        roleId: ROLE.customer,
        registrationStep: SIGNUP_STEP.accountCreated,
      });
      if (!created) return undefined;
      // Every customer who signs up owns an advertiser account (docs/product/teams.md), named
      // after them once sign-up knows their name.
      await repos.advertisers.create(email, created.id, this.options.clock.now());
      await this.sendSignupCode(repos, created);
      return created;
    });
    // Someone registered the same address between the lookup and the insert.
    if (!user) throw new HttpError(409, SIGNUP_MESSAGES.registeredElsewhere);
    this.options.mailer.kick();
    return {
      kind: 'registered',
      user: toRegistrationUser(user),
      signupToken: await authService.openSignupSession(user.id),
    };
  }

  /** The unfinished sign-up this browser's cookie stands for; 404 when there is none. */
  /** The browser's unfinished sign-up, or null when it has none. */
  async current(signupUserId: number | undefined): Promise<RegistrationUser | null> {
    const found = signupUserId === undefined ? undefined : await this.options.data.repos.users.findById(signupUserId);
    if (!found || found.user.registrationStep === SIGNUP_STEP.complete) return null;
    return toRegistrationUser(found.user);
  }

  async verifyEmail(signupUserId: number | undefined, userId: number, otp: string): Promise<void> {
    const user = await this.signupUser(signupUserId, userId);
    if (user.registrationStep !== SIGNUP_STEP.accountCreated) throw new HttpError(409, SIGNUP_MESSAGES.codeVerified);
    const now = this.options.clock.now();
    const { repos } = this.options.data;
    const check = await new OneTimeCodes(repos).check(user.id, 'verify_email', user.email, otp, now);
    if (check !== 'ok') throw codeError(check);
    await repos.users.update(user.id, {
      registrationStep: SIGNUP_STEP.emailVerified,
    });
  }

  async resendCode(signupUserId: number | undefined, userId: number): Promise<void> {
    const user = await this.signupUser(signupUserId, userId);
    if (user.registrationStep !== SIGNUP_STEP.accountCreated) throw new HttpError(409, SIGNUP_MESSAGES.codeVerified);
    await this.options.data.withTransaction((repos) => this.sendSignupCode(repos, user));
    this.options.mailer.kick();
  }

  async savePersonalInfo(
    signupUserId: number | undefined,
    userId: number,
    names: { first_name: string; last_name: string },
    photo: Buffer | undefined,
  ): Promise<RegistrationUser> {
    const user = await this.signupUser(signupUserId, userId);
    if (user.registrationStep < SIGNUP_STEP.emailVerified) throw forbidden(SIGNUP_MESSAGES.stepNotReady);
    const logo = photo ? await this.options.avatars.replace(user.logo, photo) : user.logo;
    const updated = await this.options.data.repos.users.update(user.id, {
      firstName: names.first_name,
      lastName: names.last_name,
      logo,
      registrationStep: SIGNUP_STEP.personalInfoSaved,
    });
    return toRegistrationUser(updated);
  }

  /** The last step: saves billing, finishes sign-up and signs the user in. */
  async saveBilling(
    signupUserId: number | undefined,
    userId: number,
    billing: BillingDetailsValues,
    client: ClientInfo,
    timeZone?: string,
  ): Promise<SignupBillingResponse> {
    const user = await this.signupUser(signupUserId, userId);
    if (user.registrationStep < SIGNUP_STEP.personalInfoSaved) throw forbidden(SIGNUP_MESSAGES.stepNotReady);
    const { data, authService } = this.options;
    const { completed, saved } = await data.withTransaction(async (repos) => {
      const now = this.options.clock.now();
      const advertiserId =
        (await repos.advertisers.firstOf(user.id)) ?? (await repos.advertisers.create(user.email, user.id, now)).id;
      await repos.advertisers.rename(advertiserId, advertiserNameOf(user, billing));
      if (timeZone) await repos.advertisers.setTimeZone(advertiserId, timeZone);
      const savedBilling = await repos.billing.save(advertiserId, billing);
      const done = await repos.users.update(user.id, { registrationStep: SIGNUP_STEP.complete });
      return { completed: done, saved: savedBilling };
    });
    const login = await authService.startSession(completed, saved, false, client);
    await authService.endSignupSessions(user.id);
    return {
      ...login,
      message: SIGNUP_MESSAGES.accountReady,
      billing_detail: toUserData(completed, saved).billing_detail!,
    };
  }

  /** Resend is limited to one code a minute; the answer says how long to wait. */
  private async sendSignupCode(repos: SignupRepositories, user: User): Promise<void> {
    const { clock, mailer } = this.options;
    const code = await new OneTimeCodes(repos).issue(user.id, 'verify_email', user.email, clock.now());
    await mailer.queue(repos, user.email, signupCode.with({ code }));
  }

  private async registerExisting(user: User, password: string, ip: string): Promise<RegisterOutcome> {
    if (user.registrationStep === SIGNUP_STEP.complete) {
      return {
        kind: 'complete',
        body: { registration_status: 'complete', message: SIGNUP_MESSAGES.alreadyRegistered },
      };
    }
    // Resuming hands out a sign-up cookie, so it needs the password the account was made with,
    // and each guess of it counts against the same limits as a login.
    await this.options.passwordTries.take(user.email, ip);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new HttpError(409, SIGNUP_MESSAGES.registeredElsewhere);
    await this.options.passwordTries.succeeded(user.email);
    return {
      kind: 'incomplete',
      body: incompleteRegistrationBody(user, SIGNUP_MESSAGES.resume),
      signupToken: await this.options.authService.openSignupSession(user.id),
    };
  }

  private async signupUser(signupUserId: number | undefined, userId: number): Promise<User> {
    if (signupUserId === undefined || signupUserId !== userId) throw forbidden(SIGNUP_MESSAGES.signupSessionMissing);
    const found = await this.options.data.repos.users.findById(userId);
    if (!found) throw forbidden(SIGNUP_MESSAGES.signupSessionMissing);
    if (found.user.registrationStep === SIGNUP_STEP.complete) throw forbidden(SIGNUP_MESSAGES.alreadyComplete);
    return found.user;
  }
}
