import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { notifyRequestError } from '@/lib/notify';
import { useLatestApprovedCampaigns } from '../api/campaign-requests';

/**
 * The admin dashboard's Latest Campaigns (docs/product/insights.md, Dashboards): the newest
 * approved campaigns that their customers have not archived.
 */
export function LatestApprovedPanel() {
  const list = useLatestApprovedCampaigns();
  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);
  const campaigns = list.isError ? [] : (list.data ?? []);

  return (
    <Panel
      title="Latest Campaigns"
      actions={
        <Button component={Link} to={paths.admin.campaigns} variant="default" size="xs">
          View all campaigns
        </Button>
      }
    >
      {list.data === undefined && !list.isError ? (
        <Skeleton h={80} aria-label="Loading campaigns" />
      ) : campaigns.length === 0 ? (
        <EmptyMessage icon={<IconSpeakerphone aria-hidden />} title="No campaigns yet" />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {campaigns.map((campaign) => (
            <Group key={campaign.id} component="li" justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.admin.viewCampaign.to(campaign.id)} fw={500} size="sm">
                  {campaign.campaign_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {`${campaign.user_first_name} ${campaign.user_last_name}`.trim() || campaign.user_email}, published{' '}
                  {formatDate(campaign.published_on)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
