import { Select } from '@mantine/core';
import { ADVERTISER_ROLE_LABELS } from '@portal/contract';
import { notifyInfo } from '@/lib/notify';
import { useCurrentMembership, useSwitchAdvertiser } from '@/lib/membership';

/**
 * The header's choice of advertiser account, for a user in more than one (docs/product/teams.md,
 * Which account a request acts on). The choice is kept in this browser.
 */
export function AccountSwitcher() {
  const { membership, memberships } = useCurrentMembership();
  const switchTo = useSwitchAdvertiser();
  if (memberships.length < 2 || !membership) return null;
  return (
    <Select
      aria-label="Advertiser account"
      size="sm"
      w={{ base: 150, sm: 240 }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true, width: 280, position: 'bottom-end' }}
      value={String(membership.advertiser_id)}
      data={memberships.map((item) => ({
        value: String(item.advertiser_id),
        label: `${item.name} (${ADVERTISER_ROLE_LABELS[item.role]})`,
      }))}
      onChange={(value) => {
        const next = memberships.find((item) => String(item.advertiser_id) === value);
        if (!next || next.advertiser_id === membership.advertiser_id) return;
        switchTo(next.advertiser_id);
        notifyInfo('Advertiser account', `You are now working in ${next.name}.`);
      }}
    />
  );
}
