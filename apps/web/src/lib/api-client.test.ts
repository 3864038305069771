import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse } from '@/test/fixtures';
import { accountEndpoints, authEndpoints, signupEndpoints } from '@portal/contract';
import { callApi } from './api-client';
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

describe('callApi', () => {
  it("sends the stored token as a bearer token, and JSON bodies, to the endpoint's path", async () => {
    sessionStore.signIn(loginResponse({ token: 'abc' }));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Sent' }));
    await expect(callApi(authEndpoints.forgotPassword, { body: { email: 'a@example.com' } })).resolves.toEqual({
      message: 'Sent',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/forgot-password');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer abc');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"email":"a@example.com"}');
  });

  it('fills in path values, escaped', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'The link is valid.' }));
    await callApi(authEndpoints.checkResetLink, { params: { linkhash: 'a/b?c' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reset-password/a%2Fb%3Fc');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('sends an endpoint that takes files as multipart: the fields as text, and only the files given', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse({ message: 'Saved', user: { id: 7, email: 'a@example.com', registration_step: 4 } }),
      );
    await callApi(signupEndpoints.savePersonalInfo, {
      body: { user_id: 7, first_name: 'Ada', last_name: 'Lovelace' },
      files: { logo: null },
    }).catch(() => undefined);
    const body = fetchMock.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['user_id', 'first_name', 'last_name']);
    expect(form.get('user_id')).toBe('7');
    // The browser sets the multipart boundary itself.
    expect(headersOf(fetchMock).has('Content-Type')).toBe(false);

    const picture = new File(['png'], 'me.png', { type: 'image/png' });
    await callApi(accountEndpoints.uploadLogo, { files: { logo: picture } }).catch(() => undefined);
    expect((fetchMock.mock.calls[1]?.[1]?.body as FormData).get('logo')).toBeInstanceOf(File);
  });

  it('refuses an answer that does not have the shape the contract gives it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ unexpected: true }));
    await expect(callApi(authEndpoints.logout)).rejects.toBeInstanceOf(ApiError);
  });

  it('is typed by the contract', () => {
    // Compile-time checks (the typecheck fails if any of these calls becomes acceptable).
    const never = () => {
      // @ts-expect-error login needs its body
      void callApi(authEndpoints.login);
      // @ts-expect-error a path value is required
      void callApi(authEndpoints.checkResetLink, {});
      // @ts-expect-error logout takes no body
      void callApi(authEndpoints.logout, { body: { a: 1 } });
      // @ts-expect-error fields have the contract's types
      void callApi(signupEndpoints.verifyOtp, { body: { user_id: 'seven', otp: '123456' } });
      // @ts-expect-error upload-logo needs its file
      void callApi(accountEndpoints.uploadLogo, { files: {} });
    };
    expect(typeof never).toBe('function');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Sent' }));
    await callApi(authEndpoints.forgotPassword, { body: { email: 'a@example.com' } });
    expect(headersOf(fetchMock).has('Authorization')).toBe(false);
  });

  it('turns the error format into an ApiError', async () => {
    const body = { message: 'The given data was invalid', errors: { email: ['Invalid email format'] } };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(body, 422));
    const error = await callApi(authEndpoints.login, { body: { email: '', password: '', remember: false } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: body.message, errors: body.errors, body });
  });

  it('ends the session on a 401 while signed in: token gone, dialogs closed, the page left to its guard', async () => {
    sessionStore.signIn(loginResponse());
    const closeAll = vi.spyOn(modals, 'closeAll');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Your session has ended.' }, 401));

    await expect(callApi(accountEndpoints.getCurrentSession)).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(sessionStore.getState().token).toBeNull();
    expect(closeAll).toHaveBeenCalled();
    // The page's guard sends the user to the login page with the way back (guards.test.tsx).
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('leaves a 401 on a call without a token (a wrong password at login) to the caller', async () => {
    const closeAll = vi.spyOn(modals, 'closeAll');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Invalid email or password' }, 401));
    await expect(
      callApi(authEndpoints.login, { body: { email: 'a@example.com', password: 'x', remember: false } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(closeAll).not.toHaveBeenCalled();
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('tells the user to try again when the request times out', async () => {
    const show = vi.spyOn(notifications, 'show');
    const expired = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'));
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(expired);
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => Promise.reject(init?.signal?.reason));

    const error = await callApi(accountEndpoints.getCurrentSession).catch((e: unknown) => e);
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
    await expect(callApi(accountEndpoints.getCurrentSession, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(show).not.toHaveBeenCalled();
  });
});
