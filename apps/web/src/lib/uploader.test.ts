import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse } from '@/test/fixtures';
import { ApiError } from './api-error';
import { uploadToSignedUrl, useUploadProgress } from './uploader';

describe('uploadToSignedUrl', () => {
  it('PUTs the bytes with their type and no bearer token, reporting progress up to 100', async () => {
    sessionStore.signIn(loginResponse({ token: 'secret' }));
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ message: 'The file was uploaded' }));
    const progress: number[] = [];
    const file = new File(['0123456789'], 'clip.mp4', { type: 'video/mp4' });

    await uploadToSignedUrl({ url: '/api/storage/uploads/media/a.mp4?signature=x' }, file, {
      onProgress: (percent) => progress.push(percent),
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/storage/uploads/media/a.mp4?signature=x');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(file);
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('video/mp4');
    expect(headers.has('Authorization')).toBe(false);
    expect(progress).toEqual([50, 100, 100]);
  });

  it("turns a refusal into an ApiError with the storage's sentence", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ message: 'This link has expired. Please start again.' }, 403),
    );
    const error = await uploadToSignedUrl({ url: '/upload' }, new Blob(['x'], { type: 'image/png' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'This link has expired. Please start again.' });
  });

  it('reports a network failure as status 0, and a cancelled upload as the cancellation', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('offline'));
    await expect(uploadToSignedUrl({ url: '/upload' }, new Blob(['x']))).rejects.toMatchObject({ status: 0 });

    const controller = new AbortController();
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => new Promise(() => undefined));
    const pending = uploadToSignedUrl({ url: '/upload' }, new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('useUploadProgress', () => {
  it('holds the last percentage until reset', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.percent).toBeNull();
    act(() => result.current.onProgress(40));
    expect(result.current.percent).toBe(40);
    act(() => result.current.reset());
    expect(result.current.percent).toBeNull();
  });
});
