import {
  advertiserEndpoints,
  isAdminRole,
  roleAllows,
  todayIn,
  type AdvertiserPermission,
  type Membership,
} from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from './api-client';
import { teamKeys } from './query-keys';
import { browserTimeZone } from './time-zone';
import { advertiserStore, useChosenAdvertiser } from '@/stores/advertiser-store';
import { useSession } from '@/stores/session-store';

/** GET /api/customer/advertisers: the user's accounts and role in each, the first account first. */
const membershipsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.memberships(),
    queryFn: ({ signal }) => callApi(advertiserEndpoints.listMemberships, { signal }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });

function useMemberships(enabled: boolean) {
  return useQuery({ ...membershipsQueryOptions(), enabled });
}

export interface CurrentMembership {
  /** The account the pages act on, with the user's role there; undefined while loading or for none. */
  membership: Membership | undefined;
  memberships: Membership[];
  isPending: boolean;
}

/**
 * The advertiser account this browser acts on (docs/product/teams.md): the one chosen in the
 * header, or the user's first. A chosen account the user no longer belongs to is forgotten.
 */
export function useCurrentMembership(): CurrentMembership {
  const isCustomer = !isAdminRole(useSession((s) => s.user?.type));
  const chosen = useChosenAdvertiser();
  const query = useMemberships(isCustomer);
  const memberships = query.data ?? [];
  const found = memberships.find((membership) => membership.advertiser_id === chosen);
  const stale = query.isSuccess && chosen !== null && !found;
  useEffect(() => {
    if (stale) advertiserStore.set(null);
  }, [stale]);
  return { membership: found ?? memberships[0], memberships, isPending: isCustomer && query.isPending };
}

/** Whether the user's role in the current account allows `permission`; undefined while it is not known yet. */
export function useCan(permission: AdvertiserPermission): boolean | undefined {
  const { membership, isPending } = useCurrentMembership();
  if (isPending) return undefined;
  return membership !== undefined && roleAllows(membership.role, permission);
}

/**
 * Acts on another account: every answer of the one before is dropped and what is on screen
 * loads again, for the new account (the user's own list of accounts stays).
 */
export function useSwitchAdvertiser() {
  const client = useQueryClient();
  return (advertiserId: number) => {
    advertiserStore.set(advertiserId);
    const memberships = teamKeys.memberships();
    void client.resetQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(memberships),
    });
  };
}

/**
 * The current account's time zone and the calendar day it is there: what flight dates are checked
 * against (docs/product/campaigns.md, Flight dates). The browser's zone until the account is known.
 */
export function useAccountDay(): { timeZone: string; today: string } {
  const { membership } = useCurrentMembership();
  const timeZone = membership?.time_zone ?? browserTimeZone();
  return { timeZone, today: todayIn(timeZone, new Date()) };
}
