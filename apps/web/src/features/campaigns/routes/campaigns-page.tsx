import { Button } from '@mantine/core';
import type { CustomerListTab } from '@portal/contract';
import { IconArchive, IconClock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTabs, useTabInAddress } from '@/components/list-tabs';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/membership';
import { CampaignListPanel } from '../components/campaign-list-panel';

const TABS = [
  { value: 'active', label: 'Active campaigns', empty: 'No active campaigns yet', icon: IconSpeakerphone },
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'archived', label: 'Archived', empty: 'No archived campaigns yet', icon: IconArchive },
] as const satisfies readonly { value: CustomerListTab; label: string; empty: string; icon: unknown }[];

/**
 * /campaigns (docs/product/campaigns.md, Campaign lists): the customer's campaigns in three
 * tabs. The tab, page and search live in the address, so a reload or Back shows the same list.
 */
export function CampaignsPage() {
  const { tab, params, setTab } = useTabInAddress(TABS);
  const { page, per_page, search } = params;
  // Only roles that create campaigns see the way to the wizard (docs/product/teams.md, Roles).
  const canManage = useCan('campaigns.manage') === true;
  const newCampaign = canManage ? (
    <Button component={Link} to={paths.newCampaign} leftSection={<IconPlus size={18} aria-hidden />}>
      New campaign
    </Button>
  ) : undefined;
  return (
    <ListTabs tabs={TABS} current={tab} onChange={setTab} actions={newCampaign}>
      {({ value, label, empty, icon: Icon }) => (
        <CampaignListPanel
          tab={value}
          label={label}
          emptyText={empty}
          emptyIcon={<Icon aria-hidden />}
          query={{ page, per_page, search }}
          setPage={params.setPage}
          setSearch={params.setSearch}
        />
      )}
    </ListTabs>
  );
}
