import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { holdsEmbeddedDatabase, prepareEmbeddedDatabase } from './embedded-database';

/** The rows of a query (the embedded driver answers with `rows`, as node-postgres does). */
async function rowsOf<Row>(database: DatabaseHandle, query: string): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('prepareEmbeddedDatabase', () => {
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'portal-embedded-'));
  });
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('creates a migrated database in a child process, and leaves an existing one alone', async () => {
    const dataDir = path.join(parent, 'new', 'pglite');
    await prepareEmbeddedDatabase(dataDir);
    expect(holdsEmbeddedDatabase(dataDir)).toBe(true);
    // Only the finished folder is left: the one it was built in was renamed into place.
    expect(await readdir(path.dirname(dataDir))).toEqual(['pglite']);

    const database = await openDatabase({ dataDir });
    try {
      const [migrations] = await rowsOf<{ applied: number }>(
        database,
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      expect(migrations!.applied).toBeGreaterThan(10);
      await database.db.execute('create table kept_rows (value text)');
      await database.db.execute(`insert into kept_rows values ('kept')`);
    } finally {
      await database.close();
    }

    // A second call finds the database and keeps what is in it.
    await prepareEmbeddedDatabase(dataDir);
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await rowsOf(reopened, 'select value from kept_rows')).toEqual([{ value: 'kept' }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('refuses, naming the folder, when the folder holds something that is not a database', async () => {
    const dataDir = path.join(parent, 'occupied');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'notes.txt'), 'not a database');
    await expect(prepareEmbeddedDatabase(dataDir)).rejects.toThrow(`${dataDir} holds files but no embedded database`);
  }, 60_000);
});
