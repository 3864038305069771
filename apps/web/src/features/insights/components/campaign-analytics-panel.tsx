import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { REPORT_LIMITS, type Campaign } from '@portal/contract';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListPagination, ListSearch } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage, Panel } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { useListParams } from '@/lib/use-list-params';
import type { AnalyticsScope } from '@/lib/query-keys';
import { useAnalyticsExport, useCampaignAnalytics } from '../api/campaign-analytics';
import { useReportRange } from '../hooks/use-report-range';
import { AnalyticsReportSection } from './analytics-report-section';
import { CampaignAnalyticsCard, CampaignAnalyticsCardSkeleton } from './campaign-analytics-card';
import { CompareDialog } from './compare-dialog';

const SKELETON_CARDS = 3;

export interface CampaignAnalyticsPanelProps {
  /** The customer's own campaigns, or every campaign (administrators). */
  scope: AnalyticsScope;
  /** The panel's heading (h2: the page's h1 is in the top bar). */
  title: string;
  /** What a failure to load does; a constant, so the effect that calls it runs once per failure. */
  onLoadError: (error: Error) => void;
}

/** The campaigns chosen for a comparison, kept across pages and searches. */
function useComparedCampaigns() {
  const [chosen, setChosen] = useState<Campaign[]>([]);
  const full = chosen.length >= REPORT_LIMITS.maxCompared;
  const cardProps = (campaign: Campaign) => {
    const isChosen = chosen.some((other) => other.id === campaign.id);
    return {
      chosen: isChosen,
      disabled: full && !isChosen,
      onChange: (on: boolean) =>
        setChosen((current) => (on ? [...current, campaign] : current.filter((other) => other.id !== campaign.id))),
    };
  };
  return { chosen, cardProps, clear: () => setChosen([]) };
}

/** What is chosen for the comparison, and the button that opens it once two are. */
function CompareBar({ scope, compared }: { scope: AnalyticsScope; compared: ReturnType<typeof useComparedCampaigns> }) {
  const [opened, setOpened] = useState(false);
  const { range } = useReportRange();
  const { chosen } = compared;
  if (chosen.length === 0) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">
        {chosen.length} of {REPORT_LIMITS.maxCompared} chosen to compare
      </Text>
      <Group gap="xs">
        <Button variant="subtle" size="xs" onClick={compared.clear}>
          Clear
        </Button>
        <Button size="xs" disabled={chosen.length < REPORT_LIMITS.minCompared} onClick={() => setOpened(true)}>
          Compare
        </Button>
      </Group>
      <CompareDialog
        scope={scope}
        ids={chosen.map((campaign) => campaign.id)}
        range={range}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </Group>
  );
}

/**
 * An analytics page's body (docs/product/insights.md, Analytics pages and CSV export): search,
 * the campaigns' cards 10 a page, pagination and "Download CSV" of every campaign matching the
 * search. Page and search live in the address.
 */
export function CampaignAnalyticsPanel({ scope, title, onLoadError }: CampaignAnalyticsPanelProps) {
  const { page, per_page, search, cursor, setPage, setSearch } = useListParams();
  const list = useCampaignAnalytics(scope, { page, per_page, search, cursor });
  const shown = list.isPlaceholderData ? undefined : list.data?.pagination;
  const download = useAnalyticsExport(scope);
  const compared = useComparedCampaigns();
  const { range } = useReportRange();

  useEffect(() => {
    if (list.error) onLoadError(list.error);
  }, [list.error, onLoadError]);

  const campaigns = list.isError ? [] : (list.data?.data ?? []);
  const loading = list.data === undefined && !list.isError;
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);
  // With nothing to export (no campaigns, or none matching the search) no download is offered.
  const exportable = (list.data?.pagination.total ?? 0) > 0;

  return (
    <Panel
      title={title}
      actions={
        exportable && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(search, { onError: (error) => notifyRequestError(error, 'Something went wrong') })
            }
          >
            Download CSV
          </Button>
        )
      }
    >
      <Stack gap="md">
        <AnalyticsReportSection scope={scope} search={search} exportable={exportable} chosen={compared.chosen} />
        <Divider />
        <ListSearch label="Search campaigns" applied={search} setSearch={setSearch} />
        {list.isError ? (
          <LoadFailedMessage what="campaigns" onRetry={() => void list.refetch()} />
        ) : loading ? (
          <Stack gap="sm" aria-busy>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <CampaignAnalyticsCardSkeleton key={index} />
            ))}
          </Stack>
        ) : campaigns.length === 0 ? (
          <EmptyMessage
            icon={<IconChartBar aria-hidden />}
            title={search ? 'No matching campaigns found' : 'No campaigns yet'}
            description={search ? `No campaign name contains "${search}".` : undefined}
          />
        ) : (
          <Stack gap="sm" aria-busy={list.isPlaceholderData || undefined}>
            {campaigns.map((campaign) => (
              <CampaignAnalyticsCard
                key={campaign.id}
                campaign={campaign}
                audience={scope === 'customer' ? 'customer' : 'admin'}
                compare={compared.cardProps(campaign)}
                reportRange={scope === 'customer' ? range : undefined}
              />
            ))}
          </Stack>
        )}
        <CompareBar scope={scope} compared={compared} />
        <ListPagination label={title} page={page} lastPage={lastPage} setPage={(next) => setPage(next, shown)} />
      </Stack>
    </Panel>
  );
}
