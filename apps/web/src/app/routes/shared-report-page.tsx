import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ReportPanel } from '@/features/insights/components/report-panel';
import { useSharedReport } from '@/features/sharing/api/shared-links';
import { SharedPageFrame, SharedPageHeading, SharedPageState } from '@/features/sharing/components/shared-page';
import { formatDate } from '@/lib/format';

/**
 * /shared/report/:token (docs/product/insights.md, Report links): a campaign's or an account's
 * report over the link's days for someone without an account, read-only, from the sharing
 * feature's answer drawn by the insights feature's report panel.
 */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const shown = useSharedReport(token);
  const report = shown.data?.data;
  return (
    <SharedPageFrame>
      {report ? (
        <Stack gap="lg">
          <SharedPageHeading title={`Report: ${report.title}`} expiresOn={formatDate(report.expires_at)} />
          <ReportPanel
            heading={report.subject === 'account' ? 'All campaigns over these dates' : 'The campaign over these dates'}
            report={report}
            range={report}
            failed={false}
            onRetry={() => undefined}
          />
        </Stack>
      ) : (
        <SharedPageState error={shown.error} />
      )}
    </SharedPageFrame>
  );
}
