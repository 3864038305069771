import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDataDir, restoreDataDir } from './backup';
import { openDatabase } from './database';

/** The rows of a query (the embedded driver answers with `rows`, as node-postgres does). */
async function rowsOf(dataDir: string, query: string): Promise<unknown[]> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  } finally {
    await database.close();
  }
}

// The embedded default only (with DATABASE_URL the commands refuse to run, and the test run has
// no embedded template to start from).
describe.skipIf(process.env.DATABASE_URL)('backing up and restoring DATA_DIR (the embedded default)', () => {
  let parent: string;
  let dataDir: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
    dataDir = path.join(parent, 'data');
    // From the test run's migrated template: a new folder would run initdb, which takes long.
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))]);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: template });
    await database.db.execute('create table kept_rows (value text)');
    await database.db.execute("insert into kept_rows values ('before the backup')");
    await database.close();
    await mkdir(path.join(dataDir, 'storage/campaigns'), { recursive: true });
    await writeFile(path.join(dataDir, 'storage/campaigns/ad.png'), 'picture bytes');
    await writeFile(path.join(dataDir, 'storage-signing-secret'), 'the signing secret');
  }, 60_000);
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('restores the rows and files as they were at the backup, into a new DATA_DIR', async () => {
    const backup = path.join(parent, 'backup');
    await backupDataDir({ dataDir }, backup);
    // What happens after the backup is not in it.
    const later = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await later.db.execute("insert into kept_rows values ('after the backup')");
    await later.close();

    const restored = path.join(parent, 'restored');
    await restoreDataDir({ dataDir: restored }, backup);
    expect(await rowsOf(restored, 'select value from kept_rows')).toEqual([{ value: 'before the backup' }]);
    expect(await readFile(path.join(restored, 'storage/campaigns/ad.png'), 'utf8')).toBe('picture bytes');
    expect(await readFile(path.join(restored, 'storage-signing-secret'), 'utf8')).toBe('the signing secret');
  }, 60_000);

  it('refuses to overwrite: a backup folder that exists, or a DATA_DIR that holds a database', async () => {
    const backup = path.join(parent, 'second-backup');
    await backupDataDir({ dataDir }, backup);
    await expect(backupDataDir({ dataDir }, backup)).rejects.toThrow(/exists already/);
    await expect(restoreDataDir({ dataDir }, backup)).rejects.toThrow(/holds a database already/);
    await expect(restoreDataDir({ dataDir: path.join(parent, 'new') }, parent)).rejects.toThrow(/is not a backup/);
    await expect(backupDataDir({ dataDir: path.join(parent, 'empty') }, path.join(parent, 'x'))).rejects.toThrow(
      /holds no embedded database/,
    );
  }, 60_000);
});
