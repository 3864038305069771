// `npm run test:e2e`: builds the app if needed and runs the Playwright suite in Debian's
// Chromium. Where that browser is missing it says what to install instead of failing obscurely.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `End-to-end tests need Chromium at ${chromium}, and it is not there.\n` +
      "Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/api/dist/server.js') || process.env.CI) {
  run('npm', ['run', 'build']);
}
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
