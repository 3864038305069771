import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { setNavigate } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the real route tree at a path, as a user arriving there would see it. Tests on fake
 * timers pass `userEventOptions: { advanceTimers: vi.advanceTimersByTime }`.
 */
export function renderApp(
  path: string,
  { userEventOptions }: { userEventOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const queryClient = createQueryClient();
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
