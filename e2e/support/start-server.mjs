// Starts the built server for the end-to-end suite on an empty embedded database, with the
// test customer created first through the documented command.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const env = process.env;
rmSync(env.DATA_DIR, { recursive: true, force: true });

const created = spawnSync(
  process.execPath,
  [
    'apps/api/dist/create-customer.js',
    '--email',
    env.E2E_CUSTOMER_EMAIL,
    '--password',
    env.E2E_CUSTOMER_PASSWORD,
    '--first-name',
    env.E2E_CUSTOMER_FIRST_NAME,
    '--last-name',
    env.E2E_CUSTOMER_LAST_NAME,
  ],
  { stdio: 'inherit', env },
);
if (created.status !== 0) process.exit(created.status ?? 1);

const server = spawn(process.execPath, ['apps/api/dist/server.js'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
