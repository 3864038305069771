import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@portal/contract';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './database';
import { users } from './schema';

const run = promisify(execFile);
const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const journal = JSON.parse(readFileSync(path.join(apiDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

// Processes share a database only on a PostgreSQL server; an embedded one belongs to one process.
describe.runIf(process.env.DATABASE_URL)('three processes migrating a new database at once', () => {
  let database: DatabaseHandle & { url?: string };
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase({ migrated: false });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-migrate-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('apply each migration once, all succeed, and one administrator results', async () => {
    expect(await database.migrationsApplied()).toBe(false);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'race-admin@example.com',
      ADMIN_PASSWORD: 'Correct-horse1',
    };
    // `npm run migrate`, three times at once: what three processes starting together do first.
    const processes = Array.from({ length: 3 }, () =>
      run(process.execPath, ['--import', 'tsx', 'src/migrate.ts'], { cwd: apiDir, env, timeout: 120_000 }),
    );
    const outcomes = await Promise.allSettled(processes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    expect(await database.migrationsApplied()).toBe(true);
    const applied = (await database.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { count: number }[] };
    expect(applied.rows[0]!.count).toBe(journal.entries.length);
    const administrators = await database.db.select().from(users);
    expect(administrators.map((user) => [user.email, user.roleId])).toEqual([['race-admin@example.com', ROLE.admin]]);
  }, 180_000);
});
