import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Pill,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { adCheckFailures } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ExternalLink } from '@/components/external-link';
import { Fact } from '@/components/fact';
import { settings } from '@/config/settings';
import { formatUsd } from '@/lib/format';
import type { AdValues, DetailsValues } from '../../utils/wizard-values';
import { AdChecksPanel } from './ad-checks-panel';
import { AdPreview } from './ad-preview';
import type { MediaItem } from './use-media-uploads';

/** docs/product/campaigns.md, New-campaign wizard: the review shows placeholders this long. */
const REVIEW_SKELETON_MS = 2000;

function ReviewSkeleton() {
  return (
    <Grid data-testid="review-skeleton" aria-busy="true" aria-label="Preparing the review">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Skeleton h={180} />
          <Skeleton h={160} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={420} />
      </Grid.Col>
    </Grid>
  );
}

/** A card of the review: its heading, with the way back to edit what it shows beside it. */
function ReviewCard({
  headingId,
  title,
  action,
  children,
}: {
  headingId: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** The first step's answers, with a way back to it from the heading and from the keywords. */
function DetailsCard({ details, onEdit }: { details: DetailsValues; onEdit: () => void }) {
  return (
    <ReviewCard
      headingId="review-details"
      title="Campaign details"
      action={
        <ActionIcon variant="subtle" aria-label="Edit campaign details" onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Objective">{details.campaign_objective}</Fact>
        <Fact label="Campaign name">{details.campaign_name}</Fact>
        <Fact label="Status">{details.status === 'active' ? 'Active' : 'Paused'}</Fact>
        <Fact label="Budget">
          {formatUsd(details.budget_amount === '' ? null : details.budget_amount)}{' '}
          {details.budget_type === 'lifetime' ? 'lifetime' : 'a day'}
        </Fact>
      </SimpleGrid>
      <Group justify="space-between" mt="sm" align="flex-end">
        <Fact label="Keywords">
          <Pill.Group mt={4}>
            {details.keywords.map((keyword) => (
              <Pill key={keyword}>{keyword}</Pill>
            ))}
          </Pill.Group>
        </Fact>
        <ActionIcon variant="subtle" aria-label="Edit keywords" onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </ReviewCard>
  );
}

/** The ad's texts, its link and how many files it has, with a way back to the second step. */
function AdCard({ ad, fileCount, onEdit }: { ad: AdValues; fileCount: number; onEdit: () => void }) {
  return (
    <ReviewCard
      headingId="review-ad"
      title="Ad creative"
      action={
        <Button variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
          Edit Ad creative
        </Button>
      }
    >
      <Stack gap="sm">
        <Fact label="Primary text">{ad.ad_title}</Fact>
        <Fact label="Additional details">{ad.ad_description}</Fact>
        <Fact label="Destination link">
          <Anchor href={ad.destination_url} target="_blank" rel="noopener noreferrer" size="sm">
            {ad.destination_url}
          </Anchor>
        </Fact>
        <Fact label="Media">
          {fileCount} {fileCount === 1 ? 'file' : 'files'}
        </Fact>
      </Stack>
    </ReviewCard>
  );
}

/**
 * Step 3: what will be sent for review, the checks before review on it (the contract's rules,
 * with the server's limits), a preview of the post in each placement, and ways back to edit.
 */
export function ReviewStep({
  details,
  ad,
  media,
  accountName,
  brandName,
  pictureUrl,
  onEditDetails,
  onEditAd,
}: {
  details: DetailsValues;
  ad: AdValues;
  media: MediaItem[];
  /** The name the preview shows the ad under. */
  accountName: string;
  /** The advertiser account's name, which the brand check looks for. */
  brandName: string;
  pictureUrl: string | null;
  onEditDetails: () => void;
  onEditAd: () => void;
}) {
  const [ready, setReady] = useState(false);
  const { start } = useTimeout(() => setReady(true), REVIEW_SKELETON_MS);
  useEffect(() => start(), [start]);
  if (!ready) return <ReviewSkeleton />;
  const failures = adCheckFailures(
    {
      campaignName: details.campaign_name,
      accountName: brandName,
      primaryText: ad.ad_title,
      additionalText: ad.ad_description,
      destinationUrl: ad.destination_url,
      media: media.map((item) => ({ name: item.name, kind: item.kind, metadata: item.metadata ?? null })),
    },
    settings.adChecks,
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <DetailsCard details={details} onEdit={onEditDetails} />
          <AdCard ad={ad} fileCount={media.length} onEdit={onEditAd} />
          <AdChecksPanel failures={failures} />
          <Text size="sm" c="dimmed">
            By publishing this campaign you agree to our{' '}
            <ExternalLink href={settings.termsUrl} underline="always">
              Terms and Conditions
            </ExternalLink>{' '}
            and the advertising guidelines they contain.
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack align="center" gap="xs">
          <Text size="sm" fw={500}>
            Preview
          </Text>
          <AdPreview
            accountName={accountName}
            pictureUrl={pictureUrl}
            media={media}
            primaryText={ad.ad_title}
            additionalText={ad.ad_description}
            destinationUrl={ad.destination_url}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
