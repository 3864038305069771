import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../guards';

/** ':id' and the like match one path segment. */
const toPattern = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');

function pathsBelow(route: RouteObject): string[] {
  return [...(route.path ? [route.path] : []), ...(route.children ?? []).flatMap(pathsBelow)];
}

/**
 * A regular expression (source) that matches the pages of one role's portal, read from the
 * route tree itself: every path under that role's guard. The shell's boot script uses it to
 * show the portal's frame only where the portal will show. The tree's paths are absolute
 * (their parents are layouts without paths), as router.tsx writes them.
 */
export function portalPagesPattern(routes: RouteObject[], role: 'customer' | 'admin'): string {
  const paths: string[] = [];
  const visit = (route: RouteObject) => {
    const element = route.element;
    if (isValidElement<{ role?: string }>(element) && element.type === RequireRole && element.props.role === role) {
      paths.push(...pathsBelow(route));
      return;
    }
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  if (paths.length === 0) throw new Error(`no ${role} pages in the route tree`);
  return `^(?:${paths.map(toPattern).join('|')})/?$`;
}
