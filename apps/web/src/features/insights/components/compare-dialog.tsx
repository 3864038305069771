import { ScrollRegion } from '@/components/scroll-region';
import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { fieldLabelOf, REPORT_FIGURES, type Comparison, type ReportFigureKey } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { LoadFailedMessage } from '@/components/panel';
import { formatDate } from '@/lib/format';
import type { AnalyticsScope } from '@/lib/query-keys';
import { useComparison } from '../api/reports';
import type { DayRange } from '../utils/report-range';
import { FigureSelect, figureLabel, formatFigure } from './report-figures';
import { rangeLabel } from './report-panel';

/** The heading row of a comparison's table: what the rows are, then each campaign. */
function CampaignsHead({ first, comparison }: { first: string; comparison: Comparison }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{first}</Table.Th>
        {comparison.campaigns.map((campaign) => (
          <Table.Th key={campaign.campaign_id} scope="col" ta="right">
            {campaign.campaign_name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Figures down, campaigns across: their sums over the range. */
function TotalsTable({ comparison }: { comparison: Comparison }) {
  return (
    <ScrollRegion label="Sums over the dates" minWidth={160 + comparison.campaigns.length * 130}>
      <Table aria-label="Sums over the dates" striped verticalSpacing={6} horizontalSpacing="xs">
        <CampaignsHead first="Figure" comparison={comparison} />
        <Table.Tbody>
          {REPORT_FIGURES.map((figure) => (
            <Table.Tr key={figure.key}>
              <Table.Th scope="row" style={{ fontWeight: 'normal' }}>
                {fieldLabelOf(figure)}
              </Table.Th>
              {comparison.campaigns.map((campaign) => (
                <Table.Td key={campaign.campaign_id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatFigure(figure.key, campaign.totals[figure.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Days down, campaigns across: one figure's value each day. */
function DaysTable({ comparison, figure }: { comparison: Comparison; figure: ReportFigureKey }) {
  const days = comparison.campaigns[0]?.days ?? [];
  return (
    <ScrollRegion
      label={`${figureLabel(figure)} per day`}
      minWidth={120 + comparison.campaigns.length * 130}
      maxHeight={360}
    >
      <Table
        aria-label={`${figureLabel(figure)} per day`}
        stickyHeader
        striped
        verticalSpacing={6}
        horizontalSpacing="xs"
      >
        <CampaignsHead first="Date" comparison={comparison} />
        <Table.Tbody>
          {days.map((day, index) => (
            <Table.Tr key={day.date}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap', fontWeight: 'normal' }}>
                {formatDate(day.date)}
              </Table.Th>
              {comparison.campaigns.map((campaign) => (
                <Table.Td key={campaign.campaign_id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatFigure(figure, campaign.days[index]![figure])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * Two to four campaigns side by side over the page's dates (docs/product/insights.md, Reports
 * over dates): the sums of every figure, then one figure day by day. Full screen on a phone.
 */
export function CompareDialog(props: {
  scope: AnalyticsScope;
  ids: number[];
  range: DayRange;
  opened: boolean;
  onClose: () => void;
}) {
  const { scope, ids, range, opened, onClose } = props;
  const phone = useMediaQuery('(max-width: 36em)');
  const [figure, setFigure] = useState<ReportFigureKey>('amount_spent');
  const comparison = useComparison(scope, ids, range, opened);
  const data = comparison.data?.data;
  return (
    <Dialog opened={opened} onClose={onClose} title="Compare campaigns" size="xl" fullScreen={phone}>
      {comparison.isError ? (
        <LoadFailedMessage what="the comparison" onRetry={() => void comparison.refetch()} />
      ) : !data ? (
        <Skeleton height={240} aria-busy />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {rangeLabel(data)}
          </Text>
          <TotalsTable comparison={data} />
          <Title order={3} size="h6">
            Per day
          </Title>
          <FigureSelect value={figure} onChange={setFigure} />
          <DaysTable comparison={data} figure={figure} />
        </Stack>
      )}
    </Dialog>
  );
}
