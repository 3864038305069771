import { isAdminRole } from '@portal/contract';

export const LOGIN_PATHS = ['/', '/admin/login'] as const;

/** Where a signed-in user belongs: administrators (role 1) to their own dashboard. */
export function dashboardPath(roleId: number | null | undefined): string {
  return isAdminRole(roleId) ? '/admin/dashboard' : '/dashboard';
}
