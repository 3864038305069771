import {
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DELIVERY_LABELS,
  FIGURES,
  PACING_TEXTS,
  type AnalyticsCampaign,
  FIGURES_BY_KEY,
  fieldLabelOf,
  type Campaign,
  type Figure,
  type FigureGroup,
  type StatisticsEntry,
} from '@portal/contract';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Fact } from '@/components/fact';
import { SUCCESS_GREEN } from '@/config/theme';
import { figuresAsOf, formatCount, formatDate, formatDateTime, formatHours, formatUsd, NO_VALUE } from '@/lib/format';
import { entryCosts } from '../utils/costs';
import type { DayRange } from '../utils/report-range';
import { PacingSummary } from './pacing-summary';
import { ShareReportButton } from './share-report-dialog';

/** What a figure shows when the campaign has no entry, or a cost has nothing to divide by. */

/** A row of a card: a figure of the current entry, or (`ofCampaign`) a fact of the campaign shown among them. */
type Row =
  | { label: string; value: (entry: StatisticsEntry) => ReactNode }
  | { label: string; ofCampaign: (campaign: Campaign) => ReactNode };

const money = (label: string, pick: (entry: StatisticsEntry) => number | null): Row => ({
  label,
  value: (entry) => {
    const amount = pick(entry);
    return amount === null ? NO_VALUE : formatUsd(amount);
  },
});
const count = (label: string, pick: (entry: StatisticsEntry) => number): Row => ({
  label,
  value: (entry) => formatCount(pick(entry)),
});

const FORMATS = { money: formatUsd, count: formatCount, hours: formatHours } as const;

/** A figure of the contract's list, written in its unit. */
const entered = (figure: Figure): Row => ({
  label: fieldLabelOf(figure),
  value: (entry) => FORMATS[figure.unit](entry[figure.key]),
});

/** The contract's figures of these groups, in its order. */
const enteredOf = (...groups: FigureGroup[]): Row[] =>
  FIGURES.filter((figure) => groups.includes(figure.group)).map(entered);

/** The figures a closed card shows. */
const KEY_FIGURES: Row[] = (['amount_spent', 'total_reach', 'total_impressions', 'link_clicks'] as const).map((key) =>
  entered(FIGURES_BY_KEY[key]),
);

function PostingDates({ dates }: { dates: string[] }) {
  if (dates.length === 0) return NO_VALUE;
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {dates.map((date, index) => (
        <li key={`${date}-${index}`}>
          <time dateTime={date}>{formatDateTime(date)}</time>
        </li>
      ))}
    </Stack>
  );
}

/**
 * An opened card: every figure of the current entry, with impressions, cost per click and per
 * lead worked out from it (docs/product/insights.md, Analytics pages).
 */
const DETAIL_GROUPS: { title: string; figures: Row[] }[] = [
  {
    title: 'Spend',
    figures: [
      ...enteredOf('spend'),
      money('Cost per click', (entry) => entryCosts(entry).costPerClick),
      money('Cost per lead', (entry) => entryCosts(entry).costPerLead),
      // The latest payment's day, as in the lists, not the one entered with the figures.
      { label: 'Date paid', ofCampaign: (campaign) => formatDate(campaign.date_paid) || NO_VALUE },
    ],
  },
  { title: 'Audience', figures: enteredOf('audience') },
  {
    title: 'Reach and impressions',
    figures: [
      ...enteredOf('reach'),
      // docs/product/insights.md, Cost per click and per lead: impressions are the total impressions.
      count('Impressions', (entry) => entry.total_impressions),
      ...enteredOf('impressions'),
    ],
  },
  { title: 'Engagement', figures: enteredOf('engagement', 'stories', 'response') },
];

function Figures({ figures, campaign }: { figures: Row[]; campaign: Campaign }) {
  const entry = campaign.statistics[0];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
      {figures.map((figure) => (
        <Fact key={figure.label} label={figure.label}>
          {'ofCampaign' in figure ? figure.ofCampaign(campaign) : entry ? figure.value(entry) : NO_VALUE}
        </Fact>
      ))}
    </SimpleGrid>
  );
}

function StatusBadges({ campaign }: { campaign: Campaign }) {
  const delivery = campaign.archived_at ? 'Archived' : DELIVERY_LABELS[campaign.delivery_status];
  return (
    <Group gap={6}>
      <Badge variant="default">{delivery}</Badge>
      {campaign.payment_status === 'paid' ? (
        <Badge color={SUCCESS_GREEN} variant="filled">
          Paid
        </Badge>
      ) : (
        <Badge variant="default">Unpaid</Badge>
      )}
    </Group>
  );
}

/** Whether a card is chosen for the comparison, whether it may be (at most four are), and the change. */
interface CompareChoice {
  chosen: boolean;
  disabled: boolean;
  onChange: (chosen: boolean) => void;
}

