import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { REPORT_LINK_DAYS, SHARED_LINK_TEXTS, type CreatedSharedLink, type ReportLinkDays } from '@portal/contract';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { SharedLinkMade } from '@/components/shared-link-made';
import { notifyRequestError } from '@/lib/notify';
import { useMakeReportLink } from '../api/report-links';
import type { DayRange } from '../utils/report-range';
import { rangeLabel } from './report-panel';

/** The choice of how long the link works, then the link to copy. */
function ShareReportForm({
  campaign,
  range,
  onMade,
}: {
  campaign: { id: number; name: string } | null;
  range: DayRange;
  onMade: (link: CreatedSharedLink) => void;
}) {
  const [days, setDays] = useState<ReportLinkDays>(30);
  const make = useMakeReportLink();
  const submit = () =>
    make.mutate(
      { campaignId: campaign?.id ?? null, range, days },
      { onSuccess: (answer) => onMade(answer.data), onError: (error) => notifyRequestError(error, 'Could not share') },
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        A read-only page with {campaign ? `the figures of ${campaign.name}` : 'the figures of all your campaigns'} from{' '}
        {rangeLabel(range)}, for someone without an account. Each view is counted on My account.
      </Text>
      <Radio.Group
        label="The link works for"
        value={String(days)}
        onChange={(value) => setDays(Number(value) as ReportLinkDays)}
      >
        <Group mt={6}>
          {REPORT_LINK_DAYS.map((option) => (
            <Radio key={option} value={String(option)} label={`${option} days`} />
          ))}
        </Group>
      </Radio.Group>
      <Group justify="flex-end">
        <Button loading={make.isPending} onClick={submit}>
          Create link
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Share report" (docs/product/insights.md, Report links): a link to the page's report over its
 * days, for the account's campaigns together or one campaign, with how long it works.
 */
export function ShareReportButton({
  campaign,
  range,
}: {
  campaign: { id: number; name: string } | null;
  range: DayRange;
}) {
  const [opened, setOpened] = useState(false);
  const [made, setMade] = useState<CreatedSharedLink | null>(null);
  const close = () => {
    setOpened(false);
    setMade(null);
  };
  // The visible words first, then whose report: each card's button has a name of its own.
  const what = campaign ? `Share report of ${campaign.name}` : 'Share report';
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconShare size={16} aria-hidden />}
        aria-label={what}
        onClick={() => setOpened(true)}
      >
        Share report
      </Button>
      <Dialog opened={opened} onClose={close} title={made ? SHARED_LINK_TEXTS.madeTitle : what}>
        {made ? <SharedLinkMade link={made} /> : <ShareReportForm campaign={campaign} range={range} onMade={setMade} />}
      </Dialog>
    </>
  );
}
