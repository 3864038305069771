import { RECOVERY_MESSAGES } from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { isCommonPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import { AccountRepository } from '../account/account.repository';
import type { Mailer } from '../mail/mail.service';
import { mailTemplates } from '../mail/mail.templates';
import { AuthRepository } from './auth.repository';
import { commonPasswordError } from './signup.service';

/** DECISIONS.md: reset links are valid for one hour and usable once. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** At most this many links a quarter-hour per address; past it the answer stays the same but nothing is sent. */
export const RESET_LINKS_PER_ACCOUNT = { name: 'reset-link-account', points: 3, durationSeconds: 15 * 60 } as const;

export interface RecoveryServiceOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiterFactory: LimiterFactory;
  productName: string;
  supportEmail: string;
  publicOrigin: string;
}

const linkInvalid = () =>
  new HttpError(422, RECOVERY_MESSAGES.linkInvalid, { errors: { linkhash: [RECOVERY_MESSAGES.linkInvalid] } });

/** Forgotten passwords: an e-mailed link to the reset page, then a new password. */
export class RecoveryService {
  private readonly linksPerAccount;

  constructor(private readonly options: RecoveryServiceOptions) {
    this.linksPerAccount = options.limiterFactory(RESET_LINKS_PER_ACCOUNT);
  }

  /**
   * Sends a reset link if the address has an account. The caller answers the same either way,
   * so the answer tells nobody which addresses are registered.
   */
  async requestLink(email: string): Promise<void> {
    const { db, clock, mailer, productName, publicOrigin } = this.options;
    const user = await new AccountRepository(db).findUserByEmail(email);
    if (!user) return;
    if (!(await this.linksPerAccount.consume(email)).allowed) return;

    const token = generateToken();
    const now = clock.now();
    // The link uses the configured origin, never the request's Host header (DECISIONS.md).
    const link = `${publicOrigin}/password-setup/${token}`;
    await db.transaction(async (tx) => {
      await new AuthRepository(tx).createResetToken({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      });
      await mailer.queue(tx, user.email, mailTemplates.passwordResetLink(productName, link));
    });
    mailer.kick();
  }

  async checkLink(linkhash: string): Promise<void> {
    const found = await new AuthRepository(this.options.db).findUsableResetToken(
      hashToken(linkhash),
      this.options.clock.now(),
    );
    if (!found) throw linkInvalid();
  }

  /** Sets the new password and ends every session of the user (DECISIONS.md). */
  async resetPassword(linkhash: string, password: string): Promise<void> {
    const { db, clock, mailer, productName, supportEmail } = this.options;
    const tokenHash = hashToken(linkhash);
    const found = await new AuthRepository(db).findUsableResetToken(tokenHash, clock.now());
    if (!found) throw linkInvalid();
    if (isCommonPassword(password)) throw commonPasswordError('password');

    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const auth = new AuthRepository(tx);
      const now = clock.now();
      if (!(await auth.useResetToken(tokenHash, now))) throw linkInvalid();
      const user = await new AccountRepository(tx).updateUser(found.userId, { passwordHash });
      await auth.expireResetTokens(user.id, now);
      await auth.revokeAllSessions(user.id, now);
      await mailer.queue(tx, user.email, mailTemplates.passwordChangedNotice(productName, supportEmail));
    });
    mailer.kick();
  }
}
