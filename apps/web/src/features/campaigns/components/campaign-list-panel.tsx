import { Stack } from '@mantine/core';
import {
  CAMPAIGN_MESSAGES,
  CUSTOMER_LIST_TYPES,
  type Campaign,
  type CustomerListTab,
  type ListQuery,
} from '@portal/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ListPagination, ListSearch } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage } from '@/components/panel';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import {
  useDeleteCampaigns,
  useDuplicateCampaigns,
  useRestoreCampaign,
  useResubmitCampaign,
  useUpdateCampaign,
} from '../api/change-campaigns';
import { useCampaignList } from '../api/list-campaigns';
import { CampaignTable } from './campaign-table';
import { ConfirmArchiveDialog } from './confirm-archive-dialog';
import { EditCampaignModal } from './edit-campaign-modal';
import { SelectionBar } from './selection-bar';
import { useCan } from '@/lib/membership';
import type { ShownPage } from '@/lib/use-list-params';

const UNKNOWN_ERROR = 'Unknown error';

export interface CampaignListPanelProps {
  tab: CustomerListTab;
  label: string;
  emptyText: string;
  emptyIcon: ReactNode;
  query: ListQuery;
  setPage: (page: number, shown?: ShownPage) => void;
  setSearch: (search: string) => void;
}

/** The rows chosen for the selection bar; a new page, page size or search starts with none. */
function useSelection(scope: string) {
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] });
  // Dropped as the scope changes, not hidden: coming back to a page does not bring it back.
  if (selection.scope !== scope) setSelection({ scope, ids: [] });
  const ids = useMemo(() => new Set(selection.scope === scope ? selection.ids : []), [selection, scope]);
  return {
    ids,
    set: (next: Iterable<number>) => setSelection({ scope, ids: [...next] }),
    clear: () => setSelection({ scope, ids: [] }),
  };
}

/**
 * One page of a tab's campaigns, as the panel shows it: a failure is said in a toast and shown
 * as an empty list, and a page past the end (after a delete) moves to the new last page.
 */
function useCampaignPage(tab: CustomerListTab, query: ListQuery, setPage: (page: number) => void) {
  const list = useCampaignList(tab, query);
  // A page kept on screen from another tab would show its rows under this tab's columns.
  const answer = list.data?.type === CUSTOMER_LIST_TYPES[tab] ? list.data : undefined;
  const loading = answer === undefined && !list.isError;
  // docs/product/campaigns.md, Campaign lists: a list that fails to load is shown empty.
  const campaigns = useMemo(() => (list.isError ? [] : (answer?.data ?? [])), [answer, list.isError]);
  const lastPage = list.isError ? 1 : Math.max(answer?.pagination.last_page ?? 1, 1);

  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Failed to fetch campaigns', UNKNOWN_ERROR);
  }, [list.error]);

  // A delete can empty the last page: show the new last one rather than an empty table.
  const beyondLastPage = answer !== undefined && !list.isPlaceholderData && query.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) setPage(lastPage);
  }, [beyondLastPage, lastPage, setPage]);

  return { list, campaigns, loading, lastPage, shown: answer?.pagination };
}

/** The On/Off switch: it moves at once, and `switchValue` holds positions the server has not confirmed yet. */
function useOnOffSwitch() {
  const [switching, setSwitching] = useState<ReadonlyMap<number, Campaign['on_off']>>(new Map());
  const update = useUpdateCampaign();
  const toggle = (campaign: Campaign, onOff: Campaign['on_off']) => {
    setSwitching((current) => new Map(current).set(campaign.id, onOff));
    // mutateAsync: each toggle gets its own outcome, even when several rows flip at once. It
    // settles after the lists reloaded, so dropping the position shows the server's.
    update
      .mutateAsync({ id: campaign.id, on_off: onOff })
      .catch((error: unknown) => notifyRequestError(error, 'Status Toggle Failed', UNKNOWN_ERROR))
      .finally(() =>
        setSwitching((current) => {
          const next = new Map(current);
          next.delete(campaign.id);
          return next;
        }),
      );
  };
  return { toggle, switchValue: (campaign: Campaign) => switching.get(campaign.id) ?? campaign.on_off };
}

