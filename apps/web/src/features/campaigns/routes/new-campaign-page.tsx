import { Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmptyMessage } from '@/components/panel';
import { useCampaignDraft } from '../api/get-campaign-draft';
import { CampaignWizard } from '../components/wizard/campaign-wizard';

/** /campaigns/new: the wizard, reopened at the customer's draft when there is one. */
export function NewCampaignPage() {
  const draft = useCampaignDraft();
  if (draft.isPending) {
    return (
      <Card withBorder padding="lg" aria-busy="true" aria-label="Loading the campaign">
        <Stack>
          <Skeleton h={40} />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={120} />
        </Stack>
      </Card>
    );
  }
  if (draft.isError) {
    return (
      <Card withBorder padding="lg">
        <EmptyMessage
          icon={<IconAlertTriangle aria-hidden />}
          title="The campaign could not be loaded"
          description={
            <Button mt="sm" variant="light" onClick={() => void draft.refetch()}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  }
  return <CampaignWizard draft={draft.data.data} />;
}
