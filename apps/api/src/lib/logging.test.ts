import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('drops reset-link tokens from the path', () => {
    expect(redactUrl('/api/reset-password/abc123?x=1')).toBe('/api/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/shared/report/abc123')).toBe('/api/shared/report/[redacted]');
    expect(redactUrl('/shared/preview/abc123?x=1')).toBe('/shared/preview/[redacted]?x=1');
    expect(redactUrl('/password-setup/abc123')).toBe('/password-setup/[redacted]');
  });

  it('drops the signature of the storage URLs and keeps their other parameters', () => {
    expect(redactUrl('/api/storage/files/media/a.png?expires=1800000000&name=a.png&signature=s1G-n_x')).toBe(
      '/api/storage/files/media/a.png?expires=1800000000&name=a.png&signature=[redacted]',
    );
    expect(redactUrl('/api/storage/uploads/media/a.png?signature=s1G&expires=1&type=image%2Fpng&size=1')).toBe(
      '/api/storage/uploads/media/a.png?signature=[redacted]&expires=1&type=image%2Fpng&size=1',
    );
  });

  it("drops S3's presigned signature, credential and session token", () => {
    const presigned =
      'https://bucket.s3.amazonaws.com/media/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
      '&X-Amz-Credential=AKIAEXAMPLE%2F20261126%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261126T090000Z' +
      '&X-Amz-Expires=3600&X-Amz-Security-Token=FwoGZXIvYXdzEXAMPLE&X-Amz-Signature=0123abcd&X-Amz-SignedHeaders=host';
    expect(redactUrl(presigned)).toBe(
      'https://bucket.s3.amazonaws.com/media/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=[redacted]&X-Amz-Date=20261126T090000Z' +
        '&X-Amz-Expires=3600&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]&X-Amz-SignedHeaders=host',
    );
  });

  it('leaves a parameter that only ends in "signature" alone', () => {
    expect(redactUrl('/api/x?nosignature=1')).toBe('/api/x?nosignature=1');
  });
});
