import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

/**
 * A database of its own for one test file: a copy of the migrated PGlite template by default,
 * or a new database on the PostgreSQL server of DATABASE_URL, dropped again by `close`; with
 * `migrated: false`, a new one with no table (PostgreSQL only).
 */
export async function openTestDatabase({ migrated = true } = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = await readFile(inject('pgliteTemplatePath'));
    return openDatabase({ loadDataDir: new Blob([template]) });
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (migrated) await database.migrate();
  return {
    ...database,
    /** Where another connection (a second process, in a test) finds the same database. */
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
