import { ROLE, type LoginResponse } from '@portal/contract';

export function loginResponse(overrides: { role_id?: number; token?: string } = {}): LoginResponse {
  return {
    message: 'Logged in successfully',
    user_data: {
      id: 7,
      email: 'ann@example.com',
      role_id: overrides.role_id ?? ROLE.customer,
      first_name: 'Ann',
      last_name: 'Lee',
      logo: null,
      billing_detail: null,
    },
    is_first_login: false,
    access_token: overrides.token ?? 'token-123',
    expires_at: '2030-01-01T00:00:00.000Z',
    session_info: { os: 'Linux', browser: 'Chromium 140', ip: '203.0.113.5', city: 'Berlin', country: 'Germany' },
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The JSON body a stubbed fetch was called with. */
export function sentJson(call: Parameters<typeof fetch> | undefined): unknown {
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}
