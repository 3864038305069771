import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type EnrolledLoginResponse,
  isAdminRole,
  type LoginResponse,
  type SignInChallengeKind,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { BillingDetails, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ClientInfo } from '../../lib/client-info';
import { fieldError, forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import type { Principal } from '../../lib/principal';
import { hashToken } from '../../lib/tokens';
import {
  newTotpSecret,
  type PasswordTries,
  proofOf,
  qrCodeDataUrl,
  type RecoveryCodeRepository,
  SecondFactor,
  type SecondFactorProof,
  totpKeyUri,
  type TwoFactorRepository,
} from '../credentials';
import type { UserRepository } from '../users';
import type { AuthService } from './auth.service';
import type { SignInChallengeRepository } from './sign-in-challenge.repository';

/** The tables two-factor sign-in reads and changes. */
export interface TwoFactorRepositories {
  users: UserRepository;
  twoFactor: TwoFactorRepository;
  recoveryCodes: RecoveryCodeRepository;
  signInChallenges: SignInChallengeRepository;
}

export interface TwoFactorServiceOptions {
  data: DataAccess<TwoFactorRepositories>;
  clock: Clock;
  authService: AuthService;
  passwordTries: PasswordTries;
  /** The name the authenticator app shows beside the account: the product's. */
  issuer: string;
  /** REQUIRE_ADMIN_TWO_FACTOR: administrators cannot turn it off. */
  requireAdminTwoFactor: boolean;
}

/** A user as the users table reads them, with the billing details a login answer carries. */
interface Found {
  user: User;
  billing: BillingDetails | null;
}

/** What a second step of a login sends: its challenge token and the proof. */
interface SecondStep {
  challenge_token: string;
  code?: string;
  recovery_code?: string;
}

const MAX_WRONG_CODES = TWO_FACTOR_RULES.maxWrongCodes;

/**
 * Two-factor sign-in (docs/product/accounts.md, Two-factor sign-in): setting it up, recovery
 * codes and turning it off on My account, and the second step of a login, which ends in the same
 * session a login without one gets (`AuthService.completeSignIn`).
 */
export class TwoFactorService {
  constructor(private readonly options: TwoFactorServiceOptions) {}

  private get repos() {
    return this.options.data.repos;
  }

  async status(principal: Principal): Promise<TwoFactorStatus> {
    const enabledAt = (await this.repos.twoFactor.find(principal.userId))?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabled_at: enabledAt?.toISOString() ?? null,
      recovery_codes_left: enabledAt ? await this.repos.recoveryCodes.countUnused(principal.userId) : 0,
      required: this.requiredOf(principal.roleId),
    };
  }

  async startEnrolment(principal: Principal): Promise<TwoFactorEnrolment> {
    return this.enrol((await this.userOf(principal.userId)).user);
  }

  /** Turns two-factor sign-in on with the first code of the pending secret; answers the recovery codes. */
  async confirmEnrolment(principal: Principal, code: string, ip: string): Promise<string[]> {
    const { user } = await this.userOf(principal.userId);
    await this.pendingAuthenticator(user.id);
    await this.options.passwordTries.take(user.email, ip);
    const codes = await this.enable(user.id, code);
    if (!codes) {
      // Another request may have turned it on meanwhile: that is said rather than a wrong code.
      await this.pendingAuthenticator(user.id);
      throw fieldError(422, 'code', TWO_FACTOR_MESSAGES.codeWrong);
    }
    await this.options.passwordTries.succeeded(user.email);
    return codes;
  }

  /** Ten new recovery codes for a current code; the old ones stop working. */
  async regenerateRecoveryCodes(principal: Principal, code: string, ip: string): Promise<string[]> {
    const { user } = await this.userOf(principal.userId);
    await this.enabledAuthenticator(user.id);
    const { data, clock, passwordTries } = this.options;
    await passwordTries.take(user.email, ip);
    const now = clock.now();
    const codes = await data.withTransaction(async (repos) => {
      const secondFactor = new SecondFactor(repos);
      if (!(await secondFactor.check(user.id, { code }, now))) return undefined;
      return secondFactor.issueRecoveryCodes(user.id, now);
    });
    if (!codes) throw fieldError(422, 'code', TWO_FACTOR_MESSAGES.codeWrong);
    await passwordTries.succeeded(user.email);
    return codes;
  }

  /** Turns two-factor sign-in off: the password and a current code or a recovery code, as one try of the login limits. */
  async disable(principal: Principal, body: { password: string; code?: string; recovery_code?: string }, ip: string) {
    const { user } = await this.userOf(principal.userId);
    if (this.requiredOf(user.roleId)) throw forbidden(TWO_FACTOR_MESSAGES.requiredForAdmins);
    await this.enabledAuthenticator(user.id);
    const { data, clock, passwordTries } = this.options;
    await passwordTries.take(user.email, ip);
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw fieldError(422, 'password', ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    const proof = proofOf(body);
    const now = clock.now();
    const disabled = await data.withTransaction(async (repos) => {
      if (!(await new SecondFactor(repos).check(user.id, proof, now))) return false;
      await repos.twoFactor.remove(user.id);
      await repos.recoveryCodes.deleteAllOfUser(user.id);
      return true;
    });
    if (!disabled) {
      throw 'code' in proof
        ? fieldError(422, 'code', TWO_FACTOR_MESSAGES.codeWrong)
        : fieldError(422, 'recovery_code', TWO_FACTOR_MESSAGES.recoveryCodeWrong);
    }
    await passwordTries.succeeded(user.email);
  }

  /**
   * The second step of a login: the challenge's try is taken first, in one statement, so that
   * parallel guesses get no more than five between them; a right code or recovery code is used
   * up as it is accepted, and the challenge completes one sign-in only.
   */
  async verifySignIn(body: SecondStep, client: ClientInfo): Promise<LoginResponse> {
    const { challenge, found, tokenHash } = await this.takeChallengeTry(body.challenge_token, 'code', client.ip);
    const proof = proofOf(body);
    const now = this.options.clock.now();
    if (!(await new SecondFactor(this.repos).check(found.user.id, proof, now))) {
      throw await this.wrongCode(found.user.email, challenge.attempts, proof);
    }
    return this.finish(tokenHash, found, challenge.remember, client);
  }

  /** An administrator who must have two-factor sign-in sets it up within the login. */
  async startSignInEnrolment(challengeToken: string, ip: string): Promise<TwoFactorEnrolment> {
    await this.options.passwordTries.takeForAddress(ip);
    const tokenHash = hashToken(challengeToken);
    const now = this.options.clock.now();
    const challenge = await this.repos.signInChallenges.findLive(tokenHash, 'enrolment', MAX_WRONG_CODES, now);
    if (!challenge) throw await this.deadChallenge(tokenHash, 'enrolment', now);
    const found = await this.userOf(challenge.userId);
    this.options.authService.refuseSuspended(found.user);
    return this.enrol(found.user);
  }

  /** Its first code turns two-factor sign-in on and ends the login, with the recovery codes beside the session. */
  async confirmSignInEnrolment(
    body: SecondStep & { code: string },
    client: ClientInfo,
  ): Promise<EnrolledLoginResponse> {
    const { challenge, found, tokenHash } = await this.takeChallengeTry(body.challenge_token, 'enrolment', client.ip);
    await this.pendingAuthenticator(found.user.id);
    const codes = await this.enable(found.user.id, body.code);
    if (!codes) throw await this.wrongCode(found.user.email, challenge.attempts, { code: body.code });
    return { ...(await this.finish(tokenHash, found, challenge.remember, client)), recovery_codes: codes };
  }

  /** A live challenge of this kind with one of its tries taken, and its user, who must not be banned. */
  private async takeChallengeTry(challengeToken: string, kind: SignInChallengeKind, ip: string) {
    await this.options.passwordTries.takeForAddress(ip);
    const tokenHash = hashToken(challengeToken);
    const now = this.options.clock.now();
    const challenge = await this.repos.signInChallenges.takeAttempt(tokenHash, kind, MAX_WRONG_CODES, now);
    if (!challenge) throw await this.deadChallenge(tokenHash, kind, now);
    const found = await this.userOf(challenge.userId);
    this.options.authService.refuseSuspended(found.user);
    return { challenge, found, tokenHash };
  }

  /** Why a challenge was refused: tries spent, the other kind of second step, or over (expired, used, unknown). */
  private async deadChallenge(tokenHash: string, kind: SignInChallengeKind, now: Date): Promise<HttpError> {
    const challenge = await this.repos.signInChallenges.find(tokenHash);
    const live = challenge && challenge.usedAt === null && challenge.expiresAt > now;
    if (!live) return forbidden(TWO_FACTOR_MESSAGES.challengeEnded);
    if (challenge.kind !== kind) {
      return challenge.kind === 'enrolment'
        ? forbidden(TWO_FACTOR_MESSAGES.enrolmentNeeded)
        : new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    }
    return forbidden(TWO_FACTOR_MESSAGES.tooManyWrongCodes);
  }

  /**
   * A wrong code in a login's second step costs a try of the account's login limits too; the
   * one that spends the challenge's last try says so at once (403), so the page goes back to
   * the password.
   */
  private async wrongCode(email: string, attempts: number, proof: SecondFactorProof): Promise<HttpError> {
    await this.options.passwordTries.failed(email);
    if (attempts >= MAX_WRONG_CODES) return forbidden(TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    return unauthorized('code' in proof ? TWO_FACTOR_MESSAGES.codeWrong : TWO_FACTOR_MESSAGES.recoveryCodeWrong);
  }

  private async finish(tokenHash: string, found: Found, remember: boolean, client: ClientInfo) {
    if (!(await this.repos.signInChallenges.complete(tokenHash, this.options.clock.now()))) {
      throw forbidden(TWO_FACTOR_MESSAGES.challengeEnded);
    }
    return this.options.authService.completeSignIn(found, remember, client);
  }

  /** A new pending secret for the user, replacing one not yet confirmed; 409 when two-factor sign-in is on. */
  private async enrol(user: User): Promise<TwoFactorEnrolment> {
    const secret = newTotpSecret();
    if (!(await this.repos.twoFactor.startEnrolment(user.id, secret, this.options.clock.now()))) {
      throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    }
    const keyUri = totpKeyUri(this.options.issuer, user.email, secret);
    return { secret, otpauth_url: keyUri, qr_code: await qrCodeDataUrl(keyUri) };
  }

  /** Turns the pending secret on and issues the recovery codes, together; undefined for a wrong code. */
  private async enable(userId: number, code: string): Promise<string[] | undefined> {
    const now = this.options.clock.now();
    return this.options.data.withTransaction(async (repos) => {
      const secondFactor = new SecondFactor(repos);
      if (!(await secondFactor.enable(userId, code, now))) return undefined;
      return secondFactor.issueRecoveryCodes(userId, now);
    });
  }

  private async pendingAuthenticator(userId: number): Promise<void> {
    const authenticator = await this.repos.twoFactor.find(userId);
    if (!authenticator) throw new HttpError(409, TWO_FACTOR_MESSAGES.noEnrolment);
    if (authenticator.enabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  }

  private async enabledAuthenticator(userId: number): Promise<void> {
    if (!(await this.repos.twoFactor.find(userId))?.enabledAt) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
  }

  private requiredOf(roleId: number): boolean {
    return this.options.requireAdminTwoFactor && isAdminRole(roleId);
  }

  private async userOf(userId: number): Promise<Found> {
    const found = await this.repos.users.findById(userId);
    // The session or the challenge outlived its user: treat it as signed out.
    if (!found) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    return found;
  }
}
