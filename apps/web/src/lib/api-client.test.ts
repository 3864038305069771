import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse } from '@/test/fixtures';
import { apiClient } from './api-client';
import { ApiError } from './api-error';
import { setNavigate } from './navigation';

const navigateMock = vi.fn();

beforeEach(() => {
  navigateMock.mockReset();
  setNavigate(navigateMock);
});

function headersOf(fetchMock: MockInstance<typeof fetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe('apiClient', () => {
  it('sends the stored token as a bearer token, and JSON bodies', async () => {
    sessionStore.signIn(loginResponse({ token: 'abc' }));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await expect(apiClient.post('/thing', { a: 1 })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/thing');
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer abc');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"a":1}');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}));
    await apiClient.get('/thing');
    expect(headersOf(fetchMock).has('Authorization')).toBe(false);
  });

  it('turns the error format into an ApiError', async () => {
    const body = { message: 'The given data was invalid', errors: { email: ['Invalid email format'] } };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(body, 422));
    const error = await apiClient.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: body.message, errors: body.errors, body });
  });

  it('ends the session on a 401 while signed in: token gone, dialogs closed, back to /', async () => {
    sessionStore.signIn(loginResponse());
    const closeAll = vi.spyOn(modals, 'closeAll');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Your session has ended.' }, 401));

    await expect(apiClient.get('/customer/current-session')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(sessionStore.getState().token).toBeNull();
    expect(closeAll).toHaveBeenCalled();
    expect(navigateMock).toHaveBeenCalledWith('/', { replace: true });
  });

  it('leaves a 401 on a call without a token (a wrong password at login) to the caller', async () => {
    const closeAll = vi.spyOn(modals, 'closeAll');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Invalid email or password' }, 401));
    await expect(apiClient.post('/login', {})).rejects.toMatchObject({ status: 401 });
    expect(closeAll).not.toHaveBeenCalled();
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('tells the user to try again when the request times out', async () => {
    const show = vi.spyOn(notifications, 'show');
    const expired = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'));
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(expired);
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => Promise.reject(init?.signal?.reason));

    const error = await apiClient.get('/slow').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, notified: true });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', message: 'The request took too long. Please try again' }),
    );
  });

  it('does not report a request its caller cancelled', async () => {
    const show = vi.spyOn(notifications, 'show');
    const controller = new AbortController();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(apiClient.get('/thing', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(show).not.toHaveBeenCalled();
  });
});
