import { ROLE, SIGNUP_STEP } from '@portal/contract';
import type { Config } from '../../config';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { UserRepository } from './user.repository';
import type { Database } from '../../db/database';

export interface SeedLogger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Makes sure the configured administrator exists. A first start creates it, with
 * ADMIN_PASSWORD or a random password printed once; later starts leave every row as it is.
 */
export async function ensureAdministrator(db: Database, admin: Config['admin'], log: SeedLogger): Promise<void> {
  const users = new UserRepository(db);
  if (await users.emailTaken(admin.email)) return;

  const password = admin.password ?? generatePassword();
  const created = await users.createIfAbsent({
    email: admin.email,
    passwordHash: await hashPassword(password),
    roleId: ROLE.admin,
    // A full name, so that the administrator's My account page can be saved as it stands.
    firstName: admin.firstName,
    lastName: admin.lastName,
    registrationStep: SIGNUP_STEP.complete,
  });
  // Another process starting at the same moment may have created it first.
  if (!created) return;
  if (admin.password) {
    log.info(`Created administrator ${admin.email} with the password from ADMIN_PASSWORD`);
  } else {
    log.warn(
      [
        '',
        '==================================================================',
        ' Created the first administrator. This password is shown only once:',
        `   e-mail:   ${admin.email}`,
        `   password: ${password}`,
        ' Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them instead.',
        '==================================================================',
      ].join('\n'),
    );
  }
}
