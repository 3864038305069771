import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PUBLIC_SETTINGS } from '@portal/contract';
import { describeApi } from './plugins/openapi';

/**
 * Writes the API description that /api/docs serves to a JSON file, with no server or database:
 *   npx tsx apps/api/src/write-openapi.ts <file.json>
 * The title names PRODUCT_NAME when it is set, as the server's does.
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: tsx apps/api/src/write-openapi.ts <file.json>');
  const document = await describeApi(process.env.PRODUCT_NAME || DEFAULT_PUBLIC_SETTINGS.productName);
  await mkdir(path.dirname(file), { recursive: true });
  // Written beside and then renamed over the file, so a check running at the same time (npm run
  // check runs lint and typecheck together, and both write it) never reads half a document.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(document, null, 2)}\n`);
  await rename(partial, file);
}

await main();
