import { Stack } from '@mantine/core';
import { LoadFailedMessage } from '@/components/panel';
import { ProgressBar } from '@/components/request-progress';
import { useTeam } from '../api/teams';
import { AccountNamePanel, InvitationsPanel, InvitePanel, MembersPanel } from '../components/team-panels';
import { TrailPanel } from '../components/trail-panel';

/**
 * /team (docs/product/teams.md): the owners' page of the current advertiser account: its name,
 * members and roles, invitations, and who did what.
 */
export function TeamPage() {
  const team = useTeam();
  if (team.isPending) return <ProgressBar />;
  if (team.isError) return <LoadFailedMessage what="the team" onRetry={() => void team.refetch()} />;
  const { advertiser, members, invitations } = team.data;
  return (
    <Stack gap="lg">
      <AccountNamePanel key={advertiser.advertiser_id} name={advertiser.name} />
      <MembersPanel members={members} />
      <InvitePanel />
      <InvitationsPanel invitations={invitations} />
      <TrailPanel />
    </Stack>
  );
}
