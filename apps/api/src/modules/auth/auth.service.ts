import {
  AUTH_MESSAGES,
  isAdminRole,
  suspendedMessage,
  type IncompleteRegistrationResponse,
  type LoginAnswer,
  type LoginResponse,
  type LoginValues,
  MAX_LIVE_SESSIONS_PER_USER,
  SESSION_ACTIVITY_STEP_MS,
  SESSION_MESSAGES,
  SIGNUP_STEP,
  type SignInChallenge,
  type SignInChallengeKind,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
  type UserSession,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { BillingDetails, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ClientInfo } from '../../lib/client-info';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/http-errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { generateToken, hashToken } from '../../lib/tokens';
import { toRegistrationUser, toUserData } from '../users';
import type { PasswordTries, TwoFactorRepository } from '../credentials';
import type { EventRepository } from '../events';
import type { NewSession, SessionRepository } from './session.repository';
import type { SignInChallengeRepository } from './sign-in-challenge.repository';
import type { SignupSessionRepository } from './signup-session.repository';
import type { UserRepository } from '../users';

const HOUR_MS = 60 * 60 * 1000;
/** docs/product/accounts.md, Sessions: 12 hours without Remember me, 30 days with it. */
export const SESSION_LIFETIME_MS = { standard: 12 * HOUR_MS, remembered: 30 * 24 * HOUR_MS } as const;

/** The tables signing in and out reads and changes. */
export interface AuthRepositories {
  users: UserRepository;
  sessions: SessionRepository;
  signupSessions: SignupSessionRepository;
  events: EventRepository;
  twoFactor: TwoFactorRepository;
  signInChallenges: SignInChallengeRepository;
}

export interface AuthServiceOptions {
  data: DataAccess<AuthRepositories>;
  clock: Clock;
  passwordTries: PasswordTries;
  supportEmail: string;
  /** REQUIRE_ADMIN_TWO_FACTOR: an administrator without two-factor sign-in must set it up to sign in. */
  requireAdminTwoFactor: boolean;
}

export function incompleteRegistrationBody(user: User, message: string): IncompleteRegistrationResponse {
  return { registration_status: 'incomplete', message, user: toRegistrationUser(user) };
}

export type LoginOutcome =
  | { kind: 'signed-in'; response: LoginResponse }
  /** The right password of a user who has a second step to take: no session yet. */
  | { kind: 'challenge'; response: SignInChallenge }
  /** A 403 with `body`, and the sign-up cookie so the browser can resume where it stopped. */
  | { kind: 'incomplete'; body: IncompleteRegistrationResponse; signupToken: string };

/** How long a browser may go on with an unfinished sign-up before logging in again. */
export const SIGNUP_SESSION_LIFETIME_MS = 24 * HOUR_MS;

export class AuthService {
  private readonly data: DataAccess<AuthRepositories>;
  private readonly clock: Clock;
  private readonly supportEmail: string;
  private readonly passwordTries: PasswordTries;
  private readonly requireAdminTwoFactor: boolean;

  constructor(options: AuthServiceOptions) {
    this.data = options.data;
    this.clock = options.clock;
    this.supportEmail = options.supportEmail;
    this.passwordTries = options.passwordTries;
    this.requireAdminTwoFactor = options.requireAdminTwoFactor;
  }

  async login(input: LoginValues, client: ClientInfo): Promise<LoginOutcome> {
    await this.passwordTries.take(input.email, client.ip);
    const found = await this.data.repos.users.findByEmail(input.email);
    const passwordMatches = found
      ? await verifyPassword(found.user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!found || !passwordMatches) throw unauthorized(AUTH_MESSAGES.invalidCredentials);

    const { user, billing } = found;
    const secondStep = await this.secondStepOf(user);
    // With a second step the account gets its tries back only once that step is passed, so
    // someone who has the password cannot reset the count between guesses at codes.
    if (!secondStep) await this.passwordTries.succeeded(input.email);
    // Told only after the password matched, so the answer reveals nothing to a stranger.
    this.refuseSuspended(user);
    if (user.registrationStep < SIGNUP_STEP.complete) {
      return {
        kind: 'incomplete',
        body: incompleteRegistrationBody(user, AUTH_MESSAGES.incompleteRegistration),
        signupToken: await this.openSignupSession(user.id),
      };
    }
    if (secondStep)
      return { kind: 'challenge', response: await this.openChallenge(user.id, secondStep, input.remember) };
    return { kind: 'signed-in', response: await this.startSession(user, billing, input.remember, client) };
  }

  /**
   * Signs in a user whose identity another proof has just established (an invitation link, which
   * proves the address): a session, or the second step a login would ask for.
   */
  async signInProven(userId: number, client: ClientInfo): Promise<LoginAnswer> {
    const { user, billing } = (await this.data.repos.users.findById(userId))!;
    const secondStep = await this.secondStepOf(user);
    if (secondStep) return this.openChallenge(user.id, secondStep, false);
    return this.startSession(user, billing, false, client);
  }

  /** A banned user's right password, or right code, signs nothing in. */
  refuseSuspended(user: User): void {
    if (!user.status) throw forbidden(suspendedMessage(this.supportEmail));
  }

  /**
   * What a right password leads to besides a session: the code of the authenticator app when
   * two-factor sign-in is on, setting it up for an administrator who must have it, or nothing.
   * Remember me never skips it.
   */
  private async secondStepOf(user: User): Promise<SignInChallengeKind | undefined> {
    const authenticator = await this.data.repos.twoFactor.find(user.id);
    if (authenticator?.enabledAt) return 'code';
    if (this.requireAdminTwoFactor && isAdminRole(user.roleId)) return 'enrolment';
    return undefined;
  }

  /** A sign-in challenge (docs/decisions/025-two-factor-sign-in.md): a random token, of which only the hash is kept. */
  private async openChallenge(userId: number, kind: SignInChallengeKind, remember: boolean): Promise<SignInChallenge> {
    const now = this.clock.now();
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + TWO_FACTOR_RULES.challengeLifetimeMs);
    await this.data.repos.signInChallenges.create({
      tokenHash: hashToken(token),
      userId,
      kind,
      remember,
      createdAt: now,
      expiresAt,
    });
    return {
      message: kind === 'code' ? TWO_FACTOR_MESSAGES.codeNeeded : TWO_FACTOR_MESSAGES.enrolmentNeeded,
      challenge: kind,
      challenge_token: token,
      expires_at: expiresAt.toISOString(),
    };
  }

  /**
   * Ends a login whose second step has just passed as a login without one ends: the account gets
   * its tries back and the session is created the same way (its history and new-device e-mail).
   */
  async completeSignIn(
    found: { user: User; billing: BillingDetails | null },
    remember: boolean,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    await this.passwordTries.succeeded(found.user.email);
    return this.startSession(found.user, found.billing, remember, client);
  }

  /** Creates a session for a user whose password (or sign-up) has just been checked. */
  async startSession(
    user: User,
    billing: BillingDetails | null,
    remember: boolean,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    const now = this.clock.now();
    const token = generateToken();
    const lifetime = remember ? SESSION_LIFETIME_MS.remembered : SESSION_LIFETIME_MS.standard;
    const session = await this.createSession(
      user,
      {
        ...client,
        userId: user.id,
        tokenHash: hashToken(token),
        remember,
        expiresAt: new Date(now.getTime() + lifetime),
      },
      now,
    );

    return {
      message: AUTH_MESSAGES.loggedIn,
      user_data: toUserData(user, billing),
      is_first_login: user.lastLoginAt === null,
      access_token: token,
      expires_at: session.expiresAt.toISOString(),
      session_info: {
        os: session.os,
        browser: session.browser,
        ip: session.ip,
        city: session.city,
        country: session.country,
      },
    };
  }

  /**
   * Writes the session, in one transaction with what follows from it: a login from a device the
   * user never signed in from records the event that e-mails them, and one beyond
   * MAX_LIVE_SESSIONS_PER_USER ends the oldest (docs/product/accounts.md, Your sessions).
   */
  private async createSession(user: User, session: NewSession, now: Date) {
    return this.data.withTransaction(async (repos) => {
      await repos.sessions.recordLogin(user.id, now);
      const history = await repos.sessions.history(user.id, session, now);
      const newDevice = history.earlier > 0 && !history.deviceSeen;
      const created = await repos.sessions.create(session, now);
      if (history.live >= MAX_LIVE_SESSIONS_PER_USER) {
        await repos.sessions.revokeBeyond(user.id, MAX_LIVE_SESSIONS_PER_USER, now);
      }
      if (newDevice) {
        const { os, browser, city, country, ip } = session;
        await repos.events.record(
          {
            type: 'account.new_sign_in',
            userId: user.id,
            payload: {
              email: user.email,
              admin: isAdminRole(user.roleId),
              os,
              browser,
              city,
              country,
              ip,
              at: now.toISOString(),
            },
          },
          now,
        );
      }
      return created;
    });
  }

  /** A sign-up cookie's token for this user (docs/decisions/007-signup-cookie.md): the sign-up steps act only with it. */
  async openSignupSession(userId: number): Promise<string> {
    const token = generateToken();
    await this.data.repos.signupSessions.create({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(this.clock.now().getTime() + SIGNUP_SESSION_LIFETIME_MS),
    });
    return token;
  }

  async endSignupSessions(userId: number): Promise<void> {
    await this.data.repos.signupSessions.deleteAllOfUser(userId);
  }

  async revokeAllSessions(userId: number): Promise<void> {
    await this.data.repos.sessions.revokeAllOfUser(userId, this.clock.now());
  }

  /** The user id a sign-up cookie's token stands for, if it is live. */
  async signupUserId(token: string | undefined): Promise<number | undefined> {
    if (!token) return undefined;
    return (await this.data.repos.signupSessions.findLive(hashToken(token), this.clock.now()))?.userId;
  }

  /** The principal behind a bearer token, or undefined for an unknown, expired or revoked one. */
  async authenticate(token: string): Promise<Principal | undefined> {
    const now = this.clock.now();
    const found = await this.data.repos.sessions.findLive(hashToken(token), now);
    if (!found || !found.user.status) return undefined;
    if (now.getTime() - found.session.lastActiveAt.getTime() >= SESSION_ACTIVITY_STEP_MS) {
      await this.data.repos.sessions.touch(found.session.id, now, SESSION_ACTIVITY_STEP_MS);
      // The cached row too, so that the next requests of this second do not write again.
      found.session.lastActiveAt = now;
    }
    return { sessionId: found.session.id, userId: found.user.id, roleId: found.user.roleId, session: found.session };
  }

  /** Of these sessions, those that still stand, read from the database in one query (for long-lived streams). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>> {
    return this.data.repos.sessions.liveAmong(sessionIds, this.clock.now());
  }

  async logout(principal: Principal): Promise<void> {
    await this.data.repos.sessions.revoke(principal.sessionId, this.clock.now());
  }

  /** The user's sessions that stand, newest first, the asking one marked. */
  async listSessions(principal: Principal): Promise<UserSession[]> {
    const rows = await this.data.repos.sessions.listLive(principal.userId, this.clock.now());
    return rows.map((row) => ({
      id: row.id,
      os: row.os,
      browser: row.browser,
      ip: row.ip,
      city: row.city,
      country: row.country,
      remember: row.remember,
      started_at: row.createdAt.toISOString(),
      last_active_at: row.lastActiveAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      current: row.id === principal.sessionId,
    }));
  }

  /** Signs another of the user's sessions out; the current one is ended by logging out. */
  async revokeSession(principal: Principal, sessionId: string): Promise<void> {
    if (sessionId === principal.sessionId) throw new HttpError(409, SESSION_MESSAGES.isCurrent);
    const revoked = await this.data.repos.sessions.revokeOfUser(principal.userId, sessionId, this.clock.now());
    // Another user's session reads the same as one that has ended: ids are not confirmed to strangers.
    if (revoked === 0) throw notFound(SESSION_MESSAGES.notFound);
  }

  /** Signs every other session of the user out; resolves with how many there were. */
  revokeOtherSessions(principal: Principal): Promise<number> {
    return this.data.repos.sessions.revokeOthersOfUser(principal.userId, principal.sessionId, this.clock.now());
  }
}
