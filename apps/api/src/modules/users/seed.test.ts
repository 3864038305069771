import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { personalNamesSchema, ROLE } from '@portal/contract';
import { loadConfig } from '../../config';
import { verifyPassword } from '../../lib/passwords';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import { users } from '../../db/schema';
import { ensureAdministrator } from './seed';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const names = { firstName: 'Grace', lastName: 'Hopper' };
const findUser = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

describe('ensureAdministrator', () => {
  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    await ensureAdministrator(database.db, { ...names, email: 'boss@example.com', password: 'Chosen-pass1' }, log);
    const admin = await findUser('boss@example.com');
    expect(admin?.roleId).toBe(ROLE.admin);
    expect(admin).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(await verifyPassword(admin!.passwordHash, 'Chosen-pass1')).toBe(true);

    // A second start with another password keeps the row as it was.
    await ensureAdministrator(database.db, { ...names, email: 'boss@example.com', password: 'Other-pass1' }, log);
    const again = await findUser('boss@example.com');
    expect(again?.passwordHash).toBe(admin!.passwordHash);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('prints a random password once when none is configured, and it works', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    await ensureAdministrator(database.db, { ...names, email: 'admin@example.com', password: undefined }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    const printed = String(log.warn.mock.calls[0]![0]).match(/password: (\S+)/)![1]!;
    expect(printed.length).toBeGreaterThanOrEqual(20);
    const admin = await findUser('admin@example.com');
    expect(await verifyPassword(admin!.passwordHash, printed)).toBe(true);

    await ensureAdministrator(database.db, { ...names, email: 'admin@example.com', password: undefined }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the default administrator', () => {
  it('has a first and a last name that My account accepts as they stand', async () => {
    const { admin } = loadConfig({});
    await ensureAdministrator(database.db, { ...admin, email: 'named@example.com' }, { info: vi.fn(), warn: vi.fn() });
    const created = await findUser('named@example.com');
    const names = { first_name: created!.firstName, last_name: created!.lastName };
    expect(personalNamesSchema.safeParse(names).success).toBe(true);
    expect(names).toEqual({ first_name: 'Portal', last_name: 'Administrator' });
  });

  it('takes its names from ADMIN_FIRST_NAME and ADMIN_LAST_NAME', () => {
    const { admin } = loadConfig({ ADMIN_FIRST_NAME: ' Ada ', ADMIN_LAST_NAME: 'Lovelace' });
    expect(admin).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(() => loadConfig({ ADMIN_LAST_NAME: ' ' })).toThrow(/ADMIN_LAST_NAME/);
  });
});
