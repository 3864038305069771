import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteFocusScope, useRouteFocus } from './use-route-focus';

/** The portal's shape: the layout's own heading names the page. */
function PortalShell() {
  const title = useRouteFocus<HTMLHeadingElement>();
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <Link to="/a">Page A</Link>
        <Link to="/b">Page B</Link>
      </nav>
      <h1 ref={title} tabIndex={-1}>
        Title of {pathname}
      </h1>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** The public pages' shape: each page brings its own h1, without a tabindex. */
function PublicShell() {
  const main = useRouteFocus<HTMLElement>();
  return (
    <main ref={main}>
      <Outlet />
    </main>
  );
}

function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteFocusScope>
            <Outlet />
          </RouteFocusScope>
        ),
        children: [
          // A redirect made while opening, as the guards do for a signed-in visitor of /.
          { path: '/', element: <Navigate to="/a" replace /> },
          {
            element: <PublicShell />,
            children: [
              {
                path: '/login',
                element: (
                  <>
                    <h1>Welcome</h1>
                    <Link to="/signup">Sign up</Link>
                    <Link to="/a">Sign in</Link>
                    <Link to="/loading">A page still loading</Link>
                  </>
                ),
              },
              { path: '/signup', element: <h1>Sign up</h1> },
              { path: '/loading', element: <p>Loading</p> },
            ],
          },
          {
            element: <PortalShell />,
            children: [
              {
                path: '/a',
                element: (
                  <>
                    <Link to="/a?tab=2">Second tab</Link>
                    <Link to="/dialog">Open with a dialog</Link>
                  </>
                ),
              },
              { path: '/b', element: <p>Page B's content</p> },
              {
                // A page that opens on a dialog, which takes the focus as it mounts.
                path: '/dialog',
                element: (
                  <div role="dialog" aria-modal="true" aria-label="Code">
                    <input aria-label="Code" autoFocus />
                  </div>
                ),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

const heading = (name: string | RegExp) => screen.getByRole('heading', { level: 1, name });

describe('useRouteFocus', () => {
  it('takes no focus on the page the app opens on', async () => {
    renderRoutes('/a');
    expect(await screen.findByRole('link', { name: 'Second tab' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('takes no focus when the app opens through a redirect', async () => {
    const { router } = renderRoutes('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(heading('Title of /a')).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('moves the focus to the heading of a new page, without scrolling', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const { user } = renderRoutes('/a');
    await user.click(screen.getByRole('link', { name: 'Page B' }));
    expect(await screen.findByText("Page B's content")).toBeInTheDocument();
    expect(heading('Title of /b')).toHaveFocus();
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
  });

  it('moves it again on going back', async () => {
    const { router, user } = renderRoutes('/a');
    await user.click(screen.getByRole('link', { name: 'Page B' }));
    await screen.findByText("Page B's content");
    screen.getByRole('link', { name: 'Page B' }).focus();
    await router.navigate(-1);
    await waitFor(() => expect(heading('Title of /a')).toHaveFocus());
  });

  it('leaves the focus where it is when only the query string changes', async () => {
    const { router, user } = renderRoutes('/a');
    const tab = screen.getByRole('link', { name: 'Second tab' });
    await user.click(tab);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(tab).toHaveFocus();
  });

  it('leaves the focus in a dialog the new page opened', async () => {
    const { user } = renderRoutes('/a');
    await user.click(screen.getByRole('link', { name: 'Open with a dialog' }));
    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveFocus();
  });

  it("focuses a page's own h1 inside the element, which takes the focus without becoming a Tab stop", async () => {
    const { user } = renderRoutes('/login');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    const signUp = await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    expect(signUp).toHaveFocus();
    expect(signUp).toHaveAttribute('tabindex', '-1');
  });

  it('focuses the element itself while its page has no heading yet', async () => {
    const { user } = renderRoutes('/login');
    await user.click(screen.getByRole('link', { name: 'A page still loading' }));
    await screen.findByText('Loading');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it("counts a move from one layout to another, as signing in swaps the public layout for the portal's", async () => {
    const { user } = renderRoutes('/login');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Title of /a' })).toHaveFocus();
  });
});
