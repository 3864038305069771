import { ActionIcon, Badge, Button, Checkbox, Group, Switch, Text, Tooltip } from '@mantine/core';
import {
  ARCHIVED_DELIVERY_LABEL,
  deliveryLabel,
  dueBreakdown,
  SPENT_LABELS,
  type Campaign,
  type CustomerListTab,
} from '@portal/contract';
import {
  IconExternalLink,
  IconPencil,
  IconRestore,
  IconSend,
  IconShare,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, useDataTableLayout, type DataColumn } from '@/components/data-table';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import statusColors from '@/components/status-colors.module.css';
import { SUCCESS_GREEN } from '@/config/theme';
import { figuresAsOf, formatCount, formatDate, formatUsd, NO_VALUE } from '@/lib/format';
import { SharePreviewDialog } from './share-preview';

/** What a row can do; the list panel carries the requests out. */
export interface CampaignRowHandlers {
  onToggle: (campaign: Campaign, onOff: Campaign['on_off']) => void;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
  onResubmit: (campaign: Campaign) => void;
  onRestore: (campaign: Campaign) => void;
}

export interface CampaignTableProps extends CampaignRowHandlers {
  tab: CustomerListTab;
  /** The accessible name of the table: the tab's label. */
  label: string;
  campaigns: Campaign[];
  /** Placeholder rows instead of `campaigns` while the page loads. */
  loading: boolean;
  selectedIds: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  /** The switch's position, which may run ahead of the server's answer (optimistic). */
  switchValue: (campaign: Campaign) => Campaign['on_off'];
  /** A delete is under way: no second one until it ends. */
  deleting: boolean;
  /** The id of the campaign being resubmitted, if any. */
  resubmittingId: number | null;
  /** The id of the campaign being restored, if any. */
  restoringId: number | null;
  /** The user's role only reads campaigns (docs/product/teams.md, Roles): no selection, switch or actions. */
  readOnly?: boolean;
}

type Column = DataColumn<Campaign>;

const DELIVERY = {
  // docs/product/campaigns.md, Campaign state: the Active list says "Paused" for `off`.
  active: deliveryLabel,
  // An archived campaign never delivers again.
  archived: () => ARCHIVED_DELIVERY_LABEL,
};

/**
 * Paid, or what the open link asks with how it is made ("$1,753.50 due", "7 days × $250.50")
 * above its "Pay Now" (docs/product/payments.md, Amount due).
 */
function PaymentStatus({ campaign }: { campaign: Campaign }) {
  if (campaign.payment_status === 'paid') {
    return (
      <Badge color={SUCCESS_GREEN} variant="filled">
        Paid
      </Badge>
    );
  }
  if (!campaign.payment_link_url) return NO_VALUE;
  const due = campaign.amount_due;
  return (
    <div>
      {due && (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatUsd(due.amount)} due
          </Text>
          <Text size="xs" c="dimmed" mb={4} style={{ whiteSpace: 'nowrap' }}>
            {dueBreakdown(due)}
          </Text>
        </>
      )}
      <Button component="a" href={campaign.payment_link_url} {...NEW_TAB_PROPS} size="compact-sm">
        Pay Now
        <NewTabHint />
      </Button>
    </div>
  );
}

function PendingStatus({ campaign }: { campaign: Campaign }) {
  if (campaign.approval_status !== 'declined') return <Text size="sm">Pending</Text>;
  return (
    <div>
      <Text size="sm" fw={500} className={statusColors.bad}>
        Declined
      </Text>
      {campaign.decline_reason && (
        <Text size="xs" c="dimmed" maw={240} style={{ overflowWrap: 'anywhere' }}>
          {campaign.decline_reason}
        </Text>
      )}
    </div>
  );
}