/** Delete (after the confirmation), duplicate, restore and resubmit, each with its toasts. */
function useCampaignActions(clearSelection: () => void) {
  const resubmit = useResubmitCampaign();
  const duplicate = useDuplicateCampaigns();
  const remove = useDeleteCampaigns();
  const restore = useRestoreCampaign();

  // Delete asks first (docs/product/campaigns.md, Archive, restore and delete). The campaigns
  // stay set while the dialog closes, so that its text does not change as it fades out.
  const [toDelete, setToDelete] = useState<Campaign[]>([]);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const askToDelete = (chosen: Campaign[]) => {
    setToDelete(chosen);
    setConfirmOpened(true);
  };

  const deleteCampaigns = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: () => notifySuccess('Success', CAMPAIGN_MESSAGES.deleted),
      onError: (error) => notifyRequestError(error, 'Failed to delete campaigns', UNKNOWN_ERROR),
      onSettled: () => {
        clearSelection();
        setConfirmOpened(false);
      },
    });

  const duplicateCampaigns = (ids: number[]) =>
    duplicate.mutate(ids, {
      onSuccess: () => notifySuccess('Success', CAMPAIGN_MESSAGES.duplicated),
      onError: (error) => notifyRequestError(error, 'Failed to duplicate campaigns', UNKNOWN_ERROR),
      onSettled: clearSelection,
    });

  const restoreCampaign = (campaign: Campaign) =>
    restore.mutate(campaign.id, {
      // The server says whether the campaign went back to review.
      onSuccess: (answer) => notifySuccess('Success', answer.message),
      onError: (error) => notifyRequestError(error, 'Failed to restore campaign', UNKNOWN_ERROR),
    });

  const resubmitCampaign = (campaign: Campaign) =>
    resubmit.mutate(campaign.id, {
      onSuccess: () => notifySuccess('Success', CAMPAIGN_MESSAGES.resubmitted),
      onError: (error) => notifyRequestError(error, 'Failed to resubmit campaign', UNKNOWN_ERROR),
    });

  return {
    askToDelete,
    confirm: { campaigns: toDelete, opened: confirmOpened, close: () => setConfirmOpened(false) },
    deleteCampaigns,
    duplicateCampaigns,
    restoreCampaign,
    resubmitCampaign,
    deleting: remove.isPending,
    duplicating: duplicate.isPending,
    resubmittingId: resubmit.isPending ? (resubmit.variables ?? null) : null,
    restoringId: restore.isPending ? (restore.variables ?? null) : null,
  };
}

/** One tab of /campaigns: search, selection bar, table, pagination and the Edit dialog. */
export function CampaignListPanel({
  tab,
  label,
  emptyText,
  emptyIcon,
  query,
  setPage,
  setSearch,
}: CampaignListPanelProps) {
  const { list, campaigns, loading, lastPage, shown } = useCampaignPage(tab, query, setPage);
  const selection = useSelection(`${query.page}|${query.per_page}|${query.search}`);
  const selected = campaigns.filter((campaign) => selection.ids.has(campaign.id));
  const selectedIds = selected.map((campaign) => campaign.id);
  const onOff = useOnOffSwitch();
  const actions = useCampaignActions(selection.clear);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [editOpened, setEditOpened] = useState(false);
  // Viewers and billing read the lists; only roles that change campaigns get their controls.
  const canManage = useCan('campaigns.manage') === true;

  return (
    <Stack gap="md" pt="md">
      <ListSearch label="Search campaigns" applied={query.search} setSearch={setSearch} />
      {canManage && selected.length > 0 && (
        <SelectionBar
          count={selected.length}
          onCancel={selection.clear}
          // docs/product/campaigns.md, Campaign lists: the Archived tab has no Duplicate.
          onDuplicate={tab === 'archived' ? undefined : () => actions.duplicateCampaigns(selectedIds)}
          onDelete={() => actions.askToDelete(selected)}
          duplicating={actions.duplicating}
          deleting={actions.deleting}
        />
      )}

      {list.isError ? (
        <LoadFailedMessage what="campaigns" onRetry={() => void list.refetch()} />
      ) : !loading && campaigns.length === 0 ? (
        <EmptyMessage
          icon={emptyIcon}
          title={emptyText}
          description={query.search ? `No campaign name contains "${query.search}".` : undefined}
        />
      ) : (
        <CampaignTable
          tab={tab}
          label={label}
          readOnly={!canManage}
          campaigns={campaigns}
          loading={loading}
          selectedIds={selection.ids}
          onSelect={(id, checked) =>
            selection.set(checked ? [...selectedIds, id] : selectedIds.filter((selectedId) => selectedId !== id))
          }
          onSelectAll={(checked) => selection.set(checked ? campaigns.map((campaign) => campaign.id) : [])}
          switchValue={onOff.switchValue}
          onToggle={onOff.toggle}
          onEdit={(campaign) => {
            setEditing(campaign);
            setEditOpened(true);
          }}
          onDelete={(campaign) => actions.askToDelete([campaign])}
          onResubmit={actions.resubmitCampaign}
          onRestore={actions.restoreCampaign}
          deleting={actions.deleting}
          resubmittingId={actions.resubmittingId}
          restoringId={actions.restoringId}
        />
      )}
      <ListPagination label={label} page={query.page} lastPage={lastPage} setPage={(page) => setPage(page, shown)} />
      <EditCampaignModal campaign={editing} opened={editOpened} onClose={() => setEditOpened(false)} />
      <ConfirmArchiveDialog
        campaigns={actions.confirm.campaigns}
        archived={tab === 'archived'}
        opened={actions.confirm.opened}
        deleting={actions.deleting}
        onCancel={actions.confirm.close}
        onConfirm={() => actions.deleteCampaigns(actions.confirm.campaigns.map((campaign) => campaign.id))}
      />
    </Stack>
  );
}
