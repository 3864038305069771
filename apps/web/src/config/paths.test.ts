import { ROLE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { dashboardPath, paths } from './paths';

/** Every path pattern the router knows, however deep. */
function routerPatterns(list: ReturnType<typeof createRoutes>): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routerPatterns(route.children ?? [])]);
}

describe('paths', () => {
  it('build links with their values escaped', () => {
    expect(paths.passwordSetup.to('a/b c')).toBe('/password-setup/a%2Fb%20c');
    expect(paths.admin.viewCampaign.to(42)).toBe('/admin/view-campaign/42');
  });

  it('send each role to its own dashboard', () => {
    expect(dashboardPath(ROLE.admin)).toBe(paths.admin.dashboard);
    expect(dashboardPath(ROLE.customer)).toBe(paths.dashboard);
    expect(dashboardPath(null)).toBe(paths.dashboard);
  });

  it('are the patterns the router serves, every one of them', () => {
    const patterns = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object' && 'pattern' in value
          ? [String(value.pattern)]
          : Object.values(value as object).flatMap(patterns);
    expect(
      routerPatterns(createRoutes(createQueryClient()))
        .filter((path) => path !== '*')
        .sort(),
    ).toEqual(patterns(paths).sort());
  });
});
