import { Button } from '@mantine/core';
import { IconArrowLeft, IconSpeakerphone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';

export function AdminViewCampaignPage() {
  const { id } = useParams();
  return (
    <Panel
      title={`Campaign ${id ?? ''}`.trim()}
      actions={
        <Button
          component={Link}
          to="/admin/campaigns"
          variant="default"
          size="xs"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back
        </Button>
      }
    >
      <EmptyMessage
        icon={<IconSpeakerphone aria-hidden />}
        title="Nothing here yet"
        description="Reviewing, approving and declining a campaign is coming soon."
      />
    </Panel>
  );
}
