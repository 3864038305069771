import { Alert } from '@mantine/core';
import {
  ADVERTISER_MESSAGES,
  ADVERTISER_ROLE_LABELS,
  roleAllows,
  type AdvertiserPermission,
  type Membership,
} from '@portal/contract';
import { IconLock } from '@tabler/icons-react';
import { Outlet, useMatches } from 'react-router';
import { ProgressBar } from '@/components/request-progress';
import { useCurrentMembership } from '@/lib/membership';

/** What a route needs of the user's role, declared on the route (`handle: { permission }`). */
export interface PermissionHandle {
  permission?: AdvertiserPermission;
}

/**
 * Says why a page is not shown: the role the user has in the account, and who can change it
 * (docs/product/teams.md, Roles). The server refuses the page's requests anyway.
 */
export function RoleNotice({ permission, membership }: { permission: AdvertiserPermission; membership?: Membership }) {
  if (!membership) {
    return (
      <Alert icon={<IconLock aria-hidden />} title="No advertiser account" role="alert">
        {ADVERTISER_MESSAGES.noAccount} Ask an owner of an account to invite you.
      </Alert>
    );
  }
  return (
    <Alert icon={<IconLock aria-hidden />} title="Not available with your role" role="alert">
      {ADVERTISER_MESSAGES.roleForbidden(permission)} You are {ADVERTISER_ROLE_LABELS[membership.role].toLowerCase()} in{' '}
      {membership.name}; an owner of the account can change your role on its Team page.
    </Alert>
  );
}

/**
 * The customer pages' gate: a page whose route names a permission the user's role in the current
 * account lacks shows why instead of itself.
 */
export function PermissionGate() {
  const permission = useMatches()
    .map((match) => (match.handle as PermissionHandle | undefined)?.permission)
    .findLast(Boolean);
  const { membership, isPending } = useCurrentMembership();
  if (!permission) return <Outlet />;
  if (isPending) return <ProgressBar />;
  if (!membership || !roleAllows(membership.role, permission)) {
    return <RoleNotice permission={permission} membership={membership} />;
  }
  return <Outlet />;
}
