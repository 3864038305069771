import { Button } from '@mantine/core';
import { IconArchive, IconClock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyTabs } from '@/components/empty-tabs';
import { paths } from '@/config/paths';

const TABS = [
  { value: 'active', label: 'Active campaigns', empty: 'No active campaigns yet', icon: IconSpeakerphone },
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'archived', label: 'Archived', empty: 'No archived campaigns yet', icon: IconArchive },
] as const;

// The tables, search and bulk actions come with the campaigns issue; no campaign can be
// created yet, so every tab is honestly empty.
export function CampaignsPage() {
  return (
    <EmptyTabs
      tabs={TABS}
      defaultValue="active"
      actions={
        <Button component={Link} to={paths.newCampaign} leftSection={<IconPlus size={18} aria-hidden />}>
          New campaign
        </Button>
      }
    />
  );
}
