import { describe, expect, it } from 'vitest';
import { createTestApp, type TestAppOptions } from '../test/test-app';
import { createS3Storage } from './adapters/storage/s3-storage';

/** The page's Content-Security-Policy, directive by directive. */
async function policyOf(options: TestAppOptions): Promise<Record<string, string>> {
  const t = await createTestApp(options);
  try {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const header = String(response.headers['content-security-policy']);
    return Object.fromEntries(
      header.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
  } finally {
    await t.close();
  }
}

// Only the bucket's origin is needed: no request goes to S3, the policy is all that is read.
const bucket = (endpoint: string | undefined, forcePathStyle: boolean) =>
  createS3Storage({
    bucket: 'portal-media',
    region: 'eu-west-3',
    endpoint,
    forcePathStyle,
    credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
  });

describe('the Content-Security-Policy for files', () => {
  it("lets pages show previews of picked files (blob:) and the API's own files, and nothing else, with local storage", async () => {
    const policy = await policyOf({});
    expect(policy['media-src']).toBe("'self' blob:");
    expect(policy['img-src']).toBe("'self' data: blob:");
    expect(policy['connect-src']).toBe("'self'");
  });

  it.each([
    ['on AWS', undefined, false, 'https://portal-media.s3.eu-west-3.amazonaws.com'],
    [
      'on an S3-compatible service, bucket in the host name',
      'https://s3.example.com',
      false,
      'https://portal-media.s3.example.com',
    ],
    ['on an S3-compatible service, bucket in the path', 'https://s3.example.com', true, 'https://s3.example.com'],
  ])('adds exactly the bucket origin for uploads and views %s', async (_, endpoint, forcePathStyle, origin) => {
    const policy = await policyOf({ storage: bucket(endpoint, forcePathStyle) });
    expect(policy['media-src']).toBe(`'self' blob: ${origin}`);
    expect(policy['img-src']).toBe(`'self' data: blob: ${origin}`);
    expect(policy['connect-src']).toBe(`'self' ${origin}`);
  });

  it('lets the welcome video play from its own origin only', async () => {
    const policy = await policyOf({ env: { WELCOME_VIDEO_URL: 'https://videos.example.com/welcome/intro.mp4' } });
    expect(policy['media-src']).toBe("'self' blob: https://videos.example.com");
  });
});
