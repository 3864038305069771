import { Button } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';

export function NewCampaignPage() {
  return (
    <Panel title="Create a campaign">
      <EmptyMessage
        icon={<IconSpeakerphone aria-hidden />}
        title="Nothing here yet"
        description="The new-campaign wizard is coming soon."
      />
      <Button component={Link} to="/campaigns" variant="default" display="block" mx="auto" w="fit-content">
        Back to campaigns
      </Button>
    </Panel>
  );
}
