import { Button, Card, Group, Tabs } from '@mantine/core';
import type { CustomerListTab } from '@portal/contract';
import { IconArchive, IconClock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useListParams } from '@/lib/use-list-params';
import { CampaignListPanel } from '../components/campaign-list-panel';

const TABS = [
  { value: 'active', label: 'Active campaigns', empty: 'No active campaigns yet', icon: IconSpeakerphone },
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'archived', label: 'Archived', empty: 'No archived campaigns yet', icon: IconArchive },
] as const satisfies readonly { value: CustomerListTab; label: string; empty: string; icon: unknown }[];

const LIST_KEYS = ['tab'] as const;

const isTab = (value: string | undefined): value is CustomerListTab => TABS.some((tab) => tab.value === value);

/**
 * /campaigns (docs/product/campaigns.md, Campaign lists): the customer's campaigns in three
 * tabs. The tab, page and search live in the address, so a reload or Back shows the same list.
 */
export function CampaignsPage() {
  const params = useListParams(LIST_KEYS);
  const tab: CustomerListTab = isTab(params.tab) ? params.tab : 'active';
  const { page, per_page, search } = params;

  return (
    <Card withBorder padding="lg">
      <Tabs value={tab} onChange={(value) => value && params.setParam('tab', value)}>
        <Group justify="space-between" gap="sm" wrap="wrap-reverse" align="flex-end">
          <Tabs.List>
            {TABS.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Button component={Link} to={paths.newCampaign} leftSection={<IconPlus size={18} aria-hidden />}>
            New campaign
          </Button>
        </Group>
        {TABS.map(({ value, label, empty, icon: Icon }) => (
          <Tabs.Panel key={value} value={value}>
            {value === tab && (
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
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
