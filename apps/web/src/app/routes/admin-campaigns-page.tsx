import { Stack } from '@mantine/core';
import type { Campaign, ReviewListingType } from '@portal/contract';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListPagination, ListSearch } from '@/components/list-controls';
import { ListTabs, useTabInAddress, type TabListParams } from '@/components/list-tabs';
import { EmptyMessage, LoadFailedMessage } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { EditMetricsModal } from '@/features/insights/components/edit-metrics-modal';
import { useCampaignRequests } from '@/features/review/api/campaign-requests';
import { ReviewTable } from '@/features/review/components/review-table';

/** The tabs of docs/product/review.md, Review queue; the address says `approved`, the API `active`. */
const TABS = [
  { value: 'pending', listingType: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  {
    value: 'approved',
    listingType: 'active',
    label: 'Approved',
    empty: 'No approved campaigns yet',
    icon: IconCircleCheck,
  },
  {
    value: 'declined',
    listingType: 'declined',
    label: 'Declined',
    empty: 'No declined campaigns yet',
    icon: IconCircleX,
  },
] as const satisfies readonly {
  value: string;
  listingType: ReviewListingType;
  label: string;
  empty: string;
  icon: unknown;
}[];

function ReviewTabPanel({ tab, params }: { tab: (typeof TABS)[number]; params: TabListParams }) {
  const { page, per_page, search, cursor } = params;
  const list = useCampaignRequests(tab.listingType, { page, per_page, search, cursor });
  // The answer on screen, whose cursors a step to the page beside it uses (not another tab's, kept while this one loads).
  const shown = list.isPlaceholderData ? undefined : list.data?.pagination;
  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);
  const campaigns = list.isError ? [] : (list.data?.data ?? []);
  const loading = list.data === undefined && !list.isError;
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);
  const Icon = tab.icon;
  // The row whose figures are being entered; kept while the dialog closes, so it does not empty.
  const [metricsOf, setMetricsOf] = useState<Campaign | null>(null);
  const [metricsOpened, setMetricsOpened] = useState(false);

  return (
    <Stack gap="md" pt="md">
      <ListSearch label="Search campaigns or customers" applied={search} setSearch={params.setSearch} />
      {list.isError ? (
        <LoadFailedMessage what="campaigns" onRetry={() => void list.refetch()} />
      ) : !loading && campaigns.length === 0 ? (
        <EmptyMessage
          icon={<Icon aria-hidden />}
          title={tab.empty}
          description={search ? `No campaign or customer name contains "${search}".` : undefined}
        />
      ) : (
        <ReviewTable
          listingType={tab.listingType}
          label={tab.label}
          campaigns={campaigns}
          loading={loading}
          onEditMetrics={(campaign) => {
            setMetricsOf(campaign);
            setMetricsOpened(true);
          }}
        />
      )}
      <ListPagination
        label={tab.label}
        page={page}
        lastPage={lastPage}
        setPage={(next) => params.setPage(next, shown)}
      />
      <EditMetricsModal
        campaign={metricsOf}
        current={metricsOf?.statistics[0]}
        opened={metricsOpened}
        onClose={() => setMetricsOpened(false)}
      />
    </Stack>
  );
}

/**
 * /admin/campaigns (docs/product/review.md, Review queue): submitted campaigns by review state.
 * The tab, page and search live in the address.
 */
export function AdminCampaignsPage() {
  const { tab, params, setTab } = useTabInAddress(TABS);
  return (
    <ListTabs tabs={TABS} current={tab} onChange={setTab}>
      {(shown) => <ReviewTabPanel tab={shown} params={params} />}
    </ListTabs>
  );
}
