import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { backupDataDir, restoreDataDir } from './db/backup';

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (docs/deploy.md, Backups), with
 * the server's configuration. The embedded database is opened by one process at a time: stop the
 * server first.
 */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [action, folder] = positionals;
  if ((action !== 'backup' && action !== 'restore') || !folder) {
    throw new Error('Usage: npm run backup -- <new folder>  |  npm run restore -- <backup folder>');
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/deploy.md, Backups)',
    );
  }
  if (config.s3) {
    throw new Error('S3_BUCKET is set: the files are in the bucket; keep its versioning or copies instead');
  }
  if (action === 'backup') await backupDataDir(config, folder);
  else await restoreDataDir(config, folder);
  console.log(
    `${action === 'backup' ? 'Backed up' : 'Restored'} ${config.dataDir} ${action === 'backup' ? 'to' : 'from'} ${folder}`,
  );
}

main().catch((error: unknown) => {
  // Every refusal here is a sentence for the operator; the stack adds nothing to it.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
