import { Button } from '@mantine/core';
import { IconArrowLeft, IconSpeakerphone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyPanel } from '@/components/panel';
import { paths } from '@/config/paths';

export function AdminViewCampaignPage() {
  const { id } = useParams();
  return (
    <EmptyPanel
      title={`Campaign ${id ?? ''}`.trim()}
      actions={
        <Button
          component={Link}
          to={paths.admin.campaigns}
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back
        </Button>
      }
      icon={<IconSpeakerphone aria-hidden />}
      message="Nothing here yet"
      description="Reviewing, approving and declining a campaign is coming soon."
    />
  );
}
