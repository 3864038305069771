/**
 * The shell's views drawn with the real components (docs/decisions/017-login-shell.md). Loaded
 * by shell-entry.tsx once the settings block is in place, because the app reads its settings
 * when its modules load.
 */
import { ROLE, type LoginResponse } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { PortalLayout } from '@/app/layouts/portal-layout';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import type { ShellView } from '@/app/shell/shell-boot';
import { portalPagesPattern } from '@/app/shell/shell-routes';
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
 * The portal's frame (menu, top bar and, for customers, the beta notice) with an empty page,
 * drawn at a path of no page so that no menu entry is current and the title is blank: one frame
 * serves every page of the portal, and React fills in the page and its title.
 */
function portalFrame(roleId: number): string {
  sessionStore.signIn(signedInAs(roleId));
  try {
    return draw(
      '/',
      <Route element={<PortalLayout />}>
        <Route path="*" element={null} />
      </Route>,
    );
  } finally {
    sessionStore.clear();
  }
}

/** Markup of each view; each starts with the <style> blocks Mantine's provider writes. */
export function renderViews(): Record<ShellView, string> {
  return {
    login: draw(
      paths.login,
      <Route element={<AuthLayout />}>
        <Route path="*" element={<LoginPage />} />
      </Route>,
    ),
    customer: portalFrame(ROLE.customer),
    admin: portalFrame(ROLE.admin),
  };
}

/** The pages inside each role's portal frame, as the router has them. */
export function portalPages() {
  const routes = createRoutes(new QueryClient());
  return {
    customerPages: portalPagesPattern(routes, 'customer'),
    adminPages: portalPagesPattern(routes, 'admin'),
  };
}