/** One row action: an icon with a tooltip in the table, a button that says what it does on a card. */
function RowAction({
  label,
  name,
  icon: Icon,
  color,
  loading,
  disabled,
  onClick,
  link,
}: {
  label: string;
  /** The accessible name: the label with the campaign's name, so each row's action is told apart. */
  name: string;
  icon: TablerIcon;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  /** Opens this address in a new tab instead. */
  link?: string;
}) {
  const onCard = useDataTableLayout() === 'cards';
  const linkProps = link ? { component: 'a' as const, href: link, ...NEW_TAB_PROPS } : {};
  if (onCard) {
    return (
      <Button
        {...linkProps}
        size="compact-sm"
        variant="default"
        // Red text on the default button would fall below AA contrast; the icon carries the colour.
        leftSection={<Icon size={18} aria-hidden color={color && `var(--mantine-color-${color}-filled)`} />}
        aria-label={name}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon
        {...linkProps}
        variant="subtle"
        color={color}
        aria-label={name}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** "Share preview": a read-only link to the campaign's ad (docs/product/campaigns.md, Preview share links). */
function SharePreviewAction({ campaign }: { campaign: Campaign }) {
  const [opened, setOpened] = useState(false);
  const name = campaign.campaign_name;
  return (
    <>
      <RowAction
        label="Share preview"
        name={`Share preview of ${name}`}
        icon={IconShare}
        onClick={() => setOpened(true)}
      />
      <SharePreviewDialog campaignId={campaign.id} name={name} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function RowActions({
  campaign,
  tab,
  deleting,
  resubmitting,
  restoring,
  onEdit,
  onDelete,
  onResubmit,
  onRestore,
}: Pick<CampaignRowHandlers, 'onEdit' | 'onDelete' | 'onResubmit' | 'onRestore'> & {
  campaign: Campaign;
  tab: CustomerListTab;
  deleting: boolean;
  resubmitting: boolean;
  restoring: boolean;
}) {
  const name = campaign.campaign_name;
  // A card has the width to spell the actions out, and wraps them when it has not.
  const onCard = useDataTableLayout() === 'cards';
  return (
    <Group gap={onCard ? 'xs' : 4} wrap={onCard ? 'wrap' : 'nowrap'}>
      {campaign.destination_url && (
        <RowAction
          label="Open destination link"
          name={`Open destination link of ${name} (opens in a new tab)`}
          icon={IconExternalLink}
          link={campaign.destination_url}
        />
      )}
      {tab === 'pending' && campaign.approval_status === 'declined' && (
        <RowAction
          label="Resubmit"
          name={`Resubmit ${name}`}
          icon={IconSend}
          loading={resubmitting}
          onClick={() => onResubmit(campaign)}
        />
      )}
      {tab === 'archived' && (
        <RowAction
          label="Restore"
          name={`Restore ${name}`}
          icon={IconRestore}
          loading={restoring}
          onClick={() => onRestore(campaign)}
        />
      )}
      <SharePreviewAction campaign={campaign} />
      <RowAction label="Edit" name={`Edit ${name}`} icon={IconPencil} onClick={() => onEdit(campaign)} />
      <RowAction
        label="Delete"
        name={`Delete ${name}`}
        icon={IconTrash}
        color="red"
        disabled={deleting}
        onClick={() => onDelete(campaign)}
      />
    </Group>
  );
}

/** The header's box; above the cards, where no column header explains it, it says what it does. */
function SelectAll({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const onCards = useDataTableLayout() === 'cards';
  return (
    <Checkbox
      aria-label="Select all campaigns on this page"
      label={onCards ? 'Select all' : undefined}
      checked={checked}
      indeterminate={indeterminate}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The figures columns come from the current statistics entry; empty until there is one. */
const current = (campaign: Campaign) => campaign.statistics[0];

/** The columns a role sees: one that only reads has no selection or actions. */
function columnsOf(props: CampaignTableProps): Column[] {
  const columns = allColumnsOf(props);
  return props.readOnly ? columns.filter((column) => column.key !== 'select' && column.key !== 'actions') : columns;
}

/**
 * Every column of the tables, in the order they stand on screen. Long, but a list: one entry per
 * column, each a few lines, read top to bottom as the table reads left to right.
 */
// eslint-disable-next-line max-lines-per-function -- a list of columns, one entry each (above)
function allColumnsOf(props: CampaignTableProps): Column[] {
  const { tab, campaigns, selectedIds, onSelect, onSelectAll, switchValue, onToggle } = props;
  const selectedHere = campaigns.filter((campaign) => selectedIds.has(campaign.id)).length;

  const select: Column = {
    key: 'select',
    header: (
      <SelectAll
        checked={campaigns.length > 0 && selectedHere === campaigns.length}
        indeterminate={selectedHere > 0 && selectedHere < campaigns.length}
        disabled={campaigns.length === 0}
        onChange={onSelectAll}
      />
    ),
    card: 'control',
    cell: (campaign) => (
      <Checkbox
        aria-label={`Select ${campaign.campaign_name}`}
        checked={selectedIds.has(campaign.id)}
        onChange={(event) => onSelect(campaign.id, event.currentTarget.checked)}
      />
    ),
  };
  const name: Column = {
    key: 'name',
    header: 'Campaign',
    card: 'title',
    cell: (campaign) => (
      <>
        <Text size="sm" fw={500} maw={280} style={{ overflowWrap: 'anywhere' }}>
          {campaign.campaign_name}
        </Text>
        {current(campaign) && (
          <Text size="xs" c="dimmed">
            {figuresAsOf(current(campaign)!.created_at)}
          </Text>
        )}
      </>
    ),
  };
  const created: Column = {
    key: 'created',
    header: 'Date created',
    cell: (c) => formatDate(c.created_at),
    nowrap: true,
  };
  const actions: Column = {
    key: 'actions',
    header: 'Actions',
    card: 'actions',
    cell: (campaign) => (
      <RowActions
        campaign={campaign}
        tab={tab}
        deleting={props.deleting}
        resubmitting={props.resubmittingId === campaign.id}
        restoring={props.restoringId === campaign.id}
        onEdit={props.onEdit}
        onDelete={props.onDelete}
        onResubmit={props.onResubmit}
        onRestore={props.onRestore}
      />
    ),
  };

  if (tab === 'pending') {
    return [
      select,
      name,
      created,
      { key: 'status', header: 'Status', cell: (campaign) => <PendingStatus campaign={campaign} />, card: 'lead' },
      { key: 'objective', header: 'Objective', cell: (campaign) => campaign.campaign_objective },
      {
        key: 'budget',
        header: 'Budget',
        cell: (campaign) => formatUsd(campaign.budget_amount),
        nowrap: true,
        card: 'lead',
      },
      actions,
    ];
  }

  const archived = tab === 'archived';
  return [
    select,
    {
      key: 'switch',
      header: 'Off/On',
      card: 'lead',
      cell: (campaign) => (
        <Switch
          aria-label={`${campaign.campaign_name} on or off`}
          // An archived campaign does not run whatever its switch was left at, so it shows Off,
          // as its Delivery does; it cannot be switched until it is restored.
          checked={!archived && switchValue(campaign) === 'on'}
          disabled={archived || props.readOnly}
          onChange={(event) => onToggle(campaign, event.currentTarget.checked ? 'on' : 'off')}
        />
      ),
    },
    name,
    created,
    { key: 'delivery', header: 'Delivery', cell: archived ? DELIVERY.archived : DELIVERY.active, card: 'lead' },
    { key: 'impressions', header: 'Total Impressions', cell: (c) => formatCount(current(c)?.total_impressions) },
    { key: 'reach', header: 'Total Reach', cell: (c) => formatCount(current(c)?.total_reach) },
    {
      key: 'paid',
      header: 'Date paid',
      // The latest payment's day only (docs/product/campaigns.md, Campaign lists).
      cell: (c) => formatDate(c.date_paid),
      nowrap: true,
    },
    archived
      ? { key: 'followers', header: 'Followers', cell: (c) => formatCount(current(c)?.followers_count) }
      : {
          key: 'payment',
          header: 'Payment Status',
          cell: (campaign) => <PaymentStatus campaign={campaign} />,
          card: 'lead',
        },
    {
      key: 'spent',
      header: SPENT_LABELS.amountSpent,
      cell: (c) => formatUsd(current(c)?.amount_spent),
      nowrap: true,
      card: 'lead',
    },
    actions,
  ];
}

/** One tab's table (docs/product/campaigns.md, Campaign lists). */
export function CampaignTable(props: CampaignTableProps) {
  return (
    <DataTable
      label={props.label}
      columns={columnsOf(props)}
      rows={props.campaigns}
      loading={props.loading}
      minWidth={props.tab === 'pending' ? 720 : 1040}
      highlighted={(campaign) => props.selectedIds.has(campaign.id)}
    />
  );
}
