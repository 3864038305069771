import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { ROLE } from '@portal/contract';
import { setNavigate } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';
import { sessionStore } from '@/stores/session-store';
import { loginResponse, stubApi, type ApiHandler } from './fixtures';

/**
 * Renders the real route tree at a path, as a user arriving there would see it. Tests on fake
 * timers pass `userEventOptions: { advanceTimers: vi.advanceTimersByTime }`.
 */
export function renderApp(
  path: string,
  { userEventOptions }: { userEventOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const queryClient = createQueryClient();
  // A failed request shows its error at once instead of after the retries' pauses (1 s, then
  // 2 s); which failures are retried is `shouldRetry`'s own test (lib/query-client.test.ts).
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  setNavigate((to, options) => void router.navigate(to, options));
  // A navigation still under way (a page's loader) must not send its requests into the next test.
  onTestFinished(() => router.dispose());
  // No pause between keystrokes: typing a password is dozens of them, and nothing here depends on the gaps.
  const user: UserEvent = userEvent.setup({ delay: null, ...userEventOptions });
  const view = render(
    <AppProviders env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/**
 * Fills a field as pasting into it does: one change, where typing renders the page once per
 * keystroke. For text whose keystrokes are not what a test is about (names, links, passwords);
 * a test of keys (Enter adds a keyword, the money field's formatting) types them.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Renders the route tree at a path for a signed-in administrator, the API answering as `handlers` say. */
export function renderAsAdmin(path: string, handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi(handlers);
  sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
  return { ...renderApp(path), fetchMock };
}
