import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type FileStorage } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** Files under DATA_DIR/storage, named by their key; the content type follows the extension. */
export function createLocalStorage(rootDir: string): FileStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const extension = path.extname(file).slice(1);
      return {
        body: createReadStream(file),
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        size: info.size,
      };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
