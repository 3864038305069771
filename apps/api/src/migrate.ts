import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/embedded-database';
import { ensureAdministrator } from './modules/users/seed';

/**
 * `npm run migrate`: applies the migrations and makes sure the administrator exists, as a step of
 * its own before processes that start with MIGRATE=false (docs/deploy.md, Upgrades). It uses the
 * server's configuration; several may run at once, since migrating holds an advisory lock.
 */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied (database: ${database.kind})`);
    await ensureAdministrator(database.db, config.admin, { info: console.log, warn: console.log });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
