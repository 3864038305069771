import { Anchor, Badge, Box, Button, Card, Grid, Image, Pill, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { REVIEW_MESSAGES, type AdminCampaign } from '@portal/contract';
import { IconArrowLeft, IconChartBar, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { Fact } from '@/components/fact';
import { Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { SUCCESS_GREEN } from '@/config/theme';
import { AdPreview } from '@/features/campaigns/components/wizard/ad-preview';
import type { MediaItem } from '@/features/campaigns/components/wizard/use-media-uploads';
import { mediaOfContent } from '@/features/campaigns/utils/wizard-values';
import { isApiError } from '@/lib/api-error';
import { fileUrl } from '@/lib/file-url';
import { formatDate, formatUsd } from '@/lib/format';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { reviewedCampaignId, useAdminCampaign, useDecideCampaign } from '@/features/review/api/campaign-requests';
import { DeclineModal, type DeclineChoice } from '@/features/review/components/decline-modal';
import { ChangesSinceDecisionCard } from '@/features/review/components/changes-since-decision';
import { EditMetricsModal } from '@/features/insights/components/edit-metrics-modal';
import { HistoryList } from '@/features/review/components/history-list';

/** Filled colours keep white text at AA contrast in both themes; the neutral one has dark text. */
const STATUS_BADGES = {
  draft: { label: 'Draft', color: undefined },
  pending: { label: 'Pending', color: undefined },
  approved: { label: 'Approved', color: SUCCESS_GREEN },
  declined: { label: 'Declined', color: 'red.9' },
} as const;

const customerName = (campaign: AdminCampaign) =>
  `${campaign.user_first_name} ${campaign.user_last_name}`.trim() || campaign.user_email;

/** What the ad's preview shows of the campaign besides its files: the member's name and picture, the texts and the link. */
const previewOf = (campaign: AdminCampaign) => ({
  accountName: customerName(campaign),
  pictureUrl: fileUrl(campaign.user_logo),
  primaryText: campaign.ad_title ?? '',
  additionalText: campaign.ad_description ?? '',
  destinationUrl: campaign.destination_url ?? '',
});

/** The campaign's files as the preview and the media grid show them: each through its view address. */
const mediaOf = (campaign: AdminCampaign): MediaItem[] =>
  mediaOfContent(campaign.campaign_content).map((stored) => ({
    ...stored,
    id: stored.key,
    state: 'uploaded',
    percent: 100,
  }));

function MediaGrid({ media }: { media: MediaItem[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      {media.map((item) =>
        item.kind === 'video' ? (
          <video key={item.id} src={item.url} controls playsInline style={{ width: '100%', borderRadius: 4 }}>
            <track kind="captions" />
          </video>
        ) : (
          <Image key={item.id} src={item.url} alt={item.name} radius="sm" fit="cover" h={120} />
        ),
      )}
    </SimpleGrid>
  );
}

function CampaignReview({ campaign }: { campaign: AdminCampaign }) {
  const media = mediaOf(campaign);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Card withBorder component="section" aria-labelledby="review-details">
            <Title order={2} size="h5" id="review-details" mb="sm">
              Campaign details
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Fact label="Customer">
                {customerName(campaign)}
                <br />
                {campaign.user_email}
              </Fact>
              <Fact label="Objective">{campaign.campaign_objective}</Fact>
              <Fact label="Campaign name">{campaign.campaign_name}</Fact>
              <Fact label="Status">{campaign.on_off === 'on' ? 'On' : 'Off'}</Fact>
              <Fact label="Budget">
                {formatUsd(campaign.budget_amount)} {campaign.budget_type === 'lifetime' ? 'lifetime' : 'a day'}
              </Fact>
              <Fact label="Submitted">{formatDate(campaign.submitted_at)}</Fact>
              {campaign.published_on && <Fact label="Published">{formatDate(campaign.published_on)}</Fact>}
              {campaign.declined_at && <Fact label="Declined">{formatDate(campaign.declined_at)}</Fact>}
            </SimpleGrid>
            <Box mt="sm">
              <Fact label="Keywords">
                <Pill.Group mt={4}>
                  {campaign.keywords.map((keyword) => (
                    <Pill key={keyword}>{keyword}</Pill>
                  ))}
                </Pill.Group>
              </Fact>
            </Box>
          </Card>
          <Card withBorder component="section" aria-labelledby="review-ad">
            <Title order={2} size="h5" id="review-ad" mb="sm">
              Ad creative
            </Title>
            <Stack gap="sm">
              <Fact label="Primary text">{campaign.ad_title}</Fact>
              <Fact label="Additional details">{campaign.ad_description}</Fact>
              <Fact label="Destination link">
                {campaign.destination_url && (
                  <Anchor href={campaign.destination_url} target="_blank" rel="noopener noreferrer" size="sm">
                    {campaign.destination_url}
                  </Anchor>
                )}
              </Fact>
              <Fact label={`Media (${media.length} ${media.length === 1 ? 'file' : 'files'})`}>
                <MediaGrid media={media} />
              </Fact>
            </Stack>
          </Card>
          <Card withBorder component="section" aria-labelledby="review-history">
            <Title order={2} size="h5" id="review-history" mb="sm">
              History
            </Title>
            <HistoryList entries={campaign.history} emptyText="Nothing recorded yet" />
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack align="center" gap="xs">
          <Title order={2} size="h5">
            Preview
          </Title>
          <AdPreview {...previewOf(campaign)} media={media} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The page's actions beside its title: the status, Back, and what the status allows. */
function ReviewActions({
  campaign,
  deciding,
  approving,
  onApprove,
  onDecline,
  onEditMetrics,
}: {
  campaign: AdminCampaign | undefined;
  deciding: boolean;
  approving: boolean;
  onApprove: () => void;
  onDecline: () => void;
  onEditMetrics: () => void;
}) {
  const pending = campaign?.approval_status === 'pending' && !campaign.archived_at;
  // Figures are entered for approved campaigns only, archived ones included (insights.md).
  const approved = campaign?.approval_status === 'approved';
  const badge = campaign ? STATUS_BADGES[campaign.approval_status] : undefined;
  return (
    <>
      {badge && (
        <Badge color={badge.color} variant={badge.color ? 'filled' : 'default'}>
          {campaign?.archived_at ? `${badge.label}, withdrawn` : badge.label}
        </Badge>
      )}
      <Button
        component={Link}
        to={paths.admin.campaigns}
        variant="default"
        size="xs"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        Back
      </Button>
      {pending && (
        <>
          <Button
            size="xs"
            color={SUCCESS_GREEN}
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={approving}
            disabled={deciding}
            onClick={onApprove}
          >
            Approve
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={deciding}
            onClick={onDecline}
          >
            Decline
          </Button>
        </>
      )}
      {approved && (
        <Button size="xs" variant="light" leftSection={<IconChartBar size={16} aria-hidden />} onClick={onEditMetrics}>
          Edit metrics
        </Button>
      )}
    </>
  );
}

/**
 * Approve or decline, with the toasts. Either way the keyboard goes to the campaign's name
 * (`heading`), next to its new status, and the Decline dialog closes.
 */
function useDecision(id: number, heading: RefObject<HTMLHeadingElement | null>, closeDecline: () => void) {
  const decide = useDecideCampaign(id);
  const decideAs = (approval_status: 'approved' | 'declined', decline?: DeclineChoice) =>
    decide.mutate(
      { approval_status, ...decline },
      {
        onSuccess: () => {
          closeDecline();
          // Approve and Decline leave with the decision, and the keyboard with them: it goes to
          // the campaign's name, next to its new status.
          heading.current?.focus();
          notifySuccess(
            'Success',
            approval_status === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.declined,
          );
        },
        onError: (error) => {
          notifyRequestError(error, 'Failed to update campaign');
          // Decided meanwhile by someone else (409): the refreshed page drops Approve and
          // Decline, so the keyboard goes to the campaign's name, as after a decision.
          if (isApiError(error) && error.status === 409) {
            closeDecline();
            heading.current?.focus();
          }
        },
      },
    );
  return {
    decideAs,
    deciding: decide.isPending,
    approving: decide.isPending && decide.variables?.approval_status === 'approved',
  };
}

/**
 * /admin/view-campaign/:id (docs/product/review.md, Review page): one submitted campaign,
 * read-only, with Approve and Decline while it waits for review and Edit metrics once it is
 * approved. It composes the review feature (the decision, the History, the figures) with the
 * campaigns feature's post preview.
 */
export function AdminViewCampaignPage() {
  const id = reviewedCampaignId(useParams().id);
  const campaign = useAdminCampaign(id);
  const [declineOpened, setDeclineOpened] = useState(false);
  const [metricsOpened, setMetricsOpened] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const decision = useDecision(id, heading, () => setDeclineOpened(false));

  useEffect(() => {
    if (campaign.error) notifyRequestError(campaign.error, 'Something went wrong');
  }, [campaign.error]);

  const data = campaign.data;
  return (
    <Panel
      title={data?.campaign_name ?? 'Campaign'}
      titleRef={heading}
      actions={
        <ReviewActions
          campaign={data}
          deciding={decision.deciding}
          approving={decision.approving}
          onApprove={() => decision.decideAs('approved')}
          onDecline={() => setDeclineOpened(true)}
          onEditMetrics={() => setMetricsOpened(true)}
        />
      }
    >
      {data && <ChangesSinceDecisionCard changes={data.changes_since_decision} />}
      {data ? (
        <CampaignReview campaign={data} />
      ) : campaign.isError ? null : (
        <Skeleton h={400} aria-label="Loading the campaign" />
      )}
      {data && (
        <DeclineModal
          opened={declineOpened}
          campaignName={data.campaign_name}
          declining={decision.deciding}
          onClose={() => setDeclineOpened(false)}
          onDecline={(choice) => decision.decideAs('declined', choice)}
        />
      )}
      {data?.approval_status === 'approved' && (
        <EditMetricsModal
          campaign={data}
          current={data.statistics[0]}
          opened={metricsOpened}
          onClose={() => setMetricsOpened(false)}
        />
      )}
    </Panel>
  );
}
