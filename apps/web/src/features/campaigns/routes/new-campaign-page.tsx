import { Button } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@/components/panel';
import { paths } from '@/config/paths';

export function NewCampaignPage() {
  return (
    <EmptyPanel
      title="Create a campaign"
      icon={<IconSpeakerphone aria-hidden />}
      message="Nothing here yet"
      description="The new-campaign wizard is coming soon."
    >
      <Button component={Link} to={paths.campaigns} variant="default" display="block" mx="auto" w="fit-content">
        Back to campaigns
      </Button>
    </EmptyPanel>
  );
}
