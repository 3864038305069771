import { ROLE, type Checkout, type LoginResponse, type Receipt, type RegistrationUser } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

export function loginResponse(
  overrides: { role_id?: number; token?: string; id?: number; is_first_login?: boolean } = {},
): LoginResponse {
  return {
    message: 'Logged in successfully',
    user_data: {
      id: overrides.id ?? 7,
      email: 'ann@example.com',
      role_id: overrides.role_id ?? ROLE.customer,
      first_name: 'Ann',
      last_name: 'Lee',
      logo: null,
      billing_detail: null,
    },
    is_first_login: overrides.is_first_login ?? false,
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

/** A user in the middle of signing up, as register and login's 403 answer it. */
export function registrationUser(overrides: Partial<RegistrationUser> = {}): RegistrationUser {
  return {
    id: 9,
    email: 'bo@example.com',
    role_id: ROLE.customer,
    profile_step: 1,
    first_name: null,
    last_name: null,
    logo: null,
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** The customer's advertiser accounts every signed-in page asks for: one, which they own (docs/product/teams.md). */
const OWNER_MEMBERSHIPS_KEY = 'GET /api/customer/advertisers';
const ownerMemberships = () =>
  jsonResponse({ data: [{ advertiser_id: 1, name: 'Ann Lee', role: 'owner', suspended: false, time_zone: 'UTC' }] });

/**
 * Stubs fetch with one handler per "METHOD /api/path". A request nobody expected answers 599,
 * so a test that sends one sees it fail rather than hang.
 */
export function routeFetch(handlers: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key] ?? (key === OWNER_MEMBERSHIPS_KEY ? ownerMemberships : undefined);
    return handler ? handler(init) : jsonResponse({ message: `Unexpected request ${key}` }, 599);
  });
}

/**
 * My account's own lists (shared links, API tokens, scheduled reports), answered empty, for
 * tests of the page that are about something else.
 */
export const emptyMyAccountLists: Record<string, Handler> = {
  'GET /api/customer/shared-links': () => jsonResponse({ data: [] }),
  'GET /api/customer/api-tokens': () => jsonResponse({ data: [] }),
  'GET /api/customer/report-schedules': () => jsonResponse({ data: [] }),
};

/** The calls a stubbed fetch received for one "METHOD /api/path". */
export function callsTo(fetchMock: ReturnType<typeof routeFetch>, key: string) {
  return fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);
}

/** The billing details of an individual in Oregon, as the API answers them. */
export function individualBilling(userId: number) {
  return {
    address: '1 Main Street',
    city: 'Springfield',
    country: 'us',
    state: 'Oregon',
    postal_code: '97403',
    type: 'individual' as const,
    business_name: null,
    tax_id: null,
    currency: null,
    user_id: userId,
  };
}

/** The seller and a company buyer as a receipt or an invoice prints them (docs/product/payments.md). */
export function documentParties(): Pick<Receipt, 'seller' | 'billing'> {
  return {
    seller: { name: 'Ads Ltd', address: '2 Market Street, Leeds LS1 6DT', tax_id: 'GB123456789' },
    billing: {
      account_type: 'company',
      name: 'Ann Lee',
      email: 'ann@example.com',
      company_name: 'Lee Shoes Ltd',
      address: '1 Main Street, Springfield, Oregon, 97403',
      country: 'us',
      currency: 'usd',
      tax_id: 'US-98-7654321',
    },
  };
}

/**
 * Object URLs and link clicks as a test sees them: jsdom has no object URLs, and would try to
 * navigate to the link a download clicks. Answers the links clicked and the files saved, emptied
 * before each test.
 */
export function captureDownloads(objectUrl: string) {
  const clicked: { href: string; download: string }[] = [];
  const saved: Blob[] = [];
  beforeEach(() => {
    clicked.length = 0;
    saved.length = 0;
    const createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return objectUrl;
    };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return { clicked, saved };
}

/**
 * The toast on screen with this title, waiting for it; fails the test when none comes. (Another
 * toast may be showing already, so it waits for this title, not for any toast.) Outcomes are
 * "status" toasts and failures "alert" ones (lib/notify.ts): both are looked at.
 */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')];
    const found = toasts.find((element) => within(element).queryByText(title));
    expect(found, `a toast titled ${title}`).toBeDefined();
    return found!;
  });
}

export type ApiHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch by "METHOD /api/path", the query string aside (lists carry page, per_page and
 * search); a request nobody expected answers 599.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key] ?? (key === OWNER_MEMBERSHIPS_KEY ? ownerMemberships : undefined);
    return handler ? handler(url, init) : jsonResponse({ message: `Unexpected request ${key}` }, 599);
  });
}

/**
 * The URLs and bodies of the requests a stubApi received for one "METHOD /api/path": a JSON
 * body parsed, a multipart one as its fields (`form`).
 */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => `${init?.method ?? 'GET'} ${url.pathname}` === key)
    .map(({ url, init }) => ({
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
    }));
}

/** The text of each cell of a table's body rows. */
export const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/**
 * A viewport below the theme's `sm` breakpoint (a phone), where lists are cards: max-width
 * queries match and min-width ones do not. The setup's stand-in matches nothing, which is a
 * desktop list inside the phone shell (the shell asks for min-width 991px).
 */
export function atPhoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, query.startsWith('(max-width')));
}

/** jsdom has no media queries: a stand-in answer that `matches` or not, and never changes. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** An open payment link's checkout answer: a Daily campaign's week, 7 days × $25.00. */
export function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    campaign_id: 9,
    campaign_name: 'Winter boots',
    amount: 175,
    covers_days: 7,
    daily_amount: 25,
    credit_used: 0,
    status: 'open',
    provider: 'sandbox',
    ...overrides,
  };
}
