/**
 * The shell's views drawn with the real components (docs/decisions/017-login-shell.md). Loaded
 * by shell-entry.tsx once the settings block is in place, because the app reads its settings
 * when its modules load.
 */
import { ROLE, type LoginResponse } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, type RouteObject } from 'react-router';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { PortalLayout } from '@/app/layouts/portal-layout';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import type { ShellPage, ShellView } from '@/app/shell/shell-boot';
import { pathPattern, portalPageRoutes, portalPagesPattern } from '@/app/shell/shell-routes';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/routes/login-page';
import { sessionStore } from '@/stores/session-store';

/**
 * Markup of `element` at `path`, inside the app's providers as main.tsx sets them up. The
 * markup keeps React's `<!-- -->` marks between adjacent texts, so the browser splits the text
 * into the same nodes React creates: the shell's texts then measure exactly as React's do, and
 * the browser sees React's copy of the largest text as no larger than the shell's (Largest
 * Contentful Paint stays at the shell's paint).
 */
function draw(path: string, element: ReactElement): string {
  return renderToString(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{element}</Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Just enough of a login answer for the portal's frame to know the role it is drawn for. */
function signedInAs(roleId: number): LoginResponse {
  return {
    message: '',
    user_data: { id: 1, email: '', role_id: roleId, first_name: '', last_name: '', logo: null, billing_detail: null },
    is_first_login: false,
    access_token: 'shell',
    expires_at: '',
    session_info: { os: '', browser: '', ip: '', city: '', country: '' },
  };
}

/**
 * The portal's frame (menu, top bar and, for customers, the beta notice) at `path`, with `page`
 * in it, drawn for a user of `roleId`.
 */
function portalFrame(roleId: number, path: string, page: ReactElement | null): string {
  sessionStore.signIn(signedInAs(roleId));
  try {
    return draw(
      path,
      <Route element={<PortalLayout />}>
        <Route path="*" element={page} />
      </Route>,
    );
  } finally {
    sessionStore.clear();
  }
}

/** The administrators' pages as the router has them, each with its view's name. */
function adminPageRoutes(): (RouteObject & { path: string; view: ShellView })[] {
  return portalPageRoutes(createRoutes(new QueryClient()), 'admin').map((route) => {
    const path = route.path ?? '';
    // '/admin/view-campaign/:id' is drawn as the view 'admin-view-campaign-id'.
    const view = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') as ShellView;
    if (!view.startsWith('admin-')) throw new Error(`the administrators' page ${path} is not under /admin/`);
    return { ...route, path, view };
  });
}

/**
 * A page's component, which the router loads lazily (the whole route, or, beside a loader, the
 * component alone); the shell's bundle has them all.
 */
async function pageComponent(route: RouteObject): Promise<ComponentType> {
  const { lazy } = route;
  if (typeof lazy === 'object' && typeof lazy.Component === 'function')
    return (await lazy.Component()) as ComponentType;
  const loaded = typeof lazy === 'function' ? await lazy() : route;
  const Component = 'Component' in loaded ? loaded.Component : undefined;
  if (!Component) throw new Error(`the page at ${route.path} has no component to draw into the shell`);
  return Component;
}

/**
 * Markup of each view; each starts with the <style> blocks Mantine's provider writes.
 *
 * - The customers' frame is drawn at a path of no page, so that no menu entry is current and the
 *   title is blank: one frame serves every customer page, and React fills in the page and its
 *   title. Its beta notice is the largest text any of their pages paints early, so their Largest
 *   Contentful Paint is the shell's.
 * - Each administrators' page is drawn whole, at its own address, as it shows before its data
 *   has arrived: its title, tabs, search box and explanations are on screen at the first paint,
 *   and they are the largest texts it paints early (docs/decisions/041-admin-pages-in-the-shell.md).
 */
export async function renderViews(): Promise<Record<ShellView, string>> {
  const views: Record<ShellView, string> = {
    login: draw(
      paths.login,
      <Route element={<AuthLayout />}>
        <Route path="*" element={<LoginPage />} />
      </Route>,
    ),
    customer: portalFrame(ROLE.customer, '/', null),
  };
  for (const route of adminPageRoutes()) {
    const Page = await pageComponent(route);
    // An id in the address (':id') is drawn as 0: an id, as the title reads it, that no page shows.
    const address = route.path.replace(/:\w+/g, '0');
    views[route.view] = portalFrame(ROLE.admin, address, <Page />);
  }
  return views;
}

/** The pages inside each role's portal frame, as the router has them. */
export function portalPages(): { customerPages: string; adminPages: ShellPage[] } {
  return {
    customerPages: portalPagesPattern(createRoutes(new QueryClient()), 'customer'),
    adminPages: adminPageRoutes().map(({ path, view }) => ({ view, pattern: pathPattern(path) })),
  };
}
