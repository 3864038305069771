import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidSignature, loadOrCreateSigningSecret, signRequest, type SignedRequest } from './url-signature';

const upload: SignedRequest = {
  method: 'PUT',
  key: 'media/6f1c1c39-2b33-4c55-9f4f-8f1d2f4b9e21.mp4',
  expires: 1_900_000_000,
  contentType: 'video/mp4',
  size: 1024,
};

describe('signatures of the local storage URLs', () => {
  it('accept the request they were made for, and no other', () => {
    const signature = signRequest('secret', upload);
    expect(hasValidSignature('secret', upload, signature)).toBe(true);
    for (const changed of [
      { ...upload, method: 'GET' as const },
      { ...upload, key: upload.key.replace('mp4', 'png') },
      { ...upload, expires: upload.expires + 1 },
      { ...upload, contentType: 'video/webm' },
      { ...upload, size: 1025 },
      { ...upload, downloadName: 'a.mp4' },
    ]) {
      expect(hasValidSignature('secret', changed, signature)).toBe(false);
    }
    expect(hasValidSignature('another secret', upload, signature)).toBe(false);
    expect(hasValidSignature('secret', upload, signature.slice(1))).toBe(false);
    expect(hasValidSignature('secret', upload, '')).toBe(false);
  });
});

describe('the kept signing secret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is made once, readable by its owner only, and the same after a restart', async () => {
    const file = path.join(dir, 'data', 'storage-signing-secret');
    const [first, second] = await Promise.all([loadOrCreateSigningSecret(file), loadOrCreateSigningSecret(file)]);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).toBe(first);
    expect(await loadOrCreateSigningSecret(file)).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('is read as it was written, around white space, and refused when too short to be one', async () => {
    const file = path.join(dir, 'given');
    await writeFile(file, '  a-secret-someone-put-there-by-hand  \n');
    expect(await loadOrCreateSigningSecret(file)).toBe('a-secret-someone-put-there-by-hand');
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '');
    await expect(loadOrCreateSigningSecret(empty)).rejects.toThrow(/holds no usable signing secret/);
  });
});