const customerName = (campaign: Campaign) =>
  `${campaign.user_first_name} ${campaign.user_last_name}`.trim() || NO_VALUE;

/** Under a card's key figures: its box for the comparison, and the button that opens every figure. */
function CardControls({
  campaign,
  compare,
  opened,
  detailsId,
  onToggle,
  reportRange,
}: {
  campaign: Campaign;
  compare: CompareChoice;
  opened: boolean;
  detailsId: string;
  onToggle: () => void;
  reportRange: DayRange | undefined;
}) {
  return (
    <Group justify="space-between">
      <Checkbox
        label="Compare"
        // The visible word, then which campaign: each card's box has a name of its own.
        aria-label={`Compare ${campaign.campaign_name}`}
        checked={compare.chosen}
        disabled={compare.disabled}
        onChange={(event) => compare.onChange(event.currentTarget.checked)}
      />
      <Button
        variant="default"
        size="xs"
        // The visible text, then whose figures: each card's button has a name of its own.
        aria-label={`${opened ? 'Hide' : 'Show'} all figures of ${campaign.campaign_name}`}
        aria-expanded={opened}
        aria-controls={detailsId}
        rightSection={opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        onClick={onToggle}
      >
        {opened ? 'Hide all figures' : 'Show all figures'}
      </Button>
      {reportRange && (
        // A link to this campaign's report over the page's days (docs/product/insights.md, Report links).
        <ShareReportButton campaign={{ id: campaign.id, name: campaign.campaign_name }} range={reportRange} />
      )}
    </Group>
  );
}

/** A card's pacing, under its key figures (docs/product/insights.md, Pacing). */
function CardPacing({ campaign }: { campaign: AnalyticsCampaign }) {
  return (
    <div>
      <Title order={4} size="h6" mb={6}>
        {PACING_TEXTS.title}
      </Title>
      <PacingSummary campaignName={campaign.campaign_name} pacing={campaign.pacing} />
    </div>
  );
}

/**
 * One campaign on an analytics page (docs/product/insights.md, Analytics pages): its name, key
 * figures and pacing, opening to every figure of its current entry (`statistics[0]`). The customer's
 * cards say which day the figures are as of; the administrators' name the customer.
 */
export function CampaignAnalyticsCard({
  campaign,
  audience,
  compare,
  reportRange,
}: {
  campaign: AnalyticsCampaign;
  audience: 'customer' | 'admin';
  compare: CompareChoice;
  /** The page's days, on a customer's page: the card offers a link to its report over them. */
  reportRange?: DayRange;
}) {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const entry = campaign.statistics[0];

  return (
    <Card withBorder component="article" aria-labelledby={titleId} padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {campaign.campaign_name}
            </Title>
            {audience === 'customer' && entry && (
              <Text size="xs" c="dimmed">
                {figuresAsOf(entry.created_at)}
              </Text>
            )}
          </div>
          <StatusBadges campaign={campaign} />
        </Group>

        {audience === 'admin' && (
          <Fact label="Customer">
            {customerName(campaign)}
            <Text size="xs" c="dimmed" component="div">
              {campaign.user_email}
            </Text>
          </Fact>
        )}

        <Figures figures={KEY_FIGURES} campaign={campaign} />

        <CardPacing campaign={campaign} />

        <CardControls
          campaign={campaign}
          compare={compare}
          opened={opened}
          detailsId={detailsId}
          onToggle={() => setOpened((current) => !current)}
          reportRange={reportRange}
        />

        <Collapse expanded={opened} id={detailsId} keepMountedMode="display-none">
          <Stack gap="md" pt="xs">
            {DETAIL_GROUPS.map((group) => (
              <div key={group.title}>
                <Title order={4} size="h6" mb={6}>
                  {group.title}
                </Title>
                <Figures figures={group.figures} campaign={campaign} />
              </div>
            ))}
            <div>
              <Title order={4} size="h6" mb={6}>
                Posting
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
                {audience === 'admin' && (
                  <Fact label="Figures as of">{entry ? formatDate(entry.created_at) : NO_VALUE}</Fact>
                )}
                <Fact label="Posting dates">{entry ? <PostingDates dates={entry.dates} /> : NO_VALUE}</Fact>
              </SimpleGrid>
            </div>
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}

/** A card's place while the page loads. */
export function CampaignAnalyticsCardSkeleton() {
  return (
    <Card withBorder padding="md" data-testid="analytics-card-skeleton">
      <Stack gap="sm">
        <Skeleton height={16} width="40%" radius="sm" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {KEY_FIGURES.map((figure) => (
            <Stack key={figure.label} gap={6}>
              <Skeleton height={10} width="60%" radius="sm" />
              <Skeleton height={14} width="80%" radius="sm" />
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
