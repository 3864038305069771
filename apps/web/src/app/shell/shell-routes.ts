import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../guards';

/** ':id' and the like match one path segment. */
const toPattern = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');

/** The routes with a path at or below `route`. */
function pagesBelow(route: RouteObject): RouteObject[] {
  return [...(route.path ? [route] : []), ...(route.children ?? []).flatMap(pagesBelow)];
}

/**
 * The pages of one role's portal, read from the route tree itself: every route with a path under
 * that role's guard. The tree's paths are absolute (their parents are layouts without paths), as
 * router.tsx writes them.
 */
export function portalPageRoutes(routes: RouteObject[], role: 'customer' | 'admin'): RouteObject[] {
  const pages: RouteObject[] = [];
  const visit = (route: RouteObject) => {
    const element = route.element;
    if (isValidElement<{ role?: string }>(element) && element.type === RequireRole && element.props.role === role) {
      pages.push(...pagesBelow(route));
      return;
    }
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  if (pages.length === 0) throw new Error(`no ${role} pages in the route tree`);
  return pages;
}

/** A regular expression (source) that matches the addresses of the route at `path`. */
export const pathPattern = (path: string): string => `^${toPattern(path)}/?$`;

/**
 * A regular expression (source) that matches the pages of one role's portal. The shell's boot
 * script uses it to show the portal's frame only where the portal will show.
 */
export function portalPagesPattern(routes: RouteObject[], role: 'customer' | 'admin'): string {
  const paths = portalPageRoutes(routes, role).map((route) => toPattern(route.path ?? ''));
  return `^(?:${paths.join('|')})/?$`;
}
