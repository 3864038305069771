import { AUTH_MESSAGES, RECOVERY_MESSAGES } from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError, tooManyRequests } from '../../lib/http-errors';
import { commonPasswordError, isCommonPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import type { Mailer } from '../mail';
import { defineTemplate, passwordResetLinkContent } from '../mail';
import { revokeOutstandingProofs } from '../credentials';
import type { OneTimeCodeRepository } from '../credentials';
import type { ResetTokenRepository } from '../credentials';
import type { SessionRepository } from './session.repository';
import type { EventRepository } from '../events';
import type { MailRepository } from '../mail';
import type { UserRepository } from '../users';

/** The tables a password reset reads and changes. */
export interface RecoveryRepositories {
  users: UserRepository;
  resetTokens: ResetTokenRepository;
  codes: OneTimeCodeRepository;
  sessions: SessionRepository;
  events: EventRepository;
  mail: MailRepository;
}

/** docs/decisions/009-passwords-links-and-codes.md: reset links are valid for one hour and usable once. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** At most this many links a quarter-hour per account; past it nothing more is sent. */
export const RESET_LINKS_PER_ACCOUNT = { name: 'reset-link-account', points: 3, durationSeconds: 15 * 60 } as const;

/** Forgot-password requests from one address, answered 429 past it (docs/decisions/003-login-limits.md). */
export const RESET_REQUESTS_PER_ADDRESS = {
  name: 'reset-request-address',
  points: 20,
  durationSeconds: 60 * 60,
} as const;

export interface RecoveryServiceOptions {
  data: DataAccess<RecoveryRepositories>;
  clock: Clock;
  mailer: Mailer;
  limiterFactory: LimiterFactory;
  publicOrigin: string;
}

const linkInvalid = () => fieldError(422, 'linkhash', RECOVERY_MESSAGES.linkInvalid);

/** Forgotten passwords: an e-mailed link to the reset page, then a new password. */
export class RecoveryService {
  private readonly linksPerAccount;
  private readonly requestsPerAddress;

  /**
   * The reset-link message. The link is made when the message is sent, not when it is asked
   * for: the request only queues the address, so it does the same work, in the same time,
   * whether or not the address has an account. An address without one gets nothing.
   */
  private readonly resetLinkMail = defineTemplate<Record<string, never>>(
    'password_reset_link',
    async (_params, { productName }, to) => {
      const { data, clock, publicOrigin } = this.options;
      const found = await data.repos.users.findByEmail(to);
      if (!found) return null;
      const { user } = found;
      if (!(await this.linksPerAccount.consume(to)).allowed) return null;

      const token = generateToken();
      const now = clock.now();
      await data.withTransaction(async (repos) => {
        // Only the newest link works.
        await repos.resetTokens.expireAllOfUser(user.id, now);
        await repos.resetTokens.create({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
        });
      });
      // The configured origin, never the request's Host header.
      return passwordResetLinkContent(productName, `${publicOrigin}/password-setup/${token}`);
    },
  );

  constructor(private readonly options: RecoveryServiceOptions) {
    this.linksPerAccount = options.limiterFactory(RESET_LINKS_PER_ACCOUNT);
    this.requestsPerAddress = options.limiterFactory(RESET_REQUESTS_PER_ADDRESS);
    options.mailer.register(this.resetLinkMail);
  }

  /**
   * Queues a reset link for the address. The caller answers the same either way, so the answer
   * tells nobody which addresses are registered.
   */
  async requestLink(email: string, ip: string): Promise<void> {
    const { data, mailer } = this.options;
    const byAddress = await this.requestsPerAddress.consume(ip);
    if (!byAddress.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyRequests, byAddress.retryAfterSeconds);
    await mailer.queue(data.repos, email, this.resetLinkMail.with({}));
    mailer.kick();
  }

  async checkLink(linkhash: string): Promise<void> {
    const found = await this.options.data.repos.resetTokens.findUsable(hashToken(linkhash), this.options.clock.now());
    if (!found) throw linkInvalid();
  }

  /** Sets the new password and ends every session, link and code of the user (docs/decisions/009-passwords-links-and-codes.md). */
  async resetPassword(linkhash: string, password: string): Promise<void> {
    const { data, clock } = this.options;
    const tokenHash = hashToken(linkhash);
    const found = await data.repos.resetTokens.findUsable(tokenHash, clock.now());
    if (!found) throw linkInvalid();
    if (isCommonPassword(password)) throw commonPasswordError('password');

    const passwordHash = await hashPassword(password);
    await data.withTransaction(async (repos) => {
      const now = clock.now();
      if (!(await repos.resetTokens.use(tokenHash, now))) throw linkInvalid();
      const user = await repos.users.update(found.userId, { passwordHash });
      await revokeOutstandingProofs(repos, user.id, now);
      await repos.sessions.revokeAllOfUser(user.id, now);
      await repos.events.record(
        { type: 'account.password_changed', userId: user.id, payload: { email: user.email } },
        now,
      );
    });
  }
}
